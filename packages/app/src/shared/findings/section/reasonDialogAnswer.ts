// The reason dialog's answers, apart from the dialog: the findings section maps a bulk change's
// result with them while the dialog's own code loads only when it first opens.
import type { BulkChangeResult } from "../api/useBulkTriage.ts";

/** How a submit can end short of success without an error: the selection moved under the user. */
export type ReasonDialogAnswer =
  | undefined
  /** The filter now matches this many findings, not the count the dialog showed; nothing changed. */
  | { countChanged: number }
  /** This many of the chosen findings changed since they were selected; nothing changed. */
  | { versionConflicts: number };

/** What the reason dialog shows for a change's answer: done (it closes), or the selection that moved. */
export function reasonDialogAnswer(result: BulkChangeResult): ReasonDialogAnswer {
  if (result.kind === "countChanged") return { countChanged: result.currentCount };
  if (result.kind === "versionConflict") return { versionConflicts: result.conflicts.length };
  return undefined;
}

export interface ReasonDialogSubmitOptions {
  /** Apply to the filter's new count (after `countChanged`). */
  acceptCount?: number;
  /** Change the others and leave the ones that changed alone (after `versionConflicts`). */
  skipConflicts?: boolean;
}
