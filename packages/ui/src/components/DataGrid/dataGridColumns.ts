import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  type RowData,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
} from "@tanstack/react-table";
import type { ColumnProps } from "react-aria-components";
import type { TableColumnMeta } from "../shared/table/tableTypes.ts";

/** Column options DataGrid reads from `meta`: PagedTable's, plus a width for the virtualized layout. */
export interface DataGridColumnMeta extends TableColumnMeta {
  /**
   * Column width for the virtualized layout: a fraction of the free space (`"2fr"`), a percentage,
   * or pixels. The virtualizer positions cells itself, so CSS can't size these columns.
   * @default "1fr"
   */
  width?: ColumnProps["width"];
}

/**
 * TanStack features of a DataGrid: the whole list is in memory, so sorting is done here with
 * TanStack's sorted row model (sort functions picked per column from the first values).
 */
export const dataGridFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  columnMeta: metaHelper<DataGridColumnMeta>(),
});

export type DataGridFeatures = typeof dataGridFeatures;

/** Columns of a DataGrid, as `helper.columns([...])` returns them. Every accessor column is sortable unless it says `enableSorting: false`. */
// biome-ignore lint/suspicious/noExplicitAny: columns with different value types share one array, as TanStack's own helper.columns() types it
export type DataGridColumns<TRow extends RowData> = ColumnDef<DataGridFeatures, TRow, any>[];

/** Column helper bound to DataGrid's features; define columns once at module scope. */
export function createDataGridColumnHelper<TRow extends RowData>() {
  return createColumnHelper<DataGridFeatures, TRow>();
}
