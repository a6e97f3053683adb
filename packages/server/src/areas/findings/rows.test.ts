import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { DUE_AT, FACTS, type FindingRow, HISTORY_CTE, historiesOf, ROW_COLUMNS } from "./queries.ts";
import { indexItem } from "./serialize.ts";
import { indexItems } from "./service.ts";

/**
 * The index's rows read their facts with SEEN (one occurrence probe, the due date from it) and the
 * scan history only for findings no scan matched, in a second query (issue 30). What a row shows must
 * be what the index filters and sorts on: FACTS, which computes every fact from the history for every
 * row, and DUE_AT, the overdue filter's due date, are the reference here.
 */

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.services.db;

/** Every row of these ids with its facts as the index filters on them: FACTS and DUE_AT. */
async function referenceRows(tx: Tx, ids: number[]): Promise<FindingRow[]> {
  const { rows } = await sql<FindingRow>`with ${HISTORY_CTE}
    select ${ROW_COLUMNS}, co.name as company_name, pr.name as product_name, d.change, d.previous_id
      from findings f join vulnerabilities v on v.id = f.vulnerability_id
      left join companies co on co.id = f.company_id
      left join products pr on pr.id = f.product_id
      left join users au on au.id = f.assignee_id
      ${FACTS}
      cross join lateral (select d.first_seen, d.last_seen) seen
      cross join lateral (select ${DUE_AT} as due_at) due
     where f.id = any(${ids}::int[]) order by f.id`.execute(tx);
  return rows;
}

const allIds = async (tx: Tx) =>
  (await sql<{ id: number }>`select id from findings where scan_id is not null order by id`.execute(tx)).rows.map(
    (r) => r.id,
  );

describe("index rows", () => {
  /** The index rows of every placed finding, as JSON, against the reference's. */
  async function compareAll(tx: Tx) {
    const ids = await allIds(tx);
    const reference = await referenceRows(tx, ids);
    const histories = await historiesOf(tx, ids);
    const expected = reference.map((r) => indexItem(r, histories));
    const items = await indexItems(tx, ids, null);
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(JSON.stringify(items)).toBe(JSON.stringify(expected));
    return reference;
  }

  it("are the same JSON as the rows with every fact computed from the history, for every demo finding", async () => {
    await withScope(db(), { companies: "all", userId: null }, async (tx) => {
      const reference = await compareAll(tx);
      // The demo data's findings were stored by no scan: each row's change comes from the history.
      expect(reference.every((r) => r.stored_change === null)).toBe(true);
      expect(reference.filter((r) => r.change === "REOPENED").length).toBeGreaterThan(0);
      expect(reference.filter((r) => r.change === "UNCHANGED").length).toBeGreaterThan(0);
      expect(reference.filter((r) => r.previous_id !== null).length).toBeGreaterThan(0);
      expect(reference.filter((r) => r.due_date !== null && r.is_overdue).length).toBeGreaterThan(0);
      expect(reference.filter((r) => r.first_seen !== r.last_seen).length).toBeGreaterThan(0);
    });
  });

  it("take each due date from the company's own SLA where it has one, null where it sets none", async () => {
    const rolledBack = new Error("rolled back");
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await sql`insert into finding_slas (company_id, high_days, medium_days, low_days, info_days, log_days)
            select id, 3, null, 1, 2, null from companies where id in (1, 2)`.execute(tx);
          await sql`select set_config('app.scope', 'all', true)`.execute(tx);
          await sql`set local role sentinel_app`.execute(tx);
          const reference = await compareAll(tx);
          const own = reference.filter((r) => r.company_id === 1 || r.company_id === 2);
          expect(own.some((r) => r.severity === "MEDIUM" && r.due_date === null)).toBe(true);
          expect(own.some((r) => r.severity === "HIGH" && r.due_date !== null)).toBe(true);
          throw rolledBack;
        }),
    ).rejects.toBe(rolledBack);
  });

  it("read within the caller's company, in the order asked", async () => {
    const company = 2;
    await withScope(db(), { companies: company, userId: null }, async (tx) => {
      const own = await allIds(tx);
      expect(own.length).toBeGreaterThan(0);
      const items = await indexItems(tx, [...own].reverse(), company);
      expect(items.map((i) => i.id)).toEqual([...own].reverse());
      expect(items.every((i) => i.company.id === company)).toBe(true);
    });
    const others = await withScope(db(), { companies: "all", userId: null }, async (tx) =>
      (
        await sql<{ id: number }>`select id from findings where company_id <> ${company} and scan_id is not null
          order by id limit 20`.execute(tx)
      ).rows.map((r) => r.id),
    );
    expect(others.length).toBeGreaterThan(0);
    // Neither the row policy nor the repeated company condition lets another company's row through.
    const seen = await withScope(db(), { companies: company, userId: null }, (tx) => indexItems(tx, others, company));
    expect(seen).toEqual([]);
    const unscoped = await withScope(db(), { companies: company, userId: null }, (tx) => indexItems(tx, others, null));
    expect(unscoped).toEqual([]);
  });

  it("report a scan's stored change with its stored previous finding: a NEW one continues none", async () => {
    const rolledBack = new Error("rolled back");
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          const ids = await allIds(tx);
          const reference = await referenceRows(tx, ids);
          const continued = reference.filter((r) => r.previous_id !== null).map((r) => r.id);
          expect(continued.length).toBeGreaterThan(1);
          const [asNew, asUnchanged] = continued as [number, number];
          await sql`update findings set change = 'NEW', previous_id = null where id = ${asNew}`.execute(tx);
          await sql`update findings set change = 'UNCHANGED', previous_id = ${asNew} where id = ${asUnchanged}`.execute(
            tx,
          );
          await sql`select set_config('app.scope', 'all', true)`.execute(tx);
          await sql`set local role sentinel_app`.execute(tx);
          const items = await indexItems(tx, [asNew, asUnchanged], null);
          expect(items.map((i) => [i.id, i.change, i.previous_id])).toEqual([
            [asNew, "NEW", null],
            [asUnchanged, "UNCHANGED", asNew],
          ]);
          throw rolledBack;
        }),
    ).rejects.toBe(rolledBack);
  });
});
