/** Statuses of a scan (or of one of its targets) that has not started: it has no results yet. */
const NOT_RUN: ReadonlySet<string> = new Set(["PENDING", "QUEUED"]);

/** Whether a scan (or one of its targets) with this status has not started yet. */
export function hasNotRun(status: string | null | undefined): boolean {
  return Boolean(status && NOT_RUN.has(status));
}

/** What a scan's finding counts say when there are none: "Not run yet" until it has run. */
export function scanCountsEmptyLabel(status: string | null | undefined): string {
  return hasNotRun(status) ? "Not run yet" : "No findings";
}

/** What an empty result list of a scan that has not run says instead of "nothing found". */
export const NOT_RUN_YET_MESSAGE = "This scan has not run yet. Its results appear here once it has finished.";

/**
 * The empty message of a scan's findings, endpoints or hosts: `found` once the scan has run, and
 * that it has not run yet while it is pending or queued (an empty list then means nothing yet, not
 * "no findings").
 */
export function scanResultsEmptyMessage(status: string | null | undefined, found: string): string {
  return hasNotRun(status) ? NOT_RUN_YET_MESSAGE : found;
}
