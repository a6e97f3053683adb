import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import type { Upload } from "./form.ts";

/** A timestamp inside built JSON, as ISO 8601 in UTC like every top-level timestamp. */
const iso = (column: RawBuilder<unknown>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The download operation's path; `file` of an Attachment is this on the request's origin. */
export const downloadPath = (id: number) => `/api/v1/ticket/attachments/${id}/download/`;

/** The contract's UserSummary of a joined users row, null when the join found none. */
const userSummary = (alias: "r" | "s" | "asg") => {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql`case when ${col("id")} is null then null else json_build_object(
    'id', ${col("id")}, 'email', ${col("email")}, 'fullname', ${col("first_name")} || ' ' || ${col("last_name")}) end`;
};

export interface UserSummary {
  id: number;
  email: string;
  fullname: string;
}

export interface AttachmentRef {
  id: number;
  name: string;
}

export interface TicketRow {
  id: number;
  ticket_id: string;
  requestor: UserSummary | null;
  name: string;
  status: "UNREAD" | "PROCESSING" | "CLOSED";
  category: "BUG" | "PAYMENT" | "REFUND" | "FEATURE" | "ACCOUNT" | "OTHER";
  closed_at: string | null;
  created_at: string;
  topup_amount: number | null;
  company: { id: number; name: string } | null;
  description: string;
  invoice_code: string | null;
  topup_price: number | null;
  first_response_due: string | null;
  assignee: UserSummary | null;
  rating: number | null;
  rating_comment: string | null;
  attachments: AttachmentRef[];
  messages: Array<{
    id: number;
    message: string;
    sender: UserSummary | null;
    sender_type: string;
    created_at: string;
    sender_id: number | null;
    attachments: AttachmentRef[];
  }>;
}

const attachmentRefs = (where: RawBuilder<unknown>) =>
  sql`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.file_name) order by a.id)
                  from attachments a where ${where}), '[]'::json)`;

/** Tickets with their requestor, company, files and thread, one query for any number of them. */
export async function ticketRows(tx: Tx, ids: readonly number[]): Promise<TicketRow[]> {
  const rows = await sql<TicketRow>`
    select t.id, t.ticket_id, t.name, t.status, t.category, t.closed_at, t.created_at, t.topup_amount,
           t.description, t.invoice_code, t.topup_price, t.first_response_due, t.rating, t.rating_comment,
           ${userSummary("r")} as requestor, ${userSummary("asg")} as assignee,
           case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as company,
           ${attachmentRefs(sql`a.ticket_id = t.id and a.message_id is null`)} as attachments,
           coalesce((
             select json_agg(json_build_object(
                      'id', m.id, 'message', m.message, 'sender', ${userSummary("s")},
                      'sender_type', m.sender_type, 'created_at', ${iso(sql`m.created_at`)}, 'sender_id', m.sender_id,
                      'attachments', ${attachmentRefs(sql`a.message_id = m.id`)})
                    order by m.created_at, m.id)
               from ticket_messages m left join users s on s.id = m.sender_id
              where m.ticket_id = t.id), '[]'::json) as messages
      from tickets t
      left join users r on r.id = t.requestor_id
      left join users asg on asg.id = t.assignee_id
      left join companies c on c.id = t.company_id
     where t.id = any(${ids}::int[])`.execute(tx);
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface TicketFilter {
  /** One company's tickets (plus the caller's own requests), or every company's (null). */
  company: number | null;
  callerId: number;
  status: string | null;
  search: string | null;
}

/**
 * Which tickets the caller sees: staff every company's (or `?company=`'s), clients their own
 * company's; anyone the tickets they asked for themselves (staff tickets have no company).
 */
const visible = (f: { company: number | null; callerId: number }) =>
  sql`(${f.company}::int is null or t.company_id = ${f.company} or t.requestor_id = ${f.callerId})`;

const listWhere = (f: TicketFilter) => sql`${visible(f)}
  and (${f.status}::text is null or t.status = ${f.status})
  and (${f.search}::text is null
       or strpos(lower(t.name), ${f.search}) > 0
       or strpos(lower(t.ticket_id), ${f.search}) > 0
       or strpos(lower(t.description), ${f.search}) > 0
       or strpos(lower(r.first_name || ' ' || r.last_name), ${f.search}) > 0
       or strpos(lower(r.email), ${f.search}) > 0)`;

export async function countTickets(tx: Tx, f: TicketFilter): Promise<number> {
  const row = await sql<{ count: number }>`
    select count(*) as count from tickets t left join users r on r.id = t.requestor_id where ${listWhere(f)}`.execute(
    tx,
  );
  return row.rows[0]?.count ?? 0;
}

/** One page of ticket ids, newest first (ties by id, newest first, as static mode orders them). */
export async function ticketPage(tx: Tx, f: TicketFilter, limit: number, offset: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select t.id from tickets t left join users r on r.id = t.requestor_id
     where ${listWhere(f)}
     order by t.created_at desc, t.id desc
     limit ${limit} offset ${offset}`.execute(tx);
  return rows.rows.map((r) => r.id);
}

export interface LockedTicket {
  id: number;
  company_id: number | null;
  status: TicketRow["status"];
  assignee_id: number | null;
  rating: number | null;
  rating_comment: string | null;
}

/** A ticket the caller may see, locked for a change (a reply may change its status too). */
export async function lockVisibleTicket(
  tx: Tx,
  id: number,
  scope: { company: number | null; callerId: number },
): Promise<LockedTicket | null> {
  const rows = await sql<LockedTicket>`
    select t.id, t.company_id, t.status, t.assignee_id, t.rating, t.rating_comment
      from tickets t where t.id = ${id} and ${visible(scope)} for update`.execute(tx);
  return rows.rows[0] ?? null;
}

/**
 * Moves a ticket to `status`. Closing stamps closed_at; any other status is an open ticket, which has
 * no closing time and no rating (a reopen drops the rating its closure was given).
 */
export async function setTicketStatus(tx: Tx, id: number, status: TicketRow["status"]): Promise<void> {
  await sql`update tickets
               set status = ${status},
                   closed_at = case when ${status} = 'CLOSED' then now() end,
                   rating = case when ${status} = 'CLOSED' then rating end,
                   rating_comment = case when ${status} = 'CLOSED' then rating_comment end,
                   updated_at = now()
             where id = ${id}`.execute(tx);
}

/**
 * Assigns a ticket to an active staff user, or to nobody (null). The check and the change are one
 * statement: false when `assignee` is not an active staff user, and nothing changed.
 */
export async function assignTicketTo(tx: Tx, id: number, assignee: number | null): Promise<boolean> {
  const rows = await sql`update tickets set assignee_id = ${assignee}, updated_at = now()
                          where id = ${id}
                            and (${assignee}::int is null
                                 or exists (select 1 from users u where u.id = ${assignee}
                                               and u.role in ('SUPER_ADMIN', 'ANALYST') and u.is_active))`.execute(tx);
  return Number(rows.numAffectedRows ?? 0) > 0;
}

/** Rates a closed ticket; false (nothing changed) when the ticket is not closed. */
export async function rateClosedTicket(tx: Tx, id: number, rating: number, comment: string | null): Promise<boolean> {
  const rows = await sql`update tickets set rating = ${rating}, rating_comment = ${comment}, updated_at = now()
                          where id = ${id} and status = 'CLOSED'`.execute(tx);
  return Number(rows.numAffectedRows ?? 0) > 0;
}

export async function visibleTicketId(
  tx: Tx,
  id: number,
  scope: { company: number | null; callerId: number },
): Promise<number | null> {
  const rows = await sql<{ id: number }>`select t.id from tickets t where t.id = ${id} and ${visible(scope)}`.execute(
    tx,
  );
  return rows.rows[0]?.id ?? null;
}

/** Price of one credit, as static mode prices top-up requests (its CREDIT_PRICE). */
export const CREDIT_PRICE = 10;
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export interface NewTicket {
  companyId: number | null;
  requestorId: number;
  name: string;
  category: string;
  description: string;
  topupAmount: number | null;
}

/**
 * Inserts a ticket. Its number (TCK-<year>-<id, at least 4 digits>) comes from the id the identity
 * sequence hands out, so two sends at once never get the same number.
 */
export async function insertTicket(tx: Tx, t: NewTicket): Promise<{ id: number; ticket_id: string }> {
  const rows = await sql<{ id: number; ticket_id: string }>`
    with n as (select nextval(pg_get_serial_sequence('tickets', 'id'))::int as id)
    insert into tickets (id, company_id, ticket_id, requestor_id, name, status, category, description,
                         topup_amount, invoice_code, topup_price, first_response_due, created_at, updated_at)
    select n.id, ${t.companyId},
           'TCK-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' ||
             case when n.id < 10000 then lpad(n.id::text, 4, '0') else n.id::text end,
           ${t.requestorId}, ${t.name}, 'UNREAD', ${t.category}, ${t.description},
           ${t.topupAmount}::numeric,
           case when ${t.topupAmount}::numeric is null then null else
             'INV-' || (select string_agg(substr(${CODE_ALPHABET}, 1 + floor(random() * ${CODE_ALPHABET.length})::int, 1), '')
                          from generate_series(1, 8)) end,
           ${t.topupAmount}::numeric * ${CREDIT_PRICE},
           now() + interval '1 hour', now(), now()
      from n
    returning id, ticket_id`.execute(tx);
  const row = rows.rows[0];
  if (!row) throw new Error("insert into tickets returned no row");
  return row;
}

export async function insertMessage(
  tx: Tx,
  m: { ticketId: number; companyId: number | null; senderId: number; senderType: "client" | "staff"; message: string },
): Promise<number> {
  const rows = await sql<{ id: number }>`
    insert into ticket_messages (company_id, ticket_id, message, sender_id, sender_type)
    values (${m.companyId}, ${m.ticketId}, ${m.message}, ${m.senderId}, ${m.senderType})
    returning id`.execute(tx);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error("insert into ticket_messages returned no row");
  return id;
}

/** Every file of a send in one statement. */
export async function insertAttachments(
  tx: Tx,
  at: { ticketId: number; messageId: number | null; companyId: number | null },
  files: readonly Upload[],
): Promise<Array<{ id: number; file_name: string; content_type: string; size: number }>> {
  if (files.length === 0) return [];
  const rows = await sql<{ id: number; file_name: string; content_type: string; size: number }>`
    insert into attachments (company_id, ticket_id, message_id, file_name, content_type, size, content)
    select ${at.companyId}, ${at.ticketId}, ${at.messageId}, f.name, f.type, octet_length(f.content), f.content
      from unnest(${files.map((f) => f.fileName)}::text[], ${files.map((f) => f.contentType)}::text[],
                  ${files.map((f) => f.content)}::bytea[]) with ordinality as f(name, type, content, n)
     order by f.n
    returning id, file_name, content_type, size`.execute(tx);
  return rows.rows;
}

/** A staff reply to an unread ticket means someone is on it (static mode's rule). */
export async function markProcessing(tx: Tx, ticketId: number): Promise<boolean> {
  const rows = await sql`update tickets set status = 'PROCESSING', updated_at = now()
                          where id = ${ticketId} and status = 'UNREAD'`.execute(tx);
  return Number(rows.numAffectedRows ?? 0) > 0;
}

export async function touchTicket(tx: Tx, ticketId: number): Promise<void> {
  await sql`update tickets set updated_at = now() where id = ${ticketId}`.execute(tx);
}

export interface AttachmentFile {
  id: number;
  file_name: string;
  content_type: string;
  content: Buffer | null;
}

/** An attachment of a ticket the caller may see. */
export async function visibleAttachment(
  tx: Tx,
  id: number,
  scope: { company: number | null; callerId: number },
): Promise<AttachmentFile | null> {
  const rows = await sql<AttachmentFile>`
    select a.id, a.file_name, a.content_type, a.content
      from attachments a join tickets t on t.id = a.ticket_id
     where a.id = ${id} and ${visible(scope)}`.execute(tx);
  return rows.rows[0] ?? null;
}
