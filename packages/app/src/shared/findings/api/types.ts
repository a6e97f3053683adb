import type { FindingIndexItem, FindingsQuery } from "@sentinel/api-client";

/**
 * The findings data vocabulary (issue 17): what the index is asked for and what a bulk change or an
 * export applies to. The section's grid, its selection and bulk pieces, and the /findings page all
 * speak these types.
 */

export type { FindingIndexItem };

/** What a findings list shows: the index's filters, without paging or ordering (the section owns those). */
export type FindingsFilter = Omit<FindingsQuery, "page" | "page_size" | "ordering">;

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
