import { sql } from "kysely";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { DEMO_TOTP_SECRET } from "../../seed/load.ts";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

function resetToken(text: string | undefined): string {
  const token = /reset-password\/(\S+)/.exec(text ?? "")?.[1];
  if (!token) throw new Error(`no reset link in ${text}`);
  return token;
}

const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at });

describe("sign-in", () => {
  it("signs in with the demo password and reads the profile", async () => {
    const { access, two_fa } = await server.signIn("admin@example.com");
    expect(two_fa).toBe("INACTIVE");
    const res = await server.call("GET", "/api/v1/user/profile/", { token: access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "admin@example.com", role: "CLIENT_ADMIN", role_display: "Admin" });
    expect(res.json()).not.toHaveProperty("password_hash");
    expect(res.json()).not.toHaveProperty("totp_secret");
  });

  it("answers a wrong password and an unknown address alike, with 400 and non_field_errors", async () => {
    const wrong = await server.call("POST", "/api/v1/auth/login/", {
      body: { email: "admin@example.com", password: "nope" },
    });
    const unknown = await server.call("POST", "/api/v1/auth/login/", {
      body: { email: "nobody@example.com", password: "demo" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
  });

  it("gives field errors for a malformed body", async () => {
    const res = await server.call("POST", "/api/v1/auth/login", { body: { email: "not an address" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ["Enter a valid email address."], password: ["This field is required."] });
  });

  it("serves more sign-ins at once than the database pool has connections", async () => {
    // Each sign-in once held a pooled connection while it took a second one: with the pool full of
    // sign-ins, every one of them waited for ever.
    const accounts = (
      await sql<{ email: string }>`select email from users where is_active and two_fa = 'INACTIVE'
                                    order by id limit 12`.execute(server.services.db)
    ).rows.map((r) => r.email);
    expect(accounts.length).toBe(12);
    const attempts = [...accounts, ...accounts].map((email, i) =>
      server.call("POST", "/api/v1/auth/login/", {
        body: { email, password: "demo" },
        headers: { "x-forwarded-for": `10.77.0.${i + 1}` },
      }),
    );
    const answers = await Promise.race([
      Promise.all(attempts),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 45_000)),
    ]);
    expect(answers?.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
  });

  it("throttles an account after ten failures, with Retry-After, counted in PostgreSQL", async () => {
    const body = { email: "member@example.com", password: "wrong password" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await server.call("POST", "/api/v1/auth/login/", { body })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const last = await server.call("POST", "/api/v1/auth/login/", { body: { ...body, password: "demo" } });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    const rows = await sql<{
      hits: number;
    }>`select hits from throttle_hits where key = 'login:account:member@example.com'`.execute(server.services.db);
    expect(rows.rows[0]?.hits).toBe(12);
  });
});

describe("tokens", () => {
  it("refuses a forged, a tampered and an expired access token with 401", async () => {
    const { access } = await server.signIn("analyst@example.com");
    const [h = "", p = "", signature = ""] = access.split(".");
    const forged = `${h}.${p}.${"A".repeat(43)}`;
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: "1" })).toString("base64url")}.${signature}`;
    const expired = await server.services.tokens.signAccess(
      { userId: payload.sub, family: payload.sid, pending: false },
      -10 as never,
    );
    for (const token of [forged, tampered, expired, "garbage"]) {
      const res = await server.call("GET", "/api/v1/user/profile/", { token });
      expect(res.statusCode, token).toBe(401);
    }
    expect((await server.call("GET", "/api/v1/user/profile/")).statusCode).toBe(401);
  });

  it("rotates the refresh token; a rotated token presented again revokes the whole sign-in", async () => {
    const first = await server.signIn("analyst@example.com");
    const second = (
      await server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: first.refresh } })
    ).json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: second.access })).statusCode).toBe(200);
    // Outside the concurrency grace window, the first token comes back: theft or not, the family ends.
    await sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`.execute(
      server.services.db,
    );
    expect(
      (await server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: first.refresh } })).statusCode,
    ).toBe(401);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: second.access })).statusCode).toBe(401);
    expect(
      (await server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: second.refresh } })).statusCode,
    ).toBe(401);
  });

  it("logout revokes the refresh family and the access token", async () => {
    const session = await server.signIn("superadmin@example.com");
    const out = await server.call("POST", "/api/v1/auth/logout/", {
      token: session.access,
      body: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: session.access })).statusCode).toBe(401);
    expect(
      (await server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: session.refresh } })).statusCode,
    ).toBe(401);
  });
});

describe("two-factor authentication", () => {
  it("an ACTIVE account gets a pre-2FA token that only the 2FA step accepts; a code works once", async () => {
    const pending = await server.signIn("twofa@example.com");
    expect(pending.two_fa).toBe("ACTIVE");
    expect((await server.call("GET", "/api/v1/user/profile/", { token: pending.access })).statusCode).toBe(403);
    const wrong = await server.call("POST", "/api/v1/auth/2fa/verify/", {
      token: pending.access,
      body: { otp: "000000" },
    });
    expect(wrong.statusCode).toBe(400);
    const otp = code(DEMO_TOTP_SECRET);
    const full = await server.call("POST", "/api/v1/auth/2fa/verify/", { token: pending.access, body: { otp } });
    expect(full.statusCode).toBe(200);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: full.json().access })).statusCode).toBe(200);
    // The same code again, on a new sign-in: its time step was used.
    const again = await server.signIn("twofa@example.com");
    const replay = await server.call("POST", "/api/v1/auth/2fa/verify/", { token: again.access, body: { otp } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ otp: ["Invalid code. Try again."] });
  });

  it("throttles wrong codes", async () => {
    // The test above used this account's codes; start from a clean count.
    await sql`delete from throttle_hits where key like 'otp:%'`.execute(server.services.db);
    const pending = await server.signIn("twofa@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await server.call("POST", "/api/v1/auth/2fa/verify/", { token: pending.access, body: { otp: "111111" } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("a SETUP account enrols an authenticator and becomes ACTIVE", async () => {
    const pending = await server.signIn("setup2fa@example.com");
    expect(pending.two_fa).toBe("SETUP");
    const setup = await server.call("GET", "/api/v1/auth/2fa/setup/", { token: pending.access });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri } = setup.json();
    expect(otpauth_uri).toContain(`secret=${secret}`);
    const done = await server.call("POST", "/api/v1/auth/2fa/setup/verify/", {
      token: pending.access,
      body: { otp: code(secret) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().two_fa).toBe("ACTIVE");
    const audit = await sql<{
      action: string;
    }>`select action from audit_events where action = 'two_fa.activate'`.execute(server.services.db);
    expect(audit.rows).toHaveLength(1);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses, and mails a single-use link for a known one", async () => {
    const known = await server.call("POST", "/api/v1/auth/forgot-password/", { body: { email: "member@example.com" } });
    const unknown = await server.call("POST", "/api/v1/auth/forgot-password/", {
      body: { email: "ghost@example.com" },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const jobs = await sql<{
      data: { to: string; text: string };
    }>`select data from pgboss.job where name = 'mail'`.execute(server.services.db);
    expect(jobs.rows.map((r) => r.data.to)).toEqual(["member@example.com"]);
    const token = resetToken(jobs.rows[0]?.data.text);

    const mismatch = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "new password 1", password_confirm: "other" },
    });
    expect(mismatch.statusCode).toBe(400);
    const reset = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "new password 1", password_confirm: "new password 1" },
    });
    expect(reset.statusCode).toBe(200);
    const reuse = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "new password 2", password_confirm: "new password 2" },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ token: ["This reset link is invalid or has expired."] });
    await expect(server.signIn("member@example.com", "new password 1")).resolves.toMatchObject({ two_fa: "INACTIVE" });
  });

  it("an expired link does not work", async () => {
    await server.call("POST", "/api/v1/auth/forgot-password/", { body: { email: "analyst@example.com" } });
    const jobs = await sql<{
      data: { to: string; text: string };
    }>`select data from pgboss.job where name = 'mail' and data->>'to' = 'analyst@example.com'`.execute(
      server.services.db,
    );
    const token = resetToken(jobs.rows[0]?.data.text);
    await sql`update one_time_tokens set expires_at = now() - interval '1 second'`.execute(server.services.db);
    const res = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "new password 1", password_confirm: "new password 1" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the first super admin", () => {
  it("create-admin makes an account with no usable password and a link that sets one", async () => {
    const { createSuperAdmin } = await import("../../auth/superAdmin.ts");
    const token = await createSuperAdmin(server.services.db, "Owner@Example.com");
    expect(
      (await server.call("POST", "/api/v1/auth/login/", { body: { email: "owner@example.com", password: "demo" } }))
        .statusCode,
    ).toBe(400);
    const set = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token, password: "a long owner password", password_confirm: "a long owner password" },
    });
    expect(set.statusCode).toBe(200);
    const session = await server.signIn("owner@example.com", "a long owner password");
    const profile = await server.call("GET", "/api/v1/user/profile/", { token: session.access });
    expect(profile.json()).toMatchObject({ email: "owner@example.com", role: "SUPER_ADMIN", is_superuser: true });
  });
});

describe("the bot check", () => {
  it("with a secret configured, sign-in needs a token the provider accepts; without one the form gets a field error", async () => {
    const { createServer } = await import("node:http");
    const seen: string[] = [];
    const provider = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get("secret")}:${form.get("response")}`);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ success: form.get("secret") === "s3cret" && form.get("response") === "human" }));
      });
    });
    await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
    const address = provider.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const guarded = await testServer({
      BOT_CHECK_SECRET: "s3cret",
      BOT_CHECK_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    try {
      const body = { email: "analyst@example.com", password: "demo" };
      const none = await guarded.call("POST", "/api/v1/auth/login/", { body });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ captcha_token: ["Complete the bot check and try again."] });
      const bot = await guarded.call("POST", "/api/v1/auth/login/", { body: { ...body, captcha_token: "bot" } });
      expect(bot.statusCode).toBe(400);
      const human = await guarded.call("POST", "/api/v1/auth/login/", { body: { ...body, captcha_token: "human" } });
      expect(human.statusCode).toBe(200);
      const forgot = await guarded.call("POST", "/api/v1/auth/forgot-password/", {
        body: { email: "analyst@example.com" },
      });
      expect(forgot.statusCode).toBe(400);
      expect(seen).toEqual(["s3cret:bot", "s3cret:human"]);
    } finally {
      await guarded.close();
      provider.close();
    }
  });
});
