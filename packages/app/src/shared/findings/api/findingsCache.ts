import type { FindingStatus } from "@sentinel/api-client";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ApiGetPath } from "./findingLocator.ts";
import { patchListStatus } from "./statusChange.ts";

/**
 * The one owner of the cache rules after a finding's status changes (issue 17): single changes from
 * the drawer, bulk changes and undos all call {@link refreshFindingViews}, so no screen has to know
 * which of its queries show statuses. Keys are the api-client's `["get", path, init]`.
 */

/** Lists whose rows carry a finding's `id` and `status`: patched at once, then refetched. */
export const findingListPaths = [
  "/api/v1/findings/",
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/",
  "/api/v1/sourcecode/scans/{id}/findings/",
  "/api/v1/webapp/scans/{id}/findings/",
  "/api/v1/threat-inspection/scan-configuration/endpoints/{id}/findings/",
] as const satisfies readonly ApiGetPath[];

/** One finding each: the drawer and the full-page view. */
export const findingDetailPaths = [
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
  "/api/v1/sourcecode/scans/{id}/findings/{findingId}/",
  "/api/v1/webapp/scans/{id}/findings/{findingId}/",
  "/api/v1/threat-inspection/scan-configuration/findings/{id}/",
] as const satisfies readonly ApiGetPath[];

/**
 * Everything else that counts findings by status or severity: scan and endpoint details and lists
 * with `SeveritySummary`/`FindingStatusSummary` or `finding_*` counters (openapi.yaml). The
 * dashboards' open-findings widgets read the findings index, which is in {@link findingListPaths};
 * the dashboard scan summaries hold no finding data. A new GET that shows statuses belongs here.
 */
export const findingSummaryPaths = [
  "/api/v1/networkva/scan-configuration/{id}/scans/",
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/",
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/",
  "/api/v1/sourcecode/applications/{id}/scan/",
  "/api/v1/sourcecode/scans/{id}/",
  "/api/v1/webapp/applications/{id}/scan/",
  "/api/v1/webapp/scans/{id}/",
  "/api/v1/threat-inspection/scan-configuration/scans/{id}/",
  "/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoints/",
  "/api/v1/threat-inspection/scan-configuration/endpoints/{id}/",
] as const satisfies readonly ApiGetPath[];

const listPaths: ReadonlySet<string> = new Set(findingListPaths);
const viewPaths: ReadonlySet<string> = new Set([...findingListPaths, ...findingDetailPaths, ...findingSummaryPaths]);

const pathOf = (queryKey: QueryKey): unknown => (queryKey[0] === "get" ? queryKey[1] : undefined);

/** Whether a cached GET shows finding statuses or counts, so a status change makes it stale. */
export function showsFindingStatus(queryKey: QueryKey): boolean {
  return viewPaths.has(pathOf(queryKey) as string);
}

/** Whether a cached GET is a page of finding rows (patched optimistically). */
export function isFindingList(queryKey: QueryKey): boolean {
  return listPaths.has(pathOf(queryKey) as string);
}

/**
 * Marks every cached view of finding statuses stale; the ones on screen refetch now, the others when
 * next shown. Call it after any status change has settled (success or failure).
 */
export function refreshFindingViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => showsFindingStatus(query.queryKey) });
}

const findingListFilters = { predicate: (query: { queryKey: QueryKey }) => isFindingList(query.queryKey) };

/** What {@link patchFindingRows} replaced, to put back when the change fails. */
export type FindingRowsSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

/**
 * Shows new statuses at once on every cached finding list (area lists and the index): in-flight
 * fetches are cancelled so they cannot overwrite the patch. Returns the pages as they were.
 */
export async function patchFindingRows(
  queryClient: QueryClient,
  changes: ReadonlyMap<number, FindingStatus>,
): Promise<FindingRowsSnapshot> {
  await queryClient.cancelQueries(findingListFilters);
  const snapshot = queryClient.getQueriesData(findingListFilters);
  setFindingRowsStatus(queryClient, changes);
  return snapshot;
}

/** Sets statuses on every cached finding list's rows, as the server now has them (a 409's `current`). */
export function setFindingRowsStatus(queryClient: QueryClient, changes: ReadonlyMap<number, FindingStatus>): void {
  queryClient.setQueriesData(findingListFilters, (page: unknown) => {
    let next = page;
    for (const [id, status] of changes) next = patchListStatus(next, id, status);
    return next;
  });
}

export function restoreFindingRows(queryClient: QueryClient, snapshot: FindingRowsSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
