import type { ScanFindingChanges as Changes } from "@sentinel/api-client";
import { DescriptionList, formatNumber } from "@sentinel/ui";

export interface ScanFindingChangesProps {
  /** The scan's `finding_changes`: null until it has ended, and for scans nothing was matched for. */
  changes: Changes | null | undefined;
}

/**
 * What an ended scan or import changed against the target's previous scan: its new, unchanged and
 * reopened findings, and the earlier findings it mitigated. The server counts them in the
 * transaction that matched them, so they are final; nothing is shown while they are not known.
 */
export function ScanFindingChanges({ changes }: ScanFindingChangesProps) {
  if (!changes) return null;
  return (
    <DescriptionList
      aria-label="Findings since the previous scan"
      columns={2}
      items={[
        { term: "New", description: formatNumber(changes.new) },
        { term: "Unchanged", description: formatNumber(changes.unchanged) },
        { term: "Reopened", description: formatNumber(changes.reopened) },
        { term: "Mitigated", description: formatNumber(changes.mitigated) },
      ]}
    />
  );
}
