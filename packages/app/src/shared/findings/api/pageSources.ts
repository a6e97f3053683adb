/**
 * How the findings grid asks for each page of rows (issue 30). Pages are fixed slots of the list
 * (page p holds rows (p-1)·size to p·size-1), as before; what changed is how a page is asked for.
 * The server reads a page by number with OFFSET, which reads and throws away every row before it
 * (seconds deep into a million findings), so the grid asks by number only where it has nothing
 * better: the first page, and a jump (a scrollbar dragged far) to where no neighbouring page is
 * loaded. Every other page continues from a loaded neighbour by its keyset cursor, and the last
 * page is read from the end by the answers' `last_cursor`. A page read after its neighbour starts
 * right after that neighbour's last row, whatever was added or removed meanwhile, so a walk never
 * repeats or skips a row.
 */

/** Where a page's request comes from. */
export type PageSource =
  /** `?page=p`: the first page, or a jump with no loaded neighbour. */
  | { kind: "number" }
  /** The page before's `next_cursor`. */
  | { kind: "after"; cursor: string }
  /** The page after's `previous_cursor`. */
  | { kind: "before"; cursor: string }
  /** The answers' `last_cursor`, reading the last `size` rows (what the last page holds). */
  | { kind: "last"; cursor: string; size: number };

/** What a loaded page tells about its neighbours. */
export interface CursorPage {
  results: readonly unknown[];
  count: number;
  next_cursor: string | null;
  previous_cursor: string | null;
  last_cursor: string | null;
}

export interface PagingState {
  pageSize: number;
  /** Every matching row, from page 1; null until it answers. */
  count: number | null;
  /** The answers' `last_cursor` (from page 1). */
  lastCursor: string | null;
  /** A page's answer, when it has loaded. */
  loaded(page: number): CursorPage | undefined;
  /** Whether a page has been asked for and is still on its way. */
  pending(page: number): boolean;
}

/** The last page's number and how many rows it holds; null when there is no row or no count yet. */
export function lastPageOf(count: number | null, pageSize: number): { page: number; size: number } | null {
  if (count === null || count <= 0) return null;
  const page = Math.ceil(count / pageSize);
  return { page, size: count - (page - 1) * pageSize };
}

/**
 * How to ask for `page` now: from a loaded neighbour's cursor, or the end's cursor for the last
 * page; by number only when `jump` allows it (a page in view) and no neighbour is on its way (it
 * will give a cursor soon, and one OFFSET read is enough for a jump). Null: wait for a neighbour.
 */
export function sourceFor(page: number, state: PagingState, jump: boolean): PageSource | null {
  if (page === 1) return { kind: "number" };
  const before = state.loaded(page - 1);
  // A page shorter than a full one is the list's end (or the last page read from the end): no page follows it.
  if (before?.next_cursor && before.results.length === state.pageSize) {
    return { kind: "after", cursor: before.next_cursor };
  }
  const after = state.loaded(page + 1);
  if (after?.previous_cursor) return { kind: "before", cursor: after.previous_cursor };
  const last = lastPageOf(state.count, state.pageSize);
  if (last && page === last.page && state.lastCursor)
    return { kind: "last", cursor: state.lastCursor, size: last.size };
  if (!jump || state.pending(page - 1) || state.pending(page + 1)) return null;
  return { kind: "number" };
}

/**
 * Sources for the pages that have none yet, in order: `wanted` (in view) first, which may jump by
 * number, then `prefetch`, which only ever continues by cursor. A page given a source here counts as
 * on its way for those after it, so a view spanning two unloaded pages asks for one by number and
 * continues to the other by cursor. Returns the new sources only.
 */
export function assignSources(
  wanted: readonly number[],
  prefetch: readonly number[],
  known: ReadonlyMap<number, PageSource>,
  state: PagingState,
): Map<number, PageSource> {
  const added = new Map<number, PageSource>();
  const withAdded: PagingState = { ...state, pending: (page) => added.has(page) || state.pending(page) };
  for (const [pages, jump] of [
    [wanted, true],
    [prefetch, false],
  ] as const) {
    for (const page of pages) {
      if (known.has(page) || added.has(page)) continue;
      const source = sourceFor(page, withAdded, jump);
      if (source) added.set(page, source);
    }
  }
  return added;
}

/**
 * The pages to load before they are wanted, around the `wanted` ones: the next page in each
 * direction, so PageDown and the arrows find their rows already there, and the last two pages, which
 * End jumps to (the last may hold only a few rows, and the view then shows the one before too).
 * Only pages that exist (`count` rows), and none already wanted.
 */
export function pagesToPrefetch(wanted: readonly number[], pageSize: number, count: number | null): number[] {
  const last = lastPageOf(count, pageSize);
  if (wanted.length === 0 || last === null) return [];
  const candidates = [Math.max(...wanted) + 1, Math.min(...wanted) - 1, last.page, last.page - 1];
  return [...new Set(candidates)].filter((page) => page >= 1 && page <= last.page && !wanted.includes(page));
}
