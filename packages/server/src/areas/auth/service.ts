import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { checkPassword, hashPassword, passwordProblem } from "../../auth/passwords.ts";
import { clear, hit, LIMITS } from "../../auth/throttle.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { matchingStep, newTotpSecret, totpFor } from "../../auth/totp.ts";
import { audit } from "../../db/audit.ts";
import { SYSTEM, type Tx, withScope } from "../../db/pool.ts";
import { fieldError, nonField, unauthorized } from "../../http/errors.ts";
import type { Caller, Services } from "../../http/handler.ts";
import { QUEUES } from "../../jobs/queue.ts";

const BAD_CREDENTIALS = "Unable to log in with provided credentials.";
/** Said only after the password was right, so it tells nothing to someone guessing addresses. */
const DEACTIVATED = "This account has been deactivated. Ask your company's administrator to reactivate it.";
const BAD_LINK = "This reset link is invalid or has expired.";
/** Pre-2FA sign-ins only have to live through the code step. */
const PENDING_TTL_SECONDS = 10 * 60;
/**
 * A refresh token presented again within this many seconds of its rotation is taken as the same
 * client's concurrent refresh (two tabs, two requests failing at once), not as theft.
 */
const ROTATION_GRACE_SECONDS = 10;

type TwoFA = "SETUP" | "ACTIVE" | "INACTIVE";
export interface Tokens {
  two_fa: TwoFA;
  access: string;
  refresh: string;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  two_fa: TwoFA;
  totp_secret: string | null;
  totp_last_step: number | null;
  company_id: number | null;
}

/** A pre-2FA session when the account has 2FA and the code step is still to come. */
async function startSession(
  tx: Tx,
  services: Services,
  user: { id: number; two_fa: TwoFA },
  pending: boolean,
  family: string = randomUUID(),
): Promise<Tokens> {
  const refresh = newOpaqueToken();
  const ttl = pending ? PENDING_TTL_SECONDS : services.config.refreshTokenTtlSeconds;
  await sql`insert into refresh_tokens (user_id, family, token_hash, pending, expires_at)
            values (${user.id}, ${family}::uuid, ${hashToken(refresh)}, ${pending}, now() + make_interval(secs => ${ttl}))`.execute(
    tx,
  );
  const access = await services.tokens.signAccess(
    { userId: user.id, family, pending },
    Math.min(
      services.config.accessTokenTtlSeconds,
      pending ? PENDING_TTL_SECONDS : services.config.accessTokenTtlSeconds,
    ),
  );
  return { two_fa: user.two_fa, access, refresh };
}

async function revokeFamily(tx: Tx, family: string): Promise<void> {
  await sql`update refresh_tokens set revoked_at = now() where family = ${family}::uuid and revoked_at is null`.execute(
    tx,
  );
}

export async function login(services: Services, email: string, password: string, ip: string): Promise<Tokens> {
  const normalized = email.trim().toLowerCase();
  await hit(services.db, [
    [`login:account:${normalized}`, LIMITS.loginAccount],
    [`login:address:${ip}`, LIMITS.loginAddress],
  ]);
  // The password is checked outside any transaction: argon2 takes tens of milliseconds of CPU, and a
  // pooled connection held meanwhile is one the other requests wait for.
  const found = await withScope(services.db, SYSTEM, async (tx) => {
    return (
      await sql<{ id: number; password_hash: string }>`select id, password_hash from users
                                                        where lower(email) = ${normalized}`.execute(tx)
    ).rows[0];
  });
  if (!(await checkPassword(found?.password_hash ?? null, password)) || !found) throw nonField(BAD_CREDENTIALS);
  const tokens = await withScope(services.db, SYSTEM, async (tx) => {
    // The account as it is now, and only if its password is still the one just checked.
    const user = (
      await sql<
        UserRow & { is_active: boolean }
      >`select id, is_active, email, password_hash, two_fa, totp_secret, totp_last_step, company_id
          from users where id = ${found.id} and password_hash = ${found.password_hash}`.execute(tx)
    ).rows[0];
    if (!user) throw nonField(BAD_CREDENTIALS);
    if (!user.is_active) throw nonField(DEACTIVATED);
    if (user.two_fa === "INACTIVE") await sql`update users set last_login = now() where id = ${user.id}`.execute(tx);
    // On this transaction's own connection: a second connection taken here made as many sign-ins at
    // once as the pool has connections each hold one and wait for another, and the server hung.
    await clear(tx, `login:account:${normalized}`);
    return await startSession(tx, services, user, user.two_fa !== "INACTIVE");
  });
  return tokens;
}

export async function refresh(services: Services, token: string): Promise<Tokens> {
  return await withScope<Tokens | null>(services.db, SYSTEM, async (tx) => {
    const row = (
      await sql<{
        id: number;
        family: string;
        user_id: number;
        pending: boolean;
        expired: boolean;
        revoked: boolean;
        rotated_ago: number | null;
        two_fa: TwoFA;
      }>`
        select t.id, t.family, t.user_id, t.pending, t.expires_at < now() as expired, t.revoked_at is not null as revoked,
               extract(epoch from now() - t.rotated_at)::float8 as rotated_ago, u.two_fa
          from refresh_tokens t join users u on u.id = t.user_id and u.is_active
         where t.token_hash = ${hashToken(token)}
         for update of t`.execute(tx)
    ).rows[0];
    if (!row || row.revoked || row.expired || row.pending) throw unauthorized("Token is invalid or expired");
    if (row.rotated_ago !== null && row.rotated_ago > ROTATION_GRACE_SECONDS) {
      // A rotated token came back: whoever holds it, the family is no longer trusted.
      await revokeFamily(tx, row.family);
      return null;
    }
    await sql`update refresh_tokens set rotated_at = coalesce(rotated_at, now()) where id = ${row.id}`.execute(tx);
    return await startSession(tx, services, { id: row.user_id, two_fa: row.two_fa }, false, row.family);
  }).then((tokens) => {
    // A replayed token's revocation must commit, so its 401 is thrown after the transaction.
    if (tokens === null) throw unauthorized("Token is invalid or expired");
    return tokens;
  });
}

export async function logout(services: Services, caller: Caller, token: string): Promise<void> {
  await withScope(services.db, SYSTEM, async (tx) => {
    const row = (
      await sql<{ family: string }>`select family from refresh_tokens
                                     where token_hash = ${hashToken(token)} and user_id = ${caller.id} and revoked_at is null`.execute(
        tx,
      )
    ).rows[0];
    if (!row) throw fieldError("refresh", "Token is invalid or expired.");
    await revokeFamily(tx, row.family);
    await revokeFamily(tx, caller.family);
  });
}

async function userForCode(tx: Tx, caller: Caller): Promise<UserRow> {
  const row = (
    await sql<UserRow>`select id, email, password_hash, two_fa, totp_secret, totp_last_step, company_id
                         from users where id = ${caller.id} for update`.execute(tx)
  ).rows[0];
  // The caller was authenticated a moment ago; a user removed since is signed out.
  if (!row) throw unauthorized();
  return row;
}

/** Accepts a code once: its time step must be later than the last step this account used. */
async function acceptCode(tx: Tx, user: UserRow, code: string): Promise<void> {
  const step = user.totp_secret ? matchingStep(user.totp_secret, code) : null;
  if (step === null || (user.totp_last_step !== null && step <= user.totp_last_step)) {
    throw fieldError("otp", "Invalid code. Try again.");
  }
  await sql`update users set totp_last_step = ${step} where id = ${user.id}`.execute(tx);
}

export async function verifyTwoFactor(services: Services, caller: Caller, code: string): Promise<Tokens> {
  await hit(services.db, [[`otp:${caller.id}`, LIMITS.otpAccount]]);
  const result = await withScope(services.db, SYSTEM, async (tx) => {
    const user = await userForCode(tx, caller);
    if (!caller.pending || user.two_fa !== "ACTIVE")
      throw nonField("There is no sign-in waiting for a two-factor code.");
    await acceptCode(tx, user, code);
    await revokeFamily(tx, caller.family);
    await sql`update users set last_login = now() where id = ${user.id}`.execute(tx);
    return await startSession(tx, services, user, false);
  });
  await clear(services.db, `otp:${caller.id}`);
  return result;
}

export async function twoFactorSetup(
  services: Services,
  caller: Caller,
): Promise<{ otpauth_uri: string; secret: string }> {
  return await withScope(services.db, SYSTEM, async (tx) => {
    const user = await userForCode(tx, caller);
    if (user.two_fa === "ACTIVE") throw nonField("Two-factor authentication is already on.");
    // A signed-in account without 2FA starts turning it on from settings; its state stays INACTIVE
    // until enableTwoFactor confirms a code, so an abandoned set-up changes nothing at sign-in.
    if (user.two_fa !== "SETUP" && caller.pending) throw nonField("There is no authenticator enrolment in progress.");
    let secret = user.totp_secret;
    if (!secret) {
      secret = newTotpSecret();
      await sql`update users set totp_secret = ${secret}, totp_last_step = null where id = ${user.id}`.execute(tx);
    }
    return { otpauth_uri: totpFor(secret, user.email).toString(), secret };
  });
}

export async function verifyTwoFactorSetup(
  services: Services,
  caller: Caller,
  code: string,
  requestId: string,
): Promise<Tokens> {
  await hit(services.db, [[`otp:${caller.id}`, LIMITS.otpAccount]]);
  const result = await withScope(services.db, SYSTEM, async (tx) => {
    const user = await userForCode(tx, caller);
    if (user.two_fa !== "SETUP" || !user.totp_secret)
      throw nonField("There is no authenticator enrolment in progress.");
    await acceptCode(tx, user, code);
    await sql`update users set two_fa = 'ACTIVE', last_login = now(), updated_at = now() where id = ${user.id}`.execute(
      tx,
    );
    await audit(tx, {
      companyId: user.company_id,
      actorId: user.id,
      action: "two_fa.activate",
      entity: "user",
      entityId: user.id,
      before: { two_fa: "SETUP" },
      after: { two_fa: "ACTIVE" },
      requestId,
    });
    await revokeFamily(tx, caller.family);
    return await startSession(tx, services, { id: user.id, two_fa: "ACTIVE" }, false);
  });
  await clear(services.db, `otp:${caller.id}`);
  return result;
}

/** Mails a reset link when the address has an account; the answer is the same either way. */
export async function forgotPassword(services: Services, email: string, ip: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await hit(services.db, [
    [`reset:address:${ip}`, LIMITS.resetAddress],
    [`reset:account:${normalized}`, LIMITS.resetAccount],
  ]);
  await withScope(services.db, SYSTEM, async (tx) => {
    const user = (
      await sql<{
        id: number;
        email: string;
      }>`select id, email from users where lower(email) = ${normalized} and is_active`.execute(tx)
    ).rows[0];
    if (!user) return;
    const token = newOpaqueToken();
    await sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at)
              values (${user.id}, 'RESET_PASSWORD', ${hashToken(token)}, now() + interval '1 hour')`.execute(tx);
    await services.jobs.sendInTx(tx, QUEUES.mail, {
      to: user.email,
      subject: "Reset your Sentinel password",
      text: `Someone asked to reset the password of your Sentinel account. If it was you, open this link within an hour:\n\n${services.config.publicOrigin}/auth/reset-password/${token}\n\nIf it was not, ignore this message; your password stays as it is.`,
    });
  });
}

export async function resetPassword(
  services: Services,
  token: string,
  password: string,
  confirm: string,
  ip: string,
  requestId: string,
): Promise<void> {
  await hit(services.db, [[`reset:address:${ip}`, LIMITS.resetAddress]]);
  const problem = passwordProblem(password);
  if (problem) throw fieldError("password", problem);
  if (password !== confirm) throw fieldError("password_confirm", "The two password fields didn't match.");
  const passwordHash = await hashPassword(password);
  await withScope(services.db, SYSTEM, async (tx) => {
    const row = (
      await sql<{ id: number; user_id: number; company_id: number | null }>`
        update one_time_tokens t set used_at = now() from users u
         where t.token_hash = ${hashToken(token)} and t.purpose in ('RESET_PASSWORD', 'INVITATION') and t.used_at is null
           and t.expires_at > now() and u.id = t.user_id and u.is_active
        returning t.id, t.user_id, u.company_id`.execute(tx)
    ).rows[0];
    if (!row) throw fieldError("token", BAD_LINK);
    await sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${row.user_id}`.execute(
      tx,
    );
    // Every other link of this account and every sign-in end with the old password. An invitation
    // sets the first password through this same screen, so it is one of those links.
    await sql`update one_time_tokens set used_at = now() where user_id = ${row.user_id} and purpose in ('RESET_PASSWORD', 'INVITATION') and used_at is null`.execute(
      tx,
    );
    await sql`update refresh_tokens set revoked_at = now() where user_id = ${row.user_id} and revoked_at is null`.execute(
      tx,
    );
    await audit(tx, {
      companyId: row.company_id,
      actorId: row.user_id,
      action: "password.reset",
      entity: "user",
      entityId: row.user_id,
      before: null,
      after: null,
      requestId,
    });
    return row.user_id;
  }).then(async (userId) => {
    // Whoever holds the mailbox proved it: the account's failed sign-ins are forgotten.
    const email = (
      await sql<{ email: string }>`select lower(email) as email from users where id = ${userId}`.execute(services.db)
    ).rows[0]?.email;
    if (email) await clear(services.db, `login:account:${email}`);
  });
}

/**
 * A lost authenticator: when the e-mail and password are right, a confirmation link is mailed; the
 * answer is the same whether or not they were.
 */
export async function recoverAuthenticator(
  services: Services,
  email: string,
  password: string,
  ip: string,
): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await hit(services.db, [
    [`login:account:${normalized}`, LIMITS.loginAccount],
    [`login:address:${ip}`, LIMITS.loginAddress],
  ]);
  await withScope(services.db, SYSTEM, async (tx) => {
    const user = (
      await sql<UserRow>`select id, email, password_hash, two_fa, totp_secret, totp_last_step, company_id from users where lower(email) = ${normalized} and is_active`.execute(
        tx,
      )
    ).rows[0];
    if (!(await checkPassword(user?.password_hash ?? null, password)) || !user || user.two_fa !== "ACTIVE") return;
    const token = newOpaqueToken();
    await sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at)
              values (${user.id}, 'RECOVER_AUTHENTICATOR', ${hashToken(token)}, now() + interval '1 hour')`.execute(tx);
    await services.jobs.sendInTx(tx, QUEUES.mail, {
      to: user.email,
      subject: "Recover your Sentinel authenticator",
      text: `Someone asked to recover the authenticator of your Sentinel account. To set up a new authenticator, give this code to your administrator or support within an hour:\n\n${token}\n\nIf it was not you, change your password.`,
    });
  });
}
