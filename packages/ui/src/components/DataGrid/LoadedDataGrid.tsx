import { type RowData, type SortingState, useTable } from "@tanstack/react-table";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import { type ComponentProps, useState } from "react";
import {
  Cell,
  Column,
  type Key,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
  Virtualizer,
  VisuallyHidden,
} from "react-aria-components";
import { Checkbox } from "../Checkbox/Checkbox.tsx";
import { EmptyState } from "../EmptyState/EmptyState.tsx";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import { SortIcon } from "../SortIcon/SortIcon.tsx";
import { BodyRow } from "../shared/table/BodyRow.tsx";
import { cx } from "../shared/table/cx.ts";
import type { TableSort } from "../shared/table/tableTypes.ts";
import { untrustedCell } from "../shared/table/untrustedCell.tsx";
import * as styles from "./DataGrid.css.ts";
import type { DataGridProps } from "./DataGrid.tsx";
import { dataGridFeatures } from "./dataGridColumns.ts";

// One object, so TanStack's column memo (keyed on it) holds across renders.
const defaultColumn = { cell: untrustedCell };

function defaultRowId<TRow>(row: TRow, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : String(index);
}

function toSorting(sort: TableSort | null | undefined): SortingState {
  return sort ? [{ id: String(sort.column), desc: sort.direction === "descending" }] : [];
}

// Pixel widths the virtualized layout needs as numbers; it can't read CSS custom properties.
const selectionColumnWidth = 48;

/**
 * A virtualized table for long, unpaged lists (thousands of endpoints, ~50 reputation engines):
 * only the rows in view are in the DOM. Sorting happens in the browser with TanStack's sorted row
 * model; selection, keyboard navigation and typeahead come from react-aria's Table.
 */
export function LoadedDataGrid<TRow extends RowData>({
  columns,
  rows: data,
  getRowId = defaultRowId,
  selectionMode = "none",
  selectedKeys,
  defaultSelectedKeys,
  onSelectionChange,
  disabledKeys,
  sort,
  defaultSort,
  onSortChange,
  onRowAction,
  emptyMessage = "No results found.",
  isLoading = false,
  height = 400,
  rowHeight = 40,
  ...labelling
}: DataGridProps<TRow>) {
  const [ownSort, setOwnSort] = useState<TableSort | null>(defaultSort ?? null);
  const currentSort = sort === undefined ? ownSort : sort;
  const table = useTable(
    {
      features: dataGridFeatures,
      columns,
      data: data as TRow[],
      getRowId,
      defaultColumn,
      state: { sorting: toSorting(currentSort) },
      // Sorting changes arrive through react-aria's onSortChange below, never from TanStack handlers.
      onSortingChange: () => {},
      enableSortingRemoval: false,
    },
    (state) => state.sorting,
  );

  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const rowHeaderId = headers.find((h) => h.column.columnDef.meta?.isRowHeader)?.column.id ?? headers[0]?.column.id;
  const hasCheckboxes = selectionMode === "multiple";

  const handleSortChange = (next: TableSort) => {
    if (sort === undefined) setOwnSort(next);
    onSortChange?.(next);
  };

  const handleRowAction = onRowAction
    ? (key: Key) => {
        const row = table.getRow(String(key), true);
        if (row) onRowAction(row.original);
      }
    : undefined;

  // Callers size the grid to its rows (header + n rows); with none, that would hide the message.
  const viewportHeight = isLoading || rows.length === 0 ? Math.max(height, rowHeight * 4) : height;

  return (
    <div className={styles.frame}>
      <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight, headingHeight: rowHeight }}>
        <Table
          {...labelling}
          className={styles.table}
          style={assignInlineVars({ [styles.gridHeight]: `${viewportHeight}px` })}
          selectionMode={selectionMode}
          selectedKeys={selectedKeys}
          defaultSelectedKeys={defaultSelectedKeys}
          onSelectionChange={onSelectionChange}
          disabledKeys={disabledKeys}
          sortDescriptor={currentSort ?? undefined}
          onSortChange={handleSortChange}
          onRowAction={handleRowAction}
          // react-aria filters aria-busy out of Table's props; the render prop puts it on the element.
          // Virtualized, the table renders as a div.
          render={(props) => <div {...(props as ComponentProps<"div">)} aria-busy={isLoading || undefined} />}
        >
          <TableHeader className={styles.header}>
            {hasCheckboxes ? (
              <Column
                id="__selection"
                width={selectionColumnWidth}
                minWidth={selectionColumnWidth}
                className={styles.column}
              >
                <Checkbox slot="selection" />
              </Column>
            ) : null}
            {headers.map((header) => {
              const meta = header.column.columnDef.meta;
              const canSort = header.column.getCanSort();
              return (
                <Column
                  key={header.id}
                  id={header.column.id}
                  isRowHeader={header.column.id === rowHeaderId}
                  allowsSorting={canSort}
                  width={meta?.width ?? "1fr"}
                  className={cx(styles.column, meta?.align === "end" && styles.columnEnd)}
                >
                  {({ sortDirection }) => (
                    <>
                      <span className={styles.cellText}>
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </span>
                      {canSort ? <SortIcon direction={sortDirection} /> : null}
                    </>
                  )}
                </Column>
              );
            })}
          </TableHeader>
          <TableBody
            items={isLoading ? [] : rows}
            dependencies={[columns, hasCheckboxes]}
            renderEmptyState={() => (
              <div className={styles.empty}>
                {isLoading ? (
                  <>
                    <VisuallyHidden>Loading</VisuallyHidden>
                    <Skeleton lines={3} width="60%" />
                  </>
                ) : (
                  <EmptyState title={emptyMessage} />
                )}
              </div>
            )}
          >
            {(row) => (
              <BodyRow id={row.id} className={styles.row}>
                {hasCheckboxes ? (
                  <Cell className={styles.cell}>
                    <Checkbox slot="selection" />
                  </Cell>
                ) : null}
                {row.getAllCells().map((cell) => (
                  <Cell
                    key={cell.id}
                    className={cx(styles.cell, cell.column.columnDef.meta?.align === "end" && styles.cellEnd)}
                  >
                    <span className={styles.cellText}>
                      <table.FlexRender cell={cell} />
                    </span>
                  </Cell>
                ))}
              </BodyRow>
            )}
          </TableBody>
        </Table>
      </Virtualizer>
    </div>
  );
}
