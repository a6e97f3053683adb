import { describe, expect, it } from "vitest";
import { NOT_RUN_YET_MESSAGE, scanCountsEmptyLabel, scanResultsEmptyMessage } from "./notRunYet.ts";

describe("scanResultsEmptyMessage", () => {
  it("says a pending or queued scan has not run yet", () => {
    expect(scanResultsEmptyMessage("PENDING", "No findings in this scan.")).toBe(NOT_RUN_YET_MESSAGE);
    expect(scanResultsEmptyMessage("QUEUED", "No findings in this scan.")).toBe(NOT_RUN_YET_MESSAGE);
  });

  it("says nothing was found once the scan has run, or while its status is unknown", () => {
    for (const status of ["COMPLETED", "RUNNING", "DONE", undefined, null])
      expect(scanResultsEmptyMessage(status, "No findings in this scan.")).toBe("No findings in this scan.");
  });

  it("says a failed or aborted scan stopped, never that it found nothing (issue 28)", () => {
    expect(scanResultsEmptyMessage("FAILED", "No findings in this scan.")).toBe(
      "This scan failed before it reported any results.",
    );
    expect(scanResultsEmptyMessage("ABORTED", "This scan found no hosts.")).toBe(
      "This scan was aborted before it reported any results.",
    );
  });
});

describe("scanCountsEmptyLabel", () => {
  it("says a scan that has not run has not run, and one that has found nothing", () => {
    expect(scanCountsEmptyLabel("PENDING")).toBe("Not run yet");
    expect(scanCountsEmptyLabel("QUEUED")).toBe("Not run yet");
    expect(scanCountsEmptyLabel("COMPLETED")).toBe("No findings");
    expect(scanCountsEmptyLabel("FAILED")).toBe("Scan failed");
    expect(scanCountsEmptyLabel("ABORTED")).toBe("Scan aborted");
    expect(scanCountsEmptyLabel(undefined)).toBe("No findings");
  });
});
