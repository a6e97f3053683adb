import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { loadContract } from "../../http/contract.ts";

let server: TestServer;
const token: Record<"superadmin" | "analyst" | "admin" | "member", string> = {
  superadmin: "",
  analyst: "",
  admin: "",
  member: "",
};

beforeAll(async () => {
  server = await testServer();
  for (const who of Object.keys(token) as (keyof typeof token)[]) {
    token[who] = (await server.signIn(`${who}@example.com`)).access;
  }
});
afterAll(async () => {
  await server.close();
});

const db = () => server.services.db;

/** The answer matches the contract's schema for this operation and status. */
function conforms(operationId: string, res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const contract = loadContract();
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const validate = contract.responseValidator(op, status);
  if (!validate) throw new Error(`no schema for ${operationId} ${status}`);
  validate(res.json());
  expect(validate.errors ?? null).toBeNull();
}

const call = (who: keyof typeof token, method: string, url: string, body?: unknown) =>
  server.call(method, url, { token: token[who], ...(body === undefined ? {} : { body }) });

async function companyRow(id: number) {
  return (
    await sql<{
      name: string;
      email: string;
      description: string | null;
      updated_at: string;
    }>`select name, email, description, updated_at from companies where id = ${id}`.execute(db())
  ).rows[0];
}

async function userRow(id: number) {
  return (
    await sql<{
      first_name: string;
      last_name: string;
      role: string;
      phone_number: string | null;
      company_id: number | null;
      updated_at: string;
    }>`select first_name, last_name, role, phone_number, company_id, updated_at from users where id = ${id}`.execute(
      db(),
    )
  ).rows[0];
}

async function userByEmail(email: string) {
  return (
    await sql<{
      id: number;
      company_id: number | null;
      role: string;
    }>`select id, company_id, role from users where lower(email) = lower(${email})`.execute(db())
  ).rows[0];
}

async function auditOf(entity: string, entityId: number) {
  return (
    await sql<{
      action: string;
      actor_id: number;
      company_id: number;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>`select action, actor_id, company_id, before, after from audit_events
        where entity = ${entity} and entity_id = ${entityId} order by id`.execute(db())
  ).rows;
}

const auditCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from audit_events`.execute(db())).rows[0]?.n ?? 0;

async function userId(email: string): Promise<number> {
  const row = await userByEmail(email);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A member of a company with a role, other than the demo accounts (tests change them). */
async function someMember(companyId: number, role: string, skip: number[] = []): Promise<number> {
  const row = (
    await sql<{ id: number }>`select id from users where company_id = ${companyId} and role = ${role}
      and email not like '%@example.com' and not (id = any(${skip}::int[])) order by id limit 1`.execute(db())
  ).rows[0];
  if (!row) throw new Error(`company ${companyId} has no ${role}`);
  return row.id;
}

/** Makes every audit insert fail, to break a write after its first statements ran. */
async function withFailingAudit<T>(work: () => Promise<T>): Promise<T> {
  await sql`create or replace function test_fail_audit() returns trigger language plpgsql
            as $$ begin raise exception 'audit store unavailable'; end $$`.execute(db());
  await sql`create trigger test_fail_audit before insert on audit_events
            for each row execute function test_fail_audit()`.execute(db());
  try {
    return await work();
  } finally {
    await sql`drop trigger test_fail_audit on audit_events`.execute(db());
  }
}

function expectServerError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ detail: "A server error occurred." });
}

async function activeMembers(companyId: number) {
  return (
    await sql<{
      id: number;
      role: string;
    }>`select id, role from users where company_id = ${companyId} and is_active order by id`.execute(db())
  ).rows;
}

describe("getMyCompany", () => {
  it("answers a client's own company with its member count and client admins", async () => {
    for (const who of ["admin", "member"] as const) {
      const res = await call(who, "GET", "/api/v1/company/my-company/");
      conforms("getMyCompany", res, 200);
      const body = res.json();
      const members = await activeMembers(1);
      expect(body).toMatchObject({ id: 1, name: "Northwind Logistics" });
      expect(body.members_count).toBe(members.length);
      expect(body.client_admin.map((u: { id: number }) => u.id)).toEqual(
        members.filter((m) => m.role === "CLIENT_ADMIN").map((m) => m.id),
      );
      expect(body.client_admin.map((u: { email: string }) => u.email)).toContain("admin@example.com");
    }
  });

  it("answers 404 to staff, who have no company of their own", async () => {
    for (const who of ["superadmin", "analyst"] as const) {
      expect((await call(who, "GET", "/api/v1/company/my-company/")).statusCode).toBe(404);
    }
  });
});

describe("listCompanies", () => {
  it("lists every company by name for staff", async () => {
    const all = (await sql<{ id: number }>`select id from companies order by lower(name), id`.execute(db())).rows.map(
      (r) => r.id,
    );
    expect(all.length).toBeGreaterThan(1);
    for (const who of ["superadmin", "analyst"] as const) {
      const res = await call(who, "GET", "/api/v1/company/?page_size=100");
      conforms("listCompanies", res, 200);
      expect(res.json().count).toBe(all.length);
      expect(res.json().results.map((c: { id: number }) => c.id)).toEqual(all);
    }
  });

  it("shows a client only their own company, whatever they search for", async () => {
    const res = await call("admin", "GET", "/api/v1/company/");
    conforms("listCompanies", res, 200);
    expect(res.json().count).toBe(1);
    expect(res.json().results.map((c: { id: number }) => c.id)).toEqual([1]);
    const other = await companyRow(2);
    const search = await call("member", "GET", `/api/v1/company/?search=${encodeURIComponent(other?.name ?? "")}`);
    expect(search.json()).toMatchObject({ count: 0, results: [] });
  });

  it("searches name, e-mail and description case-insensitively, and pages by page_size", async () => {
    const byName = await call("superadmin", "GET", "/api/v1/company/?search=NORTHWIND");
    expect(byName.json().results.map((c: { id: number }) => c.id)).toContain(1);
    const company1 = await companyRow(1);
    const byEmail = await call("superadmin", "GET", `/api/v1/company/?search=${company1?.email ?? ""}`);
    expect(byEmail.json().results.map((c: { id: number }) => c.id)).toEqual([1]);
    const literal = await call("superadmin", "GET", "/api/v1/company/?search=%25");
    expect(literal.json().count).toBe(0);

    const total = (await sql<{ n: number }>`select count(*)::int as n from companies`.execute(db())).rows[0]?.n ?? 0;
    const page2 = await call("analyst", "GET", "/api/v1/company/?page_size=2&page=2");
    conforms("listCompanies", page2, 200);
    expect(page2.json()).toMatchObject({ count: total, current_page: 2, page_size: 2, start_index: 3 });
    expect(page2.json().results).toHaveLength(Math.min(2, total - 2));
    const past = await call("analyst", "GET", `/api/v1/company/?page_size=2&page=${Math.ceil(total / 2) + 1}`);
    expect(past.statusCode).toBe(404);
  });
});

describe("getCompany", () => {
  it("answers a client's own company, and 404 for another", async () => {
    conforms("getCompany", await call("admin", "GET", "/api/v1/company/1/"), 200);
    conforms("getCompany", await call("member", "GET", "/api/v1/company/1/"), 200);
    expect((await call("admin", "GET", "/api/v1/company/2/")).statusCode).toBe(404);
    expect((await call("member", "GET", "/api/v1/company/2/")).statusCode).toBe(404);
  });

  it("answers any company to staff, and 404 for one that does not exist", async () => {
    const res = await call("analyst", "GET", "/api/v1/company/2/");
    conforms("getCompany", res, 200);
    expect(res.json().name).toBe((await companyRow(2))?.name);
    expect((await call("superadmin", "GET", "/api/v1/company/999999/")).statusCode).toBe(404);
  });
});

describe("createCompany", () => {
  it("lets a super admin create a company, with its audit row", async () => {
    const res = await call("superadmin", "POST", "/api/v1/company/", {
      name: "  Acme Testing  ",
      email: "security@acme.test",
      description: "Made by a test",
    });
    conforms("createCompany", res, 201);
    const body = res.json();
    expect(body).toMatchObject({
      name: "Acme Testing",
      email: "security@acme.test",
      description: "Made by a test",
      members_count: 0,
      client_admin: [],
    });
    const row = (await sql<{ domain: string }>`select domain from companies where id = ${body.id}`.execute(db()))
      .rows[0];
    expect(row?.domain).toBe("acme.test");
    const audit = await auditOf("company", body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "company.create",
      actor_id: await userId("superadmin@example.com"),
      company_id: body.id,
      after: { name: "Acme Testing", email: "security@acme.test" },
    });
    expect((await call("analyst", "GET", `/api/v1/company/${body.id}/`)).statusCode).toBe(200);
  });

  it("refuses everyone but a super admin with 403, creating nothing", async () => {
    for (const who of ["analyst", "admin", "member"] as const) {
      const res = await call(who, "POST", "/api/v1/company/", { name: `By ${who}`, email: "x@by.test" });
      expect(res.statusCode).toBe(403);
      expect((await sql`select 1 from companies where name = ${`By ${who}`}`.execute(db())).rows).toHaveLength(0);
    }
  });

  it("answers field errors for a taken name, a blank name, a bad e-mail and a missing field", async () => {
    const before = await auditCount();
    const taken = await call("superadmin", "POST", "/api/v1/company/", {
      name: "northwind LOGISTICS",
      email: "a@b.test",
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: ["company with this name already exists."] });
    const blank = await call("superadmin", "POST", "/api/v1/company/", { name: "   ", email: "a@b.test" });
    expect(blank.json()).toEqual({ name: ["This field may not be blank."] });
    const long = await call("superadmin", "POST", "/api/v1/company/", { name: "x".repeat(201), email: "a@b.test" });
    expect(long.json()).toEqual({ name: ["Ensure this field has no more than 200 characters."] });
    const bad = await call("superadmin", "POST", "/api/v1/company/", { name: "Bad Mail Co", email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("email");
    const missing = await call("superadmin", "POST", "/api/v1/company/", { name: "No Mail Co" });
    expect(missing.json()).toEqual({ email: ["This field is required."] });
    expect(await auditCount()).toBe(before);
  });

  it("refuses fields the contract does not declare, by name", async () => {
    const res = await call("superadmin", "POST", "/api/v1/company/", {
      name: "Extra Fields Co",
      email: "a@extra.test",
      id: 77,
      domain: "evil.test",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ["This field is not allowed."], domain: ["This field is not allowed."] });
    expect((await sql`select 1 from companies where name = 'Extra Fields Co'`.execute(db())).rows).toHaveLength(0);
  });

  it("leaves no company behind when the audit write fails", async () => {
    const res = await withFailingAudit(() =>
      call("superadmin", "POST", "/api/v1/company/", { name: "Half Done Co", email: "a@half.test" }),
    );
    expectServerError(res);
    expect((await sql`select 1 from companies where name = 'Half Done Co'`.execute(db())).rows).toHaveLength(0);
  });
});

describe("updateCompany", () => {
  it("lets a client admin edit their own company, with before and after in the audit row", async () => {
    const before = await companyRow(1);
    const res = await call("admin", "PATCH", "/api/v1/company/1/", { description: "Edited by its admin" });
    conforms("updateCompany", res, 200);
    expect(res.json()).toMatchObject({ id: 1, name: before?.name, description: "Edited by its admin" });
    const after = await companyRow(1);
    expect(after?.description).toBe("Edited by its admin");
    expect(after?.updated_at).not.toBe(before?.updated_at);
    const audit = (await auditOf("company", 1)).at(-1);
    expect(audit).toMatchObject({
      action: "company.update",
      actor_id: await userId("admin@example.com"),
      company_id: 1,
      before: { description: before?.description ?? null },
      after: { description: "Edited by its admin" },
    });
  });

  it("answers 404 to a client admin for another company, changing nothing", async () => {
    const before = await companyRow(2);
    const res = await call("admin", "PATCH", "/api/v1/company/2/", { name: "Taken over" });
    expect(res.statusCode).toBe(404);
    expect(await companyRow(2)).toEqual(before);
    expect(await auditOf("company", 2)).toHaveLength(0);
  });

  it("refuses members and analysts with 403", async () => {
    const before = await companyRow(1);
    expect((await call("member", "PATCH", "/api/v1/company/1/", { name: "Mine now" })).statusCode).toBe(403);
    expect((await call("analyst", "PATCH", "/api/v1/company/1/", { name: "Mine now" })).statusCode).toBe(403);
    expect(await companyRow(1)).toEqual(before);
  });

  it("lets a super admin edit any company", async () => {
    const res = await call("superadmin", "PATCH", "/api/v1/company/2/", { email: "new@company-two.test" });
    conforms("updateCompany", res, 200);
    expect((await companyRow(2))?.email).toBe("new@company-two.test");
  });

  it("answers a name another company holds (invisible to the client) with a field error", async () => {
    const other = await companyRow(2);
    const before = await companyRow(1);
    const res = await call("admin", "PATCH", "/api/v1/company/1/", { name: other?.name.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["company with this name already exists."] });
    expect(await companyRow(1)).toEqual(before);
  });

  it("refuses undeclared fields and writes nothing for an empty patch", async () => {
    const before = await companyRow(1);
    const extra = await call("admin", "PATCH", "/api/v1/company/1/", { name: "Renamed", created_at: "2000-01-01" });
    expect(extra.json()).toEqual({ created_at: ["This field is not allowed."] });
    const audits = await auditCount();
    const empty = await call("admin", "PATCH", "/api/v1/company/1/", {});
    conforms("updateCompany", empty, 200);
    expect(await companyRow(1)).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("keeps the company unchanged when the audit write fails", async () => {
    const before = await companyRow(1);
    const res = await withFailingAudit(() =>
      call("admin", "PATCH", "/api/v1/company/1/", { name: "Half Renamed", description: "half" }),
    );
    expectServerError(res);
    expect(await companyRow(1)).toEqual(before);
  });
});

describe("listCompanyMembers", () => {
  it("lists a company's members, admins first, paged by limit", async () => {
    const members = await activeMembers(1);
    const res = await call("admin", "GET", "/api/v1/company/1/member/?limit=5");
    conforms("listCompanyMembers", res, 200);
    const body = res.json();
    expect(body).toMatchObject({ count: members.length, page_size: 5 });
    expect(body.results).toHaveLength(5);
    const admins = members.filter((m) => m.role === "CLIENT_ADMIN").length;
    expect(body.results.slice(0, Math.min(admins, 5)).every((u: { role: string }) => u.role === "CLIENT_ADMIN")).toBe(
      true,
    );

    const everyone = await call("member", "GET", "/api/v1/company/1/member/?limit=1000");
    conforms("listCompanyMembers", everyone, 200);
    expect(everyone.json().page_size).toBe(100);
    const ids = everyone.json().results.map((u: { id: number }) => u.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(members.map((m) => m.id));
    const roles = everyone.json().results.map((u: { role: string }) => u.role);
    const rank = (r: string) => ["CLIENT_ADMIN", "ANALYST", "CLIENT"].indexOf(r);
    expect(roles.map(rank)).toEqual([...roles.map(rank)].sort((a, b) => a - b));
    expect(
      everyone.json().results.every((u: { assigned_company: { id: number } }) => u.assigned_company.id === 1),
    ).toBe(true);
  });

  it("searches names and e-mail", async () => {
    const res = await call("admin", "GET", "/api/v1/company/1/member/?search=MEMBER@example");
    expect(res.json().results.map((u: { email: string }) => u.email)).toEqual(["member@example.com"]);
  });

  it("answers 404 to a client for another company's members; staff see them", async () => {
    expect((await call("admin", "GET", "/api/v1/company/2/member/")).statusCode).toBe(404);
    expect((await call("member", "GET", "/api/v1/company/2/member/")).statusCode).toBe(404);
    const res = await call("analyst", "GET", "/api/v1/company/2/member/");
    conforms("listCompanyMembers", res, 200);
    expect(res.json().count).toBe((await activeMembers(2)).length);
  });
});

describe("getCompanyMember", () => {
  it("answers a member of the caller's company", async () => {
    const id = await userId("member@example.com");
    const res = await call("admin", "GET", `/api/v1/company/1/member/${id}/`);
    conforms("getCompanyMember", res, 200);
    expect(res.json()).toMatchObject({ id, email: "member@example.com", role: "CLIENT" });
    expect(res.json()).not.toHaveProperty("password_hash");
  });

  it("answers 404 for another company's member, by either path", async () => {
    const stranger = await someMember(2, "CLIENT");
    expect((await call("admin", "GET", `/api/v1/company/2/member/${stranger}/`)).statusCode).toBe(404);
    expect((await call("admin", "GET", `/api/v1/company/1/member/${stranger}/`)).statusCode).toBe(404);
    expect((await call("superadmin", "GET", `/api/v1/company/1/member/${stranger}/`)).statusCode).toBe(404);
    conforms("getCompanyMember", await call("analyst", "GET", `/api/v1/company/2/member/${stranger}/`), 200);
  });
});

describe("createCompanyMember", () => {
  const newMember = (email: string, extra: Record<string, unknown> = {}) => ({
    first_name: " New ",
    last_name: "Member",
    email,
    role: "CLIENT",
    ...extra,
  });

  it("lets a client admin add a member, who is invited by e-mail and sets a password through the reset screen", async () => {
    const companyBefore = await companyRow(1);
    const res = await call("admin", "POST", "/api/v1/company/1/member/", newMember("invitee@northwind.test"));
    conforms("createCompanyMember", res, 201);
    const body = res.json();
    expect(body).toMatchObject({
      first_name: "New",
      email: "invitee@northwind.test",
      username: "invitee@northwind.test",
      role: "CLIENT",
      is_superuser: false,
      assigned_company: { id: 1, name: "Northwind Logistics" },
    });
    expect((await userByEmail("invitee@northwind.test"))?.company_id).toBe(1);
    expect((await companyRow(1))?.updated_at).not.toBe(companyBefore?.updated_at);

    const audit = await auditOf("user", body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "member.create", company_id: 1, after: { role: "CLIENT" } });
    expect(JSON.stringify(audit[0])).not.toContain("argon2");

    const tokens = await sql<{
      purpose: string;
      days: number;
    }>`select purpose, extract(day from expires_at - created_at)::int as days from one_time_tokens where user_id = ${body.id}`.execute(
      db(),
    );
    expect(tokens.rows).toEqual([{ purpose: "INVITATION", days: 7 }]);

    // The unusable password: nobody can sign in until the invitation is used.
    const demo = await server.call("POST", "/api/v1/auth/login/", {
      body: { email: "invitee@northwind.test", password: "demo" },
    });
    expect(demo.statusCode).toBe(400);

    const mail = await sql<{
      data: { to: string; subject: string; text: string };
    }>`select data from pgboss.job where name = 'mail' and data->>'to' = 'invitee@northwind.test'`.execute(db());
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]?.data.subject).toContain("Northwind Logistics");
    const link = /(\S+)\/auth\/reset-password\/(\S+)/.exec(mail.rows[0]?.data.text ?? "");
    expect(link?.[1]).toBe(server.services.config.publicOrigin);
    const invitation = link?.[2] ?? "";

    const reset = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token: invitation, password: "invited password 1", password_confirm: "invited password 1" },
    });
    expect(reset.statusCode).toBe(200);
    await expect(server.signIn("invitee@northwind.test", "invited password 1")).resolves.toMatchObject({
      two_fa: "INACTIVE",
    });
    const again = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token: invitation, password: "invited password 2", password_confirm: "invited password 2" },
    });
    expect(again.json()).toEqual({ token: ["This reset link is invalid or has expired."] });
  });

  it("lets a super admin add an analyst to any company", async () => {
    const res = await call(
      "superadmin",
      "POST",
      "/api/v1/company/2/member/",
      newMember("analyst2@company-two.test", { role: "ANALYST", username: "analyst-two", phone_number: "+1 555" }),
    );
    conforms("createCompanyMember", res, 201);
    expect(res.json()).toMatchObject({ role: "ANALYST", username: "analyst-two", phone_number: "+1 555" });
    expect((await userByEmail("analyst2@company-two.test"))?.company_id).toBe(2);
  });

  it("answers 404 to a client admin adding to another company, creating nothing", async () => {
    const res = await call("admin", "POST", "/api/v1/company/2/member/", newMember("sneaky@company-two.test"));
    expect(res.statusCode).toBe(404);
    expect(await userByEmail("sneaky@company-two.test")).toBeUndefined();
  });

  it("refuses members and analysts with 403", async () => {
    for (const who of ["member", "analyst"] as const) {
      const res = await call(who, "POST", "/api/v1/company/1/member/", newMember(`by-${who}@northwind.test`));
      expect(res.statusCode).toBe(403);
      expect(await userByEmail(`by-${who}@northwind.test`)).toBeUndefined();
    }
  });

  it("refuses role escalation with a field error on role", async () => {
    const analyst = await call(
      "admin",
      "POST",
      "/api/v1/company/1/member/",
      newMember("would-be-analyst@northwind.test", { role: "ANALYST" }),
    );
    expect(analyst.statusCode).toBe(400);
    expect(analyst.json()).toEqual({ role: ["Only a super admin can grant the Analyst role."] });
    for (const who of ["admin", "superadmin"] as const) {
      const res = await call(
        who,
        "POST",
        "/api/v1/company/1/member/",
        newMember("would-be-super@northwind.test", { role: "SUPER_ADMIN" }),
      );
      expect(res.json()).toEqual({ role: ["A super admin cannot be assigned to a company."] });
    }
    expect(await userByEmail("would-be-analyst@northwind.test")).toBeUndefined();
    expect(await userByEmail("would-be-super@northwind.test")).toBeUndefined();
    const admin = await call("admin", "POST", "/api/v1/company/1/member/", {
      ...newMember("co-admin@northwind.test"),
      role: "CLIENT_ADMIN",
    });
    conforms("createCompanyMember", admin, 201);
  });

  it("refuses staff-only and undeclared fields by name (mass assignment)", async () => {
    const res = await call(
      "admin",
      "POST",
      "/api/v1/company/1/member/",
      newMember("mass@northwind.test", { is_superuser: true, company: 2, assigned_company: { id: 2 }, password: "x" }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      is_superuser: ["This field is not allowed."],
      company: ["This field is not allowed."],
      assigned_company: ["This field is not allowed."],
      password: ["This field is not allowed."],
    });
    expect(await userByEmail("mass@northwind.test")).toBeUndefined();
  });

  it("answers a taken e-mail (even another company's) and blank names with field errors", async () => {
    const stranger = (await sql<{ email: string }>`select email from users where company_id = 2 limit 1`.execute(db()))
      .rows[0]?.email;
    const taken = await call("admin", "POST", "/api/v1/company/1/member/", newMember(stranger?.toUpperCase() ?? ""));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ["user with this email already exists."] });
    const blank = await call("admin", "POST", "/api/v1/company/1/member/", {
      ...newMember("blank@northwind.test"),
      first_name: " ",
      last_name: "",
    });
    expect(blank.json()).toEqual({
      first_name: ["This field may not be blank."],
      last_name: ["This field may not be blank."],
    });
    const missing = await call("admin", "POST", "/api/v1/company/1/member/", { email: "m@northwind.test" });
    expect(Object.keys(missing.json()).sort()).toEqual(["first_name", "last_name", "role"]);
    expect(await userByEmail("blank@northwind.test")).toBeUndefined();
  });

  it("leaves no member, token or audit row behind when the mail cannot be queued", async () => {
    const audits = await auditCount();
    const companyBefore = await companyRow(1);
    const jobs = server.services.jobs;
    const send = jobs.sendInTx;
    jobs.sendInTx = async () => {
      throw new Error("mail queue unavailable");
    };
    try {
      expectServerError(await call("admin", "POST", "/api/v1/company/1/member/", newMember("lost@northwind.test")));
    } finally {
      jobs.sendInTx = send;
    }
    expect(await userByEmail("lost@northwind.test")).toBeUndefined();
    expect(await auditCount()).toBe(audits);
    expect(await companyRow(1)).toEqual(companyBefore);
  });
});

describe("updateCompanyMember", () => {
  it("lets a client admin change a member's details and role, with the audit row", async () => {
    const id = await someMember(1, "CLIENT");
    const before = await userRow(id);
    const res = await call("admin", "PATCH", `/api/v1/company/1/member/${id}/`, {
      phone_number: "+44 20 0000",
      role: "CLIENT_ADMIN",
    });
    conforms("updateCompanyMember", res, 200);
    expect(res.json()).toMatchObject({ id, role: "CLIENT_ADMIN", role_display: "Admin", phone_number: "+44 20 0000" });
    expect(await userRow(id)).toMatchObject({ role: "CLIENT_ADMIN", phone_number: "+44 20 0000" });
    expect((await auditOf("user", id)).at(-1)).toMatchObject({
      action: "member.update",
      actor_id: await userId("admin@example.com"),
      company_id: 1,
      before: { phone_number: before?.phone_number ?? null, role: "CLIENT" },
      after: { phone_number: "+44 20 0000", role: "CLIENT_ADMIN" },
    });
  });

  it("refuses a client admin granting Analyst or Super Admin (400) and changing their own role", async () => {
    const id = await someMember(1, "CLIENT");
    const before = await userRow(id);
    const analyst = await call("admin", "PATCH", `/api/v1/company/1/member/${id}/`, { role: "ANALYST" });
    expect(analyst.statusCode).toBe(400);
    expect(analyst.json()).toEqual({ role: ["Only a super admin can grant the Analyst role."] });
    const superAdmin = await call("admin", "PATCH", `/api/v1/company/1/member/${id}/`, { role: "SUPER_ADMIN" });
    expect(superAdmin.json()).toEqual({ role: ["A super admin cannot be assigned to a company."] });
    expect(await userRow(id)).toEqual(before);

    const self = await userId("admin@example.com");
    const demote = await call("admin", "PATCH", `/api/v1/company/1/member/${self}/`, { role: "CLIENT" });
    expect(demote.json()).toEqual({ role: ["You cannot change your own role."] });
    expect((await userRow(self))?.role).toBe("CLIENT_ADMIN");
    const rename = await call("admin", "PATCH", `/api/v1/company/1/member/${self}/`, { first_name: "Hannah" });
    conforms("updateCompanyMember", rename, 200);
  });

  it("refuses a client admin changing a staff member of their company (403)", async () => {
    const analyst = await someMember(1, "ANALYST");
    const before = await userRow(analyst);
    const res = await call("admin", "PATCH", `/api/v1/company/1/member/${analyst}/`, { role: "CLIENT" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "You do not have permission to change a member with the Analyst role." });
    expect(await userRow(analyst)).toEqual(before);
  });

  it("lets a super admin grant Analyst", async () => {
    const id = await someMember(2, "CLIENT");
    const res = await call("superadmin", "PATCH", `/api/v1/company/2/member/${id}/`, { role: "ANALYST" });
    conforms("updateCompanyMember", res, 200);
    expect((await userRow(id))?.role).toBe("ANALYST");
  });

  it("answers 404 for another company's member, changing nothing", async () => {
    const stranger = await someMember(2, "CLIENT");
    const before = await userRow(stranger);
    for (const url of [`/api/v1/company/2/member/${stranger}/`, `/api/v1/company/1/member/${stranger}/`]) {
      expect((await call("admin", "PATCH", url, { first_name: "Hijacked", role: "CLIENT_ADMIN" })).statusCode).toBe(
        404,
      );
    }
    expect(await userRow(stranger)).toEqual(before);
  });

  it("refuses members and analysts with 403", async () => {
    const id = await someMember(1, "CLIENT", [await userId("member@example.com")]);
    const before = await userRow(id);
    expect(
      (await call("member", "PATCH", `/api/v1/company/1/member/${id}/`, { role: "CLIENT_ADMIN" })).statusCode,
    ).toBe(403);
    expect((await call("analyst", "PATCH", `/api/v1/company/1/member/${id}/`, { last_name: "X" })).statusCode).toBe(
      403,
    );
    expect(await userRow(id)).toEqual(before);
  });

  it("refuses staff-only and undeclared fields by name (mass assignment)", async () => {
    const id = await someMember(1, "CLIENT");
    const before = await userRow(id);
    const res = await call("admin", "PATCH", `/api/v1/company/1/member/${id}/`, {
      first_name: "Changed",
      is_superuser: true,
      email: "taken-over@evil.test",
      company: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      is_superuser: ["This field is not allowed."],
      email: ["This field is not allowed."],
      company: ["This field is not allowed."],
    });
    expect(await userRow(id)).toEqual(before);
  });

  it("keeps the member unchanged when the audit write fails", async () => {
    const id = await someMember(1, "CLIENT");
    const before = await userRow(id);
    const res = await withFailingAudit(() =>
      call("admin", "PATCH", `/api/v1/company/1/member/${id}/`, { first_name: "Half", role: "CLIENT_ADMIN" }),
    );
    expectServerError(res);
    expect(await userRow(id)).toEqual(before);
  });
});

describe("member lifecycle (issue 28)", () => {
  const path = (companyId: number, memberId: number, action: string) =>
    `/api/v1/company/${companyId}/member/${memberId}/${action}/`;
  const DEACTIVATED = "This account has been deactivated. Ask your company's administrator to reactivate it.";

  async function emailOf(id: number): Promise<string> {
    const row = (await sql<{ email: string }>`select email from users where id = ${id}`.execute(db())).rows[0];
    if (!row) throw new Error(`no user ${id}`);
    return row.email;
  }

  const liveSessions = async (id: number) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from refresh_tokens where user_id = ${id} and revoked_at is null`.execute(db())
    ).rows[0]?.n ?? 0;

  it("deactivates a member: their access and refresh tokens are refused and sign-in says why; reactivation undoes it", async () => {
    const id = await someMember(1, "CLIENT");
    const email = await emailOf(id);
    const session = await server.signIn(email);
    const countBefore = (await call("admin", "GET", "/api/v1/company/1/")).json().members_count;

    const res = await call("admin", "POST", path(1, id, "deactivate"));
    conforms("deactivateCompanyMember", res, 200);
    expect(res.json()).toMatchObject({ id, is_active: false });
    expect(await liveSessions(id)).toBe(0);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: session.access })).statusCode).toBe(401);
    const refresh = await server.call("POST", "/api/v1/auth/token/refresh/", { body: { refresh: session.refresh } });
    expect(refresh.statusCode).toBe(401);
    const login = await server.call("POST", "/api/v1/auth/login/", { body: { email, password: "demo" } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ non_field_errors: [DEACTIVATED] });
    // Without the password nothing tells whether the account exists or was deactivated.
    const wrong = await server.call("POST", "/api/v1/auth/login/", { body: { email, password: "not it" } });
    expect(wrong.json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });

    // Listed, so it can be reactivated; no longer counted.
    const listed = await call("admin", "GET", `/api/v1/company/1/member/?search=${encodeURIComponent(email)}`);
    expect(listed.json().results).toEqual([expect.objectContaining({ id, is_active: false })]);
    expect((await call("admin", "GET", "/api/v1/company/1/")).json().members_count).toBe(countBefore - 1);

    // Asking again changes nothing and writes no second audit row.
    conforms("deactivateCompanyMember", await call("admin", "POST", path(1, id, "deactivate")), 200);
    const audit = (await auditOf("user", id)).filter((a) => a.action === "member.deactivate");
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: await userId("admin@example.com"),
        company_id: 1,
        before: { is_active: true },
        after: { is_active: false },
      }),
    ]);

    const back = await call("superadmin", "POST", path(1, id, "reactivate"));
    conforms("reactivateCompanyMember", back, 200);
    expect(back.json()).toMatchObject({ id, is_active: true });
    expect((await auditOf("user", id)).at(-1)).toMatchObject({ action: "member.reactivate" });
    await expect(server.signIn(email)).resolves.toMatchObject({ two_fa: "INACTIVE" });
  });

  it("refuses a user deactivating themselves (400)", async () => {
    const self = await userId("admin@example.com");
    const res = await call("admin", "POST", path(1, self, "deactivate"));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["You cannot deactivate your own account."] });
    expect((await call("admin", "GET", "/api/v1/user/profile/")).statusCode).toBe(200);
  });

  it("answers 404 to a client admin for another company's member, by either path, changing nothing", async () => {
    const foreign = await someMember(2, "CLIENT");
    const before = await auditCount();
    for (const action of ["deactivate", "reactivate", "resend-invitation", "reset-2fa"]) {
      expect((await call("admin", "POST", path(2, foreign, action))).statusCode, action).toBe(404);
      expect((await call("admin", "POST", path(1, foreign, action))).statusCode, action).toBe(404);
    }
    const row = (await sql<{ is_active: boolean }>`select is_active from users where id = ${foreign}`.execute(db()))
      .rows[0];
    expect(row?.is_active).toBe(true);
    expect(await auditCount()).toBe(before);
  });

  it("refuses members and analysts with 403, and a client admin acting on staff", async () => {
    const target = await someMember(1, "CLIENT");
    for (const action of ["deactivate", "reactivate", "resend-invitation", "reset-2fa"]) {
      const member = await call("member", "POST", path(1, target, action));
      expect(member.statusCode, action).toBe(403);
      expect(member.json()).toEqual({ detail: "Only an admin of this company can manage its members." });
      expect((await call("analyst", "POST", path(1, target, action))).statusCode, action).toBe(403);
    }
    const analyst = await someMember(1, "ANALYST");
    const staff = await call("admin", "POST", path(1, analyst, "deactivate"));
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ detail: "You do not have permission to change a member with the Analyst role." });
  });

  it("keeps the member active and signed in when the audit write fails", async () => {
    const id = await someMember(1, "CLIENT", [await someMember(1, "CLIENT")]);
    const session = await server.signIn(await emailOf(id));
    const res = await withFailingAudit(() => call("admin", "POST", path(1, id, "deactivate")));
    expectServerError(res);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: session.access })).statusCode).toBe(200);
  });

  it("resends an invitation: a new link, the old one dead; refused once a password is chosen", async () => {
    const created = await call("admin", "POST", "/api/v1/company/1/member/", {
      first_name: "Late",
      last_name: "Reader",
      email: "late.reader@northwind.test",
      role: "CLIENT",
    });
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ invitation_pending: true, is_active: true });
    const links = async () =>
      (
        await sql<{
          text: string;
        }>`select data->>'text' as text from pgboss.job where name = 'mail' and data->>'to' = 'late.reader@northwind.test'
            order by created_on`.execute(db())
      ).rows.map((r) => /\/auth\/reset-password\/(\S+)/.exec(r.text)?.[1] ?? "");

    const res = await call("admin", "POST", path(1, id, "resend-invitation"));
    expect(res.statusCode).toBe(204);
    const [first, second] = await links();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await auditOf("user", id)).at(-1)).toMatchObject({ action: "member.invitation_resend" });

    const old = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token: first, password: "late password 1", password_confirm: "late password 1" },
    });
    expect(old.json()).toEqual({ token: ["This reset link is invalid or has expired."] });
    const fresh = await server.call("POST", "/api/v1/auth/reset-password/", {
      body: { token: second, password: "late password 1", password_confirm: "late password 1" },
    });
    expect(fresh.statusCode).toBe(200);
    const member = await call("admin", "GET", `/api/v1/company/1/member/${id}/`);
    expect(member.json()).toMatchObject({ invitation_pending: false });

    const done = await call("admin", "POST", path(1, id, "resend-invitation"));
    expect(done.statusCode).toBe(400);
    expect(done.json()).toEqual({ non_field_errors: ["This member has already chosen a password."] });
    expect(await links()).toHaveLength(2);
  });

  it("resets a member's 2FA: SETUP at the next sign-in, the old secret gone, their sign-ins ended", async () => {
    const id = await someMember(1, "CLIENT", [await someMember(1, "CLIENT")]);
    const email = await emailOf(id);
    const session = await server.signIn(email);
    await sql`update users set two_fa = 'ACTIVE', totp_secret = 'JBSWY3DPEHPK3PXP' where id = ${id}`.execute(db());

    const res = await call("admin", "POST", path(1, id, "reset-2fa"));
    conforms("resetCompanyMemberTwoFactor", res, 200);
    expect(res.json()).toMatchObject({ id, two_fa: "SETUP" });
    const row = (
      await sql<{
        two_fa: string;
        totp_secret: string | null;
      }>`select two_fa, totp_secret from users where id = ${id}`.execute(db())
    ).rows[0];
    expect(row).toEqual({ two_fa: "SETUP", totp_secret: null });
    expect(await liveSessions(id)).toBe(0);
    expect((await server.call("GET", "/api/v1/user/profile/", { token: session.access })).statusCode).toBe(401);
    await expect(server.signIn(email)).resolves.toMatchObject({ two_fa: "SETUP" });
    expect((await auditOf("user", id)).at(-1)).toMatchObject({
      action: "member.reset_2fa",
      before: { two_fa: "ACTIVE" },
      after: { two_fa: "SETUP" },
    });

    const none = await someMember(1, "CLIENT");
    await sql`update users set two_fa = 'INACTIVE' where id = ${none}`.execute(db());
    const inactive = await call("admin", "POST", path(1, none, "reset-2fa"));
    expect(inactive.json()).toEqual({ non_field_errors: ["This member has not turned on two-factor authentication."] });
    const self = await call("admin", "POST", path(1, await userId("admin@example.com"), "reset-2fa"));
    expect(self.json()).toEqual({ non_field_errors: ["You cannot reset your own two-factor authentication here."] });
  });
});
