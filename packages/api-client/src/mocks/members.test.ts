import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import { db } from "./index.ts";
import { server } from "./node.ts";
import { raw, signIn } from "./testing.ts";

type User = components["schemas"]["User"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
beforeEach(() => db.resetAll());
afterAll(() => server.close());

const memberPath = (companyId: number, memberId: number, action: string) =>
  `/api/v1/company/${companyId}/member/${memberId}/${action}/`;

async function idOf(email: string, token: string): Promise<number> {
  const r = await raw("GET", `/api/v1/company/1/member/?search=${encodeURIComponent(email)}`, token);
  const found = (r.body as { results: User[] }).results.find((u) => u.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found.id;
}

async function login(email: string) {
  return raw("POST", "/api/v1/auth/login/", null, { email, password: "demo" });
}

describe("member lifecycle in static mode", () => {
  it("deactivates a member: their token stops, refresh and sign-in are refused with a clear message", async () => {
    const admin = await signIn("admin@example.com");
    const signedIn = (await login("member@example.com")).body as { access: string; refresh: string };
    const id = await idOf("member@example.com", admin);

    const r = await raw("POST", memberPath(1, id, "deactivate"), admin);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, is_active: false });

    expect((await raw("GET", "/api/v1/user/profile/", signedIn.access)).status).toBe(401);
    const refresh = await raw("POST", "/api/v1/auth/token/refresh/", null, { refresh: signedIn.refresh });
    expect(refresh.status).toBe(401);
    expect(await login("member@example.com")).toEqual({
      status: 400,
      body: {
        non_field_errors: ["This account has been deactivated. Ask your company's administrator to reactivate it."],
      },
    });
    // The wrong password still gets the usual answer: the message is for the account's owner only.
    const wrong = await raw("POST", "/api/v1/auth/login/", null, { email: "member@example.com", password: "x" });
    expect(wrong.body).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });

    // Still listed, so it can be reactivated; no longer counted.
    const listed = await raw("GET", "/api/v1/company/1/member/?search=member@example.com", admin);
    expect((listed.body as { results: User[] }).results[0]).toMatchObject({ id, is_active: false });

    const back = await raw("POST", memberPath(1, id, "reactivate"), admin);
    expect(back).toMatchObject({ status: 200, body: { id, is_active: true } });
    expect((await login("member@example.com")).status).toBe(200);
  });

  it("refuses deactivating oneself (400), a member (403) and another company's member (404)", async () => {
    const admin = await signIn("admin@example.com");
    const self = await idOf("admin@example.com", admin);
    expect(await raw("POST", memberPath(1, self, "deactivate"), admin)).toEqual({
      status: 400,
      body: { non_field_errors: ["You cannot deactivate your own account."] },
    });
    const member = await signIn("member@example.com");
    const other = await idOf("twofa@example.com", admin);
    for (const action of ["deactivate", "reactivate", "resend-invitation", "reset-2fa"]) {
      expect((await raw("POST", memberPath(1, other, action), member)).status).toBe(403);
    }
    const foreign = db.get().users.find((u) => u.company_id === 2);
    if (!foreign) throw new Error("company 2 has no members");
    for (const action of ["deactivate", "reactivate", "resend-invitation", "reset-2fa"]) {
      expect((await raw("POST", memberPath(2, foreign.id, action), admin)).status).toBe(404);
      expect((await raw("POST", memberPath(1, foreign.id, action), admin)).status).toBe(404);
    }
    expect(foreign.is_active).not.toBe(false);
  });

  it("resends an invitation only while one is pending", async () => {
    const admin = await signIn("admin@example.com");
    const created = await raw("POST", "/api/v1/company/1/member/", admin, {
      first_name: "New",
      last_name: "Person",
      email: "new.person@example.test",
      role: "CLIENT",
    });
    const fresh = created.body as User;
    expect(fresh.invitation_pending).toBe(true);
    expect((await raw("POST", memberPath(1, fresh.id, "resend-invitation"), admin)).status).toBe(204);
    const existing = await idOf("member@example.com", admin);
    expect(await raw("POST", memberPath(1, existing, "resend-invitation"), admin)).toEqual({
      status: 400,
      body: { non_field_errors: ["This member has already chosen a password."] },
    });
  });

  it("resets a member's 2FA to SETUP and ends their sign-ins; refuses one without 2FA", async () => {
    const admin = await signIn("admin@example.com");
    const id = await idOf("twofa@example.com", admin);
    const pending = (await login("twofa@example.com")).body as { access: string };
    const r = await raw("POST", memberPath(1, id, "reset-2fa"), admin);
    expect(r).toMatchObject({ status: 200, body: { id, two_fa: "SETUP" } });
    expect((await raw("GET", "/api/v1/auth/2fa/setup/", pending.access)).status).toBe(401);
    expect((await login("twofa@example.com")).body).toMatchObject({ two_fa: "SETUP" });
    const none = await idOf("member@example.com", admin);
    expect(await raw("POST", memberPath(1, none, "reset-2fa"), admin)).toEqual({
      status: 400,
      body: { non_field_errors: ["This member has not turned on two-factor authentication."] },
    });
  });
});
