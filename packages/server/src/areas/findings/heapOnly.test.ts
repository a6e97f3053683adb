import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { summaryMismatches } from "../../../test/findingCounts.ts";
import { type TestServer, testServer } from "../../../test/harness.ts";
import type { Tx } from "../../db/pool.ts";
import { setBatchWriteHook } from "./service.ts";

/**
 * A status change rewrites no index of findings (migration 0330): findings has no index on its
 * status and keeps room on its pages, so the change is a heap-only (HOT) update, and the status
 * orderings read finding_status_order. On PostgreSQL, counted by its own statistics inside the
 * change's transaction: an index on the status, or pages without room, would make the updates
 * ordinary ones that write all of findings' indexes (12.5 s for 100,000 at a million findings).
 *
 * The undo is not counted: its new versions fit beside the change's only once PostgreSQL has pruned
 * the versions the change left, which waits while any older snapshot of the database is open (an
 * autovacuum's analyze, say), so how many of its updates are heap-only depends on timing.
 */

let server: TestServer;
let token = "";
beforeAll(async () => {
  server = await testServer();
  token = (await server.signIn("admin@example.com")).access;
});
afterAll(async () => await server.close());
afterEach(() => setBatchWriteHook(null));

type Json = Record<string, unknown>;
const call = async (method: string, url: string, body?: unknown) =>
  await server.call(method, url, { token, ...(body === undefined ? {} : { body }) });

/**
 * findings' updates on `tx`'s connection that its statistics have not yet published (this
 * transaction's and maybe earlier ones' on the same connection), and how many were not heap-only.
 */
async function updatesIn(tx: Tx): Promise<{ all: number; notHeapOnly: number }> {
  const { rows } = await sql<{ all: number; not_heap_only: number }>`select n_tup_upd::int as all,
      (n_tup_upd - n_tup_hot_upd)::int as not_heap_only
      from pg_stat_xact_user_tables where relname = 'findings'`.execute(tx);
  return { all: rows[0]?.all ?? 0, notHeapOnly: rows[0]?.not_heap_only ?? 0 };
}

describe("a status change", () => {
  it("of a bulk selection updates findings heap-only, and it and its undo keep the status order", async () => {
    const seen: Array<{ all: number; notHeapOnly: number }> = [];
    setBatchWriteHook(async (tx) => {
      seen.push(await updatesIn(tx));
    });
    // Every active finding of the admin's company: whole pages of findings change at once.
    const n = Number(((await call("GET", "/api/v1/findings/?status=ACTIVE&page_size=1")).json() as Json).count);
    expect(n).toBeGreaterThan(100);
    const bulk = await call("POST", "/api/v1/findings/bulk-status/", {
      filter: { status: ["ACTIVE"] },
      expected_count: n,
      status: "TOLERATED",
      reason: "Accepted until the next release",
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as Json).updated).toBe(n);
    const undo = await call("POST", `/api/v1/findings/batches/${(bulk.json() as Json).batch_id}/undo/`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect((undo.json() as Json).updated).toBe(n);
    // The change is the first update of this database's findings: nothing earlier is counted with it.
    expect(seen[0]?.notHeapOnly).toBe(0);
    expect(seen[0]?.all).toBeGreaterThanOrEqual(n);
    expect(await summaryMismatches(server.services.db)).toEqual([]);
    const sorted = (await call("GET", "/api/v1/findings/?ordering=-status&page_size=500")).json() as {
      results: Array<{ id: number; status: string }>;
    };
    const rank = ["ACTIVE", "FIXING", "MITIGATED", "TOLERATED", "FALSE_POSITIVE"];
    const ranks = sorted.results.map((f) => rank.indexOf(f.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it("is no longer heap-only once an index holds the status (the check itself is checked)", async () => {
    const { rows } = await sql<{ id: number }>`select id from findings where company_id = 1 and status = 'ACTIVE'
      order by id limit 20`.execute(server.services.db);
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(20);
    const rollback = new Error("rolled back");
    const counted = await server.services.db
      .transaction()
      .execute(async (tx) => {
        await sql`create index findings_status_probe_idx on findings (status)`.execute(tx);
        const before = await updatesIn(tx);
        await sql`update findings set status = 'FIXING' where id = any(${ids}::int[])`.execute(tx);
        const after = await updatesIn(tx);
        const updates = { all: after.all - before.all, notHeapOnly: after.notHeapOnly - before.notHeapOnly };
        throw Object.assign(rollback, { updates });
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
        return (e as typeof rollback & { updates: { all: number; notHeapOnly: number } }).updates;
      });
    expect(counted).toEqual({ all: 20, notHeapOnly: 20 });
  });
});
