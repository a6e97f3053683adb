import {
  type ApiError,
  api,
  type Finding,
  type FindingModifier,
  type FindingStatusUpdate,
  useSingleFlightMutation,
} from "@sentinel/api-client";
import { type QueryKey, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../../../lib/SessionContext.tsx";
import { type FindingLocator, findingIdOf } from "./findingLocator.ts";
import {
  type FindingRowsSnapshot,
  patchFindingRows,
  refreshFindingViews,
  restoreFindingRows,
} from "./findingsCache.ts";
import { applyStatusChange } from "./statusChange.ts";

type FindingInit = { params: { path: FindingLocator["params"] } };

// The four detail paths share one response type (`Finding`); the client's per-path generics cannot
// be resolved from a union, so the calls go through one signature typed by that shared shape.
const getFinding = api.queryOptions as unknown as (
  path: FindingLocator["path"],
  init: FindingInit,
) => ReturnType<typeof api.queryOptions<"/api/v1/threat-inspection/scan-configuration/findings/{id}/">>;

const patchFinding = (locator: FindingLocator) =>
  api.mutationFn("patch", locator.path as "/api/v1/threat-inspection/scan-configuration/findings/{id}/") as unknown as (
    init: FindingInit & { body: FindingStatusUpdate },
  ) => Promise<Finding>;

/** Query options of one finding; its key is the api-client's `["get", path, init]`. */
export function findingQueryOptions(locator: FindingLocator) {
  return queryOptions({ ...getFinding(locator.path, { params: { path: locator.params } }) });
}

export function findingQueryKey(locator: FindingLocator): QueryKey {
  return findingQueryOptions(locator).queryKey;
}

/** Loads one finding; `null` keeps the query idle (a closed drawer). */
export function useFinding(locator: FindingLocator | null) {
  const options = findingQueryOptions(
    locator ?? { path: "/api/v1/threat-inspection/scan-configuration/findings/{id}/", params: { id: 0 } },
  );
  return useQuery({ ...options, enabled: locator !== null });
}

export interface FindingStatusMutationOptions {
  /** The finding whose status changes. */
  locator: FindingLocator;
}

interface Snapshot {
  detail: Finding | undefined;
  rows: FindingRowsSnapshot;
}

/**
 * Changes a finding's status in one step. The detail (with a pending timeline entry) and its rows on
 * every cached finding list (area lists and the findings index) change at once; a failure restores
 * exactly what was cached before, and the error is left on the mutation for the form to show.
 * Success stores the server's finding; either way every view of finding statuses is refreshed
 * (`refreshFindingViews`, the one owner of those rules), so callers pass no paths.
 */
export function useFindingStatusMutation({ locator }: FindingStatusMutationOptions) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const detailKey = findingQueryKey(locator);
  const findingId = findingIdOf(locator);

  return useSingleFlightMutation<Finding, ApiError, FindingStatusUpdate, Snapshot>({
    mutationKey: ["patch", locator.path, locator.params],
    mutationFn: (body) => patchFinding(locator)({ params: { path: locator.params }, body }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const detail = queryClient.getQueryData<Finding>(detailKey);
      const rows = await patchFindingRows(queryClient, new Map([[findingId, change.status]]));
      const actor: FindingModifier | null = user
        ? {
            id: user.id,
            username: user.username,
            email: user.email,
            fullname: `${user.first_name} ${user.last_name}`.trim() || user.username,
          }
        : null;
      if (detail) {
        queryClient.setQueryData(detailKey, applyStatusChange(detail, change, actor, new Date().toISOString()));
      }
      return { detail, rows };
    },
    onError: (_error, _change, snapshot) => {
      if (!snapshot) return;
      queryClient.setQueryData(detailKey, snapshot.detail);
      restoreFindingRows(queryClient, snapshot.rows);
    },
    onSuccess: (finding) => {
      queryClient.setQueryData(detailKey, finding);
    },
    onSettled: () => refreshFindingViews(queryClient),
  });
}
