import { api, findingsIndexOptions } from "@sentinel/api-client";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { FindingsFilter } from "../../../shared/findings/api/types.ts";
import { severities } from "../../../shared/findings/labels.ts";

/**
 * The count of findings per severity for `filter` (its own severity filter replaced by each
 * severity): five index requests of one row, reading `count`. They are index queries, so whatever
 * refreshes the index after a bulk change refreshes these counters too.
 */
export function useSeverityCounts(filter: FindingsFilter) {
  return useQueries({
    queries: severities.map((severity) => ({
      ...findingsIndexOptions(api, { ...filter, severity: [severity], page_size: 1 }),
      select: (page: { count: number }) => page.count,
    })),
    combine: (results) => ({
      counts: results.map((result, index) => ({
        severity: severities[index] ?? "HIGH",
        count: result.data,
        isPending: result.isPending,
        isError: result.isError,
      })),
      isError: results.some((result) => result.isError),
      refetch: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    }),
  });
}

/** How many products the product filter lists at a time: type to find the others. */
export const productChoicesShown = 50;

/**
 * The products the product filter offers: the first {@link productChoicesShown} whose name holds
 * `search`, scoped to the chosen company for staff. A client's list is their own company's.
 */
export function useFindingProducts(company: number | undefined, search: string) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/", {
      params: {
        query: {
          page: 1,
          page_size: productChoicesShown,
          ...(company !== undefined ? { company } : {}),
          ...(search ? { search } : {}),
        },
      },
    }),
    staleTime: 5 * 60_000,
    // While the next text's answer is on its way, the list keeps the last one instead of emptying.
    placeholderData: (previous) => previous,
  });
}

/** The product a link names, for the filter to show its name whether or not it is listed. */
export function useFindingProduct(id: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/asset/product/{id}/", { params: { path: { id: id ?? 0 } } }),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
  });
}
