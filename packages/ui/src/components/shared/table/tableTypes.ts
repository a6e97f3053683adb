import type { SortDescriptor } from "react-aria-components";

/** A column sort: column id and direction (react-aria's SortDescriptor). */
export type TableSort = SortDescriptor;

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
