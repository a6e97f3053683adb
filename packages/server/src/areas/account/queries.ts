import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";

/** What the account calls need of the caller's own row, locked for the rest of the transaction. */
export interface AccountRow {
  id: number;
  company_id: number | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  password_hash: string;
  two_fa: "SETUP" | "ACTIVE" | "INACTIVE";
  totp_secret: string | null;
  totp_last_step: number | null;
}

export async function lockAccount(tx: Tx, userId: number): Promise<AccountRow | null> {
  const rows = await sql<AccountRow>`
    select id, company_id, first_name, last_name, phone_number, password_hash, two_fa, totp_secret,
           totp_last_step::float8 as totp_last_step
      from users where id = ${userId} and is_active for update`.execute(tx);
  return rows.rows[0] ?? null;
}

export interface ProfilePatch {
  first_name?: string;
  last_name?: string;
  phone_number?: string | null;
}

export async function updateProfileRow(tx: Tx, userId: number, patch: ProfilePatch): Promise<void> {
  await sql`update users
               set first_name = coalesce(${patch.first_name ?? null}, first_name),
                   last_name = coalesce(${patch.last_name ?? null}, last_name),
                   phone_number = case when ${patch.phone_number !== undefined} then ${patch.phone_number ?? null} else phone_number end,
                   updated_at = now()
             where id = ${userId}`.execute(tx);
}

export async function setPasswordHash(tx: Tx, userId: number, hash: string): Promise<void> {
  await sql`update users set password_hash = ${hash}, updated_at = now() where id = ${userId}`.execute(tx);
  // A reset or invitation link asked for before the change would undo it: they end with the old password.
  await sql`update one_time_tokens set used_at = now()
             where user_id = ${userId} and purpose in ('RESET_PASSWORD', 'INVITATION') and used_at is null`.execute(tx);
}

/**
 * Ends every sign-in of the user but `keepFamily` (the caller's own): one statement over all their
 * refresh tokens. Answers how many sign-ins that were still usable ended.
 */
export async function revokeOtherFamilies(tx: Tx, userId: number, keepFamily: string): Promise<number> {
  const rows = await sql<{ ended: number }>`
    with ended as (
      update refresh_tokens set revoked_at = now()
       where user_id = ${userId} and family <> ${keepFamily}::uuid and revoked_at is null
      returning family, expires_at, rotated_at
    )
    select count(distinct family) filter (where expires_at > now() and rotated_at is null)::int as ended from ended`.execute(
    tx,
  );
  return rows.rows[0]?.ended ?? 0;
}

export async function setTwoFactor(
  tx: Tx,
  userId: number,
  state: { two_fa: "ACTIVE" | "INACTIVE"; totp_secret: string | null; totp_last_step: number | null },
): Promise<void> {
  await sql`update users set two_fa = ${state.two_fa}, totp_secret = ${state.totp_secret},
                              totp_last_step = ${state.totp_last_step}, updated_at = now()
             where id = ${userId}`.execute(tx);
}
