import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw } from "./testing.ts";

/** Static mode's account settings (handlers/account.ts) answer as the server does. */

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

type Tokens = { access: string; refresh: string };
async function login(email: string, password = "demo"): Promise<Tokens> {
  const r = await raw("POST", "/api/v1/auth/login/", null, { email, password });
  if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status}`);
  return r.body as Tokens;
}
const profile = (token: string) => raw("GET", "/api/v1/user/profile/", token);

describe("updateProfile", () => {
  it("saves the caller's trimmed name and phone, and the profile reads them back", async () => {
    const { access } = await login("member@example.com");
    const r = await raw("PATCH", "/api/v1/user/profile/", access, {
      first_name: "  Mia ",
      last_name: "Hart",
      phone_number: " ",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      email: "member@example.com",
      first_name: "Mia",
      last_name: "Hart",
      phone_number: null,
    });
    expect((await profile(access)).body).toMatchObject({ first_name: "Mia" });
  });

  it("refuses a blank name and saves nothing of the request", async () => {
    const { access } = await login("admin@example.com");
    const before = (await profile(access)).body;
    const r = await raw("PATCH", "/api/v1/user/profile/", access, { first_name: "New", last_name: "" });
    expect(r).toEqual({ status: 400, body: { last_name: ["This field may not be blank."] } });
    expect((await profile(access)).body).toEqual(before);
  });
});

describe("changePassword", () => {
  const change = (token: string, body: Record<string, string>) =>
    raw("POST", "/api/v1/user/change-password/", token, body);

  it("refuses a wrong current password; the old password still signs in and other sessions stay", async () => {
    const mine = await login("analyst@example.com");
    const other = await login("analyst@example.com");
    const r = await change(mine.access, {
      current_password: "nope",
      password: "a new password",
      password_confirm: "a new password",
    });
    expect(r).toEqual({ status: 400, body: { current_password: ["Your current password is incorrect."] } });
    expect((await profile(other.access)).status).toBe(200);
    await expect(login("analyst@example.com", "demo")).resolves.toHaveProperty("access");
  });

  it("names the rule the new password breaks", async () => {
    const { access } = await login("analyst@example.com");
    expect(
      (await change(access, { current_password: "demo", password: "short", password_confirm: "short" })).body,
    ).toEqual({ password: ["This password is too short. It must contain at least 8 characters."] });
    expect(
      (await change(access, { current_password: "demo", password: "long enough", password_confirm: "long enougH" }))
        .body,
    ).toEqual({ password_confirm: ["The two password fields didn't match."] });
    await change(access, { current_password: "demo", password: "long enough", password_confirm: "long enough" });
    expect(
      (
        await change(access, {
          current_password: "long enough",
          password: "long enough",
          password_confirm: "long enough",
        })
      ).body,
    ).toEqual({ password: ["The new password must be different from your current password."] });
  });

  it("changes the password, keeps this session and signs out the others", async () => {
    const mine = await login("member@example.com");
    const other = await login("member@example.com");
    const r = await change(mine.access, {
      current_password: "demo",
      password: "a new password",
      password_confirm: "a new password",
    });
    expect(r).toEqual({
      status: 200,
      body: { detail: "Your password has been changed. Your other sessions have been signed out.", signed_out: 1 },
    });
    expect((await profile(mine.access)).status).toBe(200);
    expect((await profile(other.access)).status).toBe(401);
    expect((await raw("POST", "/api/v1/auth/token/refresh/", null, { refresh: other.refresh })).status).toBe(401);
    expect(
      (await raw("POST", "/api/v1/auth/login/", null, { email: "member@example.com", password: "demo" })).status,
    ).toBe(400);
    await expect(login("member@example.com", "a new password")).resolves.toHaveProperty("access");
  });
});

describe("two-factor authentication from settings", () => {
  it("turns on with the set-up's code, and off only with the password and a code", async () => {
    const { access } = await login("admin@example.com");
    const setup = await raw("GET", "/api/v1/auth/2fa/setup/", access);
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    expect(await raw("POST", "/api/v1/user/2fa/enable/", access, { otp: "000000" })).toEqual({
      status: 400,
      body: { otp: ["Invalid code. Try again."] },
    });
    expect((await profile(access)).body).toMatchObject({ two_fa: "INACTIVE" });
    const on = await raw("POST", "/api/v1/user/2fa/enable/", access, { otp: "123456" });
    expect(on.body).toMatchObject({ two_fa: "ACTIVE" });
    expect((await raw("GET", "/api/v1/auth/2fa/setup/", access)).status).toBe(400);

    const disable = (body: Record<string, string>) => raw("POST", "/api/v1/user/2fa/disable/", access, body);
    expect(await disable({ password: "demo", otp: "000000" })).toEqual({
      status: 400,
      body: { otp: ["Invalid code. Try again."] },
    });
    expect(await disable({ password: "wrong", otp: "123456" })).toEqual({
      status: 400,
      body: { password: ["Your password is incorrect."] },
    });
    expect((await profile(access)).body).toMatchObject({ two_fa: "ACTIVE" });
    expect((await disable({ password: "demo", otp: "123456" })).body).toMatchObject({ two_fa: "INACTIVE" });
    expect(await disable({ password: "demo", otp: "123456" })).toEqual({
      status: 400,
      body: { non_field_errors: ["Two-factor authentication is not on."] },
    });
  });
});

describe("signOutOtherSessions", () => {
  it("ends the account's other sessions only", async () => {
    const mine = await login("superadmin@example.com");
    const laptop = await login("superadmin@example.com");
    const bystander = await login("admin@example.com");
    const r = await raw("POST", "/api/v1/user/sessions/sign-out-others/", mine.access);
    expect(r).toEqual({ status: 200, body: { detail: "1 other session was signed out.", signed_out: 1 } });
    expect((await profile(laptop.access)).status).toBe(401);
    expect((await profile(mine.access)).status).toBe(200);
    expect((await profile(bystander.access)).status).toBe(200);
  });
});
