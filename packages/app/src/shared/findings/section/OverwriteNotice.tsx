import type { FindingStatus } from "@sentinel/api-client";
import { Button, formatNumber, Inline } from "@sentinel/ui";
import { type Overwrite, useOverwrites } from "../api/overwrites.ts";
import type { FindingSelection, FindingsFilter } from "../api/types.ts";
import { findingStatusLabels } from "../labels.ts";
import * as styles from "./BulkBar.css.ts";

export interface OverwriteNoticeProps {
  selection: FindingSelection;
  filter: FindingsFilter;
  /** The status the dialog would set now. */
  status: FindingStatus;
}

/** "12 Mitigated and 3 False Positive findings": the statuses a change would overwrite. */
export function overwriteText(overwrites: readonly Overwrite[], atMost: boolean): string {
  const parts = overwrites.map(({ status, count }) => `${formatNumber(count)} ${findingStatusLabels[status]}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
  const total = overwrites.reduce((sum, { count }) => sum + count, 0);
  return `This overwrites ${atMost ? "up to " : ""}${list} ${total === 1 ? "finding" : "findings"}. Their reasons stay in each finding's history, and Undo puts them back.`;
}

/**
 * What a bulk change would overwrite (issue 28), counted by the index before it is sent: findings
 * whose status carries a reason (Mitigated, Tolerated, False Positive). Nothing to overwrite says
 * nothing; a failed count says so, with Retry, and does not hold the change back.
 */
export function OverwriteNotice({ selection, filter, status }: OverwriteNoticeProps) {
  const { overwrites, failed, retry } = useOverwrites(selection, filter, status);
  if (failed) {
    return (
      <Inline space="small" alignY="center">
        <p role="status" className={styles.noteBlock}>
          Could not check which of these findings carry a reason.
        </p>
        <Button variant="ghost" size="small" onPress={retry}>
          Retry
        </Button>
      </Inline>
    );
  }
  if (overwrites === null) {
    return (
      <p role="status" className={styles.noteBlock}>
        Checking which of these findings carry a reason…
      </p>
    );
  }
  if (overwrites.length === 0) return null;
  // The exceptions of an "all matching" selection are not counted out.
  const atMost = selection.kind === "all" && selection.excluded.size > 0;
  return (
    <p role="status" className={styles.warning}>
      {overwriteText(overwrites, atMost)}
    </p>
  );
}
