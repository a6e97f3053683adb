import { describe, expect, it } from "vitest";
import { describeRange, getPageItems, type PageItem, pageRange } from "./pageItems.ts";

/** Compact notation for assertions: page numbers, with "…" for a gap. */
const render = (items: PageItem[]) => items.map((item) => (item.type === "page" ? String(item.page) : "…")).join(" ");

describe("getPageItems", () => {
  it("shows every page when there are few", () => {
    expect(render(getPageItems(pageRange(5), 3))).toBe("1 2 3 4 5");
    expect(render(getPageItems(pageRange(7), 4))).toBe("1 2 3 4 5 6 7");
  });

  it("collapses the far end near the start", () => {
    expect(render(getPageItems(pageRange(20), 1))).toBe("1 2 3 4 5 … 20");
    expect(render(getPageItems(pageRange(20), 4))).toBe("1 2 3 4 5 … 20");
  });

  it("keeps siblings of the current page in the middle", () => {
    expect(render(getPageItems(pageRange(20), 10))).toBe("1 … 9 10 11 … 20");
    expect(render(getPageItems(pageRange(20), 10, 2))).toBe("1 … 8 9 10 11 12 … 20");
  });

  it("collapses the near end close to the last page", () => {
    expect(render(getPageItems(pageRange(20), 20))).toBe("1 … 16 17 18 19 20");
    expect(render(getPageItems(pageRange(20), 17))).toBe("1 … 16 17 18 19 20");
  });

  it("never hides a single page behind a gap", () => {
    expect(render(getPageItems(pageRange(8), 5))).toBe("1 … 4 5 6 7 8");
    expect(render(getPageItems(pageRange(9), 5))).toBe("1 … 4 5 6 … 9");
  });

  it("uses the API's page numbers as given, unordered or duplicated", () => {
    expect(render(getPageItems([3, 1, 2, 2], 2))).toBe("1 2 3");
  });

  it("returns nothing for no pages and tolerates an unknown current page", () => {
    expect(getPageItems([], 1)).toEqual([]);
    expect(render(getPageItems(pageRange(3), 99))).toBe("1 2 3");
  });

  it("gives each gap a distinct key", () => {
    const keys = getPageItems(pageRange(30), 15).flatMap((item) => (item.type === "ellipsis" ? [item.key] : []));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});

describe("describeRange", () => {
  it("announces the visible range with an en dash", () => {
    expect(describeRange(11, 20, 134)).toBe("Showing 11\u201320 of 134");
  });
  it("formats the numbers with the given formatter", () => {
    const format = new Intl.NumberFormat("en-US").format;
    expect(describeRange(48_111, 48_120, 99_990, format)).toBe("Showing 48,111\u201348,120 of 99,990");
  });
  it("says there are no results for an empty list", () => {
    expect(describeRange(0, 0, 0)).toBe("No results");
  });
});
