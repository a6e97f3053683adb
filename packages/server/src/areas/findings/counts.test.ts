import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { summaryMismatches } from "../../../test/findingCounts.ts";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { DEFAULT_ORDERING, type FindingQuery } from "./model.ts";
import { countFindings, countsFromSummary } from "./queries.ts";
import { setBatchWriteHook } from "./service.ts";

/**
 * The findings index's counts come from finding_counts (migration 0310), kept by statement triggers in
 * the transaction of every change. On PostgreSQL: the summary equals count(*) of the placed findings
 * after the seed's inserts, a single status change, a bulk change and its undo, deletes and a
 * truncate; a bulk change that fails leaves it as it was; row-level security scopes it like findings.
 * Rescans (the scan stores' inserts, mitigations and reopenings) are checked in importCounts.test.ts.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await testServer();
  tokens.admin = (await server.signIn("admin@example.com")).access;
  tokens.analyst = (await server.signIn("analyst@example.com")).access;
});
afterAll(async () => await server.close());
afterEach(() => setBatchWriteHook(null));

const db = () => server.services.db;
type Json = Record<string, unknown>;

async function call(who: "admin" | "analyst", method: string, url: string, body?: unknown) {
  return await server.call(method, url, { token: tokens[who], ...(body === undefined ? {} : { body }) });
}

const summary = async () =>
  (
    await sql<{
      key: string;
      n: number;
    }>`select concat_ws('/', company_id, area, severity, status) as key, sum(n)::int as n
      from finding_counts group by 1 having sum(n) <> 0 order by 1`.execute(db())
  ).rows;

/** Rolls back whatever `work` did on the test's own connection. */
async function rolledBack(work: (tx: Tx) => Promise<void>) {
  const undone = new Error("rolled back");
  await db()
    .transaction()
    .execute(async (tx) => {
      await work(tx);
      throw undone;
    })
    .catch((e: unknown) => {
      if (e !== undone) throw e;
    });
}

describe("the findings index's counts", () => {
  it("agree with count(*) after the seed, and the index reads them for company, area, severity and status", async () => {
    expect(await summaryMismatches(db())).toEqual([]);
    expect((await summary()).length).toBeGreaterThan(0);
    const q = (extra: Partial<FindingQuery>): FindingQuery => ({ company: 1, ordering: DEFAULT_ORDERING, ...extra });
    expect(countsFromSummary(q({ company: null, area: ["web"], severity: ["HIGH"], status: ["ACTIVE"] }))).toBe(true);
    for (const extra of [{ search: "ssl" }, { scan: 1 }, { assignee: "unassigned" as const }, { overdue: true }]) {
      expect(countsFromSummary(q(extra)), JSON.stringify(extra)).toBe(false);
    }
    const filters = ["", "area=WEB_APPLICATION", "severity=HIGH&severity=LOW&status=ACTIVE", "status=MITIGATED"];
    for (const who of ["admin", "analyst"] as const) {
      for (const filter of [...filters, ...(who === "analyst" ? ["company=2", "company=2&area=NETWORK"] : [])]) {
        const res = await call(who, "GET", `/api/v1/findings/?${filter}&page_size=1`);
        expect(res.statusCode).toBe(200);
        const params = new URLSearchParams(filter);
        const company = who === "admin" ? 1 : params.get("company") ? Number(params.get("company")) : null;
        const areas = params.getAll("area").map((a) => ({ WEB_APPLICATION: "web", NETWORK: "network" })[a] ?? a);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from findings
          where scan_id is not null
            and ${company === null ? sql`true` : sql`company_id = ${company}`}
            and (${areas.length === 0} or area = any(${areas}::text[]))
            and (${params.getAll("severity").length === 0} or severity = any(${params.getAll("severity")}::text[]))
            and (${params.getAll("status").length === 0} or status = any(${params.getAll("status")}::text[]))`.execute(
          db(),
        );
        expect((res.json() as Json).count, `${who} ${filter}`).toBe(rows[0]?.n);
      }
    }
  });

  it("follow a single status change, a bulk change and its undo", async () => {
    const f = (
      await sql<{ id: number; config: number; scan: number; endpoint: number; status: string; version: number }>`
        select f.id, s.config_id as config, s.id as scan, se.id as endpoint, f.status, f.version
          from findings f join scan_endpoints se on se.id = f.parent_id join network_scans s on s.id = se.scan_id
         where f.area = 'network' and f.company_id = 1 and f.status = 'ACTIVE' order by f.id limit 1`.execute(db())
    ).rows[0];
    if (!f) throw new Error("no active network finding");
    const activeBefore = Number(
      ((await call("admin", "GET", "/api/v1/findings/?status=ACTIVE&page_size=1")).json() as Json).count,
    );
    const single = await call(
      "admin",
      "PATCH",
      `/api/v1/networkva/scan-configuration/${f.config}/scans/${f.scan}/scan-endpoints/${f.endpoint}/findings/${f.id}/`,
      { status: "FIXING", message: "On it", version: f.version },
    );
    expect(single.statusCode, single.body).toBe(200);
    expect(await summaryMismatches(db())).toEqual([]);
    expect(((await call("admin", "GET", "/api/v1/findings/?status=ACTIVE&page_size=1")).json() as Json).count).toBe(
      activeBefore - 1,
    );

    const filter = { area: ["WEB_APPLICATION"], status: ["ACTIVE"] };
    const n = Number(
      ((await call("admin", "GET", "/api/v1/findings/?area=WEB_APPLICATION&status=ACTIVE&page_size=1")).json() as Json)
        .count,
    );
    expect(n).toBeGreaterThan(1);
    const bulk = await call("admin", "POST", "/api/v1/findings/bulk-status/", {
      filter,
      expected_count: n,
      status: "TOLERATED",
      reason: "Accepted",
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await summaryMismatches(db())).toEqual([]);
    const undo = await call("admin", "POST", `/api/v1/findings/batches/${(bulk.json() as Json).batch_id}/undo/`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as Json).updated).toBe(n);
    expect(await summaryMismatches(db())).toEqual([]);
  });

  it("are unchanged by a bulk change that fails after writing", async () => {
    const before = await summary();
    setBatchWriteHook(async () => {
      throw new Error("the batch fails after its write");
    });
    const res = await call("analyst", "POST", "/api/v1/findings/bulk-status/", {
      filter: { status: ["ACTIVE"] },
      expected_count: Number(
        ((await call("analyst", "GET", "/api/v1/findings/?status=ACTIVE&page_size=1")).json() as Json).count,
      ),
      status: "FIXING",
    });
    expect(res.statusCode).toBe(500);
    expect(await summary()).toEqual(before);
    expect(await summaryMismatches(db())).toEqual([]);
  });

  it("follow deletes and a truncate, and the deleted findings' history goes with them", async () => {
    const historyOf = async (tx: Tx, company: number) =>
      (
        await sql<{ logs: number; changes: number }>`select
          (select count(*)::int from finding_logs where company_id = ${company}) as logs,
          (select count(*)::int from finding_batch_changes where company_id = ${company}) as changes`.execute(tx)
      ).rows[0];
    await rolledBack(async (tx) => {
      // A batch of company 2's findings, so that it has batch changes to lose as well as history.
      await sql`with b as (insert into finding_batches (actor_id, company_ids, status, reason)
          values ((select min(id) from users), '{2}', 'FIXING', 'test') returning id)
        insert into finding_batch_changes (batch_id, finding_id, company_id, from_status, to_status, to_version)
        select b.id, f.id, f.company_id, f.status, 'FIXING', f.version from findings f cross join b
         where f.company_id = 2`.execute(tx);
      const before = await historyOf(tx, 2);
      expect(before?.logs).toBeGreaterThan(0);
      expect(before?.changes).toBeGreaterThan(0);
      await sql`delete from findings where company_id = 2 and area = 'web'`.execute(tx);
      expect(await summaryMismatches(tx)).toEqual([]);
      const { rows } = await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from finding_counts
        where company_id = 2 and area = 'web'`.execute(tx);
      expect(rows[0]?.n).toBe(0);
      await sql`delete from findings where company_id = 2`.execute(tx);
      expect(await summaryMismatches(tx)).toEqual([]);
      expect(await historyOf(tx, 2)).toEqual({ logs: 0, changes: 0 });
      expect((await historyOf(tx, 1))?.logs).toBeGreaterThan(0);
    });
    await rolledBack(async (tx) => {
      await sql`truncate findings`.execute(tx);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from finding_counts`.execute(tx);
      expect(rows[0]?.n).toBe(0);
      expect(await summaryMismatches(tx)).toEqual([]);
    });
    expect(await summaryMismatches(db())).toEqual([]);
  });

  it("let two changes of the same company, area, severity and status go on without waiting for each other", async () => {
    const { rows: pair } = await sql<{ a: number; b: number; status: string }>`
      select min(id) as a, max(id) as b, status from findings
       where company_id = 1 and scan_id is not null and status in ('ACTIVE', 'FIXING')
       group by area, severity, status having count(*) > 1 order by count(*) desc limit 1`.execute(db());
    const cell = pair[0];
    if (!cell) throw new Error("no two findings share a cell");
    const to = cell.status === "ACTIVE" ? "FIXING" : "ACTIVE";
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let first: Promise<void> = Promise.resolve();
    const firstChanged = new Promise<void>((changed) => {
      first = db()
        .transaction()
        .execute(async (tx) => {
          await sql`update findings set status = ${to}, version = version + 1 where id = ${cell.a}`.execute(tx);
          changed();
          await held;
        });
    });
    await firstChanged;
    try {
      // While the first change is not committed, the second may not wait on a lock of the counts.
      await db()
        .transaction()
        .execute(async (tx) => {
          await sql`set local lock_timeout = '2s'`.execute(tx);
          await sql`update findings set status = ${to}, version = version + 1 where id = ${cell.b}`.execute(tx);
        });
    } finally {
      release();
      await first;
    }
    expect(await summaryMismatches(db())).toEqual([]);
  });

  it("fold a company's deltas into one row per key once they pile up, keeping every sum", async () => {
    const { rows: picked } = await sql<{ id: number; status: string }>`select id, status from findings
      where company_id = 1 and scan_id is not null order by id limit 1`.execute(db());
    const f = picked[0];
    if (!f) throw new Error("no finding");
    const rowsOf = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from finding_counts where company_id = 1`.execute(db()))
        .rows[0]?.n ?? 0;
    const before = await summary();
    let most = 0;
    let folded = false;
    // One finding to and fro, one statement each: two delta rows per change, folded past 200.
    for (let i = 0; i < 120; i++) {
      const to = i % 2 === 0 ? "TOLERATED" : f.status;
      const was = await rowsOf();
      await sql`update findings set status = ${to} where id = ${f.id}`.execute(db());
      const now = await rowsOf();
      most = Math.max(most, now);
      if (now < was) folded = true;
    }
    expect(most).toBeGreaterThan(150);
    expect(most).toBeLessThanOrEqual(202);
    expect(folded).toBe(true);
    expect(await summary()).toEqual(before);
    expect(await summaryMismatches(db())).toEqual([]);
    // Folded by hand: one row per key whose sum is not 0.
    await sql`select finding_counts_fold(1)`.execute(db());
    const { rows } = await sql<{ rows: number; keys: number }>`select count(*)::int as rows,
        count(distinct (area, severity, status))::int as keys from finding_counts where company_id = 1`.execute(db());
    expect(rows[0]?.rows).toBe(rows[0]?.keys);
    expect(await summary()).toEqual(before);
  });

  it("are scoped by row-level security, and only the findings triggers write them (the status order too)", async () => {
    for (const table of ["finding_counts", "finding_status_order"]) {
      const companiesOf = async (scope: "all" | number) =>
        await withScope(db(), { companies: scope, userId: null }, async (tx) => {
          const { rows } = await sql<{
            c: number;
          }>`select distinct company_id as c from ${sql.table(table)} order by 1`.execute(tx);
          return rows.map((r) => r.c);
        });
      expect(await companiesOf(1), table).toEqual([1]);
      expect((await companiesOf("all")).length, table).toBeGreaterThan(1);
      for (const write of [
        sql`update ${sql.table(table)} set company_id = company_id where company_id = 1`,
        sql`delete from ${sql.table(table)} where company_id = 1`,
      ]) {
        await expect(
          withScope(db(), { companies: 1, userId: null }, (tx) => write.execute(tx)),
          table,
        ).rejects.toThrow(/permission denied/);
      }
    }
    const company = await withScope(db(), { companies: 1, userId: null }, async (tx) =>
      countFindings(tx, { company: null, ordering: DEFAULT_ORDERING }),
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from findings
      where company_id = 1 and scan_id is not null`.execute(db());
    expect(company).toBe(rows[0]?.n);
  });
});
