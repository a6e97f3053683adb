import { api, type FindingsQuery, findingsIndexOptions } from "@sentinel/api-client";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { assignSources, type CursorPage, type PageSource, pagesToPrefetch } from "./pageSources.ts";
import type { FindingIndexItem, FindingsFilter, FindingsOrdering } from "./types.ts";

export { pagesToPrefetch };

/**
 * Rows per request. The smallest the index allows above a screenful: after End or PageDown only one
 * page stands between the user and real rows, so a small page is what keeps "time to valid state"
 * short, and at 40 px a page still covers about ten screens of steady scrolling.
 */
export const findingsPageSize = 100;

/** Pages kept subscribed besides the first; older ones drop out of the grid (their cache stays for a rescroll). */
const maxLivePages = 24;

/** The 1-based index page that holds row `index` (0-based). */
export function pageOfRow(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}

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

/** Where row `index` sits: its page and its position in that page's `results`. */
export function rowPosition(index: number, pageSize: number): { page: number; offset: number } {
  return { page: pageOfRow(index, pageSize), offset: index % pageSize };
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

/**
 * The rows there are, given the count the index reported and the pages loaded so far: a page shorter
 * than `pageSize` is the list's end, whatever the count said (the data changed between the two
 * answers, or a server counted wrong). Rows past that end would wait for a page that never fills
 * them, a skeleton for ever.
 */
export function rowsThereAre(
  count: number,
  loaded: ReadonlyMap<number, { results: readonly unknown[] }>,
  pageSize: number,
): number {
  let rows = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  for (const [page, { results }] of loaded) {
    if (results.length < pageSize) rows = Math.min(rows, (page - 1) * pageSize + results.length);
  }
  return rows;
}

export interface FindingsRows {
  /** `pending` until the first page answers; `error` when any page the grid needs has failed. */
  status: "pending" | "error" | "success";
  /** The failed page's error, when `status` is `error`. */
  error: unknown;
  /** Every row matching the filter (from the first page); null until it answers. */
  count: number | null;
  /** Fetches again the pages that failed, or every live page when none did. */
  refetch(): void;
  /** The row at `index` (0-based) when its page has loaded. */
  rowAt(index: number): FindingIndexItem | undefined;
  /** The rows of every loaded live page, in order. */
  loadedRows(): FindingIndexItem[];
  /** Asks for the pages holding rows `start`..`end` (0-based, inclusive); the grid calls it as it scrolls. */
  ensureRange(start: number, end: number): void;
  pageSize: number;
  /** Changes whenever filter or ordering does: the grid goes back to the top on a new key. */
  viewKey: string;
}

type Page = CursorPage & { results: FindingIndexItem[] };

/**
 * The findings index as rows for a virtualized grid: each page is its own query (key
 * `["get", "/api/v1/findings/", {params: {query}}]`), so invalidating `apiQueryKey("/api/v1/findings/")`
 * refreshes every page. Pages load on demand through `ensureRange`, with their neighbours and the
 * last page ahead of the view; page 1 by number, the others by cursor where they can be (see
 * `pageSources.ts`). A new filter or ordering starts again from page 1.
 */
export function useFindingsRows(filter: FindingsFilter, ordering: FindingsOrdering | undefined): FindingsRows {
  const queryClient = useQueryClient();
  const viewKey = useMemo(() => JSON.stringify([filter, ordering ?? null]), [filter, ordering]);
  const initial = { viewKey, pages: [1] as readonly number[], wanted: [1] as readonly number[] };
  const [live, setLive] = useState(initial);
  // A new view drops the old view's pages during render, so no request for them goes out.
  const view = live.viewKey === viewKey ? live : initial;
  const pages = view.pages;

  // How each page of this view was first asked for: kept, so a page keeps its place in the cache
  // when it leaves the view and comes back. Filled during render (below), from what has loaded.
  const sourcesRef = useRef({ viewKey, sources: new Map<number, PageSource>([[1, { kind: "number" }]]) });
  if (sourcesRef.current.viewKey !== viewKey) {
    sourcesRef.current = { viewKey, sources: new Map([[1, { kind: "number" }]]) };
  }
  const sources = sourcesRef.current.sources;

  const base = { ...filter, ...(ordering === undefined ? {} : { ordering }) };
  // A page's request: from its neighbour's answer as the cache holds it now (so when a refresh
  // moves the neighbour's last row, the page follows it), else the cursor it was first asked with.
  const requests = new Map<number, FindingsQuery | null>();
  const requestFor = (page: number): FindingsQuery | null => {
    const known = requests.get(page);
    if (known !== undefined) return known;
    requests.set(page, null);
    const source = sources.get(page);
    let request: FindingsQuery | null = null;
    if (source?.kind === "number") request = { ...base, page, page_size: findingsPageSize };
    else if (source?.kind === "after") {
      const cursor = cachedPage(page - 1)?.next_cursor ?? source.cursor;
      request = { ...base, cursor, page_size: findingsPageSize };
    } else if (source?.kind === "before") {
      const cursor = cachedPage(page + 1)?.previous_cursor ?? source.cursor;
      request = { ...base, cursor, page_size: findingsPageSize };
    } else if (source?.kind === "last") request = { ...base, cursor: source.cursor, page_size: source.size };
    requests.set(page, request);
    return request;
  };
  const cachedPage = (page: number): Page | undefined => {
    const request = requestFor(page);
    return request ? queryClient.getQueryData<Page>(findingsIndexOptions(api, request).queryKey) : undefined;
  };

  // Pages that can be asked for now, from what the cache holds (this render follows each answer): a
  // page in view, or a neighbour whose cursor has just arrived.
  const firstCached = cachedPage(1);
  const cachedCount = firstCached ? rowsThereAre(firstCached.count, new Map(), findingsPageSize) : null;
  const added = assignSources(
    view.wanted,
    pages.filter((page) => !view.wanted.includes(page)),
    sources,
    {
      pageSize: findingsPageSize,
      count: cachedCount,
      lastCursor: firstCached?.last_cursor ?? null,
      loaded: (page) => (pages.includes(page) ? cachedPage(page) : undefined),
      pending: (page) => sources.has(page) && pages.includes(page) && !cachedPage(page),
    },
  );
  for (const [page, source] of added) sources.set(page, source);
  // Pages looked at before they had a source were remembered as not asked for.
  if (added.size > 0) requests.clear();

  const asked = pages.filter((page) => requestFor(page) !== null);
  const results = useQueries({
    queries: asked.map((page) => findingsIndexOptions(api, requestFor(page) as FindingsQuery)),
  });

  const byPage = new Map<number, Page>();
  let failed: { page: number; error: unknown } | null = null;
  let count: number | null = null;
  asked.forEach((page, i) => {
    const result = results[i];
    if (!result) return;
    if (result.data) {
      byPage.set(page, result.data as Page);
      count ??= result.data.count;
    }
    if (result.isError && failed === null) failed = { page, error: result.error };
  });
  const first = byPage.get(1);
  // Page 1 answers first in practice; any loaded page gives the same count meanwhile.
  if (first) count = first.count;
  if (count !== null) {
    // Only pages read forwards end early at the list's end; one read from the end is short at its start.
    const forwards = new Map(
      [...byPage].filter(([page]) => ["number", "after"].includes(sources.get(page)?.kind ?? "")),
    );
    count = rowsThereAre(count, forwards, findingsPageSize);
  }
  const failure = failed as { page: number; error: unknown } | null;

  const status: FindingsRows["status"] = failure ? "error" : count === null ? "pending" : "success";

  const ensureRange = useCallback(
    (start: number, end: number) => {
      const wanted = pagesForRange(start, end, findingsPageSize, count);
      if (wanted.length === 0) return;
      const prefetch = pagesToPrefetch(wanted, findingsPageSize, count);
      setLive((current) => {
        const base = current.viewKey === viewKey ? current : { viewKey, pages: [1], wanted: [1] };
        const next = nextLivePages(base.pages, [...wanted, ...prefetch], maxLivePages);
        const sameWanted = base.wanted.length === wanted.length && base.wanted.every((p, i) => p === wanted[i]);
        return next === base.pages && sameWanted && current === base ? current : { viewKey, pages: next, wanted };
      });
    },
    [count, viewKey],
  );

  const refetch = () => {
    const failedPages = asked.filter((page) => results[asked.indexOf(page)]?.isError);
    for (const page of failedPages.length > 0 ? failedPages : asked) {
      const request = requestFor(page);
      if (!request) continue;
      void queryClient.refetchQueries({ queryKey: findingsIndexOptions(api, request).queryKey, exact: true });
    }
  };
  const rowAt = (index: number) => {
    const { page, offset } = rowPosition(index, findingsPageSize);
    return byPage.get(page)?.results[offset];
  };
  const loadedRows = () => [...byPage.entries()].sort(([a], [b]) => a - b).flatMap(([, page]) => page.results);

  return {
    status,
    error: failure?.error ?? null,
    count,
    refetch,
    rowAt,
    loadedRows,
    ensureRange,
    pageSize: findingsPageSize,
    viewKey,
  };
}
