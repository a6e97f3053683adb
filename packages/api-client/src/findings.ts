import type { UseMutationOptions } from "@tanstack/react-query";
import { ApiError } from "./errors.ts";
import type { WriteData, WriteInit } from "./queries.ts";
import { useApiMutation } from "./runtime.ts";
import type { FindingBulkConflict, FindingVersionConflict } from "./types.ts";

const BULK = "/api/v1/findings/bulk-status/";
const UNDO = "/api/v1/findings/batches/{batch_id}/undo/";

type Options<P extends typeof BULK | typeof UNDO, TContext> = Omit<
  UseMutationOptions<WriteData<"post", P>, ApiError, WriteInit<"post", P>, TContext>,
  "mutationFn"
>;

/** Changes many findings' status in one batch (`bulkUpdateFindingStatus`); a 409 is read with {@link bulkConflictOf}. */
export function useBulkFindingStatus<TContext = unknown>(options?: Options<typeof BULK, TContext>) {
  return useApiMutation<"post", typeof BULK, TContext>("post", BULK, options);
}

/** Undoes a batch (`undoFindingBatch`); findings changed since come back in `conflicts`. */
export function useUndoFindingBatch<TContext = unknown>(options?: Options<typeof UNDO, TContext>) {
  return useApiMutation<"post", typeof UNDO, TContext>("post", UNDO, options);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The body of a bulk change's 409 (count changed, or stale versions), or null for any other error. */
export function bulkConflictOf(error: unknown): FindingBulkConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isObject(error.body)) return null;
  const { code, conflicts } = error.body;
  // A per-finding 409 says version_conflict too, but carries `current` rather than `conflicts`.
  const isBulk = code === "count_changed" || (code === "version_conflict" && Array.isArray(conflicts));
  return isBulk ? (error.body as unknown as FindingBulkConflict) : null;
}

/** The body of a per-finding status change's 409 (the finding as it is now), or null for any other error. */
export function versionConflictOf(error: unknown): FindingVersionConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isObject(error.body)) return null;
  return error.body.code === "version_conflict" && isObject(error.body.current)
    ? (error.body as unknown as FindingVersionConflict)
    : null;
}
