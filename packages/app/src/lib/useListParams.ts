import { searchMaxLength } from "@sentinel/ui";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type ListParamsChange, type ListParamsSpec, nextListParams, readListParams } from "./listParams.ts";

/**
 * A list screen's page, page size, search and filters, read from and written to the URL.
 * Page changes push a history entry (back returns to the previous page); typing a search replaces it.
 */
export function useListParams<F extends string = never>(spec: ListParamsSpec<F> = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { defaultPageSize, pageSizeParam } = spec;
  // The spec is usually written inline; a joined key keeps the memo stable across renders.
  const filtersKey = spec.filters?.join(",") ?? "";
  const stableSpec = useMemo<ListParamsSpec<F>>(
    () => ({
      ...(filtersKey ? { filters: filtersKey.split(",") as F[] } : {}),
      ...(defaultPageSize ? { defaultPageSize } : {}),
      ...(pageSizeParam ? { pageSizeParam } : {}),
    }),
    [filtersKey, defaultPageSize, pageSizeParam],
  );
  const params = useMemo(() => readListParams(searchParams, stableSpec, searchMaxLength), [searchParams, stableSpec]);
  const update = useCallback(
    (change: ListParamsChange<F>) =>
      setSearchParams((current) => nextListParams(current, change, stableSpec, searchMaxLength), {
        replace: change.search !== undefined,
      }),
    [setSearchParams, stableSpec],
  );
  return [params, update] as const;
}
