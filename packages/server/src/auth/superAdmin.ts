import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/pool.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";

/**
 * Makes `email` a super admin (creating the account when there is none) with no usable password,
 * and returns a one-time token, valid for a day, that sets one through the reset-password screen.
 */
export async function createSuperAdmin(db: Db, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const token = newOpaqueToken();
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  await db.transaction().execute(async (tx) => {
    const user = await sql<{ id: number }>`
      insert into users (email, username, password_hash, role, is_superuser, company_id)
      values (${address}, ${address.split("@")[0] ?? address}, ${unusable}, 'SUPER_ADMIN', true, null)
      on conflict (lower(email)) do update set role = 'SUPER_ADMIN', is_superuser = true, company_id = null, is_active = true
      returning id`.execute(tx);
    const id = user.rows[0]?.id;
    await sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at)
              values (${id}, 'INVITATION', ${hashToken(token)}, now() + interval '1 day')`.execute(tx);
    await sql`insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after)
              values (null, null, 'member.create_super_admin', 'user', ${id}, null,
                      ${JSON.stringify({ email: address, role: "SUPER_ADMIN" })}::jsonb)`.execute(tx);
  });
  return token;
}
