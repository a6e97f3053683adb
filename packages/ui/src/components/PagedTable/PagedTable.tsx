import { type RowData, useTable } from "@tanstack/react-table";
import { type ComponentProps, type ReactNode, useMemo } from "react";
import { Cell, Column, type Key, Row, Table, TableBody, TableHeader, VisuallyHidden } from "react-aria-components";
import { revealBidiControls } from "../../format/bidi.ts";
import { rowNumber } from "../../format/rowNumber.ts";
import { ActionsMenu, type ActionsMenuItem } from "../ActionsMenu/ActionsMenu.tsx";
import { EmptyState } from "../EmptyState/EmptyState.tsx";
import { ErrorState } from "../ErrorState/ErrorState.tsx";
import { Pagination } from "../Pagination/Pagination.tsx";
import { SearchField } from "../SearchField/SearchField.tsx";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import { SortIcon } from "../SortIcon/SortIcon.tsx";
import { BodyRow } from "../shared/table/BodyRow.tsx";
import { cx } from "../shared/table/cx.ts";
import type { TableSort } from "../shared/table/tableTypes.ts";
import { untrustedCell } from "../shared/table/untrustedCell.tsx";
import * as styles from "./PagedTable.css.ts";
import type { PagedList } from "./pagedList.ts";
import { type PagedTableColumns, pagedTableFeatures } from "./pagedTableColumns.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";

type Labelled =
  | { "aria-label": string; "aria-labelledby"?: string }
  | { "aria-label"?: string; "aria-labelledby": string };

export type PagedTableProps<TRow extends RowData> = Labelled & {
  /** Columns built with `createPagedTableColumnHelper<TRow>()`; keep the array stable (module scope or memo). */
  columns: PagedTableColumns<TRow>;
  /** The API's paged list; undefined until the first page arrives. */
  page: PagedList<TRow> | undefined;
  /**
   * Called with the 1-based page the user asked for; the caller fetches it (usually via the URL).
   * Absent: the list is whole (an API that answers every row at once), and no pager is drawn.
   */
  onPageChange?: ((page: number) => void) | undefined;
  /**
   * Stable id per row; defaults to the row's `id` field, or its position.
   * @default the row's `id` field, or its position
   */
  getRowId?: (row: TRow, index: number) => string;
  /**
   * Shows skeleton rows and marks the table busy. Pass the query's first-load flag; with
   * `placeholderData: keepPreviousData` the previous page stays visible while the next loads.
   * @default false
   */
  isLoading?: boolean;
  /** When truthy, an error replaces the table; a string replaces the default message. */
  error?: boolean | string | null;
  /** Called by the error state's Retry button. */
  onRetry?: () => void;
  /**
   * Message of the empty state when the page has no rows.
   * @default "No results found."
   */
  emptyMessage?: string;
  /**
   * Current search text (usually from the URL). The search box is shown when `onSearchChange` is given.
   * @default ""
   */
  search?: string;
  /**
   * Called with the new search text once typing pauses for `searchDebounceMs`, or at once on Enter
   * or clear. The table debounces so callers can write it straight to the URL; reset the page to 1 there.
   */
  onSearchChange?: (search: string) => void;
  /**
   * Accessible label of the search box.
   * @default "Search"
   */
  searchLabel?: string;
  /** Placeholder text of the search box. */
  searchPlaceholder?: string;
  /**
   * Pause after the last keystroke before `onSearchChange` fires.
   * @default 300
   */
  searchDebounceMs?: number;
  /** Filter controls shown beside the search box (Selects, date pickers…). */
  filters?: ReactNode;
  /**
   * Shows the "No." column numbering rows across pages: "21." is the first row of page 3 at 10 per page.
   * @default true
   */
  showRowNumbers?: boolean;
  /** Called when a row is activated with Enter or a click, e.g. to open its detail page. */
  onRowAction?: (row: TRow) => void;
  /** Entries of the row's actions menu (three dots in the last column); return [] for none. */
  rowActions?: (row: TRow) => readonly ActionsMenuItem[];
  /**
   * Accessible name of the pagination landmark; give each table on a page its own.
   * @default "Pagination"
   */
  paginationLabel?: string;
  /** Current server sort, for sortable columns (`enableSorting: true`). */
  sort?: TableSort | null;
  /** Called when the user sorts by a column header; the caller refetches with that order. */
  onSortChange?: (sort: TableSort) => void;
};

function defaultRowId<TRow>(row: TRow, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : String(index);
}

const emptyRows: readonly never[] = [];

/** Names each row's actions button after the row ("Actions for TCK-01000"), so the buttons are told apart. */
function actionsLabel(rowName: unknown): string {
  if (typeof rowName === "number") return `Actions for ${rowName}`;
  return typeof rowName === "string" ? `Actions for ${revealBidiControls(rowName)}` : "Actions";
}

// One object, so TanStack's column memo (keyed on it) holds across renders.
const defaultColumn = { enableSorting: false, cell: untrustedCell };

/**
 * A server-paged table over the API's paged list wrapper: search and filter bar, sortable headers,
 * row numbers across pages, row actions, grid keyboard navigation (react-aria) and loading, empty and
 * error states. TanStack Table v9 owns the column model; react-aria owns semantics and keyboard.
 */
export function PagedTable<TRow extends RowData>({
  columns,
  page,
  onPageChange,
  getRowId = defaultRowId,
  isLoading = false,
  error,
  onRetry,
  emptyMessage = "No results found.",
  search = "",
  onSearchChange,
  searchLabel = "Search",
  searchPlaceholder,
  searchDebounceMs = 300,
  filters,
  showRowNumbers = true,
  onRowAction,
  rowActions,
  paginationLabel = "Pagination",
  sort,
  onSortChange,
  ...labelling
}: PagedTableProps<TRow>) {
  const data = (page?.results ?? emptyRows) as TRow[];
  const table = useTable(
    {
      features: pagedTableFeatures,
      columns,
      data,
      getRowId,
      manualSorting: true,
      defaultColumn,
    },
    () => null,
  );
  const searchBox = useDebouncedValue(search, onSearchChange, searchDebounceMs);

  const rows = table.getRowModel().rows;
  const rowsById = useMemo(() => new Map(rows.map((row) => [row.id, row.original])), [rows]);
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const rowHeaderId = headers.find((h) => h.column.columnDef.meta?.isRowHeader)?.column.id ?? headers[0]?.column.id;
  const currentPage = page?.current_page ?? 1;
  const pageSize = page?.page_size ?? 10;
  const skeletonCount = Math.min(Math.max(page?.results.length || pageSize, 3), 10);

  const toolbar =
    onSearchChange || filters ? (
      <div className={styles.toolbar}>
        {onSearchChange ? (
          <div className={styles.search}>
            <SearchField
              label={searchLabel}
              placeholder={searchPlaceholder}
              value={searchBox.draft}
              onChange={searchBox.setDraft}
              onSubmit={(value: string) => searchBox.commit(value)}
              onClear={() => searchBox.commit("")}
            />
          </div>
        ) : (
          <span />
        )}
        {filters ? <div className={styles.filters}>{filters}</div> : null}
      </div>
    ) : null;

  if (error) {
    return (
      <div className={styles.root}>
        {toolbar}
        <ErrorState
          title="Couldn't load the list"
          message={typeof error === "string" ? error : "Check your connection and try again."}
          onRetry={onRetry}
        />
      </div>
    );
  }

  const handleRowAction = onRowAction
    ? (key: Key) => {
        const row = rowsById.get(String(key));
        if (row !== undefined) onRowAction(row);
      }
    : undefined;

  return (
    <div className={styles.root}>
      {toolbar}
      <div className={styles.scroller}>
        <Table
          {...labelling}
          className={styles.table}
          sortDescriptor={sort ?? undefined}
          onSortChange={onSortChange}
          onRowAction={isLoading ? undefined : handleRowAction}
          // react-aria filters aria-busy out of Table's props; the render prop puts it on the element.
          render={(props) => <table {...(props as ComponentProps<"table">)} aria-busy={isLoading || undefined} />}
        >
          <TableHeader className={styles.header}>
            {showRowNumbers ? (
              <Column id="__rowNumber" className={cx(styles.column, styles.columnEnd)}>
                No.
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
                  className={cx(styles.column, meta?.align === "end" && styles.columnEnd)}
                >
                  {({ sortDirection }) => (
                    <span className={styles.columnContent}>
                      {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      {canSort ? <SortIcon direction={sortDirection} /> : null}
                    </span>
                  )}
                </Column>
              );
            })}
            {rowActions ? (
              <Column id="__actions" className={cx(styles.column, styles.columnEnd)}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Column>
            ) : null}
          </TableHeader>
          <TableBody
            renderEmptyState={() => (
              <div className={styles.emptyCell}>
                <EmptyState title={emptyMessage} />
              </div>
            )}
          >
            {isLoading
              ? Array.from({ length: skeletonCount }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position
                  <Row key={`__skeleton-${index}`} id={`__skeleton-${index}`} className={styles.row}>
                    {showRowNumbers ? (
                      <Cell className={cx(styles.cell, styles.rowNumberCell)}>
                        <Skeleton />
                      </Cell>
                    ) : null}
                    {headers.map((header) => (
                      <Cell key={header.id} className={styles.cell}>
                        {/* Row headers need text; the skeleton itself says nothing. */}
                        {header.column.id === rowHeaderId ? <VisuallyHidden>Loading</VisuallyHidden> : null}
                        <Skeleton />
                      </Cell>
                    ))}
                    {rowActions ? <Cell className={cx(styles.cell, styles.actionsCell)} /> : null}
                  </Row>
                ))
              : rows.map((row) => (
                  <BodyRow
                    key={row.id}
                    id={row.id}
                    className={styles.row}
                    data-actionable={handleRowAction ? "" : undefined}
                  >
                    {showRowNumbers ? (
                      <Cell className={cx(styles.cell, styles.rowNumberCell)}>
                        {rowNumber(currentPage, pageSize, row.index)}
                      </Cell>
                    ) : null}
                    {row.getAllCells().map((cell) => (
                      <Cell
                        key={cell.id}
                        className={cx(styles.cell, cell.column.columnDef.meta?.align === "end" && styles.cellEnd)}
                      >
                        <table.FlexRender cell={cell} />
                      </Cell>
                    ))}
                    {rowActions ? (
                      <Cell className={cx(styles.cell, styles.actionsCell)}>
                        <ActionsMenu
                          items={rowActions(row.original)}
                          aria-label={actionsLabel(rowHeaderId ? row.getValue(rowHeaderId) : undefined)}
                        />
                      </Cell>
                    ) : null}
                  </BodyRow>
                ))}
          </TableBody>
        </Table>
      </div>
      {page && page.count > 0 && onPageChange ? (
        <Pagination
          currentPage={page.current_page}
          totalPages={page.total_pages}
          pages={page.pages}
          count={page.count}
          startIndex={page.start_index}
          endIndex={page.end_index}
          onPageChange={onPageChange}
          isDisabled={isLoading}
          aria-label={paginationLabel}
        />
      ) : null}
    </div>
  );
}
