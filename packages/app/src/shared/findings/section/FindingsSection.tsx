import type { FindingStatus } from "@sentinel/api-client";
import { revealBidiControls, Stack } from "@sentinel/ui";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { visuallyHidden } from "../../../components/visuallyHidden.css.ts";
import { permissionOf } from "../../../lib/permissions.ts";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useFindingsExport } from "../api/exportFindings.ts";
import type { FindingLocator } from "../api/findingLocator.ts";
import { locatorOf } from "../api/locatorOf.ts";
import { asksFirst, fetchOverwrites } from "../api/overwrites.ts";
import { useBulkAssigneeCandidates } from "../api/ownership.ts";
import {
  bulkTarget,
  deselectRows,
  emptySelection,
  isRowSelected,
  pageSelectionState,
  selectAllMatching,
  selectedCount,
  selectRows,
  toggleRow,
} from "../api/selection.ts";
import type { FindingIndexItem, FindingSelection, FindingsFilter, FindingsOrdering } from "../api/types.ts";
import { useBulkTriage } from "../api/useBulkTriage.ts";
import { useFindingsRows } from "../api/useFindingsRows.ts";
import { findingStatuses, findingStatusLabels } from "../labels.ts";
import { BulkBar } from "./BulkBar.tsx";
import { BulkSummary } from "./BulkSummary.tsx";
import { type FindingsEmptyMessage, FindingsGrid, type FindingsGridHandle } from "./FindingsGrid.tsx";
import { findingNameOf } from "./findingColumns.tsx";
import { OverwriteNotice } from "./OverwriteNotice.tsx";
import { type ReasonDialogSubmitOptions, reasonDialogAnswer } from "./reasonDialogAnswer.ts";
import { useTriageKeys } from "./triageKeys.ts";
import { defaultFindingColumnsFor, type FindingColumnId } from "./types.ts";

export interface FindingsSectionProps {
  /** The grid's accessible name, e.g. "Findings". */
  label: string;
  /** What the section lists; paging is the section's own. */
  filter: FindingsFilter;
  /** @default "-severity" (the index's own default) */
  ordering?: FindingsOrdering | undefined;
  /** Absent: the column headers do not sort. */
  onOrderingChange?: (ordering: FindingsOrdering) => void;
  /** Visible columns, in order. @default every column the viewer's role may see */
  columns?: readonly FindingColumnId[];
  /** The page's search field, focused by the "/" shortcut. */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** No selection, bulk bar or status shortcuts (a viewer who may not triage). @default false */
  readOnly?: boolean;
  /**
   * The open finding, when the page keeps it (in the URL, with `useFindingParam`, so a shared link
   * opens the drawer). Absent: the section keeps it, and finds where it lives from its row.
   */
  drawer?: FindingsSectionDrawer;
  /** What the list says when nothing matches. @default "No findings match these filters" */
  empty?: FindingsEmptyMessage | undefined;
  /**
   * The page of a finding, where the area gives each finding one (a source-code finding's
   * vulnerability overview): the name cell links there, and the drawer offers it too.
   */
  findingHref?: ((findingId: number) => string) | undefined;
  /** The grid's scroll box ends at the window's bottom (the page's last part, as on /findings). @default false */
  fillWindow?: boolean;
}

/** The page's hold on the finding drawer (see {@link FindingsSectionProps.drawer}). */
export interface FindingsSectionDrawer {
  findingId: number | null;
  /**
   * Where a finding of this list lives: the page knows it from its route, or looks it up (null
   * until then; a finding opened from its row opens at once meanwhile).
   */
  locatorOf(findingId: number): FindingLocator | null;
  open(findingId: number): void;
  close(): void;
}

/**
 * Where the open finding lives: the page's, when it keeps the open finding, else the row this
 * section opened. A page that learns it only by asking (/findings, across areas) answers null until
 * then; the row the user opened says it at once meanwhile.
 */
function openLocatorOf(drawer: FindingsSectionDrawer | undefined, ownOpenRow: FindingIndexItem | null) {
  const opened = ownOpenRow ? locatorOf(ownOpenRow) : null;
  if (!drawer) return opened;
  if (drawer.findingId === null) return null;
  return drawer.locatorOf(drawer.findingId) ?? (ownOpenRow?.id === drawer.findingId ? opened : null);
}

// Loaded on first use: a list draws without its drawer and dialogs (their modal, form and the
// finding's detail are about a tenth of a findings page's JavaScript).
const FindingDrawer = lazy(async () => ({ default: (await import("../FindingDrawer.tsx")).FindingDrawer }));
const AssignDialog = lazy(async () => ({ default: (await import("./AssignDialog.tsx")).AssignDialog }));
const ReasonDialog = lazy(async () => ({ default: (await import("./ReasonDialog.tsx")).ReasonDialog }));
const ShortcutHelp = lazy(async () => ({ default: (await import("./ShortcutHelp.tsx")).ShortcutHelp }));

const filterKey = (filter: FindingsFilter) => JSON.stringify(filter);

/**
 * Every findings list of the product: the virtualized grid, selection (a page, or every match
 * minus exceptions), the bulk bar with the reason dialog, undo and the summary, the finding drawer,
 * and keyboard triage with its help overlay. It owns no cache rules: the status mutations do.
 */
export function FindingsSection({
  label,
  filter,
  ordering,
  onOrderingChange,
  columns,
  searchRef,
  readOnly = false,
  drawer,
  empty,
  findingHref,
  fillWindow = false,
}: FindingsSectionProps) {
  const { role } = useRole();
  const staff = isStaff(role);
  // A member reads, selects and exports, but the status actions are an admin's (the server agrees).
  // Until the profile says the role, nobody may: the actions stay disabled rather than flash enabled.
  const triage = permissionOf(role, "triage");
  const triageRefusal = readOnly ? undefined : triage.refusal;
  const canTriage = !readOnly && triage.allowed;
  const shownColumns = columns ?? defaultFindingColumnsFor(staff);
  const rows = useFindingsRows(filter, ordering);
  const total = rows.count;
  const grid = useRef<FindingsGridHandle>(null);

  const [selection, setSelection] = useState<FindingSelection>(emptySelection);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [ownOpenRow, setOwnOpenRow] = useState<FindingIndexItem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [reasonFor, setReasonFor] = useState<FindingStatus | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const openLocator = openLocatorOf(drawer, ownOpenRow);
  // Once opened, the drawer and the help stay mounted, so they close with their exit animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (openLocator !== null && !drawerUsed) setDrawerUsed(true);
  const [helpUsed, setHelpUsed] = useState(false);
  if (helpOpen && !helpUsed) setHelpUsed(true);
  const openId = drawer ? drawer.findingId : (ownOpenRow?.id ?? null);
  const openFinding = (row: FindingIndexItem) => {
    setOwnOpenRow(row);
    drawer?.open(row.id);
  };
  const closeFinding = () => {
    setOwnOpenRow(null);
    drawer?.close();
  };

  // A selection belongs to the filter it was made under: a new filter starts a new one.
  const key = filterKey(filter);
  const selectedUnder = useRef(key);
  useEffect(() => {
    if (selectedUnder.current === key) return;
    selectedUnder.current = key;
    setSelection(emptySelection);
    setActiveIndex(null);
  }, [key]);

  const bulk = useBulkTriage({ filter, total });
  const queryClient = useQueryClient();
  const { exportFindings } = useFindingsExport();
  const count = selectedCount(selection, total) ?? 0;

  /** What a status key or the bulk bar acts on: the selection, else the focused row. */
  const actionSelection = useCallback((): FindingSelection | null => {
    if (count > 0) return selection;
    const row = activeIndex === null ? undefined : rows.rowAt(activeIndex);
    return row ? toggleRow(emptySelection, row) : null;
  }, [count, selection, activeIndex, rows]);

  const applyStatus = useCallback(
    async (status: FindingStatus, reason: string, options: ReasonDialogSubmitOptions = {}) => {
      const target = actionSelection();
      if (!target) return undefined;
      const result = await bulk.changeStatus({ selection: target, status, reason, ...options });
      if (result.kind === "done") {
        setAnnouncement(
          `${result.result.updated} ${result.result.updated === 1 ? "finding" : "findings"} set to ${findingStatusLabels[status]}.`,
        );
        setSelection(emptySelection);
      }
      return reasonDialogAnswer(result);
    },
    [actionSelection, bulk],
  );

  // The assign dialog acts on the selection as it was when it opened.
  const [assignSelection, setAssignSelection] = useState<FindingSelection | null>(null);
  const assignees = useBulkAssigneeCandidates(staff, filter.company, assignSelection !== null);

  // What the reason dialog acts on, fixed when it opens (a key press may act on the focused row).
  const [dialogSelection, setDialogSelection] = useState<FindingSelection>(emptySelection);

  const requestStatus = useCallback(
    async (status: FindingStatus) => {
      if (!canTriage) return;
      const target = actionSelection();
      if (!target) return;
      const ask = () => {
        setDialogSelection(target);
        setReasonFor(status);
      };
      // A reason to give, a large change, or "all matching": the dialog says what will happen first.
      if (asksFirst(target, count || 1, status)) return ask();
      // A few findings to Active or Fixing apply at once, unless that overwrites a reason (issue 28).
      try {
        const overwrites = await fetchOverwrites(queryClient, target, filter, status);
        if (overwrites.length > 0) return ask();
      } catch {
        return ask();
      }
      // What it answers (a moved selection) is shown by the reason dialog, opened on it.
      const answer = await applyStatus(status, "");
      if (answer) ask();
    },
    [canTriage, actionSelection, applyStatus, count, queryClient, filter],
  );

  const moveBy = useCallback(
    (step: number) => {
      if (!total) return;
      const next = Math.min(total - 1, Math.max(0, (activeIndex ?? -1) + step));
      setActiveIndex(next);
      grid.current?.focusRow(next);
    },
    [activeIndex, total],
  );

  const toggleActive = useCallback(() => {
    const row = activeIndex === null ? undefined : rows.rowAt(activeIndex);
    if (!row || readOnly) return;
    setSelection((current) => toggleRow(current, row));
    setAnnouncement(
      `${isRowSelected(selection, row.id) ? "Deselected" : "Selected"} ${revealBidiControls(findingNameOf(row))}.`,
    );
  }, [activeIndex, rows, readOnly, selection]);

  useTriageKeys(
    {
      next: () => moveBy(1),
      previous: () => moveBy(-1),
      toggle: toggleActive,
      open: () => {
        const row = activeIndex === null ? undefined : rows.rowAt(activeIndex);
        if (row) openFinding(row);
      },
      setStatus: (n) => {
        const status = findingStatuses[n - 1];
        if (status) void requestStatus(status);
      },
      undo: () => {
        if (canTriage) bulk.undoLast();
      },
      focusSearch: () => searchRef?.current?.focus(),
      help: () => setHelpOpen(true),
    },
    { enabled: openLocator === null && !helpOpen && reasonFor === null },
  );

  return (
    <Stack as="section" space="medium" aria-label={label}>
      {readOnly ? null : (
        <BulkBar
          selectedCount={count}
          total={total}
          selectionKind={selection.kind}
          onSelectAllMatching={() => setSelection(selectAllMatching())}
          onClearSelection={() => setSelection(emptySelection)}
          onChangeStatus={(status) => void requestStatus(status)}
          onAssign={() => {
            if (canTriage && count > 0) setAssignSelection(selection);
          }}
          onExport={(format) => {
            const target = bulkTarget(count > 0 ? selection : selectAllMatching(), filter, total);
            void exportFindings(
              format,
              target.ids
                ? { ids: target.ids }
                : { filter, ...(target.exclude_ids ? { exclude_ids: target.exclude_ids } : {}) },
              ordering,
            );
          }}
          sarifAvailable={filter.area?.length === 1 && filter.area[0] === "SOURCE_CODE"}
          isPending={bulk.isPending}
          canChangeStatus={canTriage}
          {...(triageRefusal ? { statusRefusal: triageRefusal } : {})}
        />
      )}
      {bulk.summary ? (
        <BulkSummary
          outcome={bulk.summary}
          onDismiss={bulk.dismissSummary}
          onUndo={bulk.lastBatch?.batch_id === bulk.summary.batchId ? bulk.undoLast : undefined}
          isUndoing={bulk.isPending}
        />
      ) : null}
      <FindingsGrid
        ref={grid}
        label={label}
        rows={rows}
        columns={shownColumns}
        ordering={ordering}
        onOrderingChange={onOrderingChange}
        selectable={!readOnly}
        isSelected={(row) => isRowSelected(selection, row.id)}
        onToggleRow={(row) => setSelection((current) => toggleRow(current, row))}
        onTogglePage={(page) =>
          setSelection((current) =>
            pageSelectionState(current, page) === "all" ? deselectRows(current, page) : selectRows(current, page),
          )
        }
        activeIndex={activeIndex}
        onActiveIndexChange={setActiveIndex}
        onOpen={(row, index) => {
          setActiveIndex(index);
          openFinding(row);
        }}
        empty={empty}
        findingHref={findingHref}
        fillWindow={fillWindow}
      />
      <div role="status" className={visuallyHidden}>
        {announcement}
      </div>
      <Suspense fallback={null}>
        {reasonFor ? (
          <ReasonDialog
            isOpen
            onOpenChange={(open) => {
              if (!open) setReasonFor(null);
            }}
            count={count || 1}
            initialStatus={reasonFor}
            notice={(status) => <OverwriteNotice selection={dialogSelection} filter={filter} status={status} />}
            onSubmit={async (status, reason, options) => {
              const answer = await applyStatus(status, reason, options);
              if (!answer) setReasonFor(null);
              return answer;
            }}
          />
        ) : null}
        {assignSelection ? (
          <AssignDialog
            isOpen
            onOpenChange={(open) => {
              if (!open) setAssignSelection(null);
            }}
            count={selectedCount(assignSelection, total) ?? count}
            candidates={assignees.candidates}
            candidatesNote={assignees.note}
            onSubmit={async (assignee, options = {}) => {
              const result = await bulk.assign({
                selection: assignSelection,
                assignee: assignee?.id ?? null,
                assigneeLabel: assignee?.label ?? "nobody",
                ...options,
              });
              if (result.kind === "done") {
                setAnnouncement(
                  `${result.result.updated} ${result.result.updated === 1 ? "finding" : "findings"} assigned to ${assignee?.label ?? "nobody"}.`,
                );
                setSelection(emptySelection);
                setAssignSelection(null);
              }
              return reasonDialogAnswer(result);
            }}
          />
        ) : null}
        {helpUsed ? <ShortcutHelp isOpen={helpOpen} onOpenChange={setHelpOpen} /> : null}
        {drawerUsed ? (
          <FindingDrawer
            locator={openLocator}
            onClose={closeFinding}
            readOnly={readOnly}
            pageHref={openId === null ? undefined : findingHref?.(openId)}
          />
        ) : null}
      </Suspense>
    </Stack>
  );
}
