import {
  type ApiError,
  bulkConflictOf,
  type FindingBatchResult,
  type FindingConflict,
  type FindingStatus,
} from "@sentinel/api-client";
import { formatNumber, type ToastQueue, toastQueue } from "@sentinel/ui";
import { useCallback, useState } from "react";
import { findingStatusLabels } from "../labels.ts";
import { useBulkStatusMutation, useUndoBatchMutation } from "./findingQueries.ts";
import { useBulkAssignMutation } from "./ownership.ts";
import { bulkTarget } from "./selection.ts";
import type { FindingSelection, FindingsFilter } from "./types.ts";

/**
 * How long the toast after a bulk change (with its Undo) stays: the issue asks for at least 10 s; the
 * kit's timer also pauses while the toast is hovered or focused, so a keyboard user can reach Undo.
 */
export const UNDO_TOAST_TIMEOUT_MS = 12_000;

/** What the last batch did, for {@link BulkSummary}: a change, or the undo of one. */
export type BulkOutcome = BulkStatusOutcome | BulkAssignOutcome;

interface BulkOutcomeCounts {
  kind: "change" | "undo";
  batchId: number;
  updated: number;
  /** Selected findings that already were so (always 0 for an undo). */
  unchanged: number;
  /** Findings left alone because they changed since the user (or the batch) saw them. */
  conflicts: readonly FindingConflict[];
}

/** A bulk assignment (issue 28) or its undo: `assigneeLabel` names who the findings went to ("nobody" to unassign). */
export interface BulkAssignOutcome extends BulkOutcomeCounts {
  assigneeLabel: string;
}

export interface BulkStatusOutcome {
  kind: "change" | "undo";
  /** The status the change set (for an undo: the status it had set, now taken back). */
  status: FindingStatus;
  batchId: number;
  updated: number;
  /** Selected findings already in that status (always 0 for an undo). */
  unchanged: number;
  /** Findings left alone because they changed since the user (or the batch) saw them. */
  conflicts: readonly FindingConflict[];
}

/** The answer to {@link BulkTriage.changeStatus}; any other failure rejects with the ApiError. */
export type BulkChangeResult =
  | { kind: "done"; result: FindingBatchResult }
  /** "All matching": the filter now matches `currentCount`, not the `expectedCount` the user saw; nothing changed. */
  | { kind: "countChanged"; currentCount: number; expectedCount: number }
  /** By ids: some changed since the user saw them; nothing changed. Resend with `skipConflicts` to change the others. */
  | { kind: "versionConflict"; conflicts: readonly FindingConflict[] };

export interface BulkChange {
  selection: FindingSelection;
  status: FindingStatus;
  /** Logged on every changed finding; required for MITIGATED, TOLERATED and FALSE_POSITIVE. */
  reason: string;
  /** The count the user agreed to after a `countChanged` (sent as `expected_count`). */
  acceptCount?: number;
  /** After a `versionConflict`: change the others and leave the stale ones alone. */
  skipConflicts?: boolean;
}

export interface BulkAssign {
  selection: FindingSelection;
  /** A user id, or null to unassign. */
  assignee: number | null;
  /** Who that is, for the toast and the summary. */
  assigneeLabel: string;
  /** The count the user agreed to after a `countChanged` (sent as `expected_count`). */
  acceptCount?: number;
}

export interface UseBulkTriageOptions {
  /** The section's filter: what "all matching" means. */
  filter: FindingsFilter;
  /** The index's count for that filter, null until it has answered. */
  total: number | null;
  /** @default the kit's app-wide `toastQueue` */
  toasts?: ToastQueue;
}

export interface BulkTriage {
  changeStatus: (change: BulkChange) => Promise<BulkChangeResult>;
  /** Assigns the selection to one person (or nobody) as one undoable batch (issue 28). */
  assign: (change: BulkAssign) => Promise<BulkChangeResult>;
  /** Undoes the last batch of this section (the toast's Undo and the `u` key); nothing when there is none. */
  undoLast: () => void;
  /** The last batch that can still be undone. */
  lastBatch: FindingBatchResult | null;
  /** What the last change or undo did, for the summary; null before the first. */
  summary: BulkOutcome | null;
  isPending: boolean;
  /** The last failure of a change or an undo (409s are answered through `changeStatus` instead). */
  error: ApiError | null;
  /** Hides the summary. */
  dismissSummary: () => void;
}

/** The batch Undo takes back: a status change or an assignment. */
type LastBatch =
  | { result: FindingBatchResult; status: FindingStatus }
  | { result: FindingBatchResult; assigneeLabel: string };

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "Updated 1.234 findings to False Positive". */
export function changeToastTitle(updated: number, status: FindingStatus): string {
  return `Updated ${plural(updated, "finding", "findings")} to ${findingStatusLabels[status]}`;
}

/** "Assigned 12 findings to Ayu Pratama", or "Unassigned 12 findings". */
export function assignToastTitle(updated: number, assigneeLabel: string | null): string {
  return assigneeLabel === null
    ? `Unassigned ${plural(updated, "finding", "findings")}`
    : `Assigned ${plural(updated, "finding", "findings")} to ${assigneeLabel}`;
}

/** "Restored 1.230 findings" plus, when some were left alone, "4 changed since; left alone". */
export function undoToast(result: Pick<FindingBatchResult, "updated" | "conflicts">) {
  const title = `Restored ${plural(result.updated, "finding", "findings")}`;
  return result.conflicts.length > 0
    ? { title, description: `${formatNumber(result.conflicts.length)} changed since; left alone.` }
    : { title };
}

/**
 * Bulk status changes and their undo for one findings section (issue 17). Once the views of finding
 * statuses are fresh (the mutations refresh them as they settle), a toast says what changed and
 * offers Undo, and `summary` holds the counts and conflicts.
 */
export function useBulkTriage({ filter, total, toasts = toastQueue }: UseBulkTriageOptions): BulkTriage {
  const bulk = useBulkStatusMutation();
  const undo = useUndoBatchMutation();
  const assignMutation = useBulkAssignMutation();
  const [lastBatch, setLastBatch] = useState<LastBatch | null>(null);
  const [summary, setSummary] = useState<BulkOutcome | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const undoBatch = useCallback(
    async (batch: LastBatch) => {
      setError(null);
      try {
        // No reason: the server logs its default "Undo of batch N"; the entries' `undoes` marks them.
        // A 200 always carries the batch; the client types a write's body as possibly empty.
        const result = (await undo.mutateAsync({
          params: { path: { batch_id: batch.result.batch_id } },
        })) as FindingBatchResult;
        setLastBatch(null);
        const counts = {
          kind: "undo" as const,
          batchId: result.batch_id,
          updated: result.updated,
          unchanged: 0,
          conflicts: result.conflicts,
        };
        setSummary(
          "status" in batch ? { ...counts, status: batch.status } : { ...counts, assigneeLabel: batch.assigneeLabel },
        );
        toasts.add({ ...undoToast(result), tone: "positive" }, { timeout: 8_000 });
      } catch (caught) {
        const failure = caught as ApiError;
        setError(failure);
        toasts.add({ title: "Could not undo the change", description: failure.message, tone: "critical" });
      }
    },
    [undo, toasts],
  );

  const changeStatus = useCallback(
    async ({ selection, status, reason, acceptCount, skipConflicts }: BulkChange): Promise<BulkChangeResult> => {
      setError(null);
      const target = bulkTarget(selection, filter, total);
      if (acceptCount !== undefined && target.filter) target.expected_count = acceptCount;
      const trimmed = reason.trim();
      try {
        const result = (await bulk.mutateAsync({
          body: {
            ...target,
            status,
            ...(trimmed ? { reason: trimmed } : {}),
            ...(skipConflicts && target.ids ? { on_conflict: "skip" as const } : {}),
          },
        })) as FindingBatchResult;
        const batch = { result, status };
        setLastBatch(batch);
        setSummary({
          kind: "change",
          status,
          batchId: result.batch_id,
          updated: result.updated,
          unchanged: result.unchanged,
          conflicts: result.conflicts,
        });
        toasts.add(
          {
            title: changeToastTitle(result.updated, status),
            tone: "positive",
            ...(result.updated > 0 ? { action: { label: "Undo", onAction: () => void undoBatch(batch) } } : {}),
          },
          { timeout: UNDO_TOAST_TIMEOUT_MS },
        );
        return { kind: "done", result };
      } catch (caught) {
        const conflict = bulkConflictOf(caught);
        if (conflict?.code === "count_changed") {
          return {
            kind: "countChanged",
            currentCount: conflict.current_count ?? 0,
            expectedCount: conflict.expected_count ?? target.expected_count ?? 0,
          };
        }
        if (conflict?.code === "version_conflict") {
          return { kind: "versionConflict", conflicts: conflict.conflicts ?? [] };
        }
        setError(caught as ApiError);
        throw caught;
      }
    },
    [bulk, filter, total, toasts, undoBatch],
  );

  const assign = useCallback(
    async ({ selection, assignee, assigneeLabel, acceptCount }: BulkAssign): Promise<BulkChangeResult> => {
      setError(null);
      const { versions: _versions, ...target } = bulkTarget(selection, filter, total);
      if (acceptCount !== undefined && target.filter) target.expected_count = acceptCount;
      try {
        const result = (await assignMutation.mutateAsync({ body: { ...target, assignee } })) as FindingBatchResult;
        const label = assignee === null ? "nobody" : assigneeLabel;
        const batch: LastBatch = { result, assigneeLabel: label };
        setLastBatch(batch);
        setSummary({
          kind: "change",
          assigneeLabel: label,
          batchId: result.batch_id,
          updated: result.updated,
          unchanged: result.unchanged,
          conflicts: result.conflicts,
        });
        toasts.add(
          {
            title: assignToastTitle(result.updated, assignee === null ? null : assigneeLabel),
            tone: "positive",
            ...(result.updated > 0 ? { action: { label: "Undo", onAction: () => void undoBatch(batch) } } : {}),
          },
          { timeout: UNDO_TOAST_TIMEOUT_MS },
        );
        return { kind: "done", result };
      } catch (caught) {
        const conflict = bulkConflictOf(caught);
        if (conflict?.code === "count_changed") {
          return {
            kind: "countChanged",
            currentCount: conflict.current_count ?? 0,
            expectedCount: conflict.expected_count ?? target.expected_count ?? 0,
          };
        }
        setError(caught as ApiError);
        throw caught;
      }
    },
    [assignMutation, filter, total, toasts, undoBatch],
  );

  const undoLast = useCallback(() => {
    if (lastBatch) void undoBatch(lastBatch);
  }, [lastBatch, undoBatch]);

  return {
    changeStatus,
    assign,
    undoLast,
    lastBatch: lastBatch?.result ?? null,
    summary,
    isPending: bulk.isPending || assignMutation.isPending || undo.isPending,
    error,
    dismissSummary: () => setSummary(null),
  };
}
