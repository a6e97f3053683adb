import { revokeOtherSessions } from "../auth.ts";
import { iso, now } from "../clock.ts";
import { getDb } from "../db.ts";
import { user as userWire } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";
import { BLANK, passwordProblem, REQUIRED, requireFields } from "../validate.ts";
import { checkOtp } from "./auth.ts";

/**
 * The signed-in user's own account (issue 28), answered as the server does
 * (packages/server/src/areas/account): every role, only its own account, every problem at once and
 * nothing saved when there is one. Static mode's authenticator takes the demo code, 123456.
 */

const signedOutDetail = (n: number) =>
  n === 0
    ? "There were no other sessions to sign out."
    : `${n} other ${n === 1 ? "session was" : "sessions were"} signed out.`;

export const accountHandlers = [
  typedHttp.patch("/api/v1/user/profile/", async (ctx) => {
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    const errors: Record<string, string[]> = {};
    const names: Partial<Record<"first_name" | "last_name", string>> = {};
    for (const field of ["first_name", "last_name"] as const) {
      const value = body[field];
      if (value === undefined) continue;
      if (typeof value !== "string") errors[field] = ["Not a valid string."];
      else if (value.trim() === "") errors[field] = [BLANK];
      else if (value.length > 150) errors[field] = ["Ensure this field has no more than 150 characters."];
      else names[field] = value.trim();
    }
    const phone = body.phone_number;
    if (phone !== undefined && phone !== null && (typeof phone !== "string" || phone.length > 32)) {
      errors.phone_number = ["Ensure this field has no more than 32 characters."];
    }
    if (Object.keys(errors).length > 0) return reply.badRequest(errors);
    const me = ctx.viewer.user;
    if (names.first_name !== undefined) me.first_name = names.first_name;
    if (names.last_name !== undefined) me.last_name = names.last_name;
    if (phone !== undefined) me.phone_number = phone?.trim() || null;
    me.updated_at = iso(now());
    return ctx.ok(userWire(getDb(), me));
  }),

  typedHttp.post("/api/v1/user/change-password/", async (ctx) => {
    const body = await ctx.body();
    const invalid = requireFields(body, ["password", "password_confirm"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data. Expected a JSON object.");
    const me = ctx.viewer.user;
    const current = typeof body.current_password === "string" ? body.current_password : "";
    const password = String(body.password);
    const errors: Record<string, string[]> = {};
    const weak = passwordProblem(password);
    if (weak) errors.password = [weak];
    if (password !== body.password_confirm) errors.password_confirm = ["The two password fields didn't match."];
    if (!current) errors.current_password = [REQUIRED];
    else if (current !== me.password) errors.current_password = ["Your current password is incorrect."];
    else if (password === current) {
      errors.password = ["The new password must be different from your current password."];
    }
    if (Object.keys(errors).length > 0) return reply.badRequest(errors);
    me.password = password;
    me.updated_at = iso(now());
    const signedOut = revokeOtherSessions(me.id, ctx.viewer.session);
    return ctx.ok({
      detail:
        signedOut > 0
          ? "Your password has been changed. Your other sessions have been signed out."
          : "Your password has been changed.",
      signed_out: signedOut,
    });
  }),

  typedHttp.post("/api/v1/user/2fa/enable/", async (ctx) => {
    const me = ctx.viewer.user;
    if (me.two_fa === "ACTIVE") return reply.nonField("Two-factor authentication is already on.");
    const body = await ctx.body();
    const invalid = checkOtp(body?.otp);
    if (invalid) return invalid;
    me.two_fa = "ACTIVE";
    me.updated_at = iso(now());
    return ctx.ok(userWire(getDb(), me));
  }),

  typedHttp.post("/api/v1/user/2fa/disable/", async (ctx) => {
    const me = ctx.viewer.user;
    if (me.two_fa !== "ACTIVE") return reply.nonField("Two-factor authentication is not on.");
    const body = await ctx.body();
    const invalid = requireFields(body, ["password", "otp"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data. Expected a JSON object.");
    const errors: Record<string, string[]> = {};
    if (body.password !== me.password) errors.password = ["Your password is incorrect."];
    const wrongCode = checkOtp(body.otp);
    if (wrongCode) errors.otp = ["Invalid code. Try again."];
    if (Object.keys(errors).length > 0) return reply.badRequest(errors);
    me.two_fa = "INACTIVE";
    me.updated_at = iso(now());
    return ctx.ok(userWire(getDb(), me));
  }),

  typedHttp.post("/api/v1/user/sessions/sign-out-others/", (ctx) => {
    const signedOut = revokeOtherSessions(ctx.viewer.user.id, ctx.viewer.session);
    return ctx.ok({ detail: signedOutDetail(signedOut), signed_out: signedOut });
  }),
];
