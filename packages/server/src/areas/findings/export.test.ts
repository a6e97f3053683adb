import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { idsOfCsv } from "../../../test/csv.ts";
import { STATIC_BASE, serverBesideStaticMode } from "../../../test/serverBesideStaticMode.ts";
import { isoTimestamp, withScope } from "../../db/pool.ts";
import { echoedFilters } from "./export.ts";
import { readFindingQuery } from "./model.ts";
import { orderedIdsQuery } from "./queries.ts";

/**
 * The export streams finished rows from one cursor, several batches of them (issue 30): the file
 * must hold every row of the selection once, in the index's order, within the caller's scope, and
 * its cells must be those static mode writes for the same findings.
 */

const ACCOUNTS = { superadmin: "superadmin@example.com", admin: "admin@example.com" } as const;
type Who = keyof typeof ACCOUNTS;

const paired = serverBesideStaticMode(ACCOUNTS);
const { tokens, mockTokens } = paired;

const db = () => paired.server.services.db;

async function file(who: Who, url: string): Promise<string> {
  const res = await paired.server.call("GET", url, { token: tokens[who] });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

/**
 * Every id of the index's selection in its order: the index's own ordered query (which its pages
 * read, see cursor.test.ts) under the caller's scope, checked against the index's first page.
 */
async function indexOrder(who: Who, query: string): Promise<number[]> {
  const { rows: users } = await sql<{ id: number; company_id: number | null; role: string }>`
    select id, company_id, role from users where email = ${ACCOUNTS[who]}`.execute(db());
  const user = users[0];
  if (!user) throw new Error(`no user ${who}`);
  const companies = user.company_id === null ? "all" : user.company_id;
  const q = readFindingQuery(echoedFilters(`/?${query}`), companies, user.id);
  const ids = await withScope(db(), { companies, userId: user.id }, async (tx) =>
    (await sql<{ id: number }>`${orderedIdsQuery(q)}`.execute(tx)).rows.map((r) => r.id),
  );
  const res = await paired.server.call("GET", `/api/v1/findings/?${query}&page_size=500`, { token: tokens[who] });
  const page = res.json() as { count: number; results: Array<{ id: number }> };
  expect(page.count).toBe(ids.length);
  expect(page.results.map((r) => r.id)).toEqual(ids.slice(0, 500));
  return ids;
}

describe("the findings export", () => {
  it("writes the same CSV as static mode, cell for cell", async () => {
    for (const query of ["", "area=NETWORK&area=SOURCE_CODE&ordering=-cvss_score", "ordering=-last_seen"]) {
      const url = `/api/v1/findings/export/?format=csv${query ? `&${query}` : ""}`;
      const res = await fetch(`${STATIC_BASE}${url}`, {
        headers: { authorization: `Bearer ${mockTokens.superadmin}` },
      });
      const expected = await res.text();
      expect(idsOfCsv(expected).length).toBeGreaterThan(0);
      // fetch reads the byte order mark as no text.
      expect((await file("superadmin", url)).replace(/^\uFEFF/, ""), query).toBe(expected);
    }
  });

  it("writes every row of a selection several batches long once, in the index's order and scope", async () => {
    // Copies of every finding until there are more than 16,000 (over eight CSV batches, sixteen
    // JSON ones): half keep the history facts' change, half carry one their scan stored.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from findings`.execute(db());
    const copies = Math.ceil(16_500 / (rows[0]?.n ?? 1));
    await sql`insert into findings
        (company_id, area, vulnerability_id, name, severity, parent_id, status, host_id, host, asset_id, branch, line,
         created_at, change, previous_id)
      select f.company_id, f.area, f.vulnerability_id, f.name || ' ' || k, f.severity, f.parent_id, f.status, f.host_id,
             f.host, f.asset_id, f.branch, f.line, f.created_at,
             case when k % 2 = 0 then 'UNCHANGED' end, case when k % 2 = 0 then f.id end
        from findings f cross join generate_series(1, ${copies}) k
       order by k, f.id`.execute(db());

    for (const query of [
      "ordering=-severity",
      "ordering=name",
      "ordering=-last_seen&area=NETWORK&area=WEB_APPLICATION",
    ]) {
      const expected = await indexOrder("superadmin", query);
      const ids = idsOfCsv(await file("superadmin", `/api/v1/findings/export/?format=csv&${query}`));
      expect(ids.length, query).toBeGreaterThan(query.includes("area") ? 5_000 : 16_000);
      expect(new Set(ids).size, query).toBe(ids.length);
      expect(ids, query).toEqual(expected);
    }

    // A client's file holds their company's findings only, all of them, in order; JSON alike.
    const theirs = await indexOrder("admin", "ordering=-severity");
    const { rows: own } = await sql<{ n: number }>`select count(*)::int as n from findings
      where company_id = (select company_id from users where email = ${ACCOUNTS.admin}) and scan_id is not null`.execute(
      db(),
    );
    expect(theirs.length).toBe(own[0]?.n);
    expect(idsOfCsv(await file("admin", "/api/v1/findings/export/?format=csv"))).toEqual(theirs);
    const json = JSON.parse(await file("admin", "/api/v1/findings/export/?format=json")) as {
      count: number;
      results: Array<{ id: number; change: string | null; previous_id: number | null }>;
    };
    expect(json.count).toBe(theirs.length);
    expect(json.results.map((r) => r.id)).toEqual(theirs);
    // A stored change and its previous finding are the scan's, as the finding's own page shows them.
    const stored = json.results.find((r) => r.change === "UNCHANGED" && r.previous_id !== null);
    expect(stored).toBeDefined();
  });
});

describe("timestamps", () => {
  it("reads every timestamptz as the ISO 8601 that Date writes, without a Date for UTC text", async () => {
    const texts = [
      "2026-11-30 08:35:00+00",
      "2026-11-30 08:35:00.1+00",
      "2026-11-30 08:35:00.123456+00",
      "2026-11-30 23:59:59.999999+00",
      "2026-11-30 08:35:00.5+05:30",
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    const { rows } = await sql<{ at: string; text: string }>`
      select at, at::text as text from unnest(${texts}::timestamptz[]) as at`.execute(db());
    for (const row of rows) expect(row.at).toBe(new Date(row.text).toISOString());
  });
});
