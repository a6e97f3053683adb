import {
  type ApiError,
  api,
  type Finding,
  type FindingModifier,
  type FindingStatusUpdate,
  useBulkFindingStatus,
  useSingleFlightMutation,
  useUndoFindingBatch,
  versionConflictOf,
} from "@sentinel/api-client";
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useSession } from "../../../lib/SessionContext.tsx";
import { type FindingLocator, findingIdOf } from "./findingLocator.ts";
import {
  type FindingRowsSnapshot,
  patchFindingRows,
  refreshFindingViews,
  restoreFindingRows,
  setFindingRowsStatus,
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

/** What a view asks for: a status and why. The mutation adds the `version` itself. */
export type StatusChangeRequest = Omit<FindingStatusUpdate, "version">;

interface Snapshot {
  detail: Finding | undefined;
  rows: FindingRowsSnapshot;
}

/**
 * The change as sent: with the version of the finding the user is looking at (the cached detail),
 * so a change someone else made meanwhile answers 409 instead of being overwritten. Without a cached
 * detail nothing is checked, as for a client written before versions.
 */
export function withShownVersion(
  queryClient: QueryClient,
  locator: FindingLocator,
  change: StatusChangeRequest,
): FindingStatusUpdate {
  const shown = queryClient.getQueryData<Finding>(findingQueryKey(locator));
  return shown ? { ...change, version: shown.version } : change;
}

/**
 * The status mutation's options, and with them every cache update it causes. At once: the detail
 * (with a pending timeline entry) and its rows on every cached finding list. A 409 stores the
 * finding as it is now (the conflict's `current`), so the view shows at once what the user would
 * change from; any other failure restores exactly what was cached before. Success stores the
 * server's finding; either way every view of finding statuses is then refreshed
 * (`refreshFindingViews`, the one owner of those rules).
 */
export function findingStatusMutationOptions(
  queryClient: QueryClient,
  locator: FindingLocator,
  actor: FindingModifier | null,
): UseMutationOptions<Finding, ApiError, FindingStatusUpdate, Snapshot> {
  const detailKey = findingQueryKey(locator);
  const findingId = findingIdOf(locator);
  return {
    mutationKey: ["patch", locator.path, locator.params],
    mutationFn: (body) => patchFinding(locator)({ params: { path: locator.params }, body }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: detailKey });
      const detail = queryClient.getQueryData<Finding>(detailKey);
      const rows = await patchFindingRows(queryClient, new Map([[findingId, change.status]]));
      if (detail) {
        queryClient.setQueryData(detailKey, applyStatusChange(detail, change, actor, new Date().toISOString()));
      }
      return { detail, rows };
    },
    onError: (error, _change, snapshot) => {
      if (!snapshot) return;
      restoreFindingRows(queryClient, snapshot.rows);
      const current = versionConflictOf(error)?.current;
      if (current) {
        queryClient.setQueryData(detailKey, current);
        setFindingRowsStatus(queryClient, new Map([[findingId, current.status]]));
      } else {
        queryClient.setQueryData(detailKey, snapshot.detail);
      }
    },
    onSuccess: (finding) => {
      queryClient.setQueryData(detailKey, finding);
    },
    onSettled: () => refreshFindingViews(queryClient),
  };
}

export interface FindingStatusMutation
  extends Omit<UseMutationResult<Finding, ApiError, FindingStatusUpdate, Snapshot>, "mutate" | "mutateAsync"> {
  mutate: (change: StatusChangeRequest) => void;
  /** Resolves with the server's finding; rejects with the `ApiError` (a 409 carries the current finding). */
  mutateAsync: (change: StatusChangeRequest) => Promise<Finding>;
}

/**
 * Changes a finding's status in one step (see {@link findingStatusMutationOptions} for what it does
 * to the cache). Views pass the status and message only; the version is the one they show.
 */
export function useFindingStatusMutation({ locator }: FindingStatusMutationOptions): FindingStatusMutation {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const actor: FindingModifier | null = user
    ? {
        id: user.id,
        username: user.username,
        email: user.email,
        fullname: `${user.first_name} ${user.last_name}`.trim() || user.username,
      }
    : null;
  const mutation = useSingleFlightMutation(findingStatusMutationOptions(queryClient, locator, actor));
  return {
    ...mutation,
    mutate: (change) => mutation.mutate(withShownVersion(queryClient, locator, change)),
    mutateAsync: (change) => mutation.mutateAsync(withShownVersion(queryClient, locator, change)),
  };
}

/**
 * A bulk status change (`bulkUpdateFindingStatus`). It changes nothing on screen before the server
 * answers (a batch may be thousands of rows); once it settles, a 409 included (its counts say the
 * screen is stale), every view of finding statuses is refreshed before the caller hears the answer.
 */
export function useBulkStatusMutation() {
  const queryClient = useQueryClient();
  return useBulkFindingStatus({ onSettled: () => refreshFindingViews(queryClient) });
}

/** The undo of a batch (`undoFindingBatch`); like {@link useBulkStatusMutation}, it refreshes every view once settled. */
export function useUndoBatchMutation() {
  const queryClient = useQueryClient();
  return useUndoFindingBatch({ onSettled: () => refreshFindingViews(queryClient) });
}
