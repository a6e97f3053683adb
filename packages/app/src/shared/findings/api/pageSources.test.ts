import { describe, expect, it } from "vitest";
import {
  assignSources,
  type CursorPage,
  lastPageOf,
  type PageRequest,
  type PageSource,
  type PagingState,
  planRequests,
} from "./pageSources.ts";

/**
 * A small index that pages as the server does: rows are ids in order; a cursor names the row it
 * continues from ("a:<id>" after it, "b:<id>" before it, "end" before the end).
 */
class Index {
  constructor(public rows: number[]) {}
  private pageOf(results: number[], from: number, to: number): CursorPage & { results: number[] } {
    return {
      results,
      count: this.rows.length,
      next_cursor: to < this.rows.length && results.length ? `a:${results.at(-1)}` : null,
      previous_cursor: from > 0 && results.length ? `b:${results[0]}` : null,
      last_cursor: this.rows.length ? "end" : null,
    };
  }
  byNumber(page: number, size: number) {
    const from = (page - 1) * size;
    return this.pageOf(this.rows.slice(from, from + size), from, from + size);
  }
  byCursor(cursor: string, size: number) {
    // Rows are ids in ascending order here, so a removed row's place is still known.
    const place = (id: number) => this.rows.filter((r) => r < id).length;
    if (cursor === "end") {
      const from = Math.max(0, this.rows.length - size);
      return { ...this.pageOf(this.rows.slice(from), from, this.rows.length), next_cursor: null };
    }
    const id = Number(cursor.slice(2));
    if (cursor.startsWith("a:")) {
      const from = place(id + 0.5);
      return this.pageOf(this.rows.slice(from, from + size), from, from + size);
    }
    const to = place(id);
    const from = Math.max(0, to - size);
    return this.pageOf(this.rows.slice(from, to), from, to);
  }
  answer(page: number, source: PageSource, size: number) {
    if (source.kind === "number") return this.byNumber(page, size);
    return this.byCursor(source.cursor, source.kind === "last" ? source.size : size);
  }
}

/** The grid's side: pages asked for and their answers, as the hook keeps them. */
function grid(index: Index, size: number) {
  const sources = new Map<number, PageSource>();
  const loaded = new Map<number, CursorPage & { results: number[] }>();
  const asked: Array<{ page: number; source: PageSource }> = [];
  const state = (): PagingState => ({
    pageSize: size,
    count: loaded.get(1)?.count ?? null,
    lastCursor: loaded.get(1)?.last_cursor ?? null,
    loaded: (page) => loaded.get(page),
    pending: (page) => sources.has(page) && !loaded.has(page),
  });
  /** Asks for what it can, answers it, and repeats until nothing more can be asked. */
  const settle = (wanted: number[], prefetch: number[] = []) => {
    for (;;) {
      const added = assignSources(wanted, prefetch, sources, state());
      if (added.size === 0) return;
      for (const [page, source] of added) {
        sources.set(page, source);
        asked.push({ page, source });
        loaded.set(page, index.answer(page, source, size));
      }
    }
  };
  const rowAt = (i: number) => loaded.get(Math.floor(i / size) + 1)?.results[i % size];
  return { sources, loaded, asked, settle, rowAt };
}

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe("lastPageOf", () => {
  it("gives the last page and how many rows it holds", () => {
    expect(lastPageOf(250, 100)).toEqual({ page: 3, size: 50 });
    expect(lastPageOf(300, 100)).toEqual({ page: 3, size: 100 });
    expect(lastPageOf(1, 100)).toEqual({ page: 1, size: 1 });
    expect(lastPageOf(0, 100)).toBeNull();
    expect(lastPageOf(null, 100)).toBeNull();
  });
});

describe("how the grid asks for its pages", () => {
  it("asks for page 1 by number and every page after it by the one before's cursor", () => {
    const index = new Index(range(1000));
    const g = grid(index, 100);
    g.settle([1]);
    for (let page = 2; page <= 6; page++) g.settle([page], [page + 1]);
    expect(g.asked.map((a) => [a.page, a.source.kind])).toEqual([
      [1, "number"],
      [2, "after"],
      [3, "after"],
      [4, "after"],
      [5, "after"],
      [6, "after"],
      [7, "after"],
    ]);
    expect(range(700).map((i) => g.rowAt(i - 1))).toEqual(range(700));
  });

  it("reaches the last page from the end, without a page number, and walks back from it", () => {
    const index = new Index(range(1234));
    const g = grid(index, 100);
    g.settle([1]);
    // As the hook does: the last two pages are prefetched once the count is known.
    g.settle([1], [2, 13, 12]);
    expect(g.sources.get(13)).toEqual({ kind: "last", cursor: "end", size: 34 });
    expect(g.sources.get(12)).toEqual({ kind: "before", cursor: "b:1201" });
    g.settle([11, 12], [10]);
    expect(g.asked.filter((a) => a.page > 1).every((a) => a.source.kind !== "number")).toBe(true);
    expect(range(334, 901).map((i) => g.rowAt(i - 1))).toEqual(range(334, 901));
  });

  it("jumps far by number once, then continues by cursor", () => {
    const index = new Index(range(100_000));
    const g = grid(index, 100);
    g.settle([1]);
    // A scrollbar dragged to the middle: the view spans pages 500 and 501.
    g.settle([500, 501], [502, 499]);
    const byPage = g.asked.slice(1).sort((a, b) => a.page - b.page);
    expect(byPage.map((a) => [a.page, a.source.kind])).toEqual([
      [499, "before"],
      [500, "number"],
      [501, "after"],
      [502, "after"],
    ]);
    expect(range(400, 49_801).map((i) => g.rowAt(i - 1))).toEqual(range(400, 49_801));
  });

  it("waits for a neighbour on its way instead of asking by number", () => {
    const g = grid(new Index(range(1000)), 100);
    const state: PagingState = {
      pageSize: 100,
      count: 1000,
      lastCursor: "end",
      loaded: () => undefined,
      pending: (page) => page === 4,
    };
    expect(assignSources([5], [], g.sources, state)).toEqual(new Map());
    // A prefetch never asks by number.
    expect(assignSources([], [7], g.sources, { ...state, pending: () => false })).toEqual(new Map());
    expect(assignSources([7], [], g.sources, { ...state, pending: () => false })).toEqual(
      new Map([[7, { kind: "number" }]]),
    );
  });

  it("neither repeats nor skips a row seen when rows are added or removed between pages", () => {
    const index = new Index(range(500).map((i) => i * 10));
    const g = grid(index, 100);
    g.settle([1]);
    const seen = [...(g.loaded.get(1)?.results ?? [])];
    // Rows added before and after the first page's last row, and one removed just after it.
    index.rows = [5, ...index.rows.filter((r) => r !== 1010), 1005, 1015].sort((a, b) => a - b);
    g.settle([2]);
    seen.push(...(g.loaded.get(2)?.results ?? []));
    expect(new Set(seen).size).toBe(seen.length);
    // Page 2 starts right after page 1's last row (1000): the new 1005, not the removed 1010.
    expect(g.loaded.get(2)?.results.slice(0, 3)).toEqual([1005, 1015, 1020]);
    expect(seen).not.toContain(5);
  });
});

describe("planRequests", () => {
  const answer = (next: string | null, previous: string | null): CursorPage => ({
    results: Array.from({ length: 100 }),
    count: 1234,
    next_cursor: next,
    previous_cursor: previous,
    last_cursor: "end",
  });

  it("asks for page 1 by number, prefetches its next page and the last two once it has answered", () => {
    const cache = new Map<string, CursorPage>();
    const view = { viewKey: "", sources: new Map<number, PageSource>(), pages: [1] };
    const base = { ordering: "-severity" };
    const plan = () =>
      planRequests({
        view,
        range: { start: 0, end: 20 },
        base,
        pageSize: 100,
        cached: (r: PageRequest) => cache.get(JSON.stringify(r)),
      });
    expect([...plan()]).toEqual([[1, { ordering: "-severity", page: 1, page_size: 100 }]]);
    cache.set(JSON.stringify({ ordering: "-severity", page: 1, page_size: 100 }), answer("a:100", null));
    const requests = plan();
    expect(requests.get(2)).toEqual({ ordering: "-severity", cursor: "a:100", page_size: 100 });
    expect(requests.get(13)).toEqual({ ordering: "-severity", cursor: "end", page_size: 34 });
    // The page before the last waits for the last page's previous_cursor.
    expect(requests.has(12)).toBe(false);
  });

  it("follows a neighbour whose refreshed answer ends on another row", () => {
    const cache = new Map<string, CursorPage>();
    const sources = new Map<number, PageSource>([
      [1, { kind: "number" }],
      [2, { kind: "after", cursor: "a:100" }],
    ]);
    const key = JSON.stringify({ page: 1, page_size: 100 });
    const plan = () =>
      planRequests({
        view: { viewKey: "", sources, pages: [1, 2] },
        range: { start: 150, end: 170 },
        base: {},
        pageSize: 100,
        cached: (r: PageRequest) => cache.get(JSON.stringify(r)),
      });
    // Not in the cache (gone, or not yet answered): the cursor it was first asked with.
    expect(plan().get(2)).toEqual({ cursor: "a:100", page_size: 100 });
    cache.set(key, answer("a:101", null));
    expect(plan().get(2)).toEqual({ cursor: "a:101", page_size: 100 });
  });
});
