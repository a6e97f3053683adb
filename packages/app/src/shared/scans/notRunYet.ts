/** Statuses of a scan (or of one of its targets) that has not started: it has no results yet. */
const NOT_RUN: ReadonlySet<string> = new Set(["PENDING", "QUEUED"]);

/** Whether a scan (or one of its targets) with this status has not started yet. */
export function hasNotRun(status: string | null | undefined): boolean {
  return Boolean(status && NOT_RUN.has(status));
}

/** A scan that stopped without finishing: it has no (or only partial) results, which is not "no findings". */
export type StoppedScanStatus = "FAILED" | "ABORTED";

/** Whether a scan (or one of its targets) with this status stopped without finishing. */
export function hasStopped(status: string | null | undefined): status is StoppedScanStatus {
  return status === "FAILED" || status === "ABORTED";
}

/** What a scan's finding counts say when there are none: "Not run yet" until it has run, and that it stopped. */
export function scanCountsEmptyLabel(status: string | null | undefined): string {
  if (hasNotRun(status)) return "Not run yet";
  if (status === "FAILED") return "Scan failed";
  if (status === "ABORTED") return "Scan aborted";
  return "No findings";
}

/** What an empty result list of a scan that has not run says instead of "nothing found". */
export const NOT_RUN_YET_MESSAGE = "This scan has not run yet. Its results appear here once it has finished.";

/** What an empty result list of a scan that stopped says: it stopped, not that nothing was found. */
export const STOPPED_MESSAGE: Readonly<Record<StoppedScanStatus, string>> = {
  FAILED: "This scan failed before it reported any results.",
  ABORTED: "This scan was aborted before it reported any results.",
};

/**
 * The empty message of a scan's findings, endpoints or hosts: `found` once the scan has run, that it
 * has not run yet while it is pending or queued, and that it stopped when it failed or was aborted
 * (an empty list then means no results, not "no findings").
 */
export function scanResultsEmptyMessage(status: string | null | undefined, found: string): string {
  if (hasNotRun(status)) return NOT_RUN_YET_MESSAGE;
  if (hasStopped(status)) return STOPPED_MESSAGE[status];
  return found;
}
