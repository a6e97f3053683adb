import type { FindingStatus } from "@sentinel/api-client";
import { Button, formatNumber, MenuButton } from "@sentinel/ui";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Toolbar } from "react-aria-components";
import { type FindingsExportFormat, nothingToExportText } from "../api/exportFindings.ts";
import { findingStatuses, findingStatusLabels, isFindingStatus } from "../labels.ts";
import * as styles from "./BulkBar.css.ts";

const exportFormats: ReadonlyArray<{ id: FindingsExportFormat; label: string }> = [
  { id: "csv", label: "CSV" },
  { id: "json", label: "JSON (with status history)" },
  { id: "sarif", label: "SARIF (source code only)" },
];
const exportFormatsWithoutSarif = exportFormats.map((f) => (f.id === "sarif" ? { ...f, isDisabled: true } : f));

const statusItems = findingStatuses.map((status) => ({ id: status, label: findingStatusLabels[status] }));

export interface BulkBarProps {
  /** How many findings are selected (for "all matching": the matches minus the exceptions). */
  selectedCount: number;
  /** How many findings match the filter; null until the index has answered. */
  total: number | null;
  /** `all` once the user chose "Select all N matching". */
  selectionKind: "ids" | "all";
  onSelectAllMatching: () => void;
  onClearSelection: () => void;
  /** A status was chosen from the menu; open the reason dialog with it. */
  onChangeStatus: (status: FindingStatus) => void;
  /** Opens the assign dialog for the selection (issue 28); absent, no Assign button. */
  onAssign?: (() => void) | undefined;
  /** Exports the selection, or the whole filter when nothing is selected. */
  onExport: (format: FindingsExportFormat) => void;
  /** SARIF holds source code findings only: offer it when the filter or selection has no others. */
  sarifAvailable: boolean;
  /** A bulk change or undo is in flight: the status menu waits. */
  isPending: boolean;
  /**
   * Hides the status change (roles that may only read).
   * @default false
   */
  readOnly?: boolean;
  /**
   * Why this user may not change statuses (a member): the status change is disabled and this reason
   * shows beside it, so the bar still selects and exports.
   */
  statusRefusal?: string;
  /**
   * Whether this user may change statuses and assign. `false` while their role is not known yet (the
   * two stay disabled, where they will be, so nothing moves when it is) and with a `statusRefusal`.
   * @default true
   */
  canChangeStatus?: boolean;
}

/** "1.234 selected", or "None selected". */
export function selectedLabel(count: number): string {
  return count === 0 ? "None selected" : `${formatNumber(count)} selected`;
}

/**
 * The findings section's bulk actions (issue 17): a sticky toolbar that always shows the selected
 * count (a polite live region), offers "Select all N matching" across pages, the status change and
 * the exports. Arrow keys move between its controls (react-aria's Toolbar). The two menus' code loads
 * right after the bar's first render (the kit's MenuButton).
 */
export function BulkBar({
  selectedCount,
  total,
  selectionKind,
  onSelectAllMatching,
  onClearSelection,
  onChangeStatus,
  onAssign,
  onExport,
  sarifAvailable,
  isPending,
  readOnly = false,
  statusRefusal,
  canChangeStatus = statusRefusal === undefined,
}: BulkBarProps) {
  const canSelectAll = total !== null && total > selectedCount;
  const hasSelection = selectedCount > 0;
  // An export of nothing would be a file with a header and no rows: the bar says so instead.
  const nothingToExport = total === 0;
  const nothingId = useId();
  const refusalId = useId();
  return (
    <Toolbar aria-label="Bulk actions" className={styles.bar}>
      <span role="status" aria-live="polite" className={styles.count}>
        {selectionKind === "all" ? `${selectedLabel(selectedCount)} across all pages` : selectedLabel(selectedCount)}
      </span>
      {canSelectAll ? (
        <Button variant="ghost" size="small" onPress={onSelectAllMatching}>
          {`Select all ${formatNumber(total)} matching`}
        </Button>
      ) : null}
      {hasSelection ? (
        <Button variant="ghost" size="small" onPress={onClearSelection}>
          Clear selection
        </Button>
      ) : null}
      <span className={styles.spacer} />
      {statusRefusal ? (
        <span id={refusalId} className={styles.note}>
          {statusRefusal}
        </span>
      ) : null}
      {readOnly ? null : (
        <MenuButton
          size="small"
          isDisabled={!hasSelection || !canChangeStatus}
          aria-describedby={statusRefusal ? refusalId : undefined}
          isPending={isPending}
          pendingLabel="Changing status"
          icon={<ChevronDown size={14} aria-hidden="true" />}
          placement="bottom end"
          items={statusItems}
          onAction={(key) => {
            if (isFindingStatus(key)) onChangeStatus(key);
          }}
        >
          Change status
        </MenuButton>
      )}
      {readOnly || !onAssign ? null : (
        <Button
          size="small"
          variant="outline"
          isDisabled={!hasSelection || !canChangeStatus}
          aria-describedby={statusRefusal ? refusalId : undefined}
          onPress={onAssign}
        >
          Assign…
        </Button>
      )}
      {nothingToExport ? (
        <span id={nothingId} className={styles.note}>
          {nothingToExportText}
        </span>
      ) : null}
      <MenuButton
        size="small"
        variant="outline"
        isDisabled={nothingToExport}
        aria-describedby={nothingToExport ? nothingId : undefined}
        icon={<ChevronDown size={14} aria-hidden="true" />}
        placement="bottom end"
        items={sarifAvailable ? exportFormats : exportFormatsWithoutSarif}
        onAction={(key) => {
          const format = exportFormats.find((f) => f.id === key);
          if (format) onExport(format.id);
        }}
      >
        {hasSelection ? "Export selection" : "Export all matching"}
      </MenuButton>
    </Toolbar>
  );
}
