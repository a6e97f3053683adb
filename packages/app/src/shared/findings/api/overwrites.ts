import { api, type FindingStatus, findingsIndexOptions } from "@sentinel/api-client";
import { type QueryClient, useQueries } from "@tanstack/react-query";
import { findingStatuses, reasonRequiredStatuses } from "../labels.ts";
import type { FindingSelection, FindingsFilter } from "./types.ts";

/**
 * A bulk change of more findings than this asks before it applies, whatever the status (issue 28:
 * one click moved 573 findings). Up to it, a status without a reason applies at once, as triage by
 * keyboard needs, unless it would overwrite a reason.
 */
export const confirmAbove = 20;

/** How many of the findings a change applies to hold a status that carries a reason. */
export interface Overwrite {
  status: FindingStatus;
  count: number;
}

/** Whether a change to `status` of `count` findings asks first, before counting what it overwrites. */
export function asksFirst(selection: FindingSelection, count: number, status: FindingStatus): boolean {
  return reasonRequiredStatuses.has(status) || selection.kind === "all" || count > confirmAbove;
}

/**
 * The statuses whose reasons a change to `status` would overwrite: those that carry one (Mitigated,
 * Tolerated, False positive), other than the target, and within the filter's own status choice.
 */
export function overwritableStatuses(filter: FindingsFilter, status: FindingStatus): FindingStatus[] {
  const within = filter.status?.length ? new Set<FindingStatus>(filter.status) : null;
  return findingStatuses.filter(
    (candidate) => candidate !== status && reasonRequiredStatuses.has(candidate) && (within?.has(candidate) ?? true),
  );
}

/**
 * One count query per overwritable status: the index with the selection's filter (or its ids) and
 * that status, one row a page, since only `count` is read. An "all matching" selection's exceptions
 * are not sent (the index takes no exclusions), so its counts are at most what is overwritten.
 */
export function overwriteQueries(selection: FindingSelection, filter: FindingsFilter, status: FindingStatus) {
  const scope: FindingsFilter = selection.kind === "ids" ? { ...filter, ids: [...selection.ids.keys()] } : filter;
  return overwritableStatuses(filter, status).map((candidate) =>
    findingsIndexOptions(api, { ...scope, status: [candidate], page: 1, page_size: 1 }),
  );
}

/** The counts, non-zero ones only, in the statuses' own order. */
function overwritesOf(statuses: readonly FindingStatus[], counts: readonly (number | undefined)[]): Overwrite[] {
  return statuses.flatMap((status, i) => {
    const count = counts[i] ?? 0;
    return count > 0 ? [{ status, count }] : [];
  });
}

/** Asks the index what a change would overwrite (for the decision to apply at once or ask first). */
export async function fetchOverwrites(
  queryClient: QueryClient,
  selection: FindingSelection,
  filter: FindingsFilter,
  status: FindingStatus,
): Promise<Overwrite[]> {
  const pages = await Promise.all(
    overwriteQueries(selection, filter, status).map((options) => queryClient.fetchQuery(options)),
  );
  return overwritesOf(
    overwritableStatuses(filter, status),
    pages.map((page) => page.count),
  );
}

export interface OverwritesState {
  /** Null while counting, or when counting failed. */
  overwrites: Overwrite[] | null;
  failed: boolean;
  retry: () => void;
}

/** The same counts for the confirmation in the reason dialog (cached from `fetchOverwrites`). */
export function useOverwrites(
  selection: FindingSelection,
  filter: FindingsFilter,
  status: FindingStatus,
): OverwritesState {
  const results = useQueries({ queries: overwriteQueries(selection, filter, status) });
  const failed = results.some((result) => result.isError);
  const done = results.every((result) => result.data !== undefined);
  return {
    overwrites:
      done && !failed
        ? overwritesOf(
            overwritableStatuses(filter, status),
            results.map((result) => result.data?.count),
          )
        : null,
    failed,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}
