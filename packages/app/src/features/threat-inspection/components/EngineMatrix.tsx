import { formatNumber, Switch, UntrustedText } from "@sentinel/ui";
import { createDataGridColumnHelper, DataGrid, type TableSort } from "@sentinel/ui/table";
import { useMemo } from "react";
import { type EngineRow, type EngineSort, onlyDetected } from "../model/engineMatrix.ts";
import * as styles from "./EngineMatrix.css.ts";
import { formatElapsed, formatRate } from "./numbers.ts";

function referenceCell(row: EngineRow) {
  if (row.referenceHref) {
    return (
      // A plain anchor: the app's router-aware Link resolves every href against the route, which would
      // turn this external URL into an in-app path.
      <a className={styles.link} href={row.referenceHref} target="_blank" rel="noopener noreferrer nofollow">
        <UntrustedText>{row.reference}</UntrustedText>
      </a>
    );
  }
  // Not http(s): shown as inert text, so a hostile feed's `javascript:` value can never run.
  return row.reference ? (
    <span className={styles.inert}>
      <UntrustedText>{row.reference}</UntrustedText>
    </span>
  ) : (
    "—"
  );
}

const helper = createDataGridColumnHelper<EngineRow>();
const baseColumns = [
  helper.accessor("engine", { header: "Engine", meta: { isRowHeader: true, width: "2fr" } }),
  helper.accessor("detected", {
    header: "Detected",
    sortFn: "basic",
    cell: (info) => (info.getValue() ? <span className={styles.detected}>Detected</span> : "Clean"),
  }),
  helper.accessor("reference", {
    header: "Reference",
    enableSorting: false,
    meta: { width: "3fr" },
    cell: (info) => referenceCell(info.row.original),
  }),
];
// Missing numbers are `undefined` to the sorter, so they sink to the end in either direction.
const confidenceColumn = helper.accessor((row) => row.confidence ?? undefined, {
  id: "confidence",
  header: "Confidence",
  sortFn: "basic",
  sortUndefined: "last",
  meta: { align: "end" },
  cell: (info) => formatRate(info.row.original.confidence),
});
const elapsedColumn = helper.accessor((row) => row.elapsed ?? undefined, {
  id: "elapsed",
  header: "Elapsed",
  sortFn: "basic",
  sortUndefined: "last",
  meta: { align: "end" },
  cell: (info) => formatElapsed(info.row.original.elapsed),
});

const domainColumns = helper.columns([...baseColumns, confidenceColumn, elapsedColumn]);
const endpointColumns = helper.columns([...baseColumns, elapsedColumn]);

export interface EngineMatrixProps {
  /** "Domain" or "endpoint": endpoints have no confidence column. */
  kind: "domain" | "endpoint";
  /** What was checked, for the grid's name ("Engines for shop.example"). */
  subject: string;
  rows: readonly EngineRow[];
  onlyDetected: boolean;
  onOnlyDetectedChange: (value: boolean) => void;
  sort: EngineSort;
  onSortChange: (sort: EngineSort) => void;
}

/** Every blocklist engine's verdict on one domain or endpoint, sortable and filterable to detections. */
export function EngineMatrix({
  kind,
  subject,
  rows,
  onlyDetected: detectedOnly,
  onOnlyDetectedChange,
  sort,
  onSortChange,
}: EngineMatrixProps) {
  const shown = useMemo(() => onlyDetected(rows, detectedOnly), [rows, detectedOnly]);
  const detections = rows.filter((r) => r.detected).length;
  const gridSort: TableSort = sort;
  return (
    <div className={styles.matrix}>
      <div className={styles.toolbar}>
        <Switch isSelected={detectedOnly} onChange={onOnlyDetectedChange}>
          Only engines that detected
        </Switch>
        <p className={styles.count} role="status">
          Showing {formatNumber(shown.length)} of {formatNumber(rows.length)} engines · {formatNumber(detections)}{" "}
          detected
        </p>
      </div>
      <DataGrid
        aria-label={`Engines for ${subject}`}
        columns={kind === "domain" ? domainColumns : endpointColumns}
        rows={shown}
        sort={gridSort}
        onSortChange={(next) =>
          onSortChange({
            column: String(next.column) as EngineSort["column"],
            direction: next.direction,
          })
        }
        emptyMessage={detectedOnly ? "No engine detected this." : "No engine results."}
        height={Math.min(480, 40 * (shown.length + 1) + 2)}
      />
    </div>
  );
}
