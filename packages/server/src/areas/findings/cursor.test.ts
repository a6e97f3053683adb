import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { STATIC_BASE, serverBesideStaticMode } from "../../../test/serverBesideStaticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Cursor paging of the findings index (issue 30): a walk by `next_cursor` sees every row that was
 * there when it began exactly once, however many rows are inserted meanwhile, on either side of the
 * cursor; `previous_cursor` walks back over the same pages; a cursor of another ordering or other
 * filters is refused. Static mode walks the same pages.
 */

const contract = loadContract();
const listFindings = contract.byId.get("listFindings");
if (!listFindings) throw new Error("no listFindings in the contract");
const validate = contract.responseValidator(listFindings, 200);

const ACCOUNTS = { analyst: "analyst@example.com", member: "member@example.com" } as const;
type Who = keyof typeof ACCOUNTS;

const paired = serverBesideStaticMode(ACCOUNTS);
const { tokens, mockTokens } = paired;

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  start_index: number;
  end_index: number;
  current_page: number;
  next_cursor: string | null;
  previous_cursor: string | null;
  last_cursor: string | null;
  results: Array<{ id: number }>;
}

/** The server's answer, checked against the contract. */
async function page(who: Who, url: string): Promise<Page> {
  const res = await paired.server.call("GET", url, { token: tokens[who] });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const body = res.json() as Page;
  if (validate && !validate(body)) throw new Error(`${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return body;
}

/** Static mode's answer, checked against the contract too. */
async function mockPage(who: Who, url: string): Promise<Page> {
  const res = await fetch(`${STATIC_BASE}${url}`, { headers: { authorization: `Bearer ${mockTokens[who]}` } });
  const body = (await res.json()) as Page;
  expect(res.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
  if (validate && !validate(body)) throw new Error(`static ${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  return body;
}

const db = () => paired.server.services.db;
const ids = (p: Page) => p.results.map((r) => r.id);

/** Copies of these findings (new ids, same sort values): they land next to their originals in every order. */
async function copyFindings(of: readonly number[]): Promise<number[]> {
  if (!of.length) return [];
  const { rows } = await sql<{ id: number }>`insert into findings
      (company_id, area, vulnerability_id, name, severity, parent_id, status, host_id, host, asset_id, branch, line, created_at)
    select company_id, area, vulnerability_id, name, severity, parent_id, status, host_id, host, asset_id, branch, line, created_at
      from findings where id = any(${[...of]}::int[]) order by id
    returning id`.execute(db());
  return rows.map((r) => r.id);
}

/** Every row of the query in its order now, read by page number (nothing is inserted meanwhile). */
async function wholeOrder(who: Who, query: string, get = page): Promise<number[]> {
  const out: number[] = [];
  for (let n = 1; ; n++) {
    const p = await get(who, `/api/v1/findings/?${query}&page_size=500&page=${n}`);
    out.push(...ids(p));
    if (p.next === null) return out;
  }
}

/**
 * Walks `query` by cursor, `size` rows a page, and after every page inserts copies of a row already
 * seen and of a row not yet seen: they land before and after the cursor. Checks that every row of the
 * start is seen once, that no row is seen twice, and that exactly the inserted rows that landed after
 * the cursor were seen.
 */
async function walkWhileInserting(who: Who, query: string, size: number) {
  const before = new Set(await wholeOrder(who, query));
  const seen: number[] = [];
  const inserted: Array<{ id: number; anchor: number }> = [];
  let p = await page(who, `/api/v1/findings/?${query}&page_size=${size}`);
  const startOrder = [...before];
  for (let step = 0; ; step++) {
    seen.push(...ids(p));
    if (p.next_cursor === null) break;
    // The first page is by number (its `next` too); the cursor pages link by cursor.
    if (step > 0) expect(p.next).toContain(`cursor=${p.next_cursor}`);
    const anchor = seen.at(-1) as number;
    // One row behind the cursor, one ahead of it (both from the start's order, so they are in scope).
    const behind = seen[(step * 7) % seen.length] as number;
    const ahead = startOrder[Math.min(startOrder.length - 1, seen.length + ((step * 13) % (size * 3)))] as number;
    for (const id of await copyFindings([behind, ahead])) inserted.push({ id, anchor });
    p = await page(who, `/api/v1/findings/?${query}&page_size=${size}&cursor=${p.next_cursor}`);
  }
  const counts = new Map<number, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  const gaps = [...before].filter((id) => !counts.has(id));
  expect(duplicates, `${query}: duplicates`).toEqual([]);
  expect(gaps, `${query}: gaps`).toEqual([]);

  // Where each inserted row landed: after its cursor (then the walk must have met it) or before it.
  const finalOrder = await wholeOrder(who, query);
  const position = new Map(finalOrder.map((id, i) => [id, i]));
  const landedAfter = inserted.filter((r) => (position.get(r.id) ?? -1) > (position.get(r.anchor) ?? -1));
  const landedBefore = inserted.filter((r) => !landedAfter.includes(r));
  expect(landedAfter.length, `${query}: rows inserted ahead of the cursor`).toBeGreaterThan(0);
  expect(landedBefore.length, `${query}: rows inserted behind the cursor`).toBeGreaterThan(0);
  expect(
    landedAfter.filter((r) => !counts.has(r.id)).map((r) => r.id),
    `${query}: inserted ahead and missed`,
  ).toEqual([]);
  expect(
    landedBefore.filter((r) => counts.has(r.id)).map((r) => r.id),
    `${query}: inserted behind and seen`,
  ).toEqual([]);
  return { seen: seen.length, inserted: inserted.length };
}

// First, while the server's data is still static mode's seed (the walks below insert rows).
describe("static mode's cursor pages", () => {
  it("walks the same pages as the server, forward and back, and refuses the same cursors", async () => {
    for (const [who, query] of [
      ["member", "ordering=-severity"],
      ["analyst", "ordering=host&area=NETWORK"],
      ["member", "ordering=-cvss_score,name&status=ACTIVE"],
      ["analyst", "ordering=last_seen&search=ssl"],
    ] as const) {
      let real = await page(who, `/api/v1/findings/?${query}&page_size=50`);
      let fake = await mockPage(who, `/api/v1/findings/?${query}&page_size=50`);
      const pages: Array<[Page, Page]> = [[real, fake]];
      for (let n = 0; n < 3 && real.next_cursor; n++) {
        expect(fake.next_cursor, query).not.toBeNull();
        real = await page(who, `/api/v1/findings/?${query}&page_size=50&cursor=${real.next_cursor}`);
        fake = await mockPage(who, `/api/v1/findings/?${query}&page_size=50&cursor=${fake.next_cursor}`);
        expect(ids(fake), query).toEqual(ids(real));
        expect([fake.start_index, fake.end_index, fake.current_page, fake.count]).toEqual([
          real.start_index,
          real.end_index,
          real.current_page,
          real.count,
        ]);
        expect([fake.next === null, fake.previous === null]).toEqual([real.next === null, real.previous === null]);
        pages.push([real, fake]);
      }
      expect(fake.next_cursor === null, query).toBe(real.next_cursor === null);
      if (pages.length > 1) {
        const back = await mockPage(who, `/api/v1/findings/?${query}&page_size=50&cursor=${fake.previous_cursor}`);
        expect(ids(back), query).toEqual(ids((pages.at(-2) as [Page, Page])[0]));
      }
    }
    const first = await mockPage("analyst", "/api/v1/findings/?ordering=name&page_size=5");
    const res = await fetch(`${STATIC_BASE}/api/v1/findings/?ordering=-name&cursor=${first.next_cursor}`, {
      headers: { authorization: `Bearer ${mockTokens.analyst}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      cursor: ["This cursor belongs to another ordering or other filters. Start again from the first page."],
    });
  });
});

describe("walking the findings index by cursor", () => {
  it("sees every row once while rows are inserted on both sides of the cursor, in severity order (staff)", async () => {
    const walk = await walkWhileInserting("analyst", "ordering=-severity&area=NETWORK", 200);
    expect(walk.inserted).toBeGreaterThan(4);
  });

  it("does so in name order, for a client", async () => {
    const walk = await walkWhileInserting("member", "ordering=name", 150);
    expect(walk.inserted).toBeGreaterThan(4);
  });

  it("does so where the sort value may be missing (host, descending) and for two keys", async () => {
    await walkWhileInserting("analyst", "ordering=-host&area=THREAT_INSPECTION&area=NETWORK", 250);
    await walkWhileInserting("member", "ordering=-status,cvss_score", 150);
  });

  it("walks back over the same pages by previous_cursor", async () => {
    for (const ordering of ["-severity", "host", "-cvss_score", "last_seen"]) {
      const forward: Page[] = [await page("member", `/api/v1/findings/?ordering=${ordering}&page_size=40`)];
      while (forward.length < 4) {
        const last = forward.at(-1) as Page;
        if (!last.next_cursor) break;
        forward.push(
          await page("member", `/api/v1/findings/?ordering=${ordering}&page_size=40&cursor=${last.next_cursor}`),
        );
      }
      expect(forward.length, ordering).toBe(4);
      expect(forward.map((p) => p.start_index)).toEqual([1, 41, 81, 121]);
      expect(forward.map((p) => p.current_page)).toEqual([1, 2, 3, 4]);
      let back = forward.at(-1) as Page;
      for (let i = forward.length - 2; i >= 0; i--) {
        expect(back.previous_cursor, ordering).not.toBeNull();
        back = await page(
          "member",
          `/api/v1/findings/?ordering=${ordering}&page_size=40&cursor=${back.previous_cursor}`,
        );
        expect(ids(back), `${ordering} page ${i + 1}`).toEqual(ids(forward[i] as Page));
        expect(back.start_index).toBe((forward[i] as Page).start_index);
      }
      expect(back.previous_cursor).toBeNull();
      expect(back.previous).toBeNull();
    }
  });

  it("reaches the last page by last_cursor and walks back from it, in every ordering, as static mode does", async () => {
    for (const [who, query] of [
      ["member", "ordering=-severity"],
      ["analyst", "ordering=host&area=NETWORK"],
      ["analyst", "ordering=-host"],
      ["member", "ordering=-cvss_score,name&status=ACTIVE"],
      ["member", "ordering=cvss_score"],
      ["analyst", "ordering=-last_seen"],
      ["member", "ordering=status,-name"],
    ] as const) {
      const size = 30;
      for (const [get, label] of [
        [page, "server"],
        [mockPage, "static"],
      ] as const) {
        // Each from its own data (the walks above inserted rows into the server's).
        const whole = await wholeOrder(who, query, get);
        const first = await get(who, `/api/v1/findings/?${query}&page_size=${size}`);
        expect(first.count, `${label} ${query}`).toBe(whole.length);
        expect(first.last_cursor, `${label} ${query}`).not.toBeNull();
        // The numbered pages' last page: count modulo the page size (a whole page when it divides).
        const rest = whole.length % size || size;
        const last = await get(who, `/api/v1/findings/?${query}&page_size=${rest}&cursor=${first.last_cursor}`);
        expect(ids(last), `${label} ${query}: last page`).toEqual(whole.slice(whole.length - rest));
        expect([last.start_index, last.end_index, last.count], `${label} ${query}`).toEqual([
          whole.length - rest + 1,
          whole.length,
          whole.length,
        ]);
        expect(last.next_cursor, `${label} ${query}`).toBeNull();
        expect(last.last_cursor, `${label} ${query}`).toBe(first.last_cursor);
        const back = await get(who, `/api/v1/findings/?${query}&page_size=${size}&cursor=${last.previous_cursor}`);
        const end = whole.length - rest;
        expect(ids(back), `${label} ${query}: page before the last`).toEqual(whole.slice(end - size, end));
        expect(back.start_index, `${label} ${query}`).toBe(end - size + 1);
      }
    }
    const none = await page("member", "/api/v1/findings/?search=no-such-finding-anywhere");
    expect([none.count, none.last_cursor]).toEqual([0, null]);
  });

  it("continues a page-numbered walk by cursor", async () => {
    const second = await page("analyst", "/api/v1/findings/?ordering=name&page_size=30&page=2");
    const third = await page("analyst", "/api/v1/findings/?ordering=name&page_size=30&page=3");
    const byCursor = await page("analyst", `/api/v1/findings/?ordering=name&page_size=30&cursor=${second.next_cursor}`);
    expect(ids(byCursor)).toEqual(ids(third));
    expect([byCursor.start_index, byCursor.current_page]).toEqual([61, 3]);
    const back = await page("analyst", `/api/v1/findings/?ordering=name&page_size=30&cursor=${third.previous_cursor}`);
    expect(ids(back)).toEqual(ids(second));
  });

  it("refuses a cursor of another ordering or other filters, a broken one, and a cursor with a page", async () => {
    const first = await page("analyst", "/api/v1/findings/?ordering=name&severity=HIGH&page_size=5");
    const cursor = first.next_cursor as string;
    const refused = async (url: string) => {
      const res = await paired.server.call("GET", url, { token: tokens.analyst });
      expect(res.statusCode, url).toBe(400);
      return res.json() as Record<string, string[]>;
    };
    const mismatch = ["This cursor belongs to another ordering or other filters. Start again from the first page."];
    expect(await refused(`/api/v1/findings/?ordering=-name&severity=HIGH&cursor=${cursor}`)).toEqual({
      cursor: mismatch,
    });
    expect(await refused(`/api/v1/findings/?severity=HIGH&cursor=${cursor}`)).toEqual({ cursor: mismatch });
    expect(await refused(`/api/v1/findings/?ordering=name&severity=LOW&cursor=${cursor}`)).toEqual({
      cursor: mismatch,
    });
    const broken = ["This is not a valid cursor. Start again from the first page."];
    expect(await refused("/api/v1/findings/?ordering=name&severity=HIGH&cursor=bm90LWEtY3Vyc29y")).toEqual({
      cursor: broken,
    });
    // A cursor whose sort value is not a number where the ordering's is.
    const forged = Buffer.from(
      JSON.stringify({ o: "-severity", f: "811c9dc5", d: "a", k: ["high"], i: 1, p: 0 }),
    ).toString("base64url");
    expect(await refused(`/api/v1/findings/?cursor=${forged}`)).toEqual({ cursor: broken });
    expect(await refused(`/api/v1/findings/?ordering=name&severity=HIGH&page=2&cursor=${cursor}`)).toEqual({
      page: ["Give either page or cursor, not both."],
    });
    // The filters' order in the URL and page_size do not matter.
    const same = await page("analyst", `/api/v1/findings/?page_size=7&severity=HIGH&ordering=name&cursor=${cursor}`);
    expect(same.results.length).toBe(7);
  });
});
