import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { STATIC_BASE, serverBesideStaticMode } from "../../../test/serverBesideStaticMode.ts";
import { loadContract } from "../../http/contract.ts";
import { setBatchWriteHook } from "./service.ts";

/**
 * Finding ownership (issue 28): assignees, the per-company SLA and its due dates, the two filters,
 * bulk assignment and its undo, on a real PostgreSQL and against static mode's answers.
 */

const contract = loadContract();

const ACCOUNTS = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
} as const;
type Who = keyof typeof ACCOUNTS;
type Json = Record<string, unknown> & { results?: Json[] };

const paired = serverBesideStaticMode(ACCOUNTS);
const { tokens, mockTokens } = paired;
afterEach(() => setBatchWriteHook(null));

const db = () => paired.server.services.db;
async function call(who: Who, method: string, url: string, body?: unknown) {
  return await paired.server.call(method, url, { token: tokens[who], ...(body === undefined ? {} : { body }) });
}
async function valid(who: Who, op: string, url: string, init: { method?: string; body?: unknown } = {}) {
  const res = await call(who, init.method ?? "GET", url, init.body);
  expect(res.statusCode, res.body).toBe(200);
  const operation = contract.byId.get(op);
  if (!operation) throw new Error(`no operation ${op}`);
  const validate = contract.responseValidator(operation, 200);
  const body = res.json() as Json;
  if (validate && !validate(body)) throw new Error(`${op}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return body;
}
async function mock(who: Who, method: string, url: string, body?: unknown) {
  const res = await fetch(`${STATIC_BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${mockTokens[who]}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const one = async <T>(query: ReturnType<typeof sql<T>>) => {
  const row = (await query.execute(db())).rows[0];
  if (!row) throw new Error("no row");
  return row;
};
const userId = async (email: string) =>
  (await one<{ id: number }>(sql`select id from users where email = ${email}`)).id;
const findingOf = async (company: number, offset = 0) =>
  (
    await one<{ id: number }>(
      sql`select id from findings where company_id = ${company} and scan_id is not null order by id offset ${offset} limit 1`,
    )
  ).id;
const assigneesOf = async (company: number) =>
  (
    await sql<{ id: number; assignee_id: number | null }>`select id, assignee_id from findings
      where company_id = ${company} order by id`.execute(db())
  ).rows;
const countOf = async (who: Who, query: string) =>
  Number((await valid(who, "listFindings", `/api/v1/findings/?page_size=1&${query}`)).count);

describe("one finding's assignee", () => {
  it("assigns a member of the company or staff, refuses anyone else on `assignee`, and unassigns with null", async () => {
    const finding = await findingOf(1);
    const member = await userId(ACCOUNTS.member);
    const analyst = await userId(ACCOUNTS.analyst);
    const url = `/api/v1/findings/${finding}/assignee/`;
    const body = await valid("admin", "assignFinding", url, { method: "PUT", body: { assignee: member } });
    expect(body.assignee).toMatchObject({ id: member, email: ACCOUNTS.member });
    expect(body.version).toBe(
      (await one<{ version: number }>(sql`select version from findings where id = ${finding}`)).version,
    );
    const audit = await one<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_events where action = 'finding.assign' and entity_id = ${finding} order by id desc limit 1`,
    );
    expect(audit).toEqual({ before: { assignee: null }, after: { assignee: member } });

    // Staff qualify for any company, and a client sees the analyst's name on their finding.
    await valid("analyst", "assignFinding", url, { method: "PUT", body: { assignee: analyst } });
    const seen = await valid("member", "listFindings", `/api/v1/findings/?ids=${finding}`);
    expect(seen.results?.[0]?.assignee).toMatchObject({ id: analyst, email: ACCOUNTS.analyst });

    const otherCompanysUser = (
      await one<{ id: number }>(sql`select id from users where company_id = 2 order by id limit 1`)
    ).id;
    const refused = await call("admin", "PUT", url, { assignee: otherCompanysUser });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["assignee"]);
    expect((await mock("admin", "PUT", url, { assignee: otherCompanysUser })).body).toEqual(refused.json());
    expect((await call("admin", "PUT", url, { assignee: 2147483647 })).statusCode).toBe(400);

    const cleared = await valid("admin", "assignFinding", url, { method: "PUT", body: { assignee: null } });
    expect(cleared.assignee).toBeNull();
  });

  it("refuses a member with 403 and another company's finding with 404, changing nothing", async () => {
    const before = await assigneesOf(2);
    const ours = await findingOf(1);
    const member = await userId(ACCOUNTS.member);
    const refused = await call("member", "PUT", `/api/v1/findings/${ours}/assignee/`, { assignee: member });
    expect(refused.statusCode).toBe(403);
    const theirs = await findingOf(2);
    for (const who of ["admin", "member"] as const) {
      expect((await call(who, "PUT", `/api/v1/findings/${theirs}/assignee/`, { assignee: null })).statusCode).toBe(404);
    }
    expect(await assigneesOf(2)).toEqual(before);
  });
});

describe("the SLA and due dates", () => {
  it("answers the defaults, lets a client admin set it, and refuses analysts and members (403) and other companies (404)", async () => {
    const url = "/api/v1/company/1/finding-sla/";
    const first = await valid("member", "getFindingSla", url);
    expect(first).toEqual({
      company: 1,
      days: { HIGH: 30, MEDIUM: 90, LOW: 180, INFO: null, LOG: null },
      is_default: true,
    });
    expect((await mock("member", "GET", url)).body).toEqual(first);
    const days = { HIGH: 7, MEDIUM: 60, LOW: 120, INFO: 365, LOG: null };
    for (const who of ["analyst", "member"] as const) {
      expect((await call(who, "PUT", url, { days })).statusCode).toBe(403);
    }
    expect((await call("admin", "PUT", "/api/v1/company/2/finding-sla/", { days })).statusCode).toBe(404);
    expect((await call("admin", "GET", "/api/v1/company/2/finding-sla/")).statusCode).toBe(404);
    const set = await valid("admin", "updateFindingSla", url, { method: "PUT", body: { days } });
    expect(set).toEqual({ company: 1, days, is_default: false });
    expect((await call("admin", "PUT", url, { days: { ...days, HIGH: 0 } })).statusCode).toBe(400);
  });

  it("dates each finding first seen + the days of its severity, in SQL, and filters the overdue as static mode does", async () => {
    // The same SLA in both, so their answers can be compared row for row.
    const days = { HIGH: 7, MEDIUM: 60, LOW: 120, INFO: 365, LOG: null };
    await valid("admin", "updateFindingSla", "/api/v1/company/1/finding-sla/", { method: "PUT", body: { days } });
    expect((await mock("admin", "PUT", "/api/v1/company/1/finding-sla/", { days })).status).toBe(200);
    const page = await valid("admin", "listFindings", "/api/v1/findings/?page_size=200&ordering=-last_seen");
    for (const row of page.results ?? []) {
      const d = days[row.severity as keyof typeof days];
      const expected = d === null ? null : new Date(Date.parse(String(row.first_seen)) + d * 86_400_000).toISOString();
      expect(row.due_date, String(row.id)).toBe(expected);
      const open = row.status === "ACTIVE" || row.status === "FIXING";
      expect(row.is_overdue, String(row.id)).toBe(open && expected !== null && Date.parse(expected) < Date.now());
    }
    for (const q of ["?overdue=true&page_size=100", "?overdue=false&page_size=100&ordering=name"]) {
      const url = `/api/v1/findings/${q}`;
      const body = await valid("admin", "listFindings", url);
      const expected = (await mock("admin", "GET", url)).body;
      expect(body.count, q).toBe(expected.count);
      expect(body.results, q).toEqual(expected.results);
    }
    const overdue = await countOf("admin", "overdue=true");
    expect(overdue).toBeGreaterThan(0);
    expect(overdue + (await countOf("admin", "overdue=false"))).toBe(await countOf("admin", ""));
    // No due date for any severity: nothing is overdue.
    const none = { HIGH: null, MEDIUM: null, LOW: null, INFO: null, LOG: null };
    await valid("admin", "updateFindingSla", "/api/v1/company/1/finding-sla/", { method: "PUT", body: { days: none } });
    expect(await countOf("admin", "overdue=true")).toBe(0);
  });
});

describe("bulk assignment", () => {
  it("assigns N findings in one batch with N batch changes and N audit rows, filters by assignee, then undoes it", async () => {
    const member = await userId(ACCOUNTS.member);
    const filter = "area=SOURCE_CODE";
    const n = await countOf("admin", filter);
    expect(n).toBeGreaterThan(3);
    const before = await assigneesOf(1);
    // One of them already has someone, who must come back on undo.
    const firstId = (await valid("admin", "listFindings", `/api/v1/findings/?${filter}&page_size=1`)).results?.[0]?.id;
    const analyst = await userId(ACCOUNTS.analyst);
    await valid("admin", "assignFinding", `/api/v1/findings/${firstId}/assignee/`, {
      method: "PUT",
      body: { assignee: analyst },
    });

    const stale = await call("admin", "POST", "/api/v1/findings/bulk-assign/", {
      filter: { area: ["SOURCE_CODE"] },
      expected_count: n + 1,
      assignee: member,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "count_changed", current_count: n, expected_count: n + 1 });

    const result = await valid("admin", "bulkAssignFindings", "/api/v1/findings/bulk-assign/", {
      method: "POST",
      body: { filter: { area: ["SOURCE_CODE"] }, expected_count: n, assignee: member },
    });
    expect(result).toMatchObject({ updated: n, unchanged: 0, conflicts: [], undoes: null });
    const batch = Number(result.batch_id);
    const written = await one<{ changes: number; audits: number; kind: string }>(sql`select
        (select count(*)::int from finding_batch_changes where batch_id = ${batch}) as changes,
        (select count(*)::int from audit_events where action = 'finding.bulk_assign' and (after ->> 'batch_id')::int = ${batch}) as audits,
        (select kind from finding_batches where id = ${batch}) as kind`);
    expect(written).toEqual({ changes: n, audits: n, kind: "assignee" });
    expect(await countOf("admin", `${filter}&assignee=${member}`)).toBe(n);
    expect(await countOf("member", `${filter}&assignee=me`)).toBe(n);
    expect(await countOf("admin", `${filter}&assignee=unassigned`)).toBe(0);

    // Again: every one is already the member's.
    const again = await valid("admin", "bulkAssignFindings", "/api/v1/findings/bulk-assign/", {
      method: "POST",
      body: { filter: { area: ["SOURCE_CODE"], assignee: "me" }, expected_count: 0, assignee: member },
    });
    expect(again).toMatchObject({ updated: 0, unchanged: 0 });

    const undo = await valid("admin", "undoFindingBatch", `/api/v1/findings/batches/${batch}/undo/`, {
      method: "POST",
      body: {},
    });
    expect(undo).toMatchObject({ updated: n, conflicts: [], undoes: batch });
    const after = await assigneesOf(1);
    expect(after.find((r) => r.id === firstId)?.assignee_id).toBe(analyst);
    expect(after.filter((r) => r.id !== firstId)).toEqual(before.filter((r) => r.id !== firstId));
    await valid("admin", "assignFinding", `/api/v1/findings/${firstId}/assignee/`, {
      method: "PUT",
      body: { assignee: null },
    });
  });

  it("leaves a finding reassigned since the batch alone on undo, and reports it", async () => {
    const ids = [await findingOf(1, 10), await findingOf(1, 11), await findingOf(1, 12)];
    const analyst = await userId(ACCOUNTS.analyst);
    const member = await userId(ACCOUNTS.member);
    const result = await valid("admin", "bulkAssignFindings", "/api/v1/findings/bulk-assign/", {
      method: "POST",
      body: { ids, assignee: analyst },
    });
    await valid("admin", "assignFinding", `/api/v1/findings/${ids[1]}/assignee/`, {
      method: "PUT",
      body: { assignee: member },
    });
    const undo = await valid("admin", "undoFindingBatch", `/api/v1/findings/batches/${result.batch_id}/undo/`, {
      method: "POST",
      body: {},
    });
    expect(undo.updated).toBe(2);
    expect((undo.conflicts as Json[]).map((c) => c.id)).toEqual([ids[1]]);
    const rows = await sql<{ id: number; assignee_id: number | null }>`select id, assignee_id from findings
      where id = any(${ids}::int[]) order by id`.execute(db());
    expect(rows.rows.map((r) => r.assignee_id)).toEqual([null, member, null]);
    await valid("admin", "assignFinding", `/api/v1/findings/${ids[1]}/assignee/`, {
      method: "PUT",
      body: { assignee: null },
    });
  });

  it("refuses a member (403), an assignee of another company (400), and another company's ids, changing nothing", async () => {
    const before1 = await assigneesOf(1);
    const before2 = await assigneesOf(2);
    const ours = [await findingOf(1), await findingOf(1, 1)];
    const member = await userId(ACCOUNTS.member);
    expect(
      (await call("member", "POST", "/api/v1/findings/bulk-assign/", { ids: ours, assignee: member })).statusCode,
    ).toBe(403);
    // Staff select both companies' findings; a member of company 1 does not qualify for company 2's.
    const mixed = [...ours, await findingOf(2)];
    const refused = await call("analyst", "POST", "/api/v1/findings/bulk-assign/", { ids: mixed, assignee: member });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(["assignee"]);
    const theirs = await call("admin", "POST", "/api/v1/findings/bulk-assign/", { ids: mixed, assignee: null });
    expect(theirs.statusCode).toBe(400);
    expect(Object.keys(theirs.json())).toEqual(["ids"]);
    expect(await assigneesOf(1)).toEqual(before1);
    expect(await assigneesOf(2)).toEqual(before2);
  });

  it("is all or nothing: a failure after the update leaves every assignee, batch and audit row as it was", async () => {
    const before = await assigneesOf(1);
    const counts = async () =>
      await one<{ batches: number; audits: number }>(sql`select
        (select count(*)::int from finding_batches) as batches, (select count(*)::int from audit_events) as audits`);
    const then = await counts();
    setBatchWriteHook(async (tx, batchId) => {
      // A second change of a finding the batch already changed: the primary key refuses it.
      await sql`insert into finding_batch_changes (batch_id, finding_id, company_id, to_version)
                select batch_id, finding_id, company_id, to_version
                  from finding_batch_changes where batch_id = ${batchId} limit 1`.execute(tx);
    });
    const n = await countOf("admin", "area=NETWORK");
    const res = await call("admin", "POST", "/api/v1/findings/bulk-assign/", {
      filter: { area: ["NETWORK"] },
      expected_count: n,
      assignee: await userId(ACCOUNTS.member),
    });
    expect(res.statusCode).toBe(500);
    expect(await assigneesOf(1)).toEqual(before);
    expect(await counts()).toEqual(then);
  });
});
