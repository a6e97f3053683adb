import type { FindingIndexItem, FindingsQuery } from "@sentinel/api-client";

/**
 * The findings section's shared vocabulary (issue 17). The grid, the selection and bulk pieces, and
 * the /findings page all speak these types, so each can be built and tested on its own.
 */

export type { FindingIndexItem };

/** What a findings list shows: the index's filters, without paging or ordering (the section owns those). */
export type FindingsFilter = Omit<FindingsQuery, "page" | "page_size" | "ordering">;

/** The columns a findings grid can show, in the order a grid shows them. */
export const findingColumnIds = [
  "severity",
  "name",
  "status",
  "area",
  "company",
  "product",
  "host",
  "port",
  "protocol",
  "component",
  "line",
  "cve",
  "cvss_score",
  "change",
  "first_seen",
  "last_seen",
] as const;
export type FindingColumnId = (typeof findingColumnIds)[number];

/** Columns that mean something in one or two areas only; a screen of such an area asks for them. */
const areaColumnIds: readonly FindingColumnId[] = ["port", "protocol", "component", "line", "cve"];

/**
 * What a grid shows before anyone picks columns: the ones that mean something in every area. Port,
 * protocol and CVE belong to network and threat findings, file and line to source code.
 */
export const defaultFindingColumnIds: readonly FindingColumnId[] = findingColumnIds.filter(
  (id) => !areaColumnIds.includes(id),
);

const clientDefaultFindingColumnIds = defaultFindingColumnIds.filter((id) => id !== "company");

/**
 * The default columns a role sees: a client sees only their own company, so no Company column.
 * The same array each time, so a grid's memoised rows keep it.
 */
export function defaultFindingColumnsFor(staff: boolean): readonly FindingColumnId[] {
  return staff ? defaultFindingColumnIds : clientDefaultFindingColumnIds;
}

/** Columns the index can order by (its `ordering` keys); the others are not sortable. */
export const sortableFindingColumns = ["severity", "status", "name", "host", "cvss_score", "last_seen"] as const;
export type SortableFindingColumn = (typeof sortableFindingColumns)[number];

/** `-severity` style ordering: one key, optionally descending. */
export type FindingsOrdering = SortableFindingColumn | `-${SortableFindingColumn}`;

/**
 * What the user has selected. `ids` is a hand-picked set; `all` is every finding matching the
 * filter except the ones unticked since ("all matching, minus the exceptions"), so a selection of
 * 100,000 findings costs nothing to hold.
 */
export type FindingSelection =
  | { readonly kind: "ids"; readonly ids: ReadonlyMap<number, number> }
  | { readonly kind: "all"; readonly excluded: ReadonlySet<number> };
// `ids` maps a finding's id to the `version` the user saw, which a bulk change by ids must send.
