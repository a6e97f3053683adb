import type { UseMutationOptions } from "@tanstack/react-query";
import type { ApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import type { operations } from "./generated/schema.ts";
import type { ApiQueries, WriteData, WriteInit } from "./queries.ts";
import { useApiMutation } from "./runtime.ts";
import type { FindingBulkConflict, FindingVersionConflict } from "./types.ts";

/** The findings index's query values (filters, ordering, page and page size), as the contract types them. */
export type FindingsQuery = NonNullable<operations["listFindings"]["parameters"]["query"]>;
/** The export's query values: the index's filters plus `format` and `ids`. */
export type FindingsExportQuery = operations["exportFindings"]["parameters"]["query"];

/** One page of the findings index (issue 16); repeated filters are sent as repeated parameters. */
export function findingsIndexOptions(queries: ApiQueries, query: FindingsQuery = {}) {
  return queries.queryOptions("/api/v1/findings/", { params: { query } });
}

export interface FindingsFile {
  blob: Blob;
  /** From the answer's Content-Disposition, else `findings.<format>`. */
  filename: string;
}

/**
 * Downloads the export as a file: the body is read as a blob whatever the format (CSV, JSON, SARIF),
 * so the caller can offer it to save. Errors reject with the client's ApiError (400 for SARIF over
 * other areas, with the message on `format`).
 */
export async function downloadFindingsExport(
  client: ApiClient,
  query: FindingsExportQuery,
  signal?: AbortSignal,
): Promise<FindingsFile> {
  const { data, response } = await client.GET("/api/v1/findings/export/", {
    params: { query },
    parseAs: "blob",
    signal,
  });
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `findings.${query.format}`;
  return { blob: data as Blob, filename };
}

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
