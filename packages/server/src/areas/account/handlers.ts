import type { components } from "@sentinel/api-client/schema";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import * as account from "./service.ts";

type S = components["schemas"];

/** The signed-in user's own account: every role manages its own, and only its own (no ids in the paths). */
export const accountHandlers: HandlerMap = {
  updateProfile: handle<S["ProfileUpdate"]>(async (ctx) =>
    ok(await account.updateProfile(ctx.services, ctx.caller, ctx.body, ctx.requestId)),
  ),
  changePassword: handle<S["ChangePasswordRequest"]>(async (ctx) =>
    ok(await account.changePassword(ctx.services, ctx.caller, ctx.body, ctx.requestId)),
  ),
  enableTwoFactor: handle<S["OtpRequest"]>(async (ctx) =>
    ok(await account.enableTwoFactor(ctx.services, ctx.caller, ctx.body.otp, ctx.requestId)),
  ),
  disableTwoFactor: handle<S["DisableTwoFactorRequest"]>(async (ctx) =>
    ok(await account.disableTwoFactor(ctx.services, ctx.caller, ctx.body, ctx.requestId)),
  ),
  signOutOtherSessions: handle(async (ctx) =>
    ok(await account.signOutOtherSessions(ctx.services, ctx.caller, ctx.requestId)),
  ),
};
