import { type RawBuilder, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import type { Tx } from "../../db/pool.ts";
import { DEFAULT_ORDERING, type FindingQuery } from "./model.ts";
import { countQuery, cursorPage, cursorPageQuery, offsetPageQuery, readsInIndexOrder } from "./queries.ts";

/**
 * The findings index's query plans (issue 30). The test data set is small, so the planner would
 * happily read the whole table; with sequential scans priced out it must still find an index for
 * every query the index runs, and must never sort more than a page's worth of rows. A query that
 * would read or sort the whole table at a million findings fails here: a missing index fails CI.
 *
 * last_seen is not covered: it is computed per occurrence (the latest finding of one vulnerability
 * on one target), not stored on the row, so no index can hold it (see docs/decisions.md, issue 30).
 */

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
  // The copied template has no statistics of its own yet.
  await sql`analyze findings, finding_status_order`.execute(server.services.db);
});
afterAll(async () => await server.close());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Function Name"?: string;
  Plans?: PlanNode[];
}

/** The tables a page is read from: findings, and the status orderings' own (migration 0330). */
const PAGED = new Set(["findings", "finding_status_order"]);

/**
 * What is wrong with a plan: a sequential scan of findings (or of the status order), or a sort that is not bounded by a LIMIT
 * below it (a sort of LIMIT-ed branches is a page's worth of rows; any other sort reads everything
 * the filters let through). `searchSortOk`: a sort of a search's matches (rows found through
 * finding_search_rows) is allowed too.
 */
function problems(plan: PlanNode, searchSortOk = false): string[] {
  const out: string[] = [];
  const searches = (node: PlanNode): boolean =>
    node["Function Name"] === "finding_search_rows" || (node.Plans ?? []).some(searches);
  const visit = (node: PlanNode, sortAbove: string | null) => {
    const type = node["Node Type"];
    const findings = PAGED.has(node["Relation Name"] ?? "");
    if (type === "Seq Scan" && findings) out.push(`sequential scan of ${node["Relation Name"]}`);
    if (sortAbove && /Scan/.test(type) && findings) {
      out.push(`${sortAbove} over ${type}${node["Index Name"] ? ` ${node["Index Name"]}` : ""}`);
    }
    const sorts = (type === "Sort" || type === "Incremental Sort") && !(searchSortOk && searches(node));
    const sorting = sorts ? type : sortAbove;
    for (const child of node.Plans ?? []) visit(child, type === "Limit" ? null : sorting);
  };
  visit(plan, null);
  return out;
}

/**
 * The B-tree an ordering needs, as pg_get_indexdef writes its columns: the key in its direction
 * (nulls last both ways), then the id; led by company_id for one company's pages. On this small data
 * set the planner may as well read a company's page through the all-companies index and filter, so
 * that the company's own index exists is checked in the catalogue, not in the plan.
 */
const KEY_COLUMN: Record<(typeof KEYS)[number], { column: string; nullable: boolean; table?: string }> = {
  severity: { column: "severity_rank", nullable: false },
  // Not on findings, so that a status change is a heap-only update (migration 0330).
  status: { column: "status_rank", nullable: false, table: "finding_status_order" },
  name: { column: "name_key", nullable: false },
  host: { column: "sort_host", nullable: true },
  cvss_score: { column: "cvss", nullable: true },
};

/** The index an ordering needs, as "table (columns)". */
function neededIndex(ordering: string, company: boolean): string {
  const key = KEY_COLUMN[ordering.replace(/^-/, "") as (typeof KEYS)[number]];
  const desc = ordering.startsWith("-");
  const column = desc ? `${key.column} DESC${key.nullable ? " NULLS LAST" : ""}` : key.column;
  return `${key.table ?? "findings"} (${company ? "company_id, " : ""}${column}, id)`;
}

/** The B-trees of the tables a page is read from, by name, as "table (columns)". */
async function findingIndexes(tx: Tx): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; table: string; def: string }>`select c.relname as name,
        t.relname as table, pg_get_indexdef(c.oid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
     where t.relname = any(${[...PAGED]}::text[])`.execute(tx);
  return new Map(rows.map((r) => [r.name, `${r.table} ${(/USING btree (\(.*\))$/.exec(r.def) ?? [])[1] ?? r.def}`]));
}

function indexesOf(plan: PlanNode): string[] {
  const out: string[] = [];
  const visit = (node: PlanNode) => {
    if (node["Index Name"]) out.push(node["Index Name"]);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return out;
}

/** The plan of `query` as `scope` runs it (row-level security included), sequential scans priced out. */
async function planOf(tx: Tx, scope: number | "all", query: RawBuilder<unknown>): Promise<PlanNode> {
  await sql`select set_config('app.scope', ${scope === "all" ? "all" : "company"}, true),
                   set_config('app.company_id', ${scope === "all" ? "" : String(scope)}, true)`.execute(tx);
  await sql`set local role sentinel_app`.execute(tx);
  // Sequential scans and sorts priced out: the plan shows one only where no index can do without it.
  // The data set is far too small for the planner's own choice to say anything about a million rows
  // (it rightly sorts 3,500 rows rather than walk an index), so what is checked is that an index can.
  await sql`set local enable_seqscan = off`.execute(tx);
  await sql`set local enable_sort = off`.execute(tx);
  await sql`set local enable_incremental_sort = off`.execute(tx);
  const { rows } = await sql<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>`explain (format json) ${query}`.execute(tx);
  const plan = rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (!plan) throw new Error("no plan");
  await sql`reset role`.execute(tx);
  return plan;
}

/**
 * The plan of finding_search_rows' own query (the outer plan shows only a function scan), as its
 * owner runs it, sequential scans priced out, for a search of "log4shell" by `scope`.
 */
async function searchPlan(tx: Tx, scope: number | "all"): Promise<PlanNode> {
  const { rows } = await sql<{ body: string }>`select prosrc as body from pg_proc
    where proname = 'finding_search_rows'`.execute(tx);
  const body = rows[0]?.body;
  if (!body) throw new Error("no finding_search_rows");
  await sql`select set_config('app.scope', ${scope === "all" ? "all" : "company"}, true),
                   set_config('app.company_id', ${scope === "all" ? "" : String(scope)}, true)`.execute(tx);
  await sql`set local enable_seqscan = off`.execute(tx);
  const query = sql.raw(body.replace(/\bneedle\b/g, "'log4shell'"));
  const explained = await sql<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>`explain (format json) ${query}`.execute(tx);
  const plan = explained.rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (!plan) throw new Error("no plan");
  return plan;
}

/** Runs `work` in a transaction that is always rolled back (so an index dropped in it comes back). */
async function rolledBack(work: (tx: Tx) => Promise<void>): Promise<void> {
  const rollback = new Error("rollback");
  try {
    await server.services.db.transaction().execute(async (tx) => {
      await work(tx);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}

const KEYS = ["severity", "status", "name", "host", "cvss_score"] as const;
const ORDERINGS = KEYS.flatMap((k) => [k, `-${k}`]);
const SCOPES = [1, "all"] as const;

/** A cursor's values for `ordering`: a row in the middle of company 1's findings, as the server reads them. */
async function middleRow(
  ordering: string,
  scope: number | "all",
): Promise<{ values: Array<string | null>; id: number }> {
  let out: { values: Array<string | null>; id: number } | null = null;
  await rolledBack(async (tx) => {
    const q: FindingQuery = { company: scope === "all" ? null : scope, ordering };
    await sql`select set_config('app.scope', 'all', true)`.execute(tx);
    const { rows } = await sql<Record<string, string | null> & { id: number }>`${offsetPageQuery(q, 1, 100)}`.execute(
      tx,
    );
    const row = rows[0];
    if (!row) throw new Error(`no row for ${ordering}`);
    out = { id: row.id, values: ordering.split(",").map((_, i) => row[`k${i}`] ?? null) };
  });
  if (!out) throw new Error("no row");
  return out;
}

/** Every query the index runs for one ordering and scope: the first page, a page after a row, a page before it. */
async function queriesOf(ordering: string, scope: number | "all", extra: Partial<FindingQuery> = {}) {
  const q: FindingQuery = { company: scope === "all" ? null : scope, ordering, ...extra };
  const at = await middleRow(ordering, scope);
  return [
    ["first page", offsetPageQuery(q, 51, 0)],
    ["page after a cursor", cursorPageQuery(q, { ...at, before: false }, 51)],
    ["page before a cursor", cursorPageQuery(q, { ...at, before: true }, 51)],
  ] as const;
}

describe("the findings index's query plans", () => {
  it("reads every ordering, in both directions, with and without a company, from an index", async () => {
    const found: string[] = [];
    for (const ordering of ORDERINGS) {
      for (const scope of SCOPES) {
        for (const [what, query] of await queriesOf(ordering, scope)) {
          await rolledBack(async (tx) => {
            const plan = await planOf(tx, scope, query);
            found.push(
              ...problems(plan).map((p) => `${ordering}, ${scope === "all" ? "staff" : "company"}, ${what}: ${p}`),
            );
          });
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("has an index for every ordering, in both directions, for one company and for all", async () => {
    await rolledBack(async (tx) => {
      const defs = new Set((await findingIndexes(tx)).values());
      const missing = ORDERINGS.flatMap((o) => [neededIndex(o, true), neededIndex(o, false)]).filter(
        (d) => !defs.has(d),
      );
      expect(missing).toEqual([]);
    });
  });

  it("answers a search from the trigram index, counted and paged", async () => {
    const found: string[] = [];
    for (const scope of SCOPES) {
      const q: FindingQuery = {
        company: scope === "all" ? null : scope,
        ordering: DEFAULT_ORDERING,
        search: "log4shell",
      };
      await rolledBack(async (tx) => {
        const plan = await planOf(tx, scope, countQuery(q));
        found.push(...problems(plan).map((p) => `count ${scope}: ${p}`));
      });
      for (const [what, query] of await queriesOf("name", scope, { search: "log4shell" })) {
        await rolledBack(async (tx) => {
          found.push(...problems(await planOf(tx, scope, query), true).map((p) => `search ${scope}, ${what}: ${p}`));
        });
      }
    }
    expect(found).toEqual([]);
    for (const scope of SCOPES) {
      await rolledBack(async (tx) => {
        expect(indexesOf(await searchPlan(tx, scope)), `search ${scope}`).toContain("findings_search_trgm_idx");
      });
    }
  });

  it("counts from the summary table by company, area, severity and status, and from an index otherwise", async () => {
    const relations = (node: PlanNode): string[] => [
      ...(node["Relation Name"] ? [node["Relation Name"]] : []),
      ...(node.Plans ?? []).flatMap(relations),
    ];
    for (const scope of SCOPES) {
      const company = scope === "all" ? null : scope;
      for (const extra of [{}, { area: ["web" as const], severity: ["HIGH" as const], status: ["ACTIVE" as const] }]) {
        await rolledBack(async (tx) => {
          const plan = await planOf(tx, scope, countQuery({ company, ordering: DEFAULT_ORDERING, ...extra }));
          expect(relations(plan), `${scope} ${JSON.stringify(extra)}`).toEqual(["finding_counts"]);
        });
      }
    }
    await rolledBack(async (tx) => {
      const plan = await planOf(tx, 1, countQuery({ company: 1, ordering: DEFAULT_ORDERING, scan: 1 }));
      expect(problems(plan)).toEqual([]);
      expect(relations(plan)).toContain("findings");
    });
  });

  it("reads plain pages in index order whatever the row policy's estimate, and leaves the settings as they were", async () => {
    const q = (extra: Partial<FindingQuery>): FindingQuery => ({ company: 1, ordering: "-severity", ...extra });
    expect(readsInIndexOrder(q({}))).toBe(true);
    expect(readsInIndexOrder(q({ company: null, area: ["network"], severity: ["HIGH"], status: ["ACTIVE"] }))).toBe(
      true,
    );
    for (const extra of [
      { search: "ssl" },
      { scan: 1 },
      { product: 1 },
      { ids: [1] },
      { assignee: "unassigned" as const },
      { ordering: "name,-status" },
      { ordering: "last_seen" },
      { change: ["NEW" as const] },
    ]) {
      expect(readsInIndexOrder(q(extra)), JSON.stringify(extra)).toBe(false);
    }
    const at = await middleRow("-severity", "all");
    await rolledBack(async (tx) => {
      await sql`select set_config('app.scope', 'all', true)`.execute(tx);
      const rows = await cursorPage(tx, q({ company: null }), { ...at, before: false }, 10);
      expect(rows).toHaveLength(10);
      const { rows: settings } = await sql<{ sort: string; incremental: string; bitmap: string; jit: string }>`select
        current_setting('enable_sort') as sort, current_setting('enable_incremental_sort') as incremental,
        current_setting('enable_bitmapscan') as bitmap, current_setting('jit') as jit`.execute(tx);
      const { rows: defaults } = await sql<{
        jit: string;
      }>`select boot_val as jit from pg_settings where name = 'jit'`.execute(tx);
      expect(settings[0]).toEqual({ sort: "on", incremental: "on", bitmap: "on", jit: defaults[0]?.jit });
    });
  });

  it("fails when an ordering's index is missing (the check itself is checked)", async () => {
    // Staff's index: without it the page is a sort of every row.
    const q: FindingQuery = { company: null, ordering: "-name" };
    const at = await middleRow("-name", "all");
    for (const query of [offsetPageQuery(q, 51, 0), cursorPageQuery(q, { ...at, before: false }, 51)]) {
      await rolledBack(async (tx) => {
        expect(problems(await planOf(tx, "all", query)), "index kept").toEqual([]);
        await sql`drop index findings_order_name_desc_all_idx`.execute(tx);
        expect(problems(await planOf(tx, "all", query)).length, "index dropped").toBeGreaterThan(0);
      });
    }
    // A company's index: the catalogue check misses it.
    await rolledBack(async (tx) => {
      await sql`drop index findings_order_name_desc_idx`.execute(tx);
      expect(new Set((await findingIndexes(tx)).values()).has(neededIndex("-name", true))).toBe(false);
    });
    // The status order's index: a page by status then sorts every finding's rank.
    const statusAt = await middleRow("status", "all");
    const byStatus: FindingQuery = { company: null, ordering: "status" };
    await rolledBack(async (tx) => {
      const query = cursorPageQuery(byStatus, { ...statusAt, before: false }, 51);
      expect(problems(await planOf(tx, "all", query)), "index kept").toEqual([]);
      await sql`drop index finding_status_order_all_idx`.execute(tx);
      expect(problems(await planOf(tx, "all", query)).length, "index dropped").toBeGreaterThan(0);
    });
    // The trigram index: a search then reads every finding.
    await rolledBack(async (tx) => {
      await sql`drop index findings_search_trgm_idx`.execute(tx);
      expect(problems(await searchPlan(tx, "all"))).toEqual(["sequential scan of findings"]);
    });
  });
});
