import { sql } from "kysely";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

const ROLES = {
  SUPER_ADMIN: "superadmin@example.com",
  ANALYST: "analyst@example.com",
  CLIENT_ADMIN: "admin@example.com",
  CLIENT: "member@example.com",
} as const;

const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

async function userRow(email: string) {
  const rows = await sql<{
    first_name: string;
    last_name: string;
    phone_number: string | null;
    password_hash: string;
    two_fa: string;
    totp_secret: string | null;
    updated_at: Date;
  }>`select first_name, last_name, phone_number, password_hash, two_fa, totp_secret, updated_at
       from users where email = ${email}`.execute(server.services.db);
  const row = rows.rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

const profile = (token: string) => server.call("GET", "/api/v1/user/profile/", { token });
const refresh = (token: string) => server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: token } });
/** Ends the account's sign-ins made by earlier tests, so a test counts only its own. */
const forgetSessions = (email: string) =>
  sql`update refresh_tokens set revoked_at = now()
       where user_id = (select id from users where email = ${email}) and revoked_at is null`.execute(
    server.services.db,
  );

describe("updateProfile", () => {
  it("every role edits its own name and phone, and nobody else's", async () => {
    const others = Object.fromEntries(
      await Promise.all(Object.values(ROLES).map(async (email) => [email, await userRow(email)] as const)),
    );
    for (const [role, email] of Object.entries(ROLES)) {
      const { access } = await server.signIn(email);
      const res = await server.call("PATCH", "/api/v1/user/profile/", {
        token: access,
        body: { first_name: `  ${role} first `, last_name: "Renamed", phone_number: "+44 20 7946 0000" },
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({
        email,
        first_name: `${role} first`,
        last_name: "Renamed",
        phone_number: "+44 20 7946 0000",
      });
      expect((await profile(access)).json()).toMatchObject({ first_name: `${role} first` });
      // Only the caller's row changed.
      for (const other of Object.values(ROLES).filter((e) => e !== email)) {
        const row = await userRow(other);
        if (Object.values(ROLES).indexOf(other) > Object.values(ROLES).indexOf(email)) {
          expect(row.first_name, other).toBe(others[other]?.first_name);
        }
      }
    }
    const audit = await sql<{ action: string; before: unknown; after: unknown }>`
      select action, before, after from audit_events where action = 'profile.update' order by id`.execute(
      server.services.db,
    );
    expect(audit.rows).toHaveLength(4);
    expect(audit.rows[3]?.after).toMatchObject({ first_name: "CLIENT first", phone_number: "+44 20 7946 0000" });
  });

  it("refuses a blank name with a field error and saves nothing of the request", async () => {
    const { access } = await server.signIn("admin@example.com");
    const before = await userRow("admin@example.com");
    const res = await server.call("PATCH", "/api/v1/user/profile/", {
      token: access,
      body: { first_name: "Kept?", last_name: "   ", phone_number: "123" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ last_name: ["This field may not be blank."] });
    expect(await userRow("admin@example.com")).toEqual(before);
  });

  it("clears the phone number with an empty string, and refuses an over-long one", async () => {
    const { access } = await server.signIn("member@example.com");
    const cleared = await server.call("PATCH", "/api/v1/user/profile/", { token: access, body: { phone_number: "" } });
    expect(cleared.json()).toMatchObject({ phone_number: null });
    const long = await server.call("PATCH", "/api/v1/user/profile/", {
      token: access,
      body: { phone_number: "1".repeat(33) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ phone_number: ["Ensure this field has no more than 32 characters."] });
  });

  it("refuses a pre-2FA token", async () => {
    const pending = await server.signIn("twofa@example.com");
    const res = await server.call("PATCH", "/api/v1/user/profile/", {
      token: pending.access,
      body: { first_name: "Sneaky" },
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow("twofa@example.com")).first_name).not.toBe("Sneaky");
  });
});

describe("changePassword", () => {
  const email = "analyst@example.com";
  const change = (token: string, body: Record<string, string>) =>
    server.call("POST", "/api/v1/user/change-password/", { token, body });

  it("refuses a wrong current password and changes nothing: the password, the other sessions", async () => {
    const current = await server.signIn(email);
    const other = await server.signIn(email);
    const before = await userRow(email);
    const res = await change(current.access, {
      current_password: "not my password",
      password: "a brand new password",
      password_confirm: "a brand new password",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ current_password: ["Your current password is incorrect."] });
    expect((await userRow(email)).password_hash).toBe(before.password_hash);
    expect((await profile(other.access)).statusCode).toBe(200);
    await expect(server.signIn(email, "demo")).resolves.toMatchObject({ two_fa: "INACTIVE" });
  });

  it("says which rule the new password breaks: too short, not confirmed, the same as now", async () => {
    const { access } = await server.signIn(email);
    const short = await change(access, { current_password: "demo", password: "short", password_confirm: "short" });
    expect(short.json()).toEqual({
      password: ["This password is too short. It must contain at least 8 characters."],
    });
    const long = "x".repeat(129);
    expect((await change(access, { current_password: "demo", password: long, password_confirm: long })).json()).toEqual(
      { password: ["This password is too long. It must contain at most 128 characters."] },
    );
    const differ = await change(access, {
      current_password: "demo",
      password: "a brand new password",
      password_confirm: "a brand new passwort",
    });
    expect(differ.json()).toEqual({ password_confirm: ["The two password fields didn't match."] });
    // The seeded password is too short to be reused, so make the account's password a valid one first.
    const set = await change(access, {
      current_password: "demo",
      password: "long enough 1",
      password_confirm: "long enough 1",
    });
    expect(set.statusCode).toBe(200);
    const same = await change(access, {
      current_password: "long enough 1",
      password: "long enough 1",
      password_confirm: "long enough 1",
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ password: ["The new password must be different from your current password."] });
    expect(
      (await change(access, { current_password: "long enough 1", password: "demo", password_confirm: "demo" }))
        .statusCode,
    ).toBe(400);
  });

  it("sets the new password, keeps this session and ends every other one", async () => {
    const member = "member@example.com";
    await forgetSessions(member);
    const current = await server.signIn(member);
    const other = await server.signIn(member);
    const bystander = await server.signIn("admin@example.com");
    const res = await change(current.access, {
      current_password: "demo",
      password: "member's new password",
      password_confirm: "member's new password",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signed_out: 1 });
    expect((await profile(current.access)).statusCode).toBe(200);
    expect((await refresh(current.refresh)).statusCode).toBe(200);
    expect((await profile(other.access)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect((await profile(bystander.access)).statusCode).toBe(200);
    const old = await server.call("POST", "/api/v1/auth/login/", { body: { email: member, password: "demo" } });
    expect(old.statusCode).toBe(400);
    await expect(server.signIn(member, "member's new password")).resolves.toMatchObject({ two_fa: "INACTIVE" });
    const audit = await sql<{
      action: string;
    }>`select action from audit_events where action = 'password.change'`.execute(server.services.db);
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it("voids a reset link asked for before the change", async () => {
    await server.call("POST", "/api/v1/auth/forgot-password/", { body: { email: "superadmin@example.com" } });
    const jobs = await sql<{ data: { text: string } }>`
      select data from pgboss.job where name = 'mail' and data->>'to' = 'superadmin@example.com'`.execute(
      server.services.db,
    );
    const token = /reset-password\/(\S+)/.exec(jobs.rows[0]?.data.text ?? "")?.[1] ?? "";
    const { access } = await server.signIn("superadmin@example.com");
    expect(
      (
        await change(access, {
          current_password: "demo",
          password: "owner password 1",
          password_confirm: "owner password 1",
        })
      ).statusCode,
    ).toBe(200);
    const reset = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "attacker password", password_confirm: "attacker password" },
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe("two-factor authentication from settings", () => {
  it("turns on through the set-up with a QR code: a wrong code changes nothing, a right one makes it ACTIVE", async () => {
    const email = "admin@example.com";
    const session = await server.signIn(email);
    const setup = await server.call("GET", "/api/v1/auth/2fa/setup/", { token: session.access });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    // Asked again (a reload), the same key: the authenticator already scanned still works.
    expect((await server.call("GET", "/api/v1/auth/2fa/setup/", { token: session.access })).json().secret).toBe(secret);
    expect((await userRow(email)).two_fa).toBe("INACTIVE");

    const wrong = await server.call("POST", "/api/v1/user/2fa/enable/", {
      token: session.access,
      body: { otp: code(secret, Date.now() - 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ otp: ["Invalid code. Try again."] });
    expect((await userRow(email)).two_fa).toBe("INACTIVE");

    const right = await server.call("POST", "/api/v1/user/2fa/enable/", {
      token: session.access,
      body: { otp: code(secret) },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ email, two_fa: "ACTIVE" });
    // This sign-in goes on; the next one asks for a code.
    expect((await profile(session.access)).statusCode).toBe(200);
    expect((await server.signIn(email)).two_fa).toBe("ACTIVE");
    const again = await server.call("GET", "/api/v1/auth/2fa/setup/", { token: session.access });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ["Two-factor authentication is already on."] });
  });

  it("turns off only with the password and a valid current code; either wrong changes nothing", async () => {
    const email = "admin@example.com";
    // The test above used this step's code; as if the next minute had come.
    await sql`delete from throttle_hits`.execute(server.services.db);
    await sql`update users set totp_last_step = null where email = ${email}`.execute(server.services.db);
    const pending = await server.signIn(email);
    const { totp_secret: secret } = await userRow(email);
    if (!secret) throw new Error("the account has no secret");
    // Sign in fully with this step's code, so the code steps below are later ones.
    const full = (
      await server.call("POST", "/api/v1/auth/2fa/verify/", { token: pending.access, body: { otp: code(secret) } })
    ).json();
    const next = code(secret, Date.now() + 30_000);
    const disable = (body: Record<string, string>) =>
      server.call("POST", "/api/v1/user/2fa/disable/", { token: full.access, body });

    const badCode = await disable({ password: "demo", otp: code(secret, Date.now() - 10 * 60_000) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({ otp: ["Invalid code. Try again."] });
    const badPassword = await disable({ password: "wrong", otp: next });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({ password: ["Your password is incorrect."] });
    const reused = await disable({ password: "demo", otp: code(secret) });
    expect(reused.json()).toEqual({ otp: ["Invalid code. Try again."] });
    expect(await userRow(email)).toMatchObject({ two_fa: "ACTIVE", totp_secret: secret });

    const off = await disable({ password: "demo", otp: next });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ two_fa: "INACTIVE" });
    expect(await userRow(email)).toMatchObject({ two_fa: "INACTIVE", totp_secret: null });
    expect((await server.signIn(email)).two_fa).toBe("INACTIVE");
    const actions = await sql<{ action: string }>`
      select action from audit_events where action like 'two_fa.%' order by id`.execute(server.services.db);
    expect(actions.rows.map((r) => r.action)).toEqual(["two_fa.activate", "two_fa.deactivate"]);
  });

  it("refuses to confirm without a started set-up, and to turn off what is not on", async () => {
    const { access } = await server.signIn("member@example.com", "member's new password");
    const enable = await server.call("POST", "/api/v1/user/2fa/enable/", { token: access, body: { otp: "123456" } });
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toHaveProperty("non_field_errors");
    const disable = await server.call("POST", "/api/v1/user/2fa/disable/", {
      token: access,
      body: { password: "member's new password", otp: "123456" },
    });
    expect(disable.statusCode).toBe(400);
    expect(disable.json()).toEqual({ non_field_errors: ["Two-factor authentication is not on."] });
  });
});

describe("signOutOtherSessions", () => {
  it("ends the account's other sessions, keeps the caller's, and touches no other account", async () => {
    const email = "superadmin@example.com";
    const password = "owner password 1";
    await forgetSessions(email);
    const mine = await server.signIn(email, password);
    const laptop = await server.signIn(email, password);
    const phone = await server.signIn(email, password);
    const bystander = await server.signIn("analyst@example.com", "long enough 1");
    const res = await server.call("POST", "/api/v1/user/sessions/sign-out-others/", { token: mine.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: "2 other sessions were signed out.", signed_out: 2 });
    for (const other of [laptop, phone]) {
      expect((await profile(other.access)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(401);
    }
    expect((await profile(mine.access)).statusCode).toBe(200);
    const rotated = await refresh(mine.refresh);
    expect(rotated.statusCode).toBe(200);
    expect((await profile(rotated.json().access)).statusCode).toBe(200);
    expect((await profile(bystander.access)).statusCode).toBe(200);
    // Nothing left to end.
    const again = await server.call("POST", "/api/v1/user/sessions/sign-out-others/", {
      token: rotated.json().access,
    });
    expect(again.json()).toEqual({ detail: "There were no other sessions to sign out.", signed_out: 0 });
  });

  it("every role may sign out its own other sessions; a pre-2FA token may not", async () => {
    // The passwords the tests above left each account with.
    const passwords: Record<string, string> = {
      "superadmin@example.com": "owner password 1",
      "analyst@example.com": "long enough 1",
      "admin@example.com": "demo",
      "member@example.com": "member's new password",
    };
    for (const [email, password] of Object.entries(passwords)) {
      const { access } = await server.signIn(email, password);
      const res = await server.call("POST", "/api/v1/user/sessions/sign-out-others/", { token: access });
      expect(res.statusCode, email).toBe(200);
      expect((await profile(access)).statusCode, email).toBe(200);
    }
    const pending = await server.signIn("twofa@example.com");
    const refused = await server.call("POST", "/api/v1/user/sessions/sign-out-others/", { token: pending.access });
    expect(refused.statusCode).toBe(403);
  });
});
