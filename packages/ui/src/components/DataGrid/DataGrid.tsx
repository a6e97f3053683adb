import type { RowData } from "@tanstack/react-table";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import { type ComponentType, lazy, Suspense } from "react";
import { type Key, type Selection, type SelectionMode, VisuallyHidden } from "react-aria-components";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import type { TableSort } from "../shared/table/tableTypes.ts";
import * as styles from "./DataGrid.css.ts";
import type { DataGridColumns } from "./dataGridColumns.ts";

type Labelled =
  | { "aria-label": string; "aria-labelledby"?: string }
  | { "aria-label"?: string; "aria-labelledby": string };

export type DataGridProps<TRow extends RowData> = Labelled & {
  /** Columns built with `createDataGridColumnHelper<TRow>()`; keep the array stable (module scope or memo). */
  columns: DataGridColumns<TRow>;
  /** Every row of the list; only the rows in view are rendered. Keep the array stable between renders. */
  rows: readonly TRow[];
  /**
   * Stable id per row (also the selection key); defaults to the row's `id` field, or its position.
   * @default the row's `id` field, or its position
   */
  getRowId?: (row: TRow, index: number) => string;
  /**
   * `multiple` adds a checkbox column with select-all; Space toggles the focused row.
   * @default "none"
   */
  selectionMode?: SelectionMode;
  /** Selected row ids (controlled). */
  selectedKeys?: "all" | Iterable<Key>;
  /** Initially selected row ids (uncontrolled). */
  defaultSelectedKeys?: "all" | Iterable<Key>;
  /** Called with the new selection; `"all"` means every row. */
  onSelectionChange?: (keys: Selection) => void;
  /** Row ids that can't be selected or actioned. */
  disabledKeys?: Iterable<Key>;
  /** Sort order (controlled); sortable columns are sorted here, in the browser. */
  sort?: TableSort | null;
  /** Initial sort order (uncontrolled). */
  defaultSort?: TableSort;
  /** Called when the user sorts by a column header. */
  onSortChange?: (sort: TableSort) => void;
  /** Called when a row is activated with Enter or a click (without selection, or with a selection checkbox column). */
  onRowAction?: (row: TRow) => void;
  /**
   * Message shown when there are no rows.
   * @default "No results found."
   */
  emptyMessage?: string;
  /**
   * Shows placeholder rows and marks the grid busy.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Height of the scrolling viewport in pixels. With no rows (empty or loading) the grid keeps at
   * least the header and three rows' height, so its message is never cut off by a height sized to rows.
   * @default 400
   */
  height?: number;
  /**
   * Fixed height of each row in pixels (the virtualizer positions rows by it).
   * @default 40
   */
  rowHeight?: number;
};

// react-aria's virtualized table (its table, virtualizer and layouts, about 39 kB) loads right after
// the page's first render; the grid is drawn loading until then. Later grids render it at once.
let Loaded: ComponentType<DataGridProps<RowData>> | undefined;
async function load(): Promise<ComponentType<DataGridProps<RowData>>> {
  const module = await import("./LoadedDataGrid.tsx");
  Loaded = module.LoadedDataGrid as ComponentType<DataGridProps<RowData>>;
  return Loaded;
}
const LazyDataGrid = lazy(async () => ({ default: await load() }));

/**
 * Loads the grid's code ahead of its first render. Storybook does so before each story, so a
 * screenshot shows the grid, never the moment before its code arrives.
 */
export async function preloadDataGrid(): Promise<void> {
  await load();
}

/**
 * A virtualized table for long, unpaged lists (thousands of endpoints, ~50 reputation engines):
 * only the rows in view are in the DOM. Sorting happens in the browser with TanStack's sorted row
 * model; selection, keyboard navigation and typeahead come from react-aria's Table. Its code loads
 * right after the page's first render, which draws the grid loading (the same frame and height).
 */
export function DataGrid<TRow extends RowData>(props: DataGridProps<TRow>) {
  const grid = props as DataGridProps<RowData>;
  if (Loaded) return <Loaded {...grid} />;
  return (
    <Suspense fallback={<PendingGrid height={props.height} rowHeight={props.rowHeight} />}>
      <LazyDataGrid {...grid} />
    </Suspense>
  );
}

/** The grid's frame at its loading height, with its loading text, while its code arrives. */
function PendingGrid({
  height = 400,
  rowHeight = 40,
}: {
  height?: number | undefined;
  rowHeight?: number | undefined;
}) {
  return (
    <div className={styles.frame}>
      <div
        className={styles.table}
        style={assignInlineVars({ [styles.gridHeight]: `${Math.max(height, rowHeight * 4)}px` })}
        aria-busy="true"
      >
        <div className={styles.empty}>
          <VisuallyHidden>Loading</VisuallyHidden>
          <Skeleton lines={3} width="60%" />
        </div>
      </div>
    </div>
  );
}
