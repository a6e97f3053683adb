import type { components } from "@sentinel/api-client/schema";
import { verifyBotCheck } from "../../auth/botCheck.ts";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import * as auth from "./service.ts";

type S = components["schemas"];

const login = handle<S["LoginRequest"]>(async (ctx) => {
  await verifyBotCheck(ctx.services.config, ctx.body.captcha_token, ctx.ip);
  return ok(await auth.login(ctx.services, ctx.body.email, ctx.body.password, ctx.ip));
});

export const authHandlers: HandlerMap = {
  login,
  loginWithSlash: login,
  refreshToken: handle<S["RefreshRequest"]>(async (ctx) => ok(await auth.refresh(ctx.services, ctx.body.refresh))),
  verifyTwoFactor: {
    allowPending: true,
    handler: handle<S["OtpRequest"]>(async (ctx) =>
      ok(await auth.verifyTwoFactor(ctx.services, ctx.caller, ctx.body.otp)),
    ),
  },
  getTwoFactorSetup: {
    allowPending: true,
    handler: handle(async (ctx) => ok(await auth.twoFactorSetup(ctx.services, ctx.caller))),
  },
  verifyTwoFactorSetup: {
    allowPending: true,
    handler: handle<S["OtpRequest"]>(async (ctx) =>
      ok(await auth.verifyTwoFactorSetup(ctx.services, ctx.caller, ctx.body.otp, ctx.requestId)),
    ),
  },
  forgotPassword: handle<S["ForgotPasswordRequest"]>(async (ctx) => {
    await verifyBotCheck(ctx.services.config, ctx.body.captcha_token, ctx.ip);
    await auth.forgotPassword(ctx.services, ctx.body.email, ctx.ip);
    return ok({ detail: "If an account exists for this address, we have sent a link to reset the password." });
  }),
  resetPassword: handle<S["ResetPasswordRequest"]>(async (ctx) => {
    await auth.resetPassword(
      ctx.services,
      ctx.body.token,
      ctx.body.password,
      ctx.body.password_confirm,
      ctx.ip,
      ctx.requestId,
    );
    return ok({ detail: "Your password has been reset. You can sign in now." });
  }),
  recoverAuthenticator: handle<S["RecoverAuthenticatorRequest"]>(async (ctx) => {
    await verifyBotCheck(ctx.services.config, ctx.body.captcha_token, ctx.ip);
    await auth.recoverAuthenticator(ctx.services, ctx.body.email, ctx.body.password, ctx.ip);
    return ok({ detail: "If the details are correct, we have sent a confirmation link to your e-mail address." });
  }),
  logout: {
    allowPending: true,
    handler: handle<S["LogoutRequest"]>(async (ctx) => {
      await auth.logout(ctx.services, ctx.caller, ctx.body.refresh);
      return null;
    }),
  },
};
