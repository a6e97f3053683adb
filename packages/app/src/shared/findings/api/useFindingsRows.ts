import { api, type FindingsQuery, findingsIndexOptions } from "@sentinel/api-client";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CursorPage, PagingView } from "./pageSources.ts";
import type { FindingIndexItem, FindingsFilter, FindingsOrdering } from "./types.ts";

/**
 * How pages after the first are asked for (by cursor): not needed for the first page, which is
 * asked for by number, so it loads beside that request instead of before the route renders.
 */
let paging: typeof import("./pageSources.ts") | undefined;
const loadPaging = async () => {
  paging ??= await import("./pageSources.ts");
  return paging;
};

/**
 * Rows per request. The smallest the index allows above a screenful: after End or PageDown only one
 * page stands between the user and real rows, so a small page is what keeps "time to valid state"
 * short, and at 40 px a page still covers about ten screens of steady scrolling.
 */
export const findingsPageSize = 100;

/** The 1-based index page that holds row `index` (0-based). */
export function pageOfRow(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}

/** Where row `index` sits: its page and its position in that page's `results`. */
export function rowPosition(index: number, pageSize: number): { page: number; offset: number } {
  return { page: pageOfRow(index, pageSize), offset: index % pageSize };
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
  // The rows in view, as the grid last said (`ensureRange`).
  const [range, setRange] = useState({ viewKey, start: 0, end: 0 });
  // What this view has asked for so far (see `pageSources.ts`); a new view starts afresh.
  const viewRef = useRef<PagingView>({ viewKey, sources: new Map(), pages: [1] });
  if (viewRef.current.viewKey !== viewKey) viewRef.current = { viewKey, sources: new Map(), pages: [1] };

  // Once the paging code has arrived: true; its failure to load is shown as the grid's error.
  const [pagingState, setPagingState] = useState<true | { error: unknown } | null>(paging ? true : null);
  useEffect(() => {
    if (pagingState === null) {
      loadPaging().then(
        () => setPagingState(true),
        (error: unknown) => setPagingState({ error }),
      );
    }
  }, [pagingState]);

  const base = { ...filter, ...(ordering === undefined ? {} : { ordering }) };
  const requests: Map<number, FindingsQuery> = paging
    ? paging.planRequests({
        view: viewRef.current,
        // A range the grid gave for the view before this one is no longer the view's.
        range: range.viewKey === viewKey ? range : { start: 0, end: 0 },
        base,
        pageSize: findingsPageSize,
        cached: (request) => queryClient.getQueryData<Page>(findingsIndexOptions(api, request).queryKey),
      })
    : new Map([[1, { ...base, page: 1, page_size: findingsPageSize }]]);
  const asked = [...requests.keys()];
  const results = useQueries({
    queries: asked.map((page) => findingsIndexOptions(api, requests.get(page) as FindingsQuery)),
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
  if (count !== null) count = rowsThereAre(count, byPage, findingsPageSize);
  // Page 0 stands for the paging code, when it failed to load.
  const pagingFailure = pagingState !== null && pagingState !== true ? { page: 0, error: pagingState.error } : null;
  const failure = (failed as { page: number; error: unknown } | null) ?? pagingFailure;

  const status: FindingsRows["status"] = failure ? "error" : count === null ? "pending" : "success";

  const ensureRange = useCallback(
    (start: number, end: number) =>
      setRange((current) =>
        current.viewKey === viewKey && current.start === start && current.end === end
          ? current
          : { viewKey, start, end },
      ),
    [viewKey],
  );

  const refetch = () => {
    if (failure?.page === 0) setPagingState(null);
    const failedPages = asked.filter((page) => results[asked.indexOf(page)]?.isError);
    for (const page of failedPages.length > 0 ? failedPages : asked) {
      const request = requests.get(page);
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
