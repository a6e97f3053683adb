import { describe, expect, it } from "vitest";
import { browserHeightCap, findingsRowHeight, maxContentHeight, maxScrollableRows } from "./gridMath.ts";
import {
  isScaled,
  listOffsetAfterWheel,
  listOffsetAt,
  listOffsetToReveal,
  maxListOffset,
  rowAtListOffset,
  rowTop,
  rowWindowOf,
  scrollScaleOf,
  scrollTopFor,
} from "./scrollScale.ts";

describe("the scroll box's content", () => {
  it("keeps the content under 2^24 px and Firefox's cap, and scrolls up to 399,999 rows one for one", () => {
    expect(maxContentHeight).toBeLessThan(2 ** 24);
    expect(maxContentHeight).toBeLessThan(17_895_697);
    expect(maxScrollableRows).toBe(399_999);
    expect(isScaled(scrollScaleOf(maxScrollableRows, 800))).toBe(false);
    expect(isScaled(scrollScaleOf(maxScrollableRows + 1, 800))).toBe(true);
    const scale = scrollScaleOf(maxScrollableRows, 800);
    expect(isScaled(scale)).toBe(false);
    for (const top of [0, 1, 40, 123_456.5, scale.contentHeight - 800]) {
      expect(listOffsetAt(top, scale)).toBe(top);
      expect(scrollTopFor(top, scale)).toBe(top);
    }
  });
});

/** The box's scroll position that puts row `index` just under the header, as a browser stores it (whole px). */
function scrollTopShowing(index: number, scale: ReturnType<typeof scrollScaleOf>): number {
  return Math.round(scrollTopFor(rowTop(index) - findingsRowHeight, scale));
}

describe.each([1_000_000, 10_000_000])("scaled scrolling at %i rows", (rows) => {
  const viewport = 820;
  const scale = scrollScaleOf(rows, viewport);

  it("caps the box's content under the browsers' cap while the list keeps its true height", () => {
    expect(isScaled(scale)).toBe(true);
    expect(scale.drawnHeight).toBe(maxContentHeight);
    expect(scale.contentHeight).toBe((rows + 1) * findingsRowHeight);
    expect(scale.drawnHeight).toBeLessThan(browserHeightCap);
  });

  it("maps the box's top to the list's top and its bottom to the list's bottom", () => {
    expect(listOffsetAt(0, scale)).toBe(0);
    expect(listOffsetAt(scale.drawnHeight - viewport, scale)).toBe(maxListOffset(scale));
    expect(listOffsetAt(scale.drawnHeight, scale)).toBe(maxListOffset(scale));
    expect(scrollTopFor(maxListOffset(scale), scale)).toBe(scale.drawnHeight - viewport);
    expect(scrollTopFor(0, scale)).toBe(0);
  });

  it("round-trips a row through the scroll position, at whole pixels", () => {
    const samples = [0, 1, 2, 12_345, Math.floor(rows / 3), Math.floor(rows / 2) + 7, rows - 100, rows - 21];
    for (const index of samples) {
      expect(rowAtListOffset(listOffsetAt(scrollTopShowing(index, scale), scale), rows)).toBe(index);
    }
  });

  it("reaches the first and the last row, drawn inside the box's content", () => {
    const end = rowWindowOf(maxListOffset(scale), scale.drawnHeight - viewport, scale, rows, 8);
    expect(end.visible?.endIndex).toBe(rows - 1);
    expect(end.last).toBe(rows - 1);
    // The last row's bottom is the box's content bottom: in view, and nothing grows the content.
    expect(rowTop(rows - 1) + findingsRowHeight - end.shift).toBe(scale.drawnHeight);
    const top = rowWindowOf(0, 0, scale, rows, 8);
    expect(top.visible?.startIndex).toBe(0);
    expect(top.first).toBe(0);
    expect(rowTop(0) - top.shift).toBe(findingsRowHeight);
  });

  it("never draws a row past the box's content, a little before the end either", () => {
    const scrollTop = scale.drawnHeight - viewport - 100;
    const drawn = rowWindowOf(listOffsetAt(scrollTop, scale), scrollTop, scale, rows, 8);
    expect(rowTop(drawn.last) + findingsRowHeight - drawn.shift).toBeLessThanOrEqual(scale.drawnHeight);
    expect(drawn.last).toBeGreaterThanOrEqual(drawn.visible?.endIndex ?? Number.NaN);
  });

  it("reveals the last row with End from the top, at the view's bottom", () => {
    const offset = listOffsetToReveal(rows - 1, 0, scale);
    expect(offset).toBe(maxListOffset(scale));
    expect(rowTop(rows - 1) + findingsRowHeight - offset).toBe(viewport);
    expect(listOffsetToReveal(0, offset, scale)).toBe(0);
  });

  it("moves the list by the scale's ratio for a scroll of the box itself (a drag, a touch)", () => {
    const ratio = maxListOffset(scale) / (scale.drawnHeight - viewport);
    const step = listOffsetAt(1_000_100, scale) - listOffsetAt(1_000_000, scale);
    expect(step).toBeCloseTo(100 * ratio, 6);
    expect(ratio).toBeGreaterThan(1);
  });

  it("moves the list one for one for a wheel step, in pixels, lines and pages, stopping at the ends", () => {
    expect(listOffsetAfterWheel(1_000_000, 100, 0, scale)).toBe(1_000_100);
    expect(listOffsetAfterWheel(1_000_000, -3, 1, scale)).toBe(1_000_000 - 3 * findingsRowHeight);
    expect(listOffsetAfterWheel(1_000_000, 1, 2, scale)).toBe(1_000_000 + viewport);
    expect(listOffsetAfterWheel(20, -100, 0, scale)).toBe(0);
    expect(listOffsetAfterWheel(maxListOffset(scale) - 10, 100, 0, scale)).toBe(maxListOffset(scale));
  });
});

describe("rowWindowOf without scaling", () => {
  it("draws the rows in view and the overscan, at their list positions", () => {
    const scale = scrollScaleOf(100_000, 400);
    const drawn = rowWindowOf(4_000, 4_000, scale, 100_000, 8);
    expect(drawn.shift).toBe(0);
    expect(drawn.visible).toEqual({ startIndex: 99, endIndex: 108 });
    expect(drawn.first).toBe(91);
    expect(drawn.last).toBe(116);
  });
});
