import type { FindingBulkStatusRequest, FindingFilter } from "@sentinel/api-client";
import type { FindingIndexItem, FindingSelection, FindingsFilter } from "./types.ts";

/**
 * The selection model of a findings section (issue 17): pure functions over {@link FindingSelection},
 * so the grid, the bulk bar and the keyboard all change it the same way and the rules are unit-tested.
 */

type SelectableRow = Pick<FindingIndexItem, "id" | "version">;

export const emptySelection: FindingSelection = { kind: "ids", ids: new Map() };

/** Every finding matching the filter, with no exceptions yet. */
export function selectAllMatching(): FindingSelection {
  return { kind: "all", excluded: new Set() };
}

export function isRowSelected(sel: FindingSelection, id: number): boolean {
  return sel.kind === "ids" ? sel.ids.has(id) : !sel.excluded.has(id);
}

/** Ticks the rows (in `all` mode: takes them off the exceptions). */
export function selectRows(sel: FindingSelection, rows: readonly SelectableRow[]): FindingSelection {
  if (sel.kind === "all") {
    const excluded = new Set(sel.excluded);
    for (const row of rows) excluded.delete(row.id);
    return { kind: "all", excluded };
  }
  const ids = new Map(sel.ids);
  // The version the user saw on screen is what a bulk change by ids must send.
  for (const row of rows) ids.set(row.id, row.version);
  return { kind: "ids", ids };
}

/** Unticks the rows (in `all` mode: adds them to the exceptions). */
export function deselectRows(sel: FindingSelection, rows: readonly SelectableRow[]): FindingSelection {
  if (sel.kind === "all") {
    const excluded = new Set(sel.excluded);
    for (const row of rows) excluded.add(row.id);
    return { kind: "all", excluded };
  }
  const ids = new Map(sel.ids);
  for (const row of rows) ids.delete(row.id);
  return { kind: "ids", ids };
}

export function toggleRow(sel: FindingSelection, row: SelectableRow): FindingSelection {
  return isRowSelected(sel, row.id) ? deselectRows(sel, [row]) : selectRows(sel, [row]);
}

/**
 * How many findings are selected. In `all` mode that is the matches minus the exceptions, unknown
 * (null) until the index has answered with its count.
 */
export function selectedCount(sel: FindingSelection, total: number | null): number | null {
  if (sel.kind === "ids") return sel.ids.size;
  return total === null ? null : Math.max(0, total - sel.excluded.size);
}

/** The state of a "select this page" checkbox over the rows on screen. */
export function pageSelectionState(sel: FindingSelection, rows: readonly SelectableRow[]): "none" | "some" | "all" {
  if (rows.length === 0) return "none";
  const selected = rows.filter((row) => isRowSelected(sel, row.id)).length;
  if (selected === 0) return "none";
  return selected === rows.length ? "all" : "some";
}

/**
 * The section's filter as the contract's `FindingFilter` JSON: the same keys as the index's query,
 * with empty values dropped (an empty array or string would otherwise read as "match nothing").
 */
export function toFindingFilter(filter: FindingsFilter): FindingFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter) as Array<[keyof FindingFilter, unknown]>) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as FindingFilter;
}

/** The selection's part of a bulk-status request: `ids`/`versions`, or `filter`/`exclude_ids`/`expected_count`. */
export type BulkTarget = Pick<
  FindingBulkStatusRequest,
  "ids" | "versions" | "filter" | "exclude_ids" | "expected_count"
>;

/**
 * The request fields naming what a bulk change applies to. In `all` mode `expected_count` is the
 * count the user saw selected, so the server answers 409 `count_changed` if the filter now matches
 * a different number; `total` must be known then.
 */
export function bulkTarget(sel: FindingSelection, filter: FindingsFilter, total: number | null): BulkTarget {
  if (sel.kind === "ids") {
    const ids = [...sel.ids.keys()];
    const versions: Record<string, number> = {};
    for (const [id, version] of sel.ids) versions[String(id)] = version;
    return { ids, versions };
  }
  const count = selectedCount(sel, total);
  if (count === null) throw new Error("bulkTarget: the number of matching findings is not known yet");
  return {
    filter: toFindingFilter(filter),
    exclude_ids: [...sel.excluded],
    expected_count: count,
  };
}
