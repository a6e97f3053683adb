// Tables entry point (`@sentinel/ui/table`): @tanstack/react-table loads only for apps that import from here.
export { DataGrid, type DataGridProps, preloadDataGrid } from "./components/DataGrid/DataGrid.tsx";
export type { DataGridColumnMeta, DataGridColumns, DataGridFeatures } from "./components/DataGrid/dataGridColumns.ts";
export { createDataGridColumnHelper, dataGridFeatures } from "./components/DataGrid/dataGridColumns.ts";
export { PagedTable, type PagedTableProps } from "./components/PagedTable/PagedTable.tsx";
export type { PagedList } from "./components/PagedTable/pagedList.ts";
export type { PagedTableColumns, PagedTableFeatures } from "./components/PagedTable/pagedTableColumns.ts";
export { createPagedTableColumnHelper, pagedTableFeatures } from "./components/PagedTable/pagedTableColumns.ts";
export type { TableColumnMeta, TableSort } from "./components/shared/table/tableTypes.ts";
