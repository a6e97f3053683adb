import type { FindingArea, FindingChange } from "@sentinel/api-client";
import {
  defaultFindingColumnsFor,
  type FindingColumnId,
  findingColumnIds,
  findingColumnLabels,
} from "../../shared/findings/section/types.ts";
import { sameMembers } from "./sameMembers.ts";

/** Column names in the column chooser: the grid's own header texts. */
export { findingColumnLabels };

/** The columns a role may show: a client sees only their own company, so no Company column. */
export function availableFindingColumns(staff: boolean): readonly FindingColumnId[] {
  return staff ? findingColumnIds : findingColumnIds.filter((column) => column !== "company");
}

/**
 * The columns to show for the URL's `cols`: the chosen ones the role may see, or the default ones
 * the role may see when none is chosen (or none of the chosen is allowed).
 */
export function visibleFindingColumns(
  chosen: readonly FindingColumnId[] | undefined,
  staff: boolean,
): readonly FindingColumnId[] {
  const available = availableFindingColumns(staff);
  const visible = available.filter((column) => chosen?.includes(column));
  return visible.length > 0 ? visible : defaultFindingColumnsFor(staff);
}

export const findingAreaLabels: Readonly<Record<FindingArea, string>> = {
  NETWORK: "Network",
  WEB_APPLICATION: "Web Application",
  SOURCE_CODE: "Source Code",
  THREAT_INSPECTION: "Threat Inspection",
};

export const findingChangeLabels: Readonly<Record<FindingChange, string>> = {
  NEW: "New",
  REOPENED: "Reopened",
  UNCHANGED: "Unchanged",
};

/** Whether `chosen` is exactly the columns the role sees by default (in any order). */
export function isDefaultColumnSet(chosen: readonly FindingColumnId[], staff: boolean): boolean {
  return sameMembers(chosen, defaultFindingColumnsFor(staff));
}
