import { linkHolder } from "../../auth/authenticate.ts";
import { audit } from "../../db/audit.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { ApiError, fieldError, forbidden, nonField, notFound, unauthorized } from "../../http/errors.ts";
import { type AuthedCtx, type Caller, type Ctx, handle, isStaffRole, ok, type Result } from "../../http/handler.ts";
import { companyFilter, pageOf, pageWindow } from "../../http/paging.ts";
import { type Form, readForm, SERVED_TYPES, validateFields } from "./form.ts";
import { claimKey, rememberAnswer } from "./idempotency.ts";
import {
  type AttachmentRef,
  assignTicketTo,
  countTickets,
  downloadPath,
  insertAttachments,
  insertMessage,
  insertTicket,
  lockVisibleTicket,
  markProcessing,
  rateClosedTicket,
  setTicketStatus,
  type TicketRow,
  ticketPage,
  ticketRows,
  touchTicket,
  visibleAttachment,
  visibleTicketId,
} from "./queries.ts";

const CATEGORY_LABEL: Record<TicketRow["category"], string> = {
  BUG: "Bug",
  PAYMENT: "Payment",
  REFUND: "Refund",
  FEATURE: "Feature Request",
  ACCOUNT: "Account",
  OTHER: "Other",
};
const TICKET_STATUSES = ["UNREAD", "PROCESSING", "CLOSED"];

/** Django's DurationField format: "[D ]HH:MM:SS". */
export function djangoDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const rest = total % 86400;
  const hh = String(Math.floor(rest / 3600)).padStart(2, "0");
  const mm = String(Math.floor((rest % 3600) / 60)).padStart(2, "0");
  const ss = String(rest % 60).padStart(2, "0");
  return `${days > 0 ? `${days} ` : ""}${hh}:${mm}:${ss}`;
}

/** Where the caller's tickets are: their company (clients) or all (staff), and their own requests. */
const detailScope = (caller: Pick<Caller, "id" | "scope">) => ({
  company: caller.scope.companies === "all" ? null : caller.scope.companies,
  callerId: caller.id,
});

/** Attachment.file of a file id: an absolute URL (the request's origin, as the proxy in front reports it). */
type FileLink = (id: number) => string;

/**
 * Links signed for the caller: a browser follows them without the bearer token, so each carries its
 * own credential for an hour (auth/downloads.ts).
 */
function fileLinks(ctx: AuthedCtx): FileLink {
  const origin = `${ctx.request.protocol}://${ctx.request.host}`;
  const now = Date.now();
  return (id) => `${origin}${downloadPath(id)}?${ctx.services.downloads.query(id, ctx.caller.id, now)}`;
}

const attachmentsWire = (refs: AttachmentRef[], link: FileLink) =>
  refs.map((a) => ({ id: a.id, file: link(a.id), name: a.name }));

function ticketWire(row: TicketRow, viewerId: number, link: FileLink, nowMs: number) {
  const end = row.closed_at ? Date.parse(row.closed_at) : nowMs;
  return {
    id: row.id,
    ticket_id: row.ticket_id,
    requestor: row.requestor,
    name: row.name,
    status: row.status,
    category: row.category,
    category_display: CATEGORY_LABEL[row.category],
    closed_at: row.closed_at,
    attachments: attachmentsWire(row.attachments, link),
    messages: row.messages.map((m) => messageWire(m, viewerId, link)),
    created_at: row.created_at,
    topup_amount: row.topup_amount,
    company: row.company,
    description: row.description,
    invoice_code: row.invoice_code,
    topup_price: row.topup_price,
    lifetime: djangoDuration(end - Date.parse(row.created_at)),
    first_response_due: row.first_response_due,
    assignee: row.assignee,
    rating: row.rating,
    rating_comment: row.rating_comment,
  };
}

function messageWire(m: TicketRow["messages"][number], viewerId: number, link: FileLink) {
  return {
    id: m.id,
    message: m.message,
    sender: m.sender,
    sender_type: m.sender_type,
    created_at: m.created_at,
    attachments: attachmentsWire(m.attachments, link),
    is_self: m.sender_id === viewerId,
  };
}

export async function listTickets(ctx: AuthedCtx<unknown, Record<string, unknown>>): Promise<Result> {
  const { caller, query } = ctx;
  const status = typeof query.status === "string" && query.status !== "" ? query.status : null;
  // The contract's status filter is shared with findings; a finding status names no ticket.
  if (status !== null && !TICKET_STATUSES.includes(status)) {
    throw fieldError("status", `Select a valid choice. ${status} is not one of the available choices.`);
  }
  const search = typeof query.search === "string" && query.search.trim() ? query.search.trim().toLowerCase() : null;
  const filter = { company: companyFilter(caller, query), callerId: caller.id, status, search };
  const window = pageWindow(query);
  return await withScope(ctx.services.db, caller.scope, async (tx) => {
    const count = await countTickets(tx, filter);
    const ids = await ticketPage(tx, filter, window.limit, window.offset);
    const now = Date.now();
    const link = fileLinks(ctx);
    const rows = (await ticketRows(tx, ids)).map((r) => ticketWire(r, caller.id, link, now));
    return ok(pageOf(ctx.request, window, count, rows));
  });
}

export async function getTicket(ctx: AuthedCtx): Promise<Result> {
  const { caller } = ctx;
  const id = ctx.params.id ?? 0;
  return await withScope(ctx.services.db, caller.scope, async (tx) => {
    if ((await visibleTicketId(tx, id, detailScope(caller))) === null) throw notFound();
    const [row] = await ticketRows(tx, [id]);
    if (!row) throw notFound();
    return ok(ticketWire(row, caller.id, fileLinks(ctx), Date.now()));
  });
}

/**
 * A send under the contract's Idempotency-Key: the form is read first (its fingerprint is what the key
 * is remembered with), then one transaction claims the key, does the send and remembers its answer.
 */
async function idempotentSend(
  ctx: AuthedCtx,
  target: string,
  send: (tx: Tx, form: Form) => Promise<{ status: number; body: unknown }>,
): Promise<Result> {
  const key = ctx.request.headers["idempotency-key"];
  // The route checked the header against the contract (required, 1 to 255 characters).
  if (typeof key !== "string") throw nonField("The Idempotency-Key header is required.");
  const form = await readForm(ctx.request);
  return await withScope(ctx.services.db, ctx.caller.scope, async (tx) => {
    const claim = await claimKey(tx, ctx.caller.id, key, target, form.fingerprint);
    if (claim.kind === "replay") return ok(claim.body, claim.status);
    const answer = await send(tx, form);
    await rememberAnswer(tx, claim.id, answer.status, answer.body);
    return ok(answer.body, answer.status);
  });
}

export async function createTicket(ctx: AuthedCtx): Promise<Result> {
  const { caller } = ctx;
  return await idempotentSend(ctx, "POST /api/v1/ticket/", async (tx, form) => {
    const values = validateFields(ctx.op, form.fields);
    const staff = isStaffRole(caller.role);
    // A staff member's ticket belongs to no company (static mode's rule); a client's to theirs.
    const companyId = staff ? null : caller.companyId;
    const created = await insertTicket(tx, {
      companyId,
      requestorId: caller.id,
      name: String(values.name),
      category: String(values.category),
      description: String(values.description ?? ""),
      topupAmount: typeof values.topup_amount === "number" ? values.topup_amount : null,
    });
    const files = await insertAttachments(tx, { ticketId: created.id, messageId: null, companyId }, form.files);
    const [row] = await ticketRows(tx, [created.id]);
    if (!row) throw notFound();
    await audit(tx, {
      companyId,
      actorId: caller.id,
      action: "ticket.create",
      entity: "ticket",
      entityId: created.id,
      before: null,
      after: {
        ticket_id: row.ticket_id,
        name: row.name,
        category: row.category,
        status: row.status,
        topup_amount: row.topup_amount,
        invoice_code: row.invoice_code,
        attachments: files,
      },
      requestId: ctx.requestId,
    });
    return { status: 201, body: ticketWire(row, caller.id, fileLinks(ctx), Date.now()) };
  });
}

export async function createTicketMessage(ctx: AuthedCtx): Promise<Result> {
  const { caller } = ctx;
  const id = ctx.params.id ?? 0;
  return await idempotentSend(ctx, `POST /api/v1/ticket/${id}/messages/`, async (tx, form) => {
    const ticket = await lockVisibleTicket(tx, id, detailScope(caller));
    if (!ticket) throw notFound();
    const values = validateFields(ctx.op, form.fields);
    if (ticket.status === "CLOSED") throw nonField("This ticket is closed. Open a new ticket to continue.");
    const staff = isStaffRole(caller.role);
    const senderType = staff ? "staff" : "client";
    const messageId = await insertMessage(tx, {
      ticketId: ticket.id,
      companyId: ticket.company_id,
      senderId: caller.id,
      senderType,
      // Stored as written; only the blank check trims (as static mode does).
      message: form.fields.message ?? String(values.message),
    });
    const files = await insertAttachments(
      tx,
      { ticketId: ticket.id, messageId, companyId: ticket.company_id },
      form.files,
    );
    const processing = staff && (await markProcessing(tx, ticket.id));
    if (!processing) await touchTicket(tx, ticket.id);
    await audit(tx, {
      companyId: ticket.company_id,
      actorId: caller.id,
      action: "ticket_message.create",
      entity: "ticket_message",
      entityId: messageId,
      before: null,
      after: { ticket: ticket.id, sender_type: senderType, attachments: files },
      requestId: ctx.requestId,
    });
    if (processing) {
      await audit(tx, {
        companyId: ticket.company_id,
        actorId: caller.id,
        action: "ticket.status",
        entity: "ticket",
        entityId: ticket.id,
        before: { status: "UNREAD" },
        after: { status: "PROCESSING" },
        requestId: ctx.requestId,
      });
    }
    const [row] = await ticketRows(tx, [ticket.id]);
    const message = row?.messages.find((m) => m.id === messageId);
    if (!message) throw notFound();
    return { status: 201, body: messageWire(message, caller.id, fileLinks(ctx)) };
  });
}

type TicketStatus = TicketRow["status"];

/**
 * Why the caller may not move a ticket from `from` to `to`, or null when they may. Staff take a ticket
 * up (PROCESSING, also their reopen) and close it; a client closes their open ticket and reopens a
 * closed one as UNREAD, which puts it back in front of staff. The same rule and words as static mode.
 */
export function statusChangeRefusal(staff: boolean, from: TicketStatus, to: TicketStatus): ApiError | null {
  // What the role may never set comes first: it is refused whatever the ticket's status.
  if (!staff && to === "PROCESSING") return forbidden("Only staff can mark a ticket as processing.");
  if (staff && to === "UNREAD") {
    return fieldError("status", "Staff cannot set a ticket to UNREAD. Set it to PROCESSING to reopen it.");
  }
  if (to === "UNREAD" && from !== "CLOSED") return fieldError("status", "Only a closed ticket can be reopened.");
  if (to === from) {
    return fieldError("status", `This ticket is ${to === "CLOSED" ? "already closed" : "already being processed"}.`);
  }
  return null;
}

/** The ticket as it is after a lifecycle change, for the caller. */
async function ticketAnswer(ctx: AuthedCtx, tx: Tx, id: number): Promise<Result> {
  const [row] = await ticketRows(tx, [id]);
  if (!row) throw notFound();
  return ok(ticketWire(row, ctx.caller.id, fileLinks(ctx), Date.now()));
}

export const updateTicketStatus = handle<{ status: TicketStatus }>(async (ctx) => {
  const { caller } = ctx;
  const to = ctx.body.status;
  return await withScope(ctx.services.db, caller.scope, async (tx) => {
    const ticket = await lockVisibleTicket(tx, ctx.params.id ?? 0, detailScope(caller));
    if (!ticket) throw notFound();
    const refusal = statusChangeRefusal(isStaffRole(caller.role), ticket.status, to);
    if (refusal) throw refusal;
    await setTicketStatus(tx, ticket.id, to);
    await audit(tx, {
      companyId: ticket.company_id,
      actorId: caller.id,
      action: "ticket.status",
      entity: "ticket",
      entityId: ticket.id,
      before: { status: ticket.status, rating: ticket.rating, rating_comment: ticket.rating_comment },
      after: { status: to },
      requestId: ctx.requestId,
    });
    return await ticketAnswer(ctx, tx, ticket.id);
  });
});

export const assignTicket = handle<{ assignee: number | null }>(async (ctx) => {
  const { caller } = ctx;
  const assignee = ctx.body.assignee;
  return await withScope(ctx.services.db, caller.scope, async (tx) => {
    const ticket = await lockVisibleTicket(tx, ctx.params.id ?? 0, detailScope(caller));
    if (!ticket) throw notFound();
    if (!isStaffRole(caller.role)) throw forbidden("Only staff can assign a ticket.");
    if (!(await assignTicketTo(tx, ticket.id, assignee))) {
      throw fieldError("assignee", "Choose an active staff member (a super admin or analyst).");
    }
    if (ticket.assignee_id !== assignee) {
      await audit(tx, {
        companyId: ticket.company_id,
        actorId: caller.id,
        action: "ticket.assign",
        entity: "ticket",
        entityId: ticket.id,
        before: { assignee: ticket.assignee_id },
        after: { assignee },
        requestId: ctx.requestId,
      });
    }
    return await ticketAnswer(ctx, tx, ticket.id);
  });
});

export const rateTicket = handle<{ rating: number; comment?: string }>(async (ctx) => {
  const { caller } = ctx;
  const { rating } = ctx.body;
  // Blank says nothing: stored as no comment.
  const comment = ctx.body.comment?.trim() ? ctx.body.comment.trim() : null;
  return await withScope(ctx.services.db, caller.scope, async (tx) => {
    const ticket = await lockVisibleTicket(tx, ctx.params.id ?? 0, detailScope(caller));
    if (!ticket) throw notFound();
    if (isStaffRole(caller.role)) throw forbidden("Only the client can rate a ticket.");
    if (!(await rateClosedTicket(tx, ticket.id, rating, comment))) throw nonField("Only a closed ticket can be rated.");
    await audit(tx, {
      companyId: ticket.company_id,
      actorId: caller.id,
      action: "ticket.rate",
      entity: "ticket",
      entityId: ticket.id,
      before: { rating: ticket.rating, rating_comment: ticket.rating_comment },
      after: { rating, rating_comment: comment },
      requestId: ctx.requestId,
    });
    return await ticketAnswer(ctx, tx, ticket.id);
  });
});

/** RFC 6266 / 5987: an ASCII fallback name and the exact name in UTF-8. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The signed link's values; the contract checked their types (all optional). */
interface DownloadQuery {
  expires?: number;
  user?: number;
  signature?: string;
}

/**
 * Who a signed link lets download attachment `id`: its user, as they are now. Anything wrong with the
 * link answers one 401, before any lookup of the file, so it tells nothing about which ids exist.
 */
async function linkReader(ctx: Ctx<unknown, DownloadQuery>, id: number): Promise<Pick<Caller, "id" | "scope">> {
  const { expires, user, signature } = ctx.query;
  if (expires === undefined || user === undefined || signature === undefined) {
    throw unauthorized("Authentication credentials were not provided.", "not_authenticated");
  }
  const invalid = unauthorized("This download link is invalid or has expired.", "link_not_valid");
  if (!ctx.services.downloads.verify({ id, user, expires }, signature, Date.now())) throw invalid;
  const holder = await linkHolder(ctx.services, user);
  if (!holder) throw invalid;
  return holder;
}

/** A bearer token or a signed link (the browser follows a download link without the token). */
export async function downloadAttachment(ctx: Ctx<unknown, DownloadQuery>): Promise<Result> {
  const id = ctx.params.id ?? 0;
  const reader = ctx.caller ?? (await linkReader(ctx, id));
  const file = await withScope(ctx.services.db, reader.scope, (tx) => visibleAttachment(tx, id, detailScope(reader)));
  if (!file) throw notFound();
  // Files of the demo data were never uploaded: there are no bytes to give.
  if (file.content === null) throw new ApiError(404, { detail: "This file is no longer available." });
  return {
    status: 200,
    body: file.content,
    headers: {
      "content-type": SERVED_TYPES[file.content_type] ?? "application/octet-stream",
      "content-disposition": contentDisposition(file.file_name),
      "content-length": String(file.content.length),
      "x-content-type-options": "nosniff",
      // Opened rather than saved, the file still runs nothing and reaches nothing.
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  };
}
