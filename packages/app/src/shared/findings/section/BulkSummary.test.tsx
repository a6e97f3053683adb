import { describe, expect, it } from "vitest";
import { summaryText } from "./BulkSummary.tsx";
import { reasonDialogAnswer } from "./reasonDialogAnswer.ts";

const conflict = { id: 7, reason: "Changed since.", current: { status: "FIXING" as const, version: 3 } };

describe("bulk triage words", () => {
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

  it("sums an assignment and its undo up in one sentence (issue 28)", () => {
    const counts = { batchId: 5, updated: 3, unchanged: 2, conflicts: [] };
    expect(summaryText({ kind: "change", assigneeLabel: "Ayu Pratama", ...counts })).toBe(
      "3 findings assigned to Ayu Pratama. 2 already were.",
    );
    expect(
      summaryText({ kind: "undo", assigneeLabel: "Ayu Pratama", ...counts, unchanged: 0, conflicts: [conflict] }),
    ).toBe("Undo gave 3 findings back their previous assignee. 1 reassigned since and was left alone.");
  });
});
