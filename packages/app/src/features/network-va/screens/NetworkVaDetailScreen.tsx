import type { NetworkScan, ScanEndpoint } from "@sentinel/api-client";
import {
  Button,
  Card,
  DescriptionList,
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  ProgressBar,
  Skeleton,
  Stack,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { guardTwin } from "../../../lib/TwinGuard.tsx";
import { useIdParam } from "../../../lib/useIdParam.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { usePageParam } from "../../../lib/usePageParam.ts";
import { useTwinCompany, withTwinCrumb } from "../../../lib/useTwinCompany.ts";
import { useWhenScanEnds } from "../../../lib/useWhenScanEnds.ts";
import { SeverityCounts } from "../../../shared/findings/index.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { hasStopped, scanCountsEmptyLabel } from "../../../shared/scans/notRunYet.ts";
import { ScanFindingChanges } from "../../../shared/scans/ScanFindingChanges.tsx";
import { ScanStoppedNotice } from "../../../shared/scans/ScanStoppedNotice.tsx";
import { frequencyLabels, scheduleTypeLabels } from "../../../shared/scans/schedule.ts";
import { isScanMoving, useNetworkConfig, useNetworkScanEndpoints, useNetworkScans } from "../api/network.ts";
import { NetworkImportDialog } from "../components/NetworkImportDialog.tsx";
import * as styles from "../components/network.css.ts";
import { ScanRunDialog, type ScanRunRequest } from "../components/ScanRunDialog.tsx";
import { targetTypeLabels } from "../components/targets.ts";
import { UpdateScheduleDialog } from "../components/UpdateScheduleDialog.tsx";
import { networkConfigTwin } from "../twin.ts";

/** Only scans that have not started can move in time. */
const reschedulable: ReadonlySet<NetworkScan["status"]> = new Set(["PENDING", "QUEUED"]);
/** Scans that have not ended can be stopped. */
const abortable: ReadonlySet<NetworkScan["status"]> = new Set(["PENDING", "QUEUED", "RUNNING"]);

const endpointsPageParam = "endpoints_page";

function scannedBy(scan: Pick<NetworkScan, "scanned_by">): string {
  return scan.scanned_by?.fullname || scan.scanned_by?.email || "Scheduler";
}

const scanHelper = createPagedTableColumnHelper<NetworkScan>();
const scanColumns = scanHelper.columns([
  // Formatted here, not in `cell`: the row header's value also names the row's actions menu.
  scanHelper.accessor((row) => formatDateTime(row.scan_time.schedulle), {
    id: "scan_time",
    header: "Scan time",
    meta: { isRowHeader: true },
  }),
  scanHelper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="scan" status={info.getValue()} />,
  }),
  scanHelper.accessor("start_time", { header: "Start", cell: (info) => formatDateTime(info.getValue()) }),
  scanHelper.accessor("end_time", { header: "End", cell: (info) => formatDateTime(info.getValue()) }),
  scanHelper.accessor("severity", {
    header: "Severity",
    cell: (info) => (
      <SeverityCounts summary={info.getValue()} emptyLabel={scanCountsEmptyLabel(info.row.original.status)} />
    ),
  }),
  scanHelper.accessor((row) => scannedBy(row), { id: "scanned_by", header: "Scanned by" }),
  scanHelper.accessor("progress", {
    header: "Progress",
    cell: (info) => {
      const scan = info.row.original;
      return (
        <div className={styles.progressCell}>
          <ProgressBar
            aria-label={`Progress of the scan at ${formatDateTime(scan.scan_time.schedulle)}`}
            value={scan.progress}
            valueLabel={`${formatNumber(scan.completed_count)} completed · ${formatNumber(scan.failed_count)} failed`}
            tone={scan.failed_count > 0 ? "caution" : "info"}
          />
        </div>
      );
    },
  }),
]);

/** Network VA: one scan configuration, its scans and the endpoints of the chosen scan. */
export function NetworkVaDetailScreen() {
  const id = useIdParam("id") ?? 0;
  const navigate = useNavigate();
  const { companyId, crumb } = useTwinCompany();
  const [, setSearchParams] = useSearchParams();
  const [params, update] = useListParams({ filters: ["scan"] });
  const [rescheduling, setRescheduling] = useState<NetworkScan | null>(null);
  const [scanRun, setScanRun] = useState<ScanRunRequest | null>(null);
  const [isScanRunOpen, setScanRunOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const openScanRun = (request: ScanRunRequest) => {
    setScanRun(request);
    setScanRunOpen(true);
  };
  // Run and Abort are offered only once the profile says the role may scan (disabled and absent before).
  const { allowed: mayScan, refusal: scanRefusal } = permissionOf(useRole().role, "scans");
  // Choosing another scan starts its endpoint list on page 1; the scans table keeps its page.
  const selectScan = (scan: NetworkScan) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set("scan", String(scan.id));
      next.delete(endpointsPageParam);
      return next;
    });

  // A scan just queued (run or import) is the newest: the scans table goes back to its first page, where
  // it is listed, read each second while it moves.
  const showNewScan = (scan: NetworkScan) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set("scan", String(scan.id));
      next.delete("page");
      next.delete(endpointsPageParam);
      return next;
    });

  const config = useNetworkConfig(id);
  const scans = useNetworkScans(id, { page: params.page, pageSize: params.pageSize });
  const chosenScan = Number(params.filters.scan) || null;
  const selectedScan = useMemo(
    () =>
      scans.data?.results.find((s) => s.id === chosenScan) ?? (chosenScan ? null : (scans.data?.results[0] ?? null)),
    [scans.data, chosenScan],
  );
  const selectedScanId = chosenScan ?? selectedScan?.id ?? null;
  const [endpointsPage, setEndpointsPage] = usePageParam(endpointsPageParam);
  const isSelectedMoving = selectedScan ? isScanMoving(selectedScan) : false;
  const endpoints = useNetworkScanEndpoints(
    { id, scanId: selectedScanId, isRunning: isSelectedMoving },
    { page: endpointsPage, pageSize: 10 },
  );
  useWhenScanEnds(isSelectedMoving, () => void endpoints.refetch());

  const title = `Scan configuration #${id}`;
  usePageMeta({
    title,
    breadcrumbs: withTwinCrumb([{ label: "Network", href: paths.network_va.getHref() }, { label: `#${id}` }], crumb),
  });

  const endpointHref = (endpoint: ScanEndpoint) =>
    companyId
      ? paths.network_va_company_scan_endpoint.getHref({
          id,
          company_id: companyId,
          scan_id: selectedScanId ?? 0,
          scan_endpoint_id: endpoint.id,
        })
      : paths.network_va_scan_endpoint.getHref({ id, scan_id: selectedScanId ?? 0, scan_endpoint_id: endpoint.id });

  const endpointHelper = createPagedTableColumnHelper<ScanEndpoint>();
  const endpointColumns = endpointHelper.columns([
    endpointHelper.accessor("host", {
      header: "Host",
      meta: { isRowHeader: true },
      cell: (info) => (
        <Link href={endpointHref(info.row.original)}>
          <span className={styles.mono}>
            <UntrustedText>{info.getValue()}</UntrustedText>
          </span>
        </Link>
      ),
    }),
    endpointHelper.accessor("status", {
      header: "Status",
      cell: (info) => <StatusBadge kind="scan" status={info.getValue()} />,
    }),
    endpointHelper.accessor((row) => row.product.name, { id: "product", header: "Product" }),
    endpointHelper.accessor("finding_total", {
      header: "Findings",
      cell: (info) => {
        const e = info.row.original;
        return (
          <SeverityCounts
            summary={{
              high: e.finding_high,
              medium: e.finding_medium,
              low: e.finding_low,
              info: e.finding_info,
              log: e.finding_log,
            }}
            emptyLabel={scanCountsEmptyLabel(e.status)}
          />
        );
      },
    }),
    endpointHelper.accessor("services_count", {
      header: "Services",
      meta: { align: "end" },
      cell: (info) => formatNumber(info.getValue()),
    }),
  ]);

  if (config.isError) {
    return (
      <Page title={title}>
        <ErrorState
          headingLevel={2}
          message={loadErrorMessage(config.error, "this scan configuration")}
          onRetry={() => config.refetch()}
        />
      </Page>
    );
  }

  const c = config.data;
  const endpointCount = new Set(c?.target.map((t) => t.endpoint.id)).size;
  const isScanning = scans.data?.results.some(isScanMoving) ?? false;
  return (
    <Page title={title} description={companyId ? `Viewing as staff for ${crumb?.label ?? ""}` : undefined}>
      <Stack space="xlarge">
        <Card title="Configuration">
          {c ? (
            <DescriptionList
              items={[
                {
                  term: "Schedule type",
                  description: scheduleTypeLabels[c.schedulle_type] ?? c.schedulle_type_display,
                },
                { term: "Frequency", description: c.frequency_type ? frequencyLabels[c.frequency_type] : "—" },
                { term: "Target type", description: targetTypeLabels[c.target_type] ?? c.target_type_display },
                { term: "Status", description: <StatusBadge kind="configuration" status={c.status} /> },
                {
                  term: "Targets",
                  description: (
                    <ul className={styles.hostList}>
                      {c.target.map((t) => (
                        <li key={t.id} className={styles.mono}>
                          <UntrustedText>{t.endpoint.host}</UntrustedText>
                        </li>
                      ))}
                    </ul>
                  ),
                },
                { term: "Created", description: formatDateTime(c.created_at) },
                { term: "Last updated", description: formatDateTime(c.updated_at) },
              ]}
            />
          ) : (
            <Skeleton />
          )}
        </Card>

        <Stack as="section" space="medium" aria-labelledby="network-scans-heading">
          <Inline space="medium" align="spaceBetween" alignY="center">
            <Heading level={2} id="network-scans-heading">
              Scans
            </Heading>
            <Inline space="small">
              <Button
                variant="outline"
                onPress={() => setImportOpen(true)}
                isDisabled={!c || !mayScan}
                aria-describedby={scanRefusal ? "network-run-note" : undefined}
              >
                Import report
              </Button>
              <Button
                onPress={() => openScanRun({ action: "run", endpoints: endpointCount })}
                isDisabled={!c || endpointCount === 0 || isScanning || !mayScan}
                aria-describedby={scanRefusal || isScanning ? "network-run-note" : undefined}
              >
                Run scan
              </Button>
            </Inline>
          </Inline>
          {scanRefusal || isScanning ? (
            <p id="network-run-note" className={styles.muted}>
              {scanRefusal ?? "A scan of this configuration is queued or running; its progress shows below."}
            </p>
          ) : null}
          <QueryPagedTable
            aria-labelledby="network-scans-heading"
            columns={scanColumns}
            query={scans}
            noun="the scans"
            onPageChange={(page) => update({ page })}
            emptyMessage="This configuration has no scans yet."
            paginationLabel="Scans pagination"
            onRowAction={selectScan}
            rowActions={(scan) => [
              {
                id: "endpoints",
                label: "Show endpoints",
                onAction: () => selectScan(scan),
              },
              ...(reschedulable.has(scan.status)
                ? [{ id: "schedule", label: "Update schedule", onAction: () => setRescheduling(scan) }]
                : []),
              ...(abortable.has(scan.status) && mayScan
                ? [{ id: "abort", label: "Abort scan", onAction: () => openScanRun({ action: "abort", scan }) }]
                : []),
            ]}
          />
        </Stack>

        {selectedScanId !== null ? (
          <Stack as="section" space="medium" aria-labelledby="network-endpoints-heading">
            <Heading level={2} id="network-endpoints-heading">
              Endpoints of the scan at{" "}
              {selectedScan ? formatDateTime(selectedScan.scan_time.schedulle) : `#${selectedScanId}`}
            </Heading>
            {selectedScan && hasStopped(selectedScan.status) ? (
              <ScanStoppedNotice
                status={selectedScan.status}
                reason={selectedScan.failure_reason}
                scanName={`Network scan #${selectedScan.id} of configuration #${id} (${formatDateTime(
                  selectedScan.scan_time.schedulle,
                )})`}
                otherScans="Or pick another scan in the Scans table above."
              />
            ) : null}
            <ScanFindingChanges changes={selectedScan?.finding_changes} />
            <QueryPagedTable
              aria-labelledby="network-endpoints-heading"
              columns={endpointColumns}
              query={endpoints}
              noun="the endpoints of this scan"
              onPageChange={setEndpointsPage}
              emptyMessage="This scan has no endpoints yet."
              paginationLabel="Endpoints pagination"
              onRowAction={(endpoint) => navigate(endpointHref(endpoint))}
            />
          </Stack>
        ) : null}
      </Stack>

      <NetworkImportDialog configId={id} isOpen={isImportOpen} onOpenChange={setImportOpen} onImported={showNewScan} />
      <ScanRunDialog
        configId={id}
        request={scanRun}
        isOpen={isScanRunOpen}
        onOpenChange={setScanRunOpen}
        onRan={showNewScan}
      />
      <UpdateScheduleDialog
        configId={id}
        scan={rescheduling}
        frequency={c?.frequency_type ?? null}
        onClose={() => setRescheduling(null)}
      />
    </Page>
  );
}

/** The admin twin (`/network-va/{id}/company/{company_id}`): this screen, for the configuration's own company only. */
export const NetworkVaDetailTwin = guardTwin(NetworkVaDetailScreen, networkConfigTwin);
