import type { SourceCodeScan } from "@sentinel/api-client";
import { Button, formatDateTime, Inline, UntrustedText } from "@sentinel/ui";
import { useReadScanResultsWhenGone } from "../api/scanRuns.ts";
import * as styles from "./sourceCode.css.ts";

// Loaded on demand (scanOverlays.tsx `loadScanParts`): the repository page's first render does
// without it, which keeps the route in its budget. The dialogs' own code is a further chunk.
export { ScanFindingChanges } from "../../../shared/scans/ScanFindingChanges.tsx";
export { ScanStoppedNotice } from "../../../shared/scans/ScanStoppedNotice.tsx";
export { SourceScanDialogs } from "./SourceScanDialogs.tsx";

/** What a moving scan is doing, as its status says (source scans report no percentage). */
const progressText: Record<string, string> = {
  QUEUED: "Queued: waiting for a scanner.",
  SCANNING: "Running: the branch is cloned and the analysers run over it.",
};

export interface ScanProgressProps {
  /** A QUEUED or SCANNING scan, read again each second by the screen. */
  scan: SourceCodeScan;
  /** Opens the abort dialog; absent for a member, who may not abort. */
  onAbort?: (() => void) | undefined;
}

/**
 * A moving scan's progress, announced politely as it changes, and the Abort action. It goes when the
 * scan stops moving, and then has what the scan stored read (`useReadScanResultsWhenGone`).
 */
export function ScanProgress({ scan, onAbort }: ScanProgressProps) {
  useReadScanResultsWhenGone();
  return (
    <Inline space="medium" alignY="center">
      <span role="status">
        {progressText[scan.status]} Scan of{" "}
        <span className={styles.mono}>
          <UntrustedText>{scan.branch}</UntrustedText>
        </span>
        , queued {formatDateTime(scan.created_at)}.
      </span>
      {onAbort ? (
        <Button variant="outline" onPress={onAbort}>
          Abort scan
        </Button>
      ) : null}
    </Inline>
  );
}
