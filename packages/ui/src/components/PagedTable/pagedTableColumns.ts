import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import type { TableColumnMeta } from "../shared/table/tableTypes.ts";

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
