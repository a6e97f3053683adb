import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Scope } from "../db/pool.ts";
import { unauthorized } from "../http/errors.ts";
import type { Caller, Role, Services } from "../http/handler.ts";
import { isStaffRole } from "../http/handler.ts";

const scopeOf = (user: { id: number; role: Role; company_id: number | null }): Scope => ({
  companies: isStaffRole(user.role) ? "all" : (user.company_id ?? -1),
  userId: user.id,
});

/**
 * The caller behind a bearer token, or null when none was sent. A token that is forged, expired,
 * of a revoked sign-in (logout, a replayed refresh token) or of a removed user answers 401.
 */
export async function authenticate(request: FastifyRequest, services: Services): Promise<Caller | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const token = match?.[1];
  if (!token) throw unauthorized();
  const claims = await services.tokens.verifyAccess(token);
  if (!claims) throw unauthorized();
  // One indexed lookup: the user as it is now (role, company), and whether the sign-in still stands.
  const row = await sql<{ id: number; role: Role; company_id: number | null; email: string; live: boolean }>`
    select u.id, u.role, u.company_id, u.email,
           exists (select 1 from refresh_tokens t where t.family = ${claims.family}::uuid and t.revoked_at is null) as live
      from users u
     where u.id = ${claims.userId} and u.is_active`.execute(services.db);
  const user = row.rows[0];
  if (!user?.live) throw unauthorized();
  return {
    id: user.id,
    role: user.role,
    companyId: user.company_id,
    email: user.email,
    family: claims.family,
    pending: claims.pending,
    scope: scopeOf(user),
  };
}

/**
 * The user a signed download link was given to, as the users table says now (role, company), or
 * null once they are deactivated or removed: a link works only while its user could still sign in.
 */
export async function linkHolder(services: Services, userId: number): Promise<Pick<Caller, "id" | "scope"> | null> {
  const row = await sql<{ id: number; role: Role; company_id: number | null }>`
    select id, role, company_id from users where id = ${userId} and is_active`.execute(services.db);
  const user = row.rows[0];
  return user ? { id: user.id, scope: scopeOf(user) } : null;
}
