import type { Finding, FindingLogStatus, FindingModifier, FindingStatusUpdate } from "@sentinel/api-client";
import { findingStatusLabels } from "../labels.ts";

/**
 * Optimistic entries get negative ids: the server's ids are positive, so a pending entry is
 * recognisable until the real finding replaces it.
 */
export function isPendingLogEntry(entry: Pick<FindingLogStatus, "id">): boolean {
  return entry.id < 0;
}

/**
 * The finding as it will look once the server accepts `change`: new status, latest message and
 * actor, and one more entry at the end of the (oldest-first) status log. Pure, so the optimistic
 * update and its unit test share it.
 */
export function applyStatusChange(
  finding: Finding,
  change: FindingStatusUpdate,
  actor: FindingModifier | null,
  at: string,
): Finding {
  const pendingIds = finding.finding_log_status.filter(isPendingLogEntry).length;
  const entry: FindingLogStatus = {
    id: -(pendingIds + 1),
    old_status: finding.status,
    new_status: change.status,
    new_status_display: findingStatusLabels[change.status],
    message: change.message,
    modified_by: actor,
    created_at: at,
    updated_at: at,
    batch_id: null,
    undoes: null,
  };
  return {
    ...finding,
    status: change.status,
    status_display: findingStatusLabels[change.status],
    message: change.message,
    modified_by: actor,
    finding_log_status: [...finding.finding_log_status, entry],
    version: finding.version + 1,
  };
}

interface PagedRows {
  results: readonly unknown[];
}

function isPagedRows(value: unknown): value is PagedRows {
  return typeof value === "object" && value !== null && Array.isArray((value as { results?: unknown }).results);
}

/**
 * A cached list page with one row's status replaced, or the same object when the row is not on it
 * (so TanStack Query sees no change). Rows of every finding list carry `id` and `status`.
 */
export function patchListStatus<T>(page: T, findingId: number, status: Finding["status"]): T {
  if (!isPagedRows(page)) return page;
  let changed = false;
  const results = page.results.map((row) => {
    if (typeof row === "object" && row !== null && (row as { id?: unknown }).id === findingId) {
      changed = true;
      return { ...row, status };
    }
    return row;
  });
  return changed ? { ...page, results } : page;
}
