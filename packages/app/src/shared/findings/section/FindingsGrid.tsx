import { Checkbox, EmptyState, ErrorState, revealBidiControls, Skeleton, SortIcon, vars } from "@sentinel/ui";
import { useVirtualizer } from "@tanstack/react-virtual";
import { assignInlineVars } from "@vanilla-extract/dynamic";
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type Ref,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import type { FindingIndexItem, FindingsOrdering, SortableFindingColumn } from "../api/types.ts";
import type { FindingsRows } from "../api/useFindingsRows.ts";
import * as styles from "./FindingsGrid.css.ts";
import { type FindingColumn, findingColumns, findingNameOf, rowLayoutOf } from "./findingColumns.tsx";
import { findingsRowHeight, maxScrollableRows, nextOrdering, targetIndexFor } from "./gridMath.ts";
import type { ScaledScroller } from "./scaledScroller.ts";
import type { FindingColumnId } from "./types.ts";

export { findingsRowHeight };

/** Rows rendered beyond each edge of the view, so short scrolls show content at once. */
const overscan = 8;

/** Placeholder rows while the first page loads. */
const loadingRows = 8;

export type PageSelectionState = "none" | "some" | "all";

export interface FindingsGridHandle {
  /** Moves focus to row `index` (0-based), scrolling it into view first. */
  focusRow(index: number): void;
}

export interface FindingsGridProps {
  /** The grid's accessible name, e.g. "Findings". */
  label: string;
  rows: FindingsRows;
  /** Visible columns, in order. */
  columns: readonly FindingColumnId[];
  ordering?: FindingsOrdering | undefined;
  /** Absent: headers show the order but do not change it. */
  onOrderingChange?: ((ordering: FindingsOrdering) => void) | undefined;
  /** Shows a checkbox on every row and "select this page" in the header. @default true */
  selectable?: boolean;
  isSelected(row: FindingIndexItem): boolean;
  onToggleRow(row: FindingIndexItem): void;
  /**
   * State of the header's "Select this page" box: "this page" is the loaded rows in view. When
   * omitted, the grid works it out from `isSelected` over those rows.
   */
  pageSelectionState?: PageSelectionState | undefined;
  /** Called with the loaded rows in view (what "this page" holds right now). */
  onTogglePage(rows: FindingIndexItem[]): void;
  /** The row that holds focus (the roving tab stop); null before the user has moved. */
  activeIndex: number | null;
  onActiveIndexChange(index: number): void;
  /** Enter on a row, or a click on its name (when the finding has no page of its own). */
  onOpen(row: FindingIndexItem, index: number): void;
  /** The finding's own page, where it has one: its name is then a link there. */
  findingHref?: ((findingId: number) => string) | undefined;
  /** What an empty list says. @default "No findings match these filters", with a hint to change them */
  empty?: FindingsEmptyMessage | undefined;
  /**
   * The scroll box ends at the window's bottom (a page whose grid is its last part, like
   * /findings), so the whole box and the row the keys act on are in view. Otherwise it is at most
   * 80% of the window tall. @default false
   */
  fillWindow?: boolean | undefined;
  ref?: Ref<FindingsGridHandle>;
}

/** An empty list's title and, optionally, what to do about it. */
export interface FindingsEmptyMessage {
  title: string;
  description?: string;
}

const defaultEmpty: FindingsEmptyMessage = {
  title: "No findings match these filters",
  description: "Change or clear the filters to see more.",
};

function sortOf(ordering: FindingsOrdering | undefined, key: SortableFindingColumn | null) {
  if (key === null || ordering === undefined) return undefined;
  if (ordering === key) return "ascending" as const;
  if (ordering === `-${key}`) return "descending" as const;
  return undefined;
}

interface RowActions {
  toggle(row: FindingIndexItem): void;
  open(row: FindingIndexItem, index: number): void;
  href(row: FindingIndexItem): string | undefined;
}

interface RowProps {
  index: number;
  row: FindingIndexItem | undefined;
  start: number;
  columns: readonly FindingColumn[];
  selectable: boolean;
  selected: boolean;
  tabbable: boolean;
  actions: RowActions;
  rowRef(index: number, element: HTMLTableRowElement | null): void;
}

/**
 * Where `element` starts from the top of the page, in whole px, while `enabled`: measured again when
 * the window or the page changes size (a banner above the grid, filters wrapping), null otherwise.
 */
function useTopInPage(element: RefObject<HTMLElement | null>, enabled: boolean, rendered: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = element.current;
    if (!enabled || !rendered || !box) return undefined;
    const measure = () => setTop(Math.round(box.getBoundingClientRect().top + window.scrollY));
    measure();
    // The box's own height does not move its top, so this settles after one more measure.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [element, enabled, rendered]);
  return enabled ? top : null;
}

/**
 * The controller of a scroll box scaled onto a list too tall for it, while `enabled`, and, when its
 * code did not load, the function that asks for it again. The code loads with the first such list
 * (the grid's routes sit at their size budget).
 */
function useScaledScroller(
  box: RefObject<HTMLElement | null>,
  enabled: boolean,
): [ScaledScroller | undefined, (() => void) | undefined] {
  const [scroller, setScroller] = useState<ScaledScroller>();
  const [failed, setFailed] = useState(false);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    if (!enabled || failed) return undefined;
    const attached = import("./scaledScroller.ts").then(
      (loaded) => loaded.attach(box, changed, setScroller),
      () => {
        setFailed(true);
        return () => undefined;
      },
    );
    return () => void attached.then((detach) => detach());
  }, [box, enabled, failed]);
  return [enabled ? scroller : undefined, enabled && failed ? () => setFailed(false) : undefined];
}

/** One data row; memoised so a scroll re-renders only the rows that enter the view. */
const FindingRow = memo(function FindingRow({
  index,
  row,
  start,
  columns,
  selectable,
  selected,
  tabbable,
  actions,
  rowRef,
}: RowProps) {
  const position: CSSProperties = { transform: `translateY(${start}px)` };
  const offset = selectable ? 2 : 1;
  if (!row) {
    return (
      <tr
        ref={(element) => rowRef(index, element)}
        aria-rowindex={index + 2}
        aria-busy="true"
        tabIndex={tabbable ? 0 : -1}
        data-index={index}
        className={`${styles.row} ${styles.virtualRow}`}
        style={position}
      >
        {selectable ? <td aria-colindex={1} className={styles.cell} /> : null}
        {columns.map((column, i) => (
          <td key={column.id} aria-colindex={i + offset} className={styles.cell}>
            <Skeleton className={styles.placeholderCell} />
          </td>
        ))}
      </tr>
    );
  }
  return (
    <tr
      ref={(element) => rowRef(index, element)}
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-finding-id={row.id}
      className={`${styles.row} ${styles.virtualRow}`}
      style={position}
    >
      {selectable ? (
        <td aria-colindex={1} className={`${styles.cell} ${styles.selectCell}`}>
          {/* Out of the tab order: Space on the focused row toggles it, so one tab stop covers the grid. */}
          <Checkbox
            aria-label={`Select ${revealBidiControls(findingNameOf(row))}`}
            isSelected={selected}
            onChange={() => actions.toggle(row)}
            excludeFromTabOrder
          />
        </td>
      ) : null}
      {columns.map((column, i) => {
        const className = column.align === "end" ? `${styles.cell} ${styles.cellEnd}` : styles.cell;
        const content = column.cell(row, { open: () => actions.open(row, index), href: actions.href(row) });
        // The name heads its row, so a screen reader moving down a column hears which finding it is on.
        return column.id === "name" ? (
          <th key={column.id} scope="row" aria-colindex={i + offset} className={className}>
            {content}
          </th>
        ) : (
          <td key={column.id} aria-colindex={i + offset} className={className}>
            {content}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The findings index as an ARIA grid that renders only the rows in view (TanStack Virtual), so
 * 100,000 rows scroll like 100. Focus is on rows with one roving tab stop: arrows, Page Up/Down,
 * Home and End move it, Space selects, Enter opens. Pages load as rows come into view.
 */
export function FindingsGrid({
  label,
  rows,
  columns,
  ordering,
  onOrderingChange,
  selectable = true,
  isSelected,
  onToggleRow,
  pageSelectionState,
  onTogglePage,
  activeIndex,
  onActiveIndexChange,
  onOpen,
  findingHref,
  empty = defaultEmpty,
  fillWindow = false,
  ref,
}: FindingsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowElements = useRef(new Map<number, HTMLTableRowElement>());
  const pendingFocus = useRef<number | null>(null);
  const count = rows.count ?? 0;
  // Past what a browser draws well in one element, the grid places the rows itself on a scaled
  // scroll range (`scrollScale.ts`); below it the virtualizer does, one pixel for one pixel.
  const scaledMode = count > maxScrollableRows;

  const virtualizer = useVirtualizer({
    count: scaledMode ? 0 : count,
    enabled: !scaledMode,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => findingsRowHeight,
    overscan,
    // The sticky header row sits above the first data row and covers the top of the view.
    paddingStart: findingsRowHeight,
    scrollPaddingStart: findingsRowHeight,
  });
  const [scaled, retryScaling] = useScaledScroller(scrollRef, scaledMode);
  if (scaled) scaled.rowCount = count;
  // The rows' places: the scaled box's, else the virtualizer's (the same calls).
  const placement = scaled ?? virtualizer;
  const items: readonly { index: number; start: number }[] = placement.getVirtualItems();
  const firstItem = items[0]?.index ?? 0;
  const lastItem = items[items.length - 1]?.index ?? -1;

  const { ensureRange, viewKey } = rows;
  useEffect(() => {
    if (lastItem >= firstItem) ensureRange(firstItem, lastItem);
  }, [ensureRange, firstItem, lastItem]);

  // A new filter or ordering is a new list: start again at its top.
  const shownViewKey = useRef(viewKey);
  useEffect(() => {
    if (shownViewKey.current === viewKey) return;
    shownViewKey.current = viewKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  // Latest callbacks behind stable functions, so memoised rows do not re-render for new closures.
  const latest = useRef({ onToggleRow, onOpen, findingHref });
  latest.current = { onToggleRow, onOpen, findingHref };
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (row) => latest.current.onToggleRow(row),
      open: (row, index) => latest.current.onOpen(row, index),
      href: (row) => latest.current.findingHref?.(row.id),
    }),
    [],
  );
  const rowRef = useMemo(
    () => (index: number, element: HTMLTableRowElement | null) => {
      if (element) rowElements.current.set(index, element);
      else if (rowElements.current.get(index)?.isConnected === false) rowElements.current.delete(index);
    },
    [],
  );

  const moveTo = (index: number) => {
    if (count === 0) return;
    const target = Math.max(0, Math.min(count - 1, index));
    pendingFocus.current = target;
    if (target !== activeIndex) onActiveIndexChange(target);
    placement.scrollToIndex(target, { align: "auto" });
    focusPending();
  };

  const focusPending = () => {
    const target = pendingFocus.current;
    if (target === null) return;
    const element = rowElements.current.get(target);
    if (element?.isConnected) {
      pendingFocus.current = null;
      // The virtualizer has already scrolled; letting the browser scroll too would undo "auto" alignment.
      element.focus({ preventScroll: true });
      // The row is in the box's view now, but the box may reach past the window (a short window, or
      // a page scrolled away from it): bring the row into the window too. "nearest" leaves the box
      // alone, since the row is already in its view.
      element.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  };
  // The target row may only be rendered after the scroll the move asked for: focus it then.
  useLayoutEffect(focusPending);

  useImperativeHandle(ref, () => ({ focusRow: moveTo }));

  const rowsPerView = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / findingsRowHeight) - 2);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.metaKey) return;
    // Ctrl+Home and Ctrl+End go to the first and last row, as Home and End do (the APG data grid's keys).
    if (event.ctrlKey && event.key !== "Home" && event.key !== "End") return;
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>("tr[data-index]");
    if (!rowElement) return;
    const index = Number(rowElement.dataset.index);
    const target = targetIndexFor(event.key, index, count, rowsPerView);
    if (target !== null) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    // Space and Enter belong to the row only: on the checkbox or the name they already act.
    if (event.target !== rowElement) return;
    const row = rows.rowAt(index);
    if (event.key === " ") {
      event.preventDefault();
      if (row && selectable) onToggleRow(row);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (row) onOpen(row, index);
    }
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>("tr[data-index]");
    const index = rowElement ? Number(rowElement.dataset.index) : null;
    if (index !== null && index !== activeIndex) onActiveIndexChange(index);
  };

  const showsGrid = !(rows.count === 0 || (rows.count === null && rows.status === "error"));
  const topInPage = useTopInPage(scrollRef, fillWindow, showsGrid);
  const shownColumns = useMemo(() => columns.map((id) => findingColumns[id]), [columns]);
  const layout = rowLayoutOf(columns, selectable);
  const boxVars = assignInlineVars({
    [styles.columnsVar]: layout.template,
    [styles.rowMinWidthVar]: layout.minWidth,
    [styles.rowHeightVar]: `${findingsRowHeight}px`,
    // The page's bottom margin (the shell's) stays below the box.
    ...(topInPage === null ? {} : { [styles.maxHeightVar]: `calc(100vh - ${topInPage}px - ${vars.space.xlarge})` }),
  });

  const visible = placement.range;
  const rowsInView: FindingIndexItem[] = [];
  if (visible) {
    for (let i = visible.startIndex; i <= visible.endIndex; i += 1) {
      const row = rows.rowAt(i);
      if (row) rowsInView.push(row);
    }
  }
  const pageState: PageSelectionState =
    pageSelectionState ??
    (rowsInView.length === 0
      ? "none"
      : rowsInView.every(isSelected)
        ? "all"
        : rowsInView.some(isSelected)
          ? "some"
          : "none");

  if (rows.count === null && rows.status === "error") {
    return (
      <div className={styles.status}>
        <ErrorState
          title="We couldn't load the findings"
          message={loadErrorMessage(rows.error, "the findings")}
          onRetry={rows.refetch}
        />
      </div>
    );
  }
  if (rows.count === 0) {
    return (
      <div className={styles.status}>
        <EmptyState title={empty.title} description={empty.description} />
      </div>
    );
  }

  const isLoading = rows.count === null;
  const busy =
    isLoading || (scaledMode && !scaled && !retryScaling) || items.some((item) => rows.rowAt(item.index) === undefined);
  // Exactly one row is tabbable: the active one when it is rendered, else the first in view.
  const tabbableIndex =
    activeIndex !== null && activeIndex >= firstItem && activeIndex <= lastItem
      ? activeIndex
      : (visible?.startIndex ?? firstItem);
  const colOffset = selectable ? 2 : 1;

  return (
    <div className={styles.frame}>
      {rows.status === "error" || retryScaling ? (
        <ErrorState
          title="Some findings didn't load"
          message={loadErrorMessage(rows.error, "these findings")}
          onRetry={retryScaling ?? rows.refetch}
        />
      ) : null}
      <div ref={scrollRef} className={styles.scroller} style={boxVars}>
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid is a table with role="grid"; its rows take focus and keys, which a plain table's role does not allow.
          role="grid"
          aria-label={label}
          aria-rowcount={isLoading ? -1 : count + 1}
          aria-colcount={columns.length + (selectable ? 1 : 0)}
          aria-multiselectable={selectable || undefined}
          aria-busy={busy || undefined}
          className={styles.grid}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        >
          <thead className={styles.header}>
            <tr aria-rowindex={1} className={`${styles.row} ${styles.headerRow}`}>
              {selectable ? (
                <th aria-colindex={1} className={`${styles.cell} ${styles.selectCell}`}>
                  <Checkbox
                    aria-label="Select this page"
                    isSelected={pageState === "all"}
                    isIndeterminate={pageState === "some"}
                    isDisabled={rowsInView.length === 0}
                    onChange={() => onTogglePage(rowsInView)}
                  />
                </th>
              ) : null}
              {shownColumns.map((column, i) => {
                const direction = sortOf(ordering, column.sortKey);
                const sortKey = column.sortKey;
                return (
                  <th
                    key={column.id}
                    aria-colindex={i + colOffset}
                    aria-sort={direction}
                    className={`${styles.cell} ${styles.columnHeader} ${column.align === "end" ? styles.cellEnd : ""}`}
                  >
                    {sortKey !== null && onOrderingChange ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => onOrderingChange(nextOrdering(ordering, sortKey))}
                      >
                        <span className={styles.cellText}>{column.label}</span>
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      <span className={styles.cellText}>{column.label}</span>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody
            className={styles.body}
            style={{
              height: isLoading ? loadingRows * findingsRowHeight : placement.getTotalSize() - findingsRowHeight,
            }}
          >
            {isLoading
              ? Array.from({ length: loadingRows }, (_, index) => (
                  <FindingRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their place.
                    key={index}
                    index={index}
                    row={undefined}
                    start={index * findingsRowHeight}
                    columns={shownColumns}
                    selectable={selectable}
                    selected={false}
                    tabbable={index === 0}
                    actions={actions}
                    rowRef={rowRef}
                  />
                ))
              : items.map((item) => {
                  const row = rows.rowAt(item.index);
                  return (
                    <FindingRow
                      // Keyed by place, not id: a placeholder that fills in keeps its element, and so its focus.
                      key={`${viewKey}:${item.index}`}
                      index={item.index}
                      row={row}
                      start={item.start - findingsRowHeight}
                      columns={shownColumns}
                      selectable={selectable}
                      selected={row ? isSelected(row) : false}
                      tabbable={item.index === tabbableIndex}
                      actions={actions}
                      rowRef={rowRef}
                    />
                  );
                })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
