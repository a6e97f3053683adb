import { checkPassword, hashPassword, passwordProblem } from "../../auth/passwords.ts";
import { clear, hit, LIMITS } from "../../auth/throttle.ts";
import { matchingStep } from "../../auth/totp.ts";
import { audit } from "../../db/audit.ts";
import { withScope } from "../../db/pool.ts";
import { fieldErrors, nonField, unauthorized } from "../../http/errors.ts";
import type { Caller, Services } from "../../http/handler.ts";
import { type UserWire, userById } from "../users/queries.ts";
import * as q from "./queries.ts";

const BLANK = "This field may not be blank.";
const REQUIRED = "This field is required.";
export const WRONG_CURRENT_PASSWORD = "Your current password is incorrect.";
export const SAME_PASSWORD = "The new password must be different from your current password.";
export const PASSWORDS_DIFFER = "The two password fields didn't match.";
export const WRONG_PASSWORD = "Your password is incorrect.";
export const WRONG_CODE = "Invalid code. Try again.";

/** Every problem of a request at once, as DRF answers them; thrown before anything is written. */
class Problems {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }
  throwIfAny() {
    if (Object.keys(this.errors).length > 0) throw fieldErrors(this.errors);
  }
}

const passwordKey = (caller: Caller) => `password:account:${caller.id}`;
const otpKey = (caller: Caller) => `otp:${caller.id}`;

async function ownRow(tx: Parameters<typeof q.lockAccount>[0], caller: Caller): Promise<q.AccountRow> {
  const row = await q.lockAccount(tx, caller.id);
  // The caller was authenticated a moment ago; a user deactivated since is signed out.
  if (!row) throw unauthorized();
  return row;
}

async function profileOf(tx: Parameters<typeof userById>[0], caller: Caller): Promise<UserWire> {
  const user = await userById(tx, caller.id);
  if (!user) throw unauthorized();
  return user;
}

export async function updateProfile(
  services: Services,
  caller: Caller,
  body: { first_name?: string; last_name?: string; phone_number?: string | null },
  requestId: string,
): Promise<UserWire> {
  const problems = new Problems();
  const patch: q.ProfilePatch = {};
  for (const field of ["first_name", "last_name"] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const trimmed = value.trim();
    if (trimmed === "") problems.add(field, BLANK);
    patch[field] = trimmed;
  }
  // An empty phone number is no phone number, so the profile shows none rather than a blank.
  if (body.phone_number !== undefined) patch.phone_number = body.phone_number?.trim() || null;
  problems.throwIfAny();
  return await withScope(services.db, caller.scope, async (tx) => {
    const before = await ownRow(tx, caller);
    const changed = (Object.keys(patch) as Array<keyof q.ProfilePatch>).filter((k) => patch[k] !== before[k]);
    if (changed.length > 0) {
      await q.updateProfileRow(tx, caller.id, patch);
      await audit(tx, {
        companyId: before.company_id,
        actorId: caller.id,
        action: "profile.update",
        entity: "user",
        entityId: caller.id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, patch[k]])),
        requestId,
      });
    }
    return await profileOf(tx, caller);
  });
}

export async function changePassword(
  services: Services,
  caller: Caller,
  body: { current_password: string; password: string; password_confirm: string },
  requestId: string,
): Promise<{ detail: string; signed_out: number }> {
  // A stolen session must not become a way to guess the password: tries count as sign-ins do.
  await hit(services.db, [[passwordKey(caller), LIMITS.loginAccount]]);
  const problems = new Problems();
  if (!body.current_password) problems.add("current_password", REQUIRED);
  const weak = passwordProblem(body.password);
  if (weak) problems.add("password", weak);
  if (body.password !== body.password_confirm) problems.add("password_confirm", PASSWORDS_DIFFER);
  const result = await withScope(services.db, caller.scope, async (tx) => {
    const row = await ownRow(tx, caller);
    if (body.current_password && !(await checkPassword(row.password_hash, body.current_password))) {
      problems.add("current_password", WRONG_CURRENT_PASSWORD);
    } else if (body.current_password && body.password === body.current_password) {
      problems.add("password", SAME_PASSWORD);
    }
    problems.throwIfAny();
    await q.setPasswordHash(tx, caller.id, await hashPassword(body.password));
    const signedOut = await q.revokeOtherFamilies(tx, caller.id, caller.family);
    await audit(tx, {
      companyId: row.company_id,
      actorId: caller.id,
      action: "password.change",
      entity: "user",
      entityId: caller.id,
      before: null,
      after: { signed_out: signedOut },
      requestId,
    });
    return signedOut;
  });
  await clear(services.db, passwordKey(caller));
  return {
    detail:
      result > 0
        ? "Your password has been changed. Your other sessions have been signed out."
        : "Your password has been changed.",
    signed_out: result,
  };
}

/** The time step of a code this account has not used yet, or null. */
function freshStep(row: q.AccountRow, code: string): number | null {
  const step = row.totp_secret ? matchingStep(row.totp_secret, code) : null;
  if (step === null || (row.totp_last_step !== null && step <= row.totp_last_step)) return null;
  return step;
}

export async function enableTwoFactor(
  services: Services,
  caller: Caller,
  code: string,
  requestId: string,
): Promise<UserWire> {
  await hit(services.db, [[otpKey(caller), LIMITS.otpAccount]]);
  const user = await withScope(services.db, caller.scope, async (tx) => {
    const row = await ownRow(tx, caller);
    if (row.two_fa === "ACTIVE") throw nonField("Two-factor authentication is already on.");
    if (row.two_fa !== "INACTIVE" || !row.totp_secret) {
      throw nonField("Start the set-up again: there is no authenticator key waiting to be confirmed.");
    }
    const step = freshStep(row, code);
    if (step === null) throw fieldErrors({ otp: [WRONG_CODE] });
    await q.setTwoFactor(tx, caller.id, { two_fa: "ACTIVE", totp_secret: row.totp_secret, totp_last_step: step });
    await audit(tx, {
      companyId: row.company_id,
      actorId: caller.id,
      action: "two_fa.activate",
      entity: "user",
      entityId: caller.id,
      before: { two_fa: "INACTIVE" },
      after: { two_fa: "ACTIVE" },
      requestId,
    });
    return await profileOf(tx, caller);
  });
  await clear(services.db, otpKey(caller));
  return user;
}

export async function disableTwoFactor(
  services: Services,
  caller: Caller,
  body: { password: string; otp: string },
  requestId: string,
): Promise<UserWire> {
  await hit(services.db, [
    [otpKey(caller), LIMITS.otpAccount],
    [passwordKey(caller), LIMITS.loginAccount],
  ]);
  const user = await withScope(services.db, caller.scope, async (tx) => {
    const row = await ownRow(tx, caller);
    if (row.two_fa !== "ACTIVE") throw nonField("Two-factor authentication is not on.");
    const problems = new Problems();
    if (!(await checkPassword(row.password_hash, body.password))) problems.add("password", WRONG_PASSWORD);
    if (freshStep(row, body.otp) === null) problems.add("otp", WRONG_CODE);
    problems.throwIfAny();
    // The secret goes too: turning 2FA on again enrols a new one, never the old key.
    await q.setTwoFactor(tx, caller.id, { two_fa: "INACTIVE", totp_secret: null, totp_last_step: null });
    await audit(tx, {
      companyId: row.company_id,
      actorId: caller.id,
      action: "two_fa.deactivate",
      entity: "user",
      entityId: caller.id,
      before: { two_fa: "ACTIVE" },
      after: { two_fa: "INACTIVE" },
      requestId,
    });
    return await profileOf(tx, caller);
  });
  await clear(services.db, otpKey(caller));
  await clear(services.db, passwordKey(caller));
  return user;
}

export async function signOutOtherSessions(
  services: Services,
  caller: Caller,
  requestId: string,
): Promise<{ detail: string; signed_out: number }> {
  const signedOut = await withScope(services.db, caller.scope, async (tx) => {
    const row = await ownRow(tx, caller);
    const ended = await q.revokeOtherFamilies(tx, caller.id, caller.family);
    await audit(tx, {
      companyId: row.company_id,
      actorId: caller.id,
      action: "sessions.sign_out_others",
      entity: "user",
      entityId: caller.id,
      before: null,
      after: { signed_out: ended },
      requestId,
    });
    return ended;
  });
  return {
    detail:
      signedOut === 0
        ? "There were no other sessions to sign out."
        : `${signedOut} other ${signedOut === 1 ? "session was" : "sessions were"} signed out.`,
    signed_out: signedOut,
  };
}
