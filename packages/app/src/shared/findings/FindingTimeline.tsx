import type { FindingLogStatus } from "@sentinel/api-client";
import { formatDateTime, StatusBadge, Timeline } from "@sentinel/ui";
import { isPendingLogEntry } from "./api/statusChange.ts";

export interface FindingTimelineProps {
  /** `finding_log_status`, oldest first as the API sends it. */
  entries: readonly FindingLogStatus[];
}

/** Who made a change: the system (scan finished) has no user. */
export function actorName(entry: Pick<FindingLogStatus, "modified_by">): string {
  const user = entry.modified_by;
  if (!user) return "System";
  return user.fullname || user.username || user.email;
}

/**
 * "Ayu Pratama · bulk change": who, and whether a bulk change wrote the entry. A batch's number
 * means nothing to the reader (issue 28); an undo's entry says whose change it took back instead.
 */
function actorLine(entry: FindingLogStatus, pending: boolean): string {
  const parts = [actorName(entry)];
  if (entry.batch_id !== null && entry.undoes === null) parts.push("bulk change");
  if (pending) parts.push("Saving…");
  return parts.join(" · ");
}

/**
 * The finding's status history, newest on top: old → new status, message, actor and time.
 * The first entry, written when the scan finished, has no old status ("Finished scan by system").
 * An optimistic entry says it is still being saved instead of showing a time. Entries written by a
 * bulk change say so; an undo says, as plain text, whose change of when it took back.
 */
export function FindingTimeline({ entries }: FindingTimelineProps) {
  return (
    <Timeline
      aria-label="Status history"
      newestFirst
      emptyState={<p>No status changes recorded.</p>}
      entries={entries.map((entry) => {
        const pending = isPendingLogEntry(entry);
        return {
          id: String(entry.id),
          ...(entry.old_status ? { from: <StatusBadge kind="finding" status={entry.old_status} /> } : {}),
          to: <StatusBadge kind="finding" status={entry.new_status} />,
          message: entryMessage(entry, entries),
          actor: actorLine(entry, pending),
          time: pending ? null : entry.created_at,
        };
      })}
    />
  );
}

/** The entry's message; for an undo, the change it took back, found in the same history. */
export function entryMessage(entry: FindingLogStatus, entries: readonly FindingLogStatus[]): string {
  const undone = entry.undoes;
  if (undone === null) return entry.message;
  const change = entries.find((other) => other.batch_id === undone && other.undoes === null);
  if (!change) return "Undid a bulk change.";
  return `Undid ${actorName(change)}'s bulk change of ${formatDateTime(change.created_at)}.`;
}
