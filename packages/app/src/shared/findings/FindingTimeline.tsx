import type { FindingLogStatus } from "@sentinel/api-client";
import { Badge, Inline, StatusBadge, Timeline } from "@sentinel/ui";
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

/** "Ayu Pratama · Batch #12": who, and which bulk change wrote the entry. */
function actorLine(entry: FindingLogStatus, pending: boolean): string {
  const parts = [actorName(entry)];
  if (entry.batch_id !== null) parts.push(`Batch #${entry.batch_id}`);
  if (pending) parts.push("Saving…");
  return parts.join(" · ");
}

/**
 * The finding's status history, newest on top: old → new status, message, actor and time.
 * The first entry, written when the scan finished, has no old status ("Finished scan by system").
 * An optimistic entry says it is still being saved instead of showing a time. Entries written by a
 * bulk change name their batch; an undo is marked "Undo" with the batch it reverted.
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
          message: <EntryMessage entry={entry} />,
          actor: actorLine(entry, pending),
          time: pending ? null : entry.created_at,
        };
      })}
    />
  );
}

function EntryMessage({ entry }: { entry: FindingLogStatus }) {
  const undone = entry.undoes;
  if (undone === null) return entry.message;
  return (
    <Inline space="xsmall" alignY="center">
      <Badge tone="info" label="Undo" />
      <span>{`Undid batch #${undone}`}</span>
    </Inline>
  );
}
