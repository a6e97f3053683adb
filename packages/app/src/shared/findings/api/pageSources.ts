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

import { pageOfRow } from "./useFindingsRows.ts";

/**
 * The pages that hold rows `start`..`end` (0-based, inclusive), clamped to the rows that exist
 * when the count is known. Empty when the range is empty.
 */
export function pagesForRange(start: number, end: number, pageSize: number, count: number | null): number[] {
  const last = count === null ? end : Math.min(end, count - 1);
  const first = Math.max(0, start);
  if (last < first) return [];
  const pages: number[] = [];
  for (let page = pageOfRow(first, pageSize); page <= pageOfRow(last, pageSize); page += 1) pages.push(page);
  return pages;
}

/**
 * The pages to keep subscribed after asking for `wanted`: page 1 (it gives the count), then the
 * wanted ones, then the most recently wanted others, up to `limit` besides page 1. Returns `live`
 * itself when nothing changes, so a caller can skip a state update.
 */
export function nextLivePages(live: readonly number[], wanted: readonly number[], limit: number): readonly number[] {
  if (wanted.every((page) => live.includes(page))) return live;
  const recent = [...wanted, ...live.filter((page) => !wanted.includes(page))].filter((page) => page !== 1);
  return [1, ...recent.slice(0, Math.max(limit, wanted.length))];
}

/** Pages kept subscribed besides the first; older ones drop out of the grid (their cache stays for a rescroll). */
export const maxLivePages = 24;

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

/** What one view (a filter and ordering) of the grid has asked for so far; `planRequests` adds to it. */
export interface PagingView {
  viewKey: string;
  /** How each page was first asked for. */
  sources: Map<number, PageSource>;
  /** Pages kept subscribed: page 1, the view's, and the most recent others. */
  pages: readonly number[];
}

/** What `planRequests` needs from the hook: the view, the rows in view, and the cache. */
export interface PlanInput<Q extends object> {
  view: PagingView;
  /** The rows in view (0-based, inclusive), as the grid last said. */
  range: { start: number; end: number };
  /** The filter and ordering every request carries. */
  base: Q;
  pageSize: number;
  /** A request's answer as the cache holds it now. */
  cached(request: Q & PageRequest): CursorPage | undefined;
}

export type PageRequest = { page?: number; cursor?: string; page_size: number };

/**
 * The request of every page to subscribe to: the pages in view, recent ones and those to prefetch,
 * each given a source if it can have one now. A page's cursor is read from its neighbour's answer
 * as the cache holds it now (so when a refresh moves the neighbour's last row, the page follows
 * it), else it is the cursor the page was first asked with.
 */
export function planRequests<Q extends object>(input: PlanInput<Q>): Map<number, Q & PageRequest> {
  const { view, base, pageSize } = input;
  const sources = view.sources;
  if (!sources.has(1)) sources.set(1, { kind: "number" });
  const memo = new Map<number, (Q & PageRequest) | null>();
  const requestFor = (page: number): (Q & PageRequest) | null => {
    if (memo.has(page)) return memo.get(page) ?? null;
    memo.set(page, null);
    const source = sources.get(page);
    let request: (Q & PageRequest) | null = null;
    if (source?.kind === "number") request = { ...base, page, page_size: pageSize };
    else if (source) {
      const cursor =
        source.kind === "after"
          ? answerOf(page - 1)?.next_cursor
          : source.kind === "before"
            ? answerOf(page + 1)?.previous_cursor
            : null;
      request = {
        ...base,
        cursor: cursor ?? source.cursor,
        page_size: source.kind === "last" ? source.size : pageSize,
      };
    }
    memo.set(page, request);
    return request;
  };
  const answerOf = (page: number) => {
    const request = requestFor(page);
    return request ? input.cached(request) : undefined;
  };

  const first = answerOf(1);
  const count = first ? first.count : null;
  const wanted = pagesForRange(input.range.start, input.range.end, pageSize, count);
  view.pages = nextLivePages(view.pages, wanted, maxLivePages);
  const prefetch = pagesToPrefetch(wanted, pageSize, count).filter((page) => !view.pages.includes(page));
  const pages = [...view.pages, ...prefetch];
  const added = assignSources(
    wanted,
    pages.filter((page) => !wanted.includes(page)),
    sources,
    {
      pageSize,
      count,
      lastCursor: first?.last_cursor ?? null,
      loaded: (page) => (pages.includes(page) ? answerOf(page) : undefined),
      pending: (page) => sources.has(page) && pages.includes(page) && !answerOf(page),
    },
  );
  for (const [page, source] of added) sources.set(page, source);
  // Pages looked at before they had a source were remembered as not asked for.
  memo.clear();
  const requests = new Map<number, Q & PageRequest>();
  for (const page of pages) {
    const request = requestFor(page);
    if (request) requests.set(page, request);
  }
  return requests;
}
