import { describe, expect, it } from "vitest";
import {
  bulkTarget,
  deselectRows,
  emptySelection,
  isRowSelected,
  pageSelectionState,
  selectAllMatching,
  selectedCount,
  selectRows,
  toFindingFilter,
  toggleRow,
} from "./selection.ts";

const row = (id: number, version = 1) => ({ id, version });

describe("selection", () => {
  it("toggles a row in ids mode, keeping the version the user saw", () => {
    const one = toggleRow(emptySelection, row(7, 3));
    expect(one.kind === "ids" && [...one.ids]).toEqual([[7, 3]]);
    expect(isRowSelected(one, 7)).toBe(true);
    const none = toggleRow(one, row(7, 3));
    expect(isRowSelected(none, 7)).toBe(false);
    expect(selectedCount(none, 100)).toBe(0);
  });

  it("does not change the selection it was given", () => {
    const before = emptySelection;
    selectRows(before, [row(1)]);
    expect(selectedCount(before, null)).toBe(0);
  });

  it("holds all matching minus the exceptions", () => {
    const all = selectAllMatching();
    expect(isRowSelected(all, 99)).toBe(true);
    const minusTwo = deselectRows(all, [row(1), row(2)]);
    expect(isRowSelected(minusTwo, 1)).toBe(false);
    expect(selectedCount(minusTwo, 1234)).toBe(1232);
    expect(selectedCount(minusTwo, null)).toBeNull();
    const back = toggleRow(minusTwo, row(1));
    expect(isRowSelected(back, 1)).toBe(true);
    expect(selectedCount(back, 1234)).toBe(1233);
  });

  it("never counts below zero", () => {
    expect(selectedCount(deselectRows(selectAllMatching(), [row(1), row(2)]), 1)).toBe(0);
  });

  it("tells the page checkbox none, some or all", () => {
    const rows = [row(1), row(2), row(3)];
    expect(pageSelectionState(emptySelection, rows)).toBe("none");
    expect(pageSelectionState(selectRows(emptySelection, [row(2)]), rows)).toBe("some");
    expect(pageSelectionState(selectRows(emptySelection, rows), rows)).toBe("all");
    expect(pageSelectionState(selectAllMatching(), rows)).toBe("all");
    expect(pageSelectionState(deselectRows(selectAllMatching(), [row(3)]), rows)).toBe("some");
    expect(pageSelectionState(selectAllMatching(), [])).toBe("none");
  });

  it("drops empty filter values for the contract's FindingFilter", () => {
    expect(toFindingFilter({ severity: ["HIGH"], status: [], search: "", area: undefined, product: 4 })).toEqual({
      severity: ["HIGH"],
      product: 4,
    });
  });

  it("builds ids and versions for a hand-picked selection", () => {
    const sel = selectRows(emptySelection, [row(5, 2), row(9, 4)]);
    expect(bulkTarget(sel, { severity: ["HIGH"] }, 50)).toEqual({ ids: [5, 9], versions: { "5": 2, "9": 4 } });
  });

  it("builds filter, exclusions and the expected count for all matching", () => {
    const sel = deselectRows(selectAllMatching(), [row(3)]);
    expect(bulkTarget(sel, { severity: ["HIGH"], search: "" }, 1000)).toEqual({
      filter: { severity: ["HIGH"] },
      exclude_ids: [3],
      expected_count: 999,
    });
    expect(() => bulkTarget(sel, {}, null)).toThrow(/not known/);
  });
});
