import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { SYSTEM, withScope } from "../../db/pool.ts";
import { loadContract } from "../../http/contract.ts";

let server: TestServer;
const tokens: Record<"member" | "admin" | "analyst" | "superadmin" | "otherClient", string> = {
  member: "",
  admin: "",
  analyst: "",
  superadmin: "",
  otherClient: "",
};
let analystId = 0;
let memberId = 0;

beforeAll(async () => {
  server = await testServer();
  tokens.member = (await server.signIn("member@example.com")).access;
  tokens.admin = (await server.signIn("admin@example.com")).access;
  tokens.analyst = (await server.signIn("analyst@example.com")).access;
  tokens.superadmin = (await server.signIn("superadmin@example.com")).access;
  const ids = await sql<{ id: number; email: string }>`
    select id, email from users where email in ('analyst@example.com', 'member@example.com')`.execute(
    server.services.db,
  );
  analystId = ids.rows.find((r) => r.email === "analyst@example.com")?.id ?? 0;
  memberId = ids.rows.find((r) => r.email === "member@example.com")?.id ?? 0;
  expect(analystId).toBeGreaterThan(0);
});
afterAll(async () => {
  await server.close();
});

function conforms(operationId: string, res: LightMyRequestResponse) {
  const op = loadContract().byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const validate = loadContract().responseValidator(op, res.statusCode);
  if (!validate) throw new Error(`${operationId} declares no JSON body for ${res.statusCode}`);
  const body = res.json();
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

/** A fresh ticket of company `company` in `status`, so each test starts from a known state. */
async function ticketIn(status: "UNREAD" | "PROCESSING" | "CLOSED", company = 1): Promise<number> {
  return await withScope(server.services.db, SYSTEM, async (tx) => {
    const rows = await sql<{ id: number }>`
      insert into tickets (company_id, ticket_id, requestor_id, name, status, category, closed_at)
      select ${company}, 'T-LIFE-' || gen_random_uuid(), u.id, 'Lifecycle', ${status}, 'BUG',
             case when ${status} = 'CLOSED' then now() end
        from users u where u.company_id = ${company} order by u.id limit 1
      returning id`.execute(tx);
    const id = rows.rows[0]?.id;
    if (!id) throw new Error("no ticket inserted");
    return id;
  });
}

const setStatus = (token: string, id: number, status: string) =>
  server.call("POST", `/api/v1/ticket/${id}/status/`, { token, body: { status } });
const assign = (token: string, id: number, assignee: number | null) =>
  server.call("POST", `/api/v1/ticket/${id}/assign/`, { token, body: { assignee } });
const rate = (token: string, id: number, body: Record<string, unknown>) =>
  server.call("POST", `/api/v1/ticket/${id}/rating/`, { token, body });

async function stored(id: number) {
  const rows = await sql<{
    status: string;
    closed_at: Date | null;
    rating: number | null;
    rating_comment: string | null;
    assignee_id: number | null;
  }>`select status, closed_at, rating, rating_comment, assignee_id from tickets where id = ${id}`.execute(
    server.services.db,
  );
  return rows.rows[0];
}

async function auditCount(id: number): Promise<number> {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from audit_events where entity = 'ticket' and entity_id = ${id}`.execute(
    server.services.db,
  );
  return rows.rows[0]?.n ?? 0;
}

describe("status: each transition, allowed or refused, per role", () => {
  // [role, from, to, expected status, expected message or null]
  const cases: Array<[keyof typeof tokens, "UNREAD" | "PROCESSING" | "CLOSED", string, number, unknown]> = [
    ["analyst", "UNREAD", "PROCESSING", 200, null],
    ["analyst", "PROCESSING", "CLOSED", 200, null],
    ["superadmin", "CLOSED", "PROCESSING", 200, null],
    ["superadmin", "UNREAD", "CLOSED", 200, null],
    [
      "analyst",
      "CLOSED",
      "UNREAD",
      400,
      { status: ["Staff cannot set a ticket to UNREAD. Set it to PROCESSING to reopen it."] },
    ],
    ["analyst", "PROCESSING", "PROCESSING", 400, { status: ["This ticket is already being processed."] }],
    ["superadmin", "CLOSED", "CLOSED", 400, { status: ["This ticket is already closed."] }],
    ["member", "PROCESSING", "CLOSED", 200, null],
    ["admin", "UNREAD", "CLOSED", 200, null],
    ["member", "CLOSED", "UNREAD", 200, null],
    ["admin", "PROCESSING", "PROCESSING", 403, { detail: "Only staff can mark a ticket as processing." }],
    ["member", "UNREAD", "PROCESSING", 403, { detail: "Only staff can mark a ticket as processing." }],
    ["member", "PROCESSING", "UNREAD", 400, { status: ["Only a closed ticket can be reopened."] }],
    ["admin", "CLOSED", "CLOSED", 400, { status: ["This ticket is already closed."] }],
  ];
  for (const [role, from, to, code, error] of cases) {
    it(`${role}: ${from} → ${to} answers ${code}`, async () => {
      const id = await ticketIn(from);
      const before = await stored(id);
      const res = await setStatus(tokens[role], id, to);
      expect(res.statusCode, res.body).toBe(code);
      if (code === 200) {
        const body = conforms("updateTicketStatus", res);
        expect(body.status).toBe(to);
        expect(body.closed_at === null).toBe(to !== "CLOSED");
        expect((await stored(id))?.status).toBe(to);
        expect(await auditCount(id)).toBe(1);
      } else {
        expect(res.json()).toEqual(error);
        expect(await stored(id)).toEqual(before);
        expect(await auditCount(id)).toBe(0);
      }
    });
  }

  it("refuses a status the contract does not know, with a field error", async () => {
    const id = await ticketIn("UNREAD");
    const res = await setStatus(tokens.analyst, id, "DONE");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(["status"]);
  });

  it("reopening drops the rating the closure was given", async () => {
    const id = await ticketIn("CLOSED");
    expect((await rate(tokens.member, id, { rating: 2, comment: "Slow" })).statusCode).toBe(200);
    const reopened = conforms("updateTicketStatus", await setStatus(tokens.member, id, "UNREAD"));
    expect(reopened).toMatchObject({ status: "UNREAD", closed_at: null, rating: null, rating_comment: null });
  });
});

describe("assign", () => {
  it("lets staff assign an analyst and take the ticket off them; the client sees who has it", async () => {
    const id = await ticketIn("UNREAD");
    const res = await assign(tokens.superadmin, id, analystId);
    expect(res.statusCode, res.body).toBe(200);
    expect(conforms("assignTicket", res).assignee).toMatchObject({ id: analystId, email: "analyst@example.com" });
    // A client sees the staff member assigned to their ticket (the users policy lets them read that row).
    const seen = conforms("getTicket", await server.call("GET", `/api/v1/ticket/${id}/`, { token: tokens.member }));
    expect(seen.assignee).toMatchObject({ id: analystId, fullname: expect.any(String) });
    expect((await assign(tokens.analyst, id, null)).json().assignee).toBeNull();
    expect((await stored(id))?.assignee_id).toBeNull();
    expect(await auditCount(id)).toBe(2);
  });

  it("refuses a client (403) and anyone but active staff as the assignee (400), changing nothing", async () => {
    const id = await ticketIn("PROCESSING");
    expect(await assign(tokens.admin, id, analystId).then((r) => [r.statusCode, r.json()])).toEqual([
      403,
      { detail: "Only staff can assign a ticket." },
    ]);
    expect(await assign(tokens.analyst, id, memberId).then((r) => [r.statusCode, r.json()])).toEqual([
      400,
      { assignee: ["Choose an active staff member (a super admin or analyst)."] },
    ]);
    expect((await assign(tokens.analyst, id, 999_999)).statusCode).toBe(400);
    await sql`update users set is_active = false where id = ${analystId}`.execute(server.services.db);
    try {
      expect((await assign(tokens.superadmin, id, analystId)).statusCode).toBe(400);
    } finally {
      await sql`update users set is_active = true where id = ${analystId}`.execute(server.services.db);
    }
    expect((await stored(id))?.assignee_id).toBeNull();
    expect(await auditCount(id)).toBe(0);
  });
});

describe("rating", () => {
  it("lets a client rate a closed ticket, and the overview's average comes from the stored ratings", async () => {
    const id = await ticketIn("CLOSED");
    const res = await rate(tokens.member, id, { rating: 1, comment: "  Nobody answered for a week.  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(conforms("rateTicket", res)).toMatchObject({ rating: 1, rating_comment: "Nobody answered for a week." });
    // Rating again replaces it; a blank comment is no comment.
    expect((await rate(tokens.admin, id, { rating: 2, comment: "   " })).json()).toMatchObject({
      rating: 2,
      rating_comment: null,
    });
    const expected = await sql<{ avg: number }>`
      select round(avg(rating)::numeric, 1)::float8 as avg from tickets where company_id = 1 and rating is not null`.execute(
      server.services.db,
    );
    const overview = await server.call("GET", "/api/v1/dashboard/ticket/overview/", { token: tokens.member });
    expect(overview.json().average_rating).toBe(expected.rows[0]?.avg);
    expect(await auditCount(id)).toBe(2);
  });

  it("moves the dashboard's average when a rating is given", async () => {
    const overview = async () =>
      (await server.call("GET", "/api/v1/dashboard/ticket/overview/", { token: tokens.admin })).json()
        .average_rating as number;
    const before = await overview();
    const id = await ticketIn("CLOSED");
    await rate(tokens.admin, id, { rating: before >= 3 ? 1 : 5 });
    expect(await overview()).not.toBe(before);
  });

  it("refuses an open ticket (400), staff (403) and ratings outside 1 to 5, changing nothing", async () => {
    const open = await ticketIn("PROCESSING");
    expect(await rate(tokens.member, open, { rating: 5 }).then((r) => [r.statusCode, r.json()])).toEqual([
      400,
      { non_field_errors: ["Only a closed ticket can be rated."] },
    ]);
    const closed = await ticketIn("CLOSED");
    expect(await rate(tokens.analyst, closed, { rating: 5 }).then((r) => [r.statusCode, r.json()])).toEqual([
      403,
      { detail: "Only the client can rate a ticket." },
    ]);
    for (const rating of [0, 6, 2.5, "4"]) {
      const res = await rate(tokens.member, closed, { rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(Object.keys(res.json())).toEqual(["rating"]);
    }
    expect((await rate(tokens.member, closed, { rating: 3, comment: "x".repeat(1001) })).statusCode).toBe(400);
    expect(await stored(open)).toMatchObject({ rating: null });
    expect(await stored(closed)).toMatchObject({ rating: null, rating_comment: null });
  });
});

describe("isolation: another company's ticket answers 404 and stays as it was", () => {
  it("for status, assign and rating", async () => {
    const other = await ticketIn("CLOSED", 2);
    const before = await stored(other);
    for (const token of [tokens.member, tokens.admin]) {
      expect((await setStatus(token, other, "UNREAD")).statusCode).toBe(404);
      expect((await rate(token, other, { rating: 5 })).statusCode).toBe(404);
      expect((await assign(token, other, analystId)).statusCode).toBe(404);
    }
    expect(await stored(other)).toEqual(before);
    expect(await auditCount(other)).toBe(0);
    // Staff reach every company's tickets.
    expect((await setStatus(tokens.analyst, other, "PROCESSING")).statusCode).toBe(200);
  });
});
