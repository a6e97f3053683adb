import { api, findingsIndexOptions } from "@sentinel/api-client";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { FindingIndexItem, FindingsFilter, FindingsOrdering } from "./types.ts";

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

/**
 * The pages to load before they are wanted, around the `wanted` ones: the next page in each
 * direction, so PageDown and the arrows find their rows already there, and the last page, which
 * End jumps to. Only pages that exist (`count` rows), and none already wanted.
 */
export function pagesToPrefetch(wanted: readonly number[], pageSize: number, count: number | null): number[] {
  if (wanted.length === 0 || count === null || count <= 0) return [];
  const last = pageOfRow(count - 1, pageSize);
  const candidates = [Math.max(...wanted) + 1, Math.min(...wanted) - 1, last];
  return [...new Set(candidates)].filter((page) => page >= 1 && page <= last && !wanted.includes(page));
}

type Page = { results: FindingIndexItem[]; count: number };

/**
 * The findings index as rows for a virtualized grid: each page is its own query (key
 * `["get", "/api/v1/findings/", {params: {query}}]`), so invalidating `apiQueryKey("/api/v1/findings/")`
 * refreshes every page. Pages load on demand through `ensureRange`; a new filter or ordering starts
 * again from page 1.
 */
export function useFindingsRows(filter: FindingsFilter, ordering: FindingsOrdering | undefined): FindingsRows {
  const queryClient = useQueryClient();
  const viewKey = useMemo(() => JSON.stringify([filter, ordering ?? null]), [filter, ordering]);
  const [live, setLive] = useState<{ viewKey: string; pages: readonly number[] }>({ viewKey, pages: [1] });
  // A new view drops the old view's pages during render, so no request for them goes out.
  const pages = live.viewKey === viewKey ? live.pages : [1];

  // Query keys are hashed by value, so building the options afresh each render costs no refetch.
  const optionsFor = (page: number) =>
    findingsIndexOptions(api, {
      ...filter,
      ...(ordering === undefined ? {} : { ordering }),
      page,
      page_size: findingsPageSize,
    });

  const results = useQueries({ queries: pages.map((page) => optionsFor(page)) });

  const byPage = new Map<number, Page>();
  let failed: { page: number; error: unknown } | null = null;
  let count: number | null = null;
  pages.forEach((page, i) => {
    const result = results[i];
    if (!result) return;
    if (result.data) {
      byPage.set(page, result.data);
      count ??= result.data.count;
    }
    if (result.isError && failed === null) failed = { page, error: result.error };
  });
  const first = results[0];
  // Page 1 answers first in practice; any loaded page gives the same count meanwhile.
  if (first?.data) count = first.data.count;
  if (count !== null) count = rowsThereAre(count, byPage, findingsPageSize);
  const failure = failed as { page: number; error: unknown } | null;

  const status: FindingsRows["status"] = failure ? "error" : count === null ? "pending" : "success";

  // optionsFor is rebuilt every render from filter and ordering, which viewKey stands for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey covers optionsFor
  const ensureRange = useCallback(
    (start: number, end: number) => {
      const wanted = pagesForRange(start, end, findingsPageSize, count);
      if (wanted.length === 0) return;
      setLive((current) => {
        const base = current.viewKey === viewKey ? current.pages : [1];
        const next = nextLivePages(base, wanted, maxLivePages);
        return next === base && current.viewKey === viewKey ? current : { viewKey, pages: next };
      });
      // Into the cache only (a page already there and fresh is not asked for again); it becomes live,
      // and shows at once, when the view reaches it.
      for (const page of pagesToPrefetch(wanted, findingsPageSize, count)) {
        void queryClient.prefetchQuery(optionsFor(page));
      }
    },
    [count, viewKey, queryClient],
  );

  const refetch = () => {
    const failedPages = pages.filter(
      (page) => queryClient.getQueryState(optionsFor(page).queryKey)?.status === "error",
    );
    for (const page of failedPages.length > 0 ? failedPages : pages) {
      void queryClient.refetchQueries({ queryKey: optionsFor(page).queryKey, exact: true });
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
