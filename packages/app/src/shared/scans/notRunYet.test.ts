import { describe, expect, it } from "vitest";
import { NOT_RUN_YET_MESSAGE, scanResultsEmptyMessage } from "./notRunYet.ts";

describe("scanResultsEmptyMessage", () => {
  it("says a pending or queued scan has not run yet", () => {
    expect(scanResultsEmptyMessage("PENDING", "No findings in this scan.")).toBe(NOT_RUN_YET_MESSAGE);
    expect(scanResultsEmptyMessage("QUEUED", "No findings in this scan.")).toBe(NOT_RUN_YET_MESSAGE);
  });

  it("says nothing was found once the scan has run, or while its status is unknown", () => {
    for (const status of ["COMPLETED", "RUNNING", "FAILED", "ABORTED", "DONE", undefined, null])
      expect(scanResultsEmptyMessage(status, "No findings in this scan.")).toBe("No findings in this scan.");
  });
});
