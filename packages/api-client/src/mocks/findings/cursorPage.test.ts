import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../../generated/schema.ts";
import { db } from "../index.ts";
import { server } from "../node.ts";
import { raw, signIn } from "../testing.ts";

type Page = components["schemas"]["PagedFindingIndexItem"];

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
let token = "";
beforeEach(async () => {
  db.resetAll();
  token = await signIn("superadmin@example.com");
});
afterAll(() => server.close());

async function index(query: string): Promise<Page> {
  const r = await raw("GET", `/api/v1/findings/?${query}`, token);
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Page;
}

/** Copies of these findings with new ids: they sort next to their originals. */
function copy(ids: readonly number[]): number[] {
  const findings = db.get().findings;
  let next = Math.max(...findings.map((f) => f.id)) + 1;
  const added = ids.flatMap((id) => {
    const f = findings.find((x) => x.id === id);
    return f ? [{ ...f, id: next++ }] : [];
  });
  findings.push(...added);
  return added.map((f) => f.id);
}

describe("static mode: the findings index by cursor", () => {
  it("sees every row once while rows are inserted before and after the cursor", async () => {
    for (const query of ["ordering=-severity&area=NETWORK", "ordering=name&company=1", "ordering=-host"]) {
      db.resetAll();
      token = await signIn("superadmin@example.com");
      const start = new Set<number>();
      for (let n = 1; ; n++) {
        const p = await index(`${query}&page_size=500&page=${n}`);
        for (const r of p.results) start.add(r.id);
        if (!p.next) break;
      }
      const order = [...start];
      const seen: number[] = [];
      const inserted: number[] = [];
      let p = await index(`${query}&page_size=300`);
      for (let step = 0; ; step++) {
        seen.push(...p.results.map((r) => r.id));
        if (!p.next_cursor) break;
        inserted.push(...copy([seen[step % seen.length] as number, order[seen.length + step] ?? (order[0] as number)]));
        p = await index(`${query}&page_size=300&cursor=${p.next_cursor}`);
      }
      expect(seen.length, query).toBe(new Set(seen).size);
      expect(
        order.filter((id) => !seen.includes(id)),
        query,
      ).toEqual([]);
      // Some copies landed behind the cursor (not seen), some ahead of it (seen).
      const seenCopies = inserted.filter((id) => seen.includes(id)).length;
      expect(seenCopies, query).toBeGreaterThan(0);
      expect(seenCopies, query).toBeLessThan(inserted.length);
    }
  });

  it("walks back by previous_cursor and continues a numbered page", async () => {
    const pages = [await index("ordering=cvss_score&page_size=100")];
    for (let n = 0; n < 3; n++) {
      pages.push(await index(`ordering=cvss_score&page_size=100&cursor=${pages.at(-1)?.next_cursor}`));
    }
    expect(pages.map((p) => [p.start_index, p.current_page])).toEqual([
      [1, 1],
      [101, 2],
      [201, 3],
      [301, 4],
    ]);
    const numbered = await index("ordering=cvss_score&page_size=100&page=3");
    expect(numbered.results.map((r) => r.id)).toEqual(pages[2]?.results.map((r) => r.id));
    const back = await index(`ordering=cvss_score&page_size=100&cursor=${pages[3]?.previous_cursor}`);
    expect(back.results.map((r) => r.id)).toEqual(pages[2]?.results.map((r) => r.id));
    expect(back.next).toContain(`cursor=${back.next_cursor}`);
    const first = await index(`ordering=cvss_score&page_size=100&cursor=${pages[1]?.previous_cursor}`);
    expect([first.previous_cursor, first.previous, first.start_index]).toEqual([null, null, 1]);
  });

  it("refuses a cursor of another ordering or filters, a broken cursor, and a cursor with a page", async () => {
    const cursor = (await index("ordering=name&status=ACTIVE&page_size=5")).next_cursor;
    const refused = async (query: string) => {
      const r = await raw("GET", `/api/v1/findings/?${query}`, token);
      expect(r.status, query).toBe(400);
      return r.body;
    };
    const mismatch = {
      cursor: ["This cursor belongs to another ordering or other filters. Start again from the first page."],
    };
    expect(await refused(`ordering=-name&status=ACTIVE&cursor=${cursor}`)).toEqual(mismatch);
    expect(await refused(`ordering=name&status=FIXING&cursor=${cursor}`)).toEqual(mismatch);
    expect(await refused("ordering=name&status=ACTIVE&cursor=bm9wZQ")).toEqual({
      cursor: ["This is not a valid cursor. Start again from the first page."],
    });
    expect(await refused(`ordering=name&status=ACTIVE&page=2&cursor=${cursor}`)).toEqual({
      page: ["Give either page or cursor, not both."],
    });
    expect((await index(`status=ACTIVE&page_size=3&ordering=name&cursor=${cursor}`)).results).toHaveLength(3);
  });
});
