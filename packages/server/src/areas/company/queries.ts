import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import type { PageWindow } from "../../http/paging.ts";
import { type UserWire, userSelect, userWire } from "../users/queries.ts";

/**
 * Which companies a caller's queries may touch: `null` is every company (staff), a number is the
 * one client company. Every query below filters by it; row-level security is the net under it.
 */
export type CompanyScope = number | null;

export type Role = UserWire["role"];

export interface CompanyWire {
  id: number;
  name: string;
  email: string;
  description: string | null;
  members_count: number;
  client_admin: UserWire[];
  created_at: string;
  updated_at: string;
}

type CompanyRow = Omit<CompanyWire, "client_admin">;

/** A deactivated account is no longer counted or listed as a member. */
const companySelect = sql`
  c.id, c.name, c.email, c.description, c.created_at, c.updated_at,
  (select count(*)::int from users m where m.company_id = c.id and m.is_active) as members_count`;

/** `search` as DRF's SearchFilter takes it: trimmed, case-insensitive, blank means no filter. */
const needle = (search: unknown): string | null =>
  typeof search === "string" && search.trim() !== "" ? search.trim().toLowerCase() : null;

// strpos rather than LIKE: a search for "%" or "_" means those characters, not wildcards.
const contains = (column: ReturnType<typeof sql.ref>, text: string) =>
  sql`strpos(lower(coalesce(${column}, '')), ${text}) > 0`;

/** The companies' client admins, one query for the whole page. */
async function withClientAdmins(tx: Tx, rows: CompanyRow[]): Promise<CompanyWire[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const admins = await sql<Parameters<typeof userWire>[0]>`
    select ${userSelect} from users u join companies c on c.id = u.company_id
     where u.company_id = any(${ids}::int[]) and u.role = 'CLIENT_ADMIN' and u.is_active
     order by u.id`.execute(tx);
  const byCompany = new Map<number, UserWire[]>();
  for (const row of admins.rows) {
    const list = byCompany.get(row.company_id ?? 0) ?? [];
    list.push(userWire(row));
    byCompany.set(row.company_id ?? 0, list);
  }
  return rows.map((r) => ({ ...r, client_admin: byCompany.get(r.id) ?? [] }));
}

export async function companyById(tx: Tx, scope: CompanyScope, id: number): Promise<CompanyWire | null> {
  const rows = await sql<CompanyRow>`
    select ${companySelect} from companies c
     where c.id = ${id} and (${scope}::int is null or c.id = ${scope})`.execute(tx);
  return (await withClientAdmins(tx, rows.rows))[0] ?? null;
}

/** The company when it exists and is the caller's to see; `lock` holds it against concurrent edits. */
export async function visibleCompany(
  tx: Tx,
  scope: CompanyScope,
  id: number,
  lock = false,
): Promise<{ id: number; name: string } | null> {
  const rows = await sql<{ id: number; name: string }>`
    select c.id, c.name from companies c where c.id = ${id} and (${scope}::int is null or c.id = ${scope})
    ${lock ? sql`for update` : sql``}`.execute(tx);
  return rows.rows[0] ?? null;
}

export async function companyPage(
  tx: Tx,
  scope: CompanyScope,
  search: unknown,
  window: PageWindow,
): Promise<{ count: number; results: CompanyWire[] }> {
  const text = needle(search);
  const where = sql`(${scope}::int is null or c.id = ${scope})
    and (${text}::text is null or ${contains(sql.ref("c.name"), text ?? "")} or ${contains(sql.ref("c.email"), text ?? "")}
         or ${contains(sql.ref("c.description"), text ?? "")})`;
  const count = await sql<{ n: number }>`select count(*)::int as n from companies c where ${where}`.execute(tx);
  const rows = await sql<CompanyRow>`
    select ${companySelect} from companies c where ${where}
     order by lower(c.name), c.id limit ${window.limit} offset ${window.offset}`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, results: await withClientAdmins(tx, rows.rows) };
}

export async function insertCompany(
  tx: Tx,
  values: { name: string; email: string; description: string | null },
): Promise<number> {
  const domain = values.email.split("@")[1] ?? "";
  const row = await sql<{ id: number }>`
    insert into companies (name, email, domain, description)
    values (${values.name}, ${values.email}, ${domain}, ${values.description}) returning id`.execute(tx);
  const id = row.rows[0]?.id;
  if (id === undefined) throw new Error("insert into companies returned no row");
  return id;
}

export interface CompanyFields {
  name?: string;
  email?: string;
  description?: string | null;
}

export async function companyFields(tx: Tx, scope: CompanyScope, id: number): Promise<Required<CompanyFields> | null> {
  const rows = await sql<Required<CompanyFields>>`
    select name, email, description from companies
     where id = ${id} and (${scope}::int is null or id = ${scope}) for update`.execute(tx);
  return rows.rows[0] ?? null;
}

export async function updateCompanyRow(tx: Tx, scope: CompanyScope, id: number, patch: CompanyFields): Promise<void> {
  await tx
    .updateTable("companies")
    .set({ ...patch, updated_at: sql<string>`now()` })
    .where("id", "=", id)
    .$if(scope !== null, (q) => q.where("id", "=", scope ?? 0))
    .execute();
}

/** Members in the contract's order: admins, analysts, members, then by name. */
const memberOrder = sql`case u.role when 'SUPER_ADMIN' then 0 when 'CLIENT_ADMIN' then 1 when 'ANALYST' then 2 else 3 end,
  lower(u.first_name || ' ' || u.last_name), u.id`;

export async function memberPage(
  tx: Tx,
  companyId: number,
  search: unknown,
  window: PageWindow,
): Promise<{ count: number; results: UserWire[] }> {
  const text = needle(search) ?? "";
  // Deactivated members are listed too: reactivating them starts from this list.
  const where = sql`u.company_id = ${companyId}
    and (${text} = '' or ${contains(sql.ref("u.first_name"), text)} or ${contains(sql.ref("u.last_name"), text)}
         or ${contains(sql.ref("u.email"), text)} or ${contains(sql.ref("u.username"), text)})`;
  const count = await sql<{ n: number }>`select count(*)::int as n from users u where ${where}`.execute(tx);
  const rows = await sql<Parameters<typeof userWire>[0]>`
    select ${userSelect} from users u join companies c on c.id = u.company_id
     where ${where} order by ${memberOrder} limit ${window.limit} offset ${window.offset}`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, results: rows.rows.map(userWire) };
}

export async function memberById(tx: Tx, companyId: number, memberId: number): Promise<UserWire | null> {
  const rows = await sql<Parameters<typeof userWire>[0]>`
    select ${userSelect} from users u join companies c on c.id = u.company_id
     where u.id = ${memberId} and u.company_id = ${companyId}`.execute(tx);
  const row = rows.rows[0];
  return row ? userWire(row) : null;
}

export interface MemberFields {
  first_name?: string;
  last_name?: string;
  phone_number?: string | null;
  role?: Role;
}

/** The member's editable fields, locked for the update that follows. */
export async function memberFields(
  tx: Tx,
  companyId: number,
  memberId: number,
): Promise<Required<MemberFields> | null> {
  const rows = await sql<Required<MemberFields>>`
    select first_name, last_name, phone_number, role from users
     where id = ${memberId} and company_id = ${companyId} for update`.execute(tx);
  return rows.rows[0] ?? null;
}

export interface MemberState {
  role: Role;
  is_active: boolean;
  two_fa: UserWire["two_fa"];
  email: string;
  first_name: string;
  invitation_pending: boolean;
}

/** What the lifecycle actions decide on, locked against a concurrent change of the same member. */
export async function memberState(tx: Tx, companyId: number, memberId: number): Promise<MemberState | null> {
  const rows = await sql<MemberState>`
    select u.role, u.is_active, u.two_fa, u.email, u.first_name,
           exists (select 1 from one_time_tokens i
                    where i.user_id = u.id and i.purpose = 'INVITATION' and i.used_at is null) as invitation_pending
      from users u where u.id = ${memberId} and u.company_id = ${companyId} for update of u`.execute(tx);
  return rows.rows[0] ?? null;
}

export async function setActive(tx: Tx, companyId: number, memberId: number, active: boolean): Promise<void> {
  await sql`update users set is_active = ${active}, updated_at = now()
             where id = ${memberId} and company_id = ${companyId}`.execute(tx);
}

/** Every sign-in of the user ends: access tokens die with their family, refresh tokens are refused. */
export async function endSessions(tx: Tx, userId: number): Promise<void> {
  await sql`update refresh_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`.execute(tx);
}

/** The authenticator is forgotten; SETUP makes the next sign-in enrol a new one. */
export async function resetTwoFactor(tx: Tx, companyId: number, memberId: number): Promise<void> {
  await sql`update users set two_fa = 'SETUP', totp_secret = null, totp_last_step = null, updated_at = now()
             where id = ${memberId} and company_id = ${companyId}`.execute(tx);
}

/** Earlier invitation links stop working; they stay unused, so the invitation still reads as pending. */
export async function expireInvitations(tx: Tx, userId: number): Promise<void> {
  await sql`update one_time_tokens set expires_at = least(expires_at, now())
             where user_id = ${userId} and purpose = 'INVITATION' and used_at is null`.execute(tx);
}

export async function insertMember(
  tx: Tx,
  values: {
    companyId: number;
    firstName: string;
    lastName: string;
    email: string;
    username: string;
    phoneNumber: string | null;
    role: Role;
    passwordHash: string;
  },
): Promise<number> {
  const row = await sql<{ id: number }>`
    insert into users (company_id, first_name, last_name, username, email, password_hash, role, phone_number)
    values (${values.companyId}, ${values.firstName}, ${values.lastName}, ${values.username}, ${values.email},
            ${values.passwordHash}, ${values.role}, ${values.phoneNumber})
    returning id`.execute(tx);
  const id = row.rows[0]?.id;
  if (id === undefined) throw new Error("insert into users returned no row");
  return id;
}

export async function updateMemberRow(tx: Tx, companyId: number, memberId: number, patch: MemberFields) {
  await tx
    .updateTable("users")
    .set({ ...patch, updated_at: sql<string>`now()` })
    .where("id", "=", memberId)
    .where("company_id", "=", companyId)
    .execute();
}

export async function touchCompany(tx: Tx, companyId: number): Promise<void> {
  await sql`update companies set updated_at = now() where id = ${companyId}`.execute(tx);
}

export async function insertInvitation(tx: Tx, userId: number, tokenHash: Buffer, days: number): Promise<void> {
  await sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at)
            values (${userId}, 'INVITATION', ${tokenHash}, now() + make_interval(days => ${days}))`.execute(tx);
}
