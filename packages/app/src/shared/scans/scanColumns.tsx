import type { ScanStatus, UserSummary } from "@sentinel/api-client";
import { formatDateTime, StatusBadge } from "@sentinel/ui";
import { createPagedTableColumnHelper, type PagedTableColumns } from "@sentinel/ui/table";

/** What a scan history row of exposure detection or threat inspection carries. */
export interface ScanHistoryRow {
  start_scan: string | null;
  end_scan: string | null;
  status: ScanStatus;
  scanned_by: UserSummary | null;
}

/**
 * A scan history table's columns: start (the row header), end and status, then the area's own
 * columns, then who started it (the system when nobody did).
 */
export function scanHistoryColumns<TRow extends ScanHistoryRow>(
  areaColumns: PagedTableColumns<TRow> = [],
): PagedTableColumns<TRow> {
  const helper = createPagedTableColumnHelper<TRow>();
  return [
    ...helper.columns([
      helper.accessor((row) => row.start_scan, {
        id: "start_scan",
        header: "Start",
        meta: { isRowHeader: true },
        cell: (info) => {
          const start = info.getValue();
          return start ? formatDateTime(start) : "Not started";
        },
      }),
      helper.accessor((row) => row.end_scan, {
        id: "end_scan",
        header: "End",
        cell: (info) => {
          const end = info.getValue();
          return end ? formatDateTime(end) : "—";
        },
      }),
      helper.accessor((row) => row.status, {
        id: "status",
        header: "Status",
        cell: (info) => <StatusBadge kind="scan" status={info.getValue()} />,
      }),
    ]),
    ...areaColumns,
    helper.accessor((row) => row.scanned_by?.fullname ?? "System", { id: "scanned_by", header: "Scanned by" }),
  ];
}
