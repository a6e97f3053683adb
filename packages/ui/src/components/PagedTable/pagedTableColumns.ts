import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";

/** Per-column options PagedTable and DataGrid read from `meta`. */
export interface TableColumnMeta {
  /**
   * Marks the column that names the row for screen readers (announced when moving between rows).
   * The first column is the row header when none is marked.
   */
  isRowHeader?: boolean;
  /**
   * Aligns numbers to the end so digits line up.
   * @default "start"
   */
  align?: "start" | "end";
}

/**
 * TanStack features of a PagedTable: sorting only as state the server owns (`manualSorting`),
 * so its column options (`enableSorting`) are typed; rows arrive already paged and sorted.
 */
export const pagedTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: metaHelper<TableColumnMeta>(),
});

export type PagedTableFeatures = typeof pagedTableFeatures;

/**
 * Columns of a PagedTable, as `helper.columns([...])` returns them.
 * Columns are sortable only where they say `enableSorting: true`.
 */
// biome-ignore lint/suspicious/noExplicitAny: columns with different value types share one array, as TanStack's own helper.columns() types it
export type PagedTableColumns<TRow extends RowData> = ColumnDef<PagedTableFeatures, TRow, any>[];

/**
 * Column helper bound to PagedTable's features. Define columns once at module scope:
 * `const helper = createPagedTableColumnHelper<Ticket>(); const columns = helper.columns([...])`.
 */
export function createPagedTableColumnHelper<TRow extends RowData>() {
  return createColumnHelper<PagedTableFeatures, TRow>();
}
