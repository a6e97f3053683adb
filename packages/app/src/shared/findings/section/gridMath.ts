import type { FindingsOrdering, SortableFindingColumn } from "../api/types.ts";

/** Row height in CSS pixels; every row (header included) is this tall, so offsets are arithmetic. */
export const findingsRowHeight = 40;

/** Browsers stop laying out an element near this height (Chrome: 33,554,428 px). */
export const browserHeightCap = 33_554_428;

/**
 * The tallest the grid's scrolling content is made. Under 2^24 px: further down, Chrome draws rows
 * at coarse positions (uneven rows, text cut through, seen at 800,000 rows); and under Firefox's own
 * element cap (17,895,697 px). A longer list is scaled onto this height.
 */
export const maxContentHeight = 16_000_000;

/**
 * The most data rows (under the header row) the grid scrolls one pixel for one pixel; more are
 * scaled (`scrollScale.ts`, loaded only for such a list).
 */
export const maxScrollableRows = Math.floor(maxContentHeight / findingsRowHeight) - 1;

const descendingFirst: ReadonlySet<SortableFindingColumn> = new Set(["severity", "cvss_score", "last_seen"]);

/** The ordering a click on `key`'s header asks for: flips the current one, else the column's natural first order. */
export function nextOrdering(current: FindingsOrdering | undefined, key: SortableFindingColumn): FindingsOrdering {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return descendingFirst.has(key) ? `-${key}` : key;
}

/** Where a navigation key moves focus from `index`, or null for any other key. */
export function targetIndexFor(key: string, index: number, count: number, rowsPerView: number): number | null {
  const last = count - 1;
  const clamp = (n: number) => Math.max(0, Math.min(last, n));
  switch (key) {
    case "ArrowDown":
      return clamp(index + 1);
    case "ArrowUp":
      return clamp(index - 1);
    case "PageDown":
      return clamp(index + rowsPerView);
    case "PageUp":
      return clamp(index - rowsPerView);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}
