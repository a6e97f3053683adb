import { findingsRowHeight, maxContentHeight } from "./gridMath.ts";

// The arithmetic of a scroll box whose list is taller than the box's content (past
// `maxScrollableRows`). Apart from gridMath.ts so that it loads only for such a list: the grid's
// routes sit at their size budget.

/**
 * How the grid's scroll box maps its own scroll position onto the list. The list's true height
 * (`contentHeight`: the header and every row) can pass what a browser lays out; the box's content is
 * then `drawnHeight` tall and the two scroll ranges map linearly onto each other, end to end, so the
 * top of the box is the top of the list and the bottom of the box is its bottom. Below the cap the
 * two are the same and the map is the identity.
 */
export interface ScrollScale {
  /** The header and every row at {@link findingsRowHeight}, px. */
  contentHeight: number;
  /** The box's content height: `contentHeight`, or {@link maxContentHeight} when that is less. */
  drawnHeight: number;
  /** The box's inner height (its `clientHeight`), px. */
  viewportHeight: number;
}

export function scrollScaleOf(rowCount: number, viewportHeight: number): ScrollScale {
  const contentHeight = (rowCount + 1) * findingsRowHeight;
  return { contentHeight, drawnHeight: Math.min(contentHeight, maxContentHeight), viewportHeight };
}

/** Whether the list is taller than the box's content, so the box's scroll position is scaled. */
export function isScaled(scale: ScrollScale): boolean {
  return scale.contentHeight > scale.drawnHeight;
}

/** The furthest the list's top can be scrolled past the view's top, px of the list. */
export function maxListOffset(scale: ScrollScale): number {
  return Math.max(0, scale.contentHeight - scale.viewportHeight);
}

function maxScrollTop(scale: ScrollScale): number {
  return Math.max(0, scale.drawnHeight - scale.viewportHeight);
}

/** How far into the list (px) the view's top is when the box is scrolled to `scrollTop`. */
export function listOffsetAt(scrollTop: number, scale: ScrollScale): number {
  const range = maxScrollTop(scale);
  if (range === 0) return 0;
  const top = Math.max(0, Math.min(range, scrollTop));
  return top === range ? maxListOffset(scale) : (top * maxListOffset(scale)) / range;
}

/** The box's scroll position (fractional px) that shows the list from `listOffset`: {@link listOffsetAt}'s inverse. */
export function scrollTopFor(listOffset: number, scale: ScrollScale): number {
  const range = maxListOffset(scale);
  if (range === 0) return 0;
  const offset = Math.max(0, Math.min(range, listOffset));
  return offset === range ? maxScrollTop(scale) : (offset * maxScrollTop(scale)) / range;
}

/** Where row `index` (0-based) starts in the list, px: under the header row. */
export function rowTop(index: number): number {
  return (index + 1) * findingsRowHeight;
}

/**
 * The list offset that brings row `index` fully into view from `listOffset`, moving the least: to
 * just under the sticky header when it is above, to the view's bottom when it is below, else no move.
 */
export function listOffsetToReveal(index: number, listOffset: number, scale: ScrollScale): number {
  const top = rowTop(index);
  let offset = listOffset;
  if (top - findingsRowHeight < listOffset) offset = top - findingsRowHeight;
  else if (top + findingsRowHeight > listOffset + scale.viewportHeight)
    offset = top + findingsRowHeight - scale.viewportHeight;
  return Math.max(0, Math.min(maxListOffset(scale), offset));
}

/**
 * The list offset after a wheel step of `deltaY` in `deltaMode` (the WheelEvent's: pixels, lines or
 * pages): the list moves as far as the wheel says, whatever the scale, so a small step shows the
 * next rows and skips none.
 */
export function listOffsetAfterWheel(
  listOffset: number,
  deltaY: number,
  deltaMode: number,
  scale: ScrollScale,
): number {
  const unit = deltaMode === 1 ? findingsRowHeight : deltaMode === 2 ? scale.viewportHeight : 1;
  return Math.max(0, Math.min(maxListOffset(scale), listOffset + deltaY * unit));
}

/** The row whose top is nearest the top of the view (under the header) at `listOffset`. */
export function rowAtListOffset(listOffset: number, rowCount: number): number {
  return Math.max(0, Math.min(rowCount - 1, Math.round(listOffset / findingsRowHeight)));
}

export interface RowWindow {
  /** The rows any part of which is in the view (the header's strip included), 0-based, inclusive. */
  visible: { startIndex: number; endIndex: number } | null;
  /** The rows to render: the visible ones and up to `overscan` more each side. */
  first: number;
  last: number;
  /** Subtract from a row's list position ({@link rowTop}) to place it in the box's content. */
  shift: number;
}

/**
 * The rows to render for a box scrolled to `scrollTop` that shows the list from `listOffset`, and
 * how to place them: in the box's content a row sits at its list position less `shift`, so the rows
 * in view sit in view, whatever the scale. Rows that would reach past the box's content are left
 * out (they are outside the view), so the content never grows past `drawnHeight`. `shift` is whole
 * pixels, so a row may sit up to half a pixel from its exact place.
 */
export function rowWindowOf(
  listOffset: number,
  scrollTop: number,
  scale: ScrollScale,
  rowCount: number,
  overscan: number,
): RowWindow {
  // Whole pixels: rows this far down the box's content already sit where a graphics card's numbers
  // are coarse (several million px), and a fractional place there draws cut-off text.
  const shift = Math.round(listOffset - scrollTop);
  if (rowCount === 0 || scale.viewportHeight <= 0) return { visible: null, first: 0, last: -1, shift };
  const startIndex = Math.max(0, Math.min(rowCount - 1, Math.floor(listOffset / findingsRowHeight) - 1));
  const endIndex = Math.max(
    startIndex,
    Math.min(rowCount - 1, Math.ceil((listOffset + scale.viewportHeight) / findingsRowHeight) - 2),
  );
  const first = Math.max(0, startIndex - overscan);
  const fitsBelow = Math.floor((scale.drawnHeight + shift) / findingsRowHeight) - 2;
  const last = Math.max(endIndex, Math.min(rowCount - 1, endIndex + overscan, fitsBelow));
  return { visible: { startIndex, endIndex }, first, last, shift };
}
