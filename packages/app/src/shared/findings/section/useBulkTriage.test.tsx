import { ApiError } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { summaryText } from "./BulkSummary.tsx";
import { exportErrorText } from "./exportFindings.ts";
import { changeToastTitle, reasonDialogAnswer, UNDO_TOAST_TIMEOUT_MS, undoToast } from "./useBulkTriage.ts";

const conflict = { id: 7, reason: "Changed since.", current: { status: "FIXING" as const, version: 3 } };

describe("bulk triage words", () => {
  it("keeps the Undo toast for at least 10 s", () => {
    expect(UNDO_TOAST_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
  });

  it("says how many changed and to what", () => {
    expect(changeToastTitle(1234, "FALSE_POSITIVE")).toBe("Updated 1.234 findings to False Positive");
    expect(changeToastTitle(1, "FIXING")).toBe("Updated 1 finding to Fixing");
  });

  it("says what an undo restored and what it left alone", () => {
    expect(undoToast({ updated: 1230, conflicts: [] })).toEqual({ title: "Restored 1.230 findings" });
    expect(undoToast({ updated: 2, conflicts: [conflict] })).toEqual({
      title: "Restored 2 findings",
      description: "1 changed since; left alone.",
    });
  });

  it("hands the dialog a changed count or the number of stale findings", () => {
    expect(reasonDialogAnswer({ kind: "countChanged", currentCount: 1240, expectedCount: 1234 })).toEqual({
      countChanged: 1240,
    });
    expect(reasonDialogAnswer({ kind: "versionConflict", conflicts: [conflict] })).toEqual({ versionConflicts: 1 });
    expect(
      reasonDialogAnswer({
        kind: "done",
        result: { batch_id: 1, updated: 1, unchanged: 0, conflicts: [], undoes: null },
      }),
    ).toBeUndefined();
  });

  it("sums a batch up in one sentence", () => {
    expect(
      summaryText({
        kind: "change",
        status: "TOLERATED",
        batchId: 4,
        updated: 10,
        unchanged: 1,
        conflicts: [conflict],
      }),
    ).toBe("10 findings updated to Tolerated. 1 already was Tolerated. 1 changed since and was left alone.");
  });

  it("puts the API's message on format first when an export fails", () => {
    const sarif = new ApiError(400, { format: ["SARIF holds source code findings only."] }, "/api/v1/findings/export/");
    expect(exportErrorText(sarif)).toBe("SARIF holds source code findings only.");
  });
});
