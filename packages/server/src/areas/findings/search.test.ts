import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { withScope } from "../../db/pool.ts";
import type { FindingQuery } from "./model.ts";
import { cursorPage, FACTS, HISTORY_CTE, orderBy, searchCountAndPage, whereOf } from "./queries.ts";

/**
 * A search's count and page come from one statement that finds its matches once
 * (finding_search_rows, migration 0320), a security definer that applies the row policy's company
 * rule itself (issue 30). Both are checked here against a brute-force reference over the demo data:
 * every placed finding whose lower-cased text holds the needle, read without the function.
 */

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

const db = () => server.services.db;

// LIKE's own characters (%, _ and \) must match themselves; a needle's case does not matter.
const NEEDLES = ["sql", "SSL", "cve-", "%", "_", "\\", "e", "no-such-finding-anywhere"];
const ORDERINGS = ["-severity", "name", "-host", "cvss_score", "status"];

/** The ids a search of `needle` lists for `company` (null: every company), in `ordering`'s order. */
async function reference(needle: string, company: number | null, ordering: string): Promise<number[]> {
  const keys: Record<string, string> = {
    "-severity": "severity_rank desc",
    name: "name_key asc",
    "-host": "sort_host desc nulls last",
    cvss_score: "cvss asc nulls last",
    status: "status_rank asc",
  };
  const { rows } = await sql<{ id: number }>`select id from findings
     where scan_id is not null and strpos(search_text, lower(${needle})) > 0
       and (${company}::int is null or company_id = ${company}::int)
     order by ${sql.raw(keys[ordering] ?? "")}, id`.execute(db());
  return rows.map((r) => r.id);
}

async function companies(): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select distinct company_id as id from findings
     where scan_id is not null order by 1`.execute(db());
  return rows.map((r) => r.id);
}

const scopeOf = (company: number | null) => ({ companies: company ?? ("all" as const), userId: null });

describe("the index's search", () => {
  it("counts and pages as a brute-force reference does, for staff and for every client", async () => {
    const scopes: Array<number | null> = [null, ...(await companies())];
    expect(scopes.length).toBeGreaterThan(2);
    let matched = 0;
    for (const company of scopes) {
      for (const needle of NEEDLES) {
        for (const ordering of ORDERINGS) {
          const expected = await reference(needle, company, ordering);
          matched += expected.length;
          const q: FindingQuery = { company, ordering, search: needle };
          await withScope(db(), scopeOf(company), async (tx) => {
            const label = `${needle} ${ordering} ${company ?? "all"}`;
            // Every match, as one page by number.
            const all = await searchCountAndPage(tx, q, { limit: 100_000, offset: 0 });
            expect(all.count, label).toBe(expected.length);
            expect(
              all.rows.map((r) => r.id),
              label,
            ).toEqual(expected);
            // A page by number deep in the list.
            const deep = await searchCountAndPage(tx, q, { limit: 7, offset: 5 });
            expect(deep.count, label).toBe(expected.length);
            expect(
              deep.rows.map((r) => r.id),
              label,
            ).toEqual(expected.slice(5, 12));
            // Pages by cursor after and before a row in the middle, from that row's sort values.
            const middle = Math.floor(all.rows.length / 2);
            const at = all.rows[middle];
            if (at) {
              const after = await searchCountAndPage(tx, q, {
                at: { values: at.keys, id: at.id, before: false },
                limit: 5,
              });
              expect(after.count, label).toBe(expected.length);
              // The cursor's query on its own (bulk and plan checks use it) finds the same rows.
              const alone = await cursorPage(tx, q, { values: at.keys, id: at.id, before: false }, 5);
              expect(
                alone.map((r) => r.id),
                label,
              ).toEqual(expected.slice(middle + 1, middle + 6));
              expect(
                after.rows.map((r) => r.id),
                label,
              ).toEqual(expected.slice(middle + 1, middle + 6));
              const before = await searchCountAndPage(tx, q, {
                at: { values: at.keys, id: at.id, before: true },
                limit: 5,
              });
              expect(
                before.rows.map((r) => r.id),
                label,
              ).toEqual(expected.slice(Math.max(0, middle - 5), middle).reverse());
            } else {
              expect(all.rows).toEqual([]);
            }
          });
        }
      }
    }
    expect(matched).toBeGreaterThan(100);
  });

  it("filters a search's matches as the index filters findings, with every other filter", async () => {
    const { rows } = await sql<{ id: number; product_id: number; assignee_id: number | null }>`select
        min(company_id) as id, min(product_id) as product_id, min(assignee_id) as assignee_id
        from findings where scan_id is not null`.execute(db());
    const some = rows[0];
    if (!some) throw new Error("no findings");
    const queries: FindingQuery[] = [
      { company: null, ordering: "-severity", search: "e", status: ["ACTIVE", "FIXING"], area: ["network", "web"] },
      { company: null, ordering: "last_seen", search: "e", change: ["NEW", "REOPENED"] },
      { company: null, ordering: "-cvss_score", search: "e", overdue: true },
      { company: null, ordering: "name", search: "e", overdue: false, severity: ["HIGH", "LOW"] },
      { company: null, ordering: "host", search: "e", first_seen_after: "2020-01-01", last_seen_before: "2100-01-01" },
      { company: null, ordering: "-status", search: "e", assignee: "unassigned" },
      ...(some.assignee_id === null
        ? []
        : [{ company: null, ordering: "status", search: "e", assignee: some.assignee_id }]),
      { company: null, ordering: "-name", search: "e", product: some.product_id },
      { company: some.id, ordering: "-host", search: "s" },
    ];
    let matched = 0;
    for (const q of queries) {
      await withScope(db(), scopeOf(q.company), async (tx) => {
        // The index's selection on findings itself, the search as a filter (finding_search_ids).
        const { rows: expected } = await sql<{ id: number }>`with ${HISTORY_CTE}
            select f.id from findings f ${FACTS} where ${whereOf(q)} order by ${orderBy(q.ordering)}`.execute(tx);
        matched += expected.length;
        const found = await searchCountAndPage(tx, q, { limit: 100_000, offset: 0 });
        expect(found.count, JSON.stringify(q)).toBe(expected.length);
        expect(
          found.rows.map((r) => r.id),
          JSON.stringify(q),
        ).toEqual(expected.map((r) => r.id));
      });
    }
    expect(matched).toBeGreaterThan(50);
  });

  it("finds through finding_search_rows exactly the matches the row policy lets a caller see", async () => {
    const scopes: Array<number | null> = [null, ...(await companies())];
    for (const company of scopes) {
      for (const needle of ["sql", "e", "ssl"]) {
        await withScope(db(), scopeOf(company), async (tx) => {
          // The function, as the request role calls it (it reads findings as its owner).
          const found = await sql<{ id: number; company_id: number }>`select id, company_id
              from finding_search_rows(${needle}) order by id`.execute(tx);
          // The same text condition on findings itself, which the row policy filters for this role.
          const policy = await sql<{ id: number }>`select id from findings
             where search_text like '%' || lower(${needle}) || '%' order by id`.execute(tx);
          expect(
            found.rows.map((r) => r.id),
            `${needle} ${company ?? "all"}`,
          ).toEqual(policy.rows.map((r) => r.id));
          if (company !== null) expect(found.rows.every((r) => r.company_id === company)).toBe(true);
        });
      }
    }
    // Another company's client sees none of a company's matches.
    const [first, second] = await companies();
    if (first === undefined || second === undefined) throw new Error("the demo data has two companies");
    const theirs = await withScope(db(), scopeOf(second), async (tx) =>
      sql<{ n: number }>`select count(*)::int as n from finding_search_rows('e') where company_id = ${first}`.execute(
        tx,
      ),
    );
    expect(theirs.rows[0]?.n).toBe(0);
  });

  it("answers the API's count and pages from it, the same as the reference", async () => {
    // A client's admin: the API scopes the search to their company.
    const { access } = await server.signIn("admin@example.com");
    const { rows } = await sql<{ company_id: number }>`select company_id from users
       where email = 'admin@example.com'`.execute(db());
    const company = rows[0]?.company_id ?? null;
    const get = async (url: string) => {
      const res = await server.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${access}` } });
      expect(res.statusCode, url).toBe(200);
      return res.json() as { count: number; results: Array<{ id: number }>; next_cursor: string | null };
    };
    const expected = await reference("sql", company, "-severity");
    expect(expected.length).toBeGreaterThan(6);
    const first = await get("/api/v1/findings/?search=sql&page_size=3");
    expect(first.count).toBe(expected.length);
    expect(first.results.map((r) => r.id)).toEqual(expected.slice(0, 3));
    if (first.next_cursor) {
      const second = await get(`/api/v1/findings/?search=sql&page_size=3&cursor=${first.next_cursor}`);
      expect(second.count).toBe(expected.length);
      expect(second.results.map((r) => r.id)).toEqual(expected.slice(3, 6));
    }
  });
});
