import { ApiError } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { exportErrorText } from "./exportFindings.ts";
import { assignToastTitle, changeToastTitle, UNDO_TOAST_TIMEOUT_MS, undoToast } from "./useBulkTriage.ts";

const conflict = { id: 7, reason: "Changed since.", current: { status: "FIXING" as const, version: 3 } };

describe("bulk triage toasts", () => {
  it("keeps the Undo toast for at least 10 s", () => {
    expect(UNDO_TOAST_TIMEOUT_MS).toBeGreaterThanOrEqual(10_000);
  });

  it("says how many changed and to what", () => {
    expect(changeToastTitle(1234, "FALSE_POSITIVE")).toBe("Updated 1.234 findings to False Positive");
    expect(changeToastTitle(1, "FIXING")).toBe("Updated 1 finding to Fixing");
  });

  it("says how many were assigned and to whom, or unassigned (issue 28)", () => {
    expect(assignToastTitle(12, "Ayu Pratama")).toBe("Assigned 12 findings to Ayu Pratama");
    expect(assignToastTitle(1, null)).toBe("Unassigned 1 finding");
  });

  it("says what an undo restored and what it left alone", () => {
    expect(undoToast({ updated: 1230, conflicts: [] })).toEqual({ title: "Restored 1.230 findings" });
    expect(undoToast({ updated: 2, conflicts: [conflict] })).toEqual({
      title: "Restored 2 findings",
      description: "1 changed since; left alone.",
    });
  });

  it("puts the API's message on format first when an export fails", () => {
    const sarif = new ApiError(400, { format: ["SARIF holds source code findings only."] }, "/api/v1/findings/export/");
    expect(exportErrorText(sarif)).toBe("SARIF holds source code findings only.");
  });
});
