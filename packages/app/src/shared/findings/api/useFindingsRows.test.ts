import { describe, expect, it } from "vitest";
import { nextLivePages, pagesForRange, pagesToPrefetch } from "./pageSources.ts";
import { findingsPageSize, pageOfRow, rowPosition, rowsThereAre } from "./useFindingsRows.ts";

describe("findings page arithmetic", () => {
  it("puts row 0 to pageSize-1 on page 1 and the next row on page 2", () => {
    expect(pageOfRow(0, 100)).toBe(1);
    expect(pageOfRow(99, 100)).toBe(1);
    expect(pageOfRow(100, 100)).toBe(2);
    expect(pageOfRow(99_999, 100)).toBe(1000);
  });

  it("places a row by page and offset in that page's results", () => {
    expect(rowPosition(0, 100)).toEqual({ page: 1, offset: 0 });
    expect(rowPosition(250, 100)).toEqual({ page: 3, offset: 50 });
    expect(rowPosition(99_999, 100)).toEqual({ page: 1000, offset: 99 });
  });

  it("lists the pages a range of rows spans", () => {
    expect(pagesForRange(0, 20, 100, null)).toEqual([1]);
    expect(pagesForRange(90, 110, 100, null)).toEqual([1, 2]);
    expect(pagesForRange(95, 305, 100, 1000)).toEqual([1, 2, 3, 4]);
  });

  it("clamps a range to the rows that exist, so End never asks for a page past the last", () => {
    expect(pagesForRange(99_980, 100_010, 100, 100_000)).toEqual([1000]);
    expect(pagesForRange(0, 50, 100, 0)).toEqual([]);
    expect(pagesForRange(20, 10, 100, null)).toEqual([]);
  });

  it("keeps page 1 and the wanted pages live, dropping the least recently wanted beyond the limit", () => {
    expect(nextLivePages([1], [1], 3)).toEqual([1]);
    expect(nextLivePages([1], [5, 6], 3)).toEqual([1, 5, 6]);
    expect(nextLivePages([1, 5, 6, 7], [9], 3)).toEqual([1, 9, 5, 6]);
  });

  it("returns the same list when every wanted page is already live", () => {
    const live = [1, 4, 5];
    expect(nextLivePages(live, [4, 5], 3)).toBe(live);
  });

  it("prefetches the next page each way and the last two, only pages that exist and are not wanted", () => {
    expect(pagesToPrefetch([3, 4], 100, 100_000)).toEqual([5, 2, 1000, 999]);
    // At the top: no page 0; the last page is the next one.
    expect(pagesToPrefetch([1], 100, 250)).toEqual([2, 3]);
    // At the end, and a list of one page: nothing more to load.
    expect(pagesToPrefetch([1000], 100, 100_000)).toEqual([999]);
    expect(pagesToPrefetch([1], 100, 80)).toEqual([]);
    // Before the count is known, or with nothing wanted, nothing is guessed.
    expect(pagesToPrefetch([1], 100, null)).toEqual([]);
    expect(pagesToPrefetch([], 100, 1000)).toEqual([]);
  });

  it("uses a page size the index accepts", () => {
    expect(findingsPageSize).toBeGreaterThanOrEqual(100);
    expect(findingsPageSize).toBeLessThanOrEqual(500);
  });

  it("ends the rows at a short page, so no row waits for a page that cannot fill it", () => {
    const page = (n: number) => ({ results: Array.from({ length: n }, (_, i) => i) });
    // The count says 250, page 2 holds only 30: there are 130 rows.
    expect(
      rowsThereAre(
        250,
        new Map([
          [1, page(100)],
          [2, page(30)],
        ]),
        100,
      ),
    ).toBe(130);
    // A count of 1 with an empty first page: no rows, the empty state, not one skeleton for ever.
    expect(rowsThereAre(1, new Map([[1, page(0)]]), 100)).toBe(0);
    // Full pages leave the count alone; a nonsense count is no rows.
    expect(rowsThereAre(250, new Map([[1, page(100)]]), 100)).toBe(250);
    expect(rowsThereAre(Number.NaN, new Map(), 100)).toBe(0);
    expect(rowsThereAre(-4, new Map(), 100)).toBe(0);
  });
});
