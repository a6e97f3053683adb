import type { ThreatInspectionEndpoint, ThreatInspectionScan, ThreatInspectionTarget } from "@sentinel/api-client";
import {
  Button,
  DescriptionList,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  ProgressBar,
  Select,
  Skeleton,
  Stack,
  StatusBadge,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { type ReactNode, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { usePageParam } from "../../../lib/usePageParam.ts";
import { useWhenScanEnds } from "../../../lib/useWhenScanEnds.ts";
import { SeverityCounts, StatusCounts } from "../../../shared/findings/SeverityCounts.tsx";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { hasStopped, scanCountsEmptyLabel, scanResultsEmptyMessage } from "../../../shared/scans/notRunYet.ts";
import { ScanStoppedNotice } from "../../../shared/scans/ScanStoppedNotice.tsx";
import { scanHistoryColumns } from "../../../shared/scans/scanColumns.tsx";
import { useThreatConfiguration, useThreatTargets } from "../api/configurations.ts";
import {
  isScanMoving,
  useDomainReputations,
  useEndpointReputations,
  useRefreshThreatResults,
  useScanEndpoints,
  useThreatScan,
  useThreatScans,
} from "../api/scans.ts";
import { formatRate } from "../components/numbers.ts";
import { ReputationPanel } from "../components/ReputationPanel.tsx";
import { ThreatScanDialog, type ThreatScanRequest } from "../components/ThreatScanDialog.tsx";
import type { Reputation } from "../model/engineMatrix.ts";
import { pickDefaultScan, scanLabel } from "../model/scans.ts";
import { muted } from "./threatInspection.css.ts";

const scanHelper = createPagedTableColumnHelper<ThreatInspectionScan>();
const scanColumns = scanHistoryColumns<ThreatInspectionScan>(
  scanHelper.columns([
    scanHelper.accessor("progress", {
      header: "Progress",
      cell: (info) => (
        <ProgressBar
          aria-label={`Progress of the scan started ${info.row.original.start_scan ? formatDateTime(info.row.original.start_scan) : "later"}`}
          value={info.getValue()}
        />
      ),
    }),
    scanHelper.accessor("completed_count", {
      header: "Completed",
      meta: { align: "end" },
      cell: (info) => formatNumber(info.getValue()),
    }),
    scanHelper.accessor("failed_count", {
      header: "Failed",
      meta: { align: "end" },
      cell: (info) => formatNumber(info.getValue()),
    }),
  ]),
);

const targetHelper = createPagedTableColumnHelper<ThreatInspectionTarget>();
const targetColumns = targetHelper.columns([
  targetHelper.accessor("name", { header: "Target", meta: { isRowHeader: true } }),
  targetHelper.accessor((row) => row.domains.map((d) => d.name).join(", "), {
    id: "domains",
    header: "Domains",
    cell: (info) => <UntrustedText>{info.getValue() || "—"}</UntrustedText>,
  }),
  targetHelper.accessor((row) => row.country ?? "—", { id: "country", header: "Country" }),
  targetHelper.accessor((row) => row.product?.name ?? "—", { id: "product", header: "Product" }),
  targetHelper.accessor((row) => row.target_domain ?? "—", { id: "target_domain", header: "Target domain" }),
]);

const endpointHelper = createPagedTableColumnHelper<ThreatInspectionEndpoint>();
/** The endpoint's host links to its vulnerability overview within the chosen scan. */
const endpointColumnsFor = (id: number, scanId: number) =>
  endpointHelper.columns([
    endpointHelper.accessor("host", {
      header: "Endpoint",
      meta: { isRowHeader: true },
      cell: (info) => (
        <Link
          href={paths.threat_inspection_vulnerability_overview.getHref({
            id,
            scan_id: scanId,
            endpoint_id: info.row.original.id,
          })}
        >
          <UntrustedText>{info.getValue()}</UntrustedText>
        </Link>
      ),
    }),
    endpointHelper.accessor("status", {
      header: "Status",
      cell: (info) => <StatusBadge kind="scan" status={info.getValue()} />,
    }),
    endpointHelper.accessor("severity_summary", {
      header: "Severity",
      cell: (info) => (
        <SeverityCounts summary={info.getValue()} emptyLabel={scanCountsEmptyLabel(info.row.original.status)} />
      ),
    }),
    endpointHelper.accessor("finding_status_summary", {
      header: "Finding status",
      cell: (info) => (
        <StatusCounts summary={info.getValue()} emptyLabel={scanCountsEmptyLabel(info.row.original.status)} />
      ),
    }),
    endpointHelper.accessor((row) => row.endpoint_reputation?.detection_rate ?? null, {
      id: "detection_rate",
      header: "Detection rate",
      meta: { align: "end" },
      cell: (info) => formatRate(info.getValue()),
    }),
  ]);

/** Scans an abort may still stop. */
const abortable = new Set<ThreatInspectionScan["status"]>(["PENDING", "QUEUED", "RUNNING"]);

const tabIds = ["endpoints", "targets", "domain-reputation", "endpoint-reputation"] as const;
type TabId = (typeof tabIds)[number];

/**
 * `/threat-inspection/{id}/target-overview`: the configuration, its scans, and for the chosen scan
 * (`?scan=`) its endpoints, targets and the domain and endpoint reputation across the engines.
 */
export function ThreatInspectionTargetOverviewScreen() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const [list, setList] = useListParams<"scan" | "tab">({ filters: ["scan", "tab"] });
  const tab: TabId = tabIds.find((t) => t === list.filters.tab) ?? "endpoints";

  const config = useThreatConfiguration(id);
  const [scansPage, setScansPage] = usePageParam("scans_page");
  const scans = useThreatScans(id, scansPage);
  const scanRows = scans.data?.results ?? [];
  const scan = scanRows.find((s) => String(s.id) === list.filters.scan) ?? pickDefaultScan(scanRows);
  const moving = scan ? isScanMoving(scan) : false;
  const scanDetail = useThreatScan(scan?.id, moving);
  const endpoints = useScanEndpoints(tab === "endpoints" ? scan?.id : undefined, list.page, list.pageSize, moving);
  const [scanRequest, setScanRequest] = useState<ThreatScanRequest | null>(null);
  const [isScanDialogOpen, setScanDialogOpen] = useState(false);
  const openScanDialog = (request: ThreatScanRequest) => {
    setScanRequest(request);
    setScanDialogOpen(true);
  };
  // Run and Abort are offered only once the profile says the role may scan (disabled and absent before).
  const { allowed: mayScan, refusal: scanRefusal } = permissionOf(useRole().role, "scans");
  const isScanning = scanRows.some(isScanMoving);
  // Polling stops as the scan list sees a scan end, which can be after the last read of its results,
  // and the scan shown then may be one whose results were cached while it ran.
  const refreshResults = useRefreshThreatResults();
  useWhenScanEnds(isScanning, () => void refreshResults());
  const targets = useThreatTargets(id, tab === "targets" ? list.page : 1, list.pageSize);
  const domainReputation = useDomainReputations(tab === "domain-reputation" ? scan?.id : undefined);
  const endpointReputation = useEndpointReputations(tab === "endpoint-reputation" ? scan?.id : undefined);

  const domainItems = useMemo<Reputation[] | undefined>(
    () => domainReputation.data?.map((value) => ({ kind: "domain", value })),
    [domainReputation.data],
  );
  const scanId = scan?.id;
  const endpointColumns = useMemo(() => endpointColumnsFor(id, scanId ?? 0), [id, scanId]);
  const endpointItems = useMemo<Reputation[] | undefined>(
    () => endpointReputation.data?.map((value) => ({ kind: "endpoint", value })),
    [endpointReputation.data],
  );

  const name = config.data?.name ?? `#${id}`;
  usePageMeta({
    title: "Target Overview",
    breadcrumbs: [{ label: "Threat Inspection", href: paths.threat_inspection.getHref() }, { label: name }],
  });

  const chooseScan = (scanId: number) => setList({ filters: { scan: String(scanId) } });
  // A tab change also forgets the reputation subject, filter and sort, which belong to the other tab.
  const chooseTab = (next: TabId) =>
    setSearchParams((current) => {
      const nextParams = new URLSearchParams(current);
      for (const key of ["subject", "detected", "engine_sort", "page"]) nextParams.delete(key);
      if (next === "endpoints") nextParams.delete("tab");
      else nextParams.set("tab", next);
      return nextParams;
    });

  let body: ReactNode;
  if (config.error?.status === 404) {
    body = (
      <EmptyState
        headingLevel={2}
        title="This configuration was not found"
        description="It may have been removed, or it belongs to another company."
        action={<Link href={paths.threat_inspection.getHref()}>Back to threat inspection</Link>}
      />
    );
  } else if (config.isError) {
    body = (
      <ErrorState
        headingLevel={2}
        message={loadErrorMessage(config.error, "the configuration")}
        onRetry={() => config.refetch()}
      />
    );
  } else if (!config.data) {
    body = <Skeleton variant="block" height="12rem" />;
  } else {
    const c = config.data;
    body = (
      <>
        <DescriptionList
          items={[
            { term: "Status", description: <StatusBadge kind="configuration" status={c.status} /> },
            { term: "Targets", description: String(c.targets_count) },
            { term: "Services", description: String(c.services_count) },
            { term: "Scan frequency", description: c.scan_frequency_display ?? "—" },
            { term: "Domain target", description: c.domain_target ?? "—" },
            { term: "Exposure detection target", description: c.exposure_detection_target.name },
            { term: "Created", description: formatDateTime(c.created_at) },
          ]}
        />

        <Stack as="section" space="medium" aria-labelledby="threat-scans">
          <Inline space="medium" align="spaceBetween" alignY="center">
            <Heading level={2} id="threat-scans">
              Scans
            </Heading>
            <Button
              onPress={() => openScanDialog({ action: "run", endpoints: c.targets_count })}
              isDisabled={c.targets_count === 0 || isScanning || !mayScan}
              aria-describedby={scanRefusal || isScanning ? "threat-run-note" : undefined}
            >
              Run scan
            </Button>
          </Inline>
          {scanRefusal || isScanning ? (
            <p id="threat-run-note" className={muted}>
              {scanRefusal ?? "A scan of this configuration is queued or running; its progress shows below."}
            </p>
          ) : null}
          <QueryPagedTable
            aria-label="Scans"
            columns={scanColumns}
            query={scans}
            noun="the scans"
            onPageChange={setScansPage}
            paginationLabel="Scan pages"
            emptyMessage="No scans yet. The first scan is scheduled after payment."
            onRowAction={(row) => chooseScan(row.id)}
            rowActions={(row) => [
              { id: "results", label: "Show results", onAction: () => chooseScan(row.id) },
              ...(abortable.has(row.status) && mayScan
                ? [{ id: "abort", label: "Abort scan", onAction: () => openScanDialog({ action: "abort", scan: row }) }]
                : []),
            ]}
          />
        </Stack>

        {scan ? (
          <Stack as="section" space="medium" aria-labelledby="threat-scan-results">
            <Inline space="medium" align="spaceBetween" alignY="end">
              <Heading level={2} id="threat-scan-results">
                Scan results
              </Heading>
              <Select
                label="Scan"
                items={scanRows.map((s) => ({ id: s.id, label: scanLabel(s, formatDateTime) }))}
                selectedKey={scan.id}
                onSelectionChange={(key) => chooseScan(Number(key))}
              />
            </Inline>
            {hasStopped(scan.status) ? (
              <ScanStoppedNotice
                status={scan.status}
                reason={scan.failure_reason}
                scanName={`Threat inspection scan #${scan.id} of ${scan.exposure_detection_target.name || `configuration #${id}`}${
                  scan.start_scan ? ` (${formatDateTime(scan.start_scan)})` : ""
                }`}
                otherScans="Or pick another scan in the Scan menu above."
              />
            ) : null}
            {scanDetail.data ? (
              <DescriptionList
                items={[
                  {
                    term: "Findings by severity",
                    description: <SeverityCounts summary={scanDetail.data.severity_summary} showZero />,
                  },
                  {
                    term: "Findings by status",
                    description: <StatusCounts summary={scanDetail.data.finding_status_summary} showZero />,
                  },
                ]}
              />
            ) : scanDetail.isError ? (
              <ErrorState
                message={loadErrorMessage(scanDetail.error, "the scan summary")}
                onRetry={() => scanDetail.refetch()}
              />
            ) : (
              <Skeleton variant="block" height="12rem" />
            )}
            <Tabs selectedKey={tab} onSelectionChange={(key) => chooseTab(String(key) as TabId)}>
              <TabList aria-label="Scan results">
                <Tab id="endpoints">Endpoints</Tab>
                <Tab id="targets">Targets</Tab>
                <Tab id="domain-reputation">Domain reputation</Tab>
                <Tab id="endpoint-reputation">Endpoint reputation</Tab>
              </TabList>
              <TabPanel id="endpoints">
                <QueryPagedTable
                  aria-label="Endpoints of the scan"
                  columns={endpointColumns}
                  query={endpoints}
                  noun="the endpoints"
                  onPageChange={(page) => setList({ page })}
                  paginationLabel="Endpoint pages"
                  emptyMessage={scanResultsEmptyMessage(scan?.status, "This scan has not inspected any endpoint yet.")}
                  onRowAction={(row) =>
                    navigate(
                      paths.threat_inspection_vulnerability_overview.getHref({
                        id,
                        scan_id: scan.id,
                        endpoint_id: row.id,
                      }),
                    )
                  }
                />
              </TabPanel>
              <TabPanel id="targets">
                <QueryPagedTable
                  aria-label="Targets"
                  columns={targetColumns}
                  query={targets}
                  noun="the targets"
                  onPageChange={(page) => setList({ page })}
                  paginationLabel="Target pages"
                  emptyMessage="No targets selected."
                />
              </TabPanel>
              <TabPanel id="domain-reputation">
                <ReputationPanel
                  kind="domain"
                  reputations={domainItems}
                  isLoading={domainReputation.isPending}
                  error={domainReputation.error}
                  onRetry={() => domainReputation.refetch()}
                />
              </TabPanel>
              <TabPanel id="endpoint-reputation">
                <ReputationPanel
                  kind="endpoint"
                  reputations={endpointItems}
                  isLoading={endpointReputation.isPending}
                  error={endpointReputation.error}
                  onRetry={() => endpointReputation.refetch()}
                />
              </TabPanel>
            </Tabs>
          </Stack>
        ) : null}
      </>
    );
  }

  return (
    <Page title={config.data ? config.data.name : "Target Overview"} description="Threat inspection target overview">
      {body}
      <ThreatScanDialog
        configId={id}
        request={scanRequest}
        isOpen={isScanDialogOpen}
        onOpenChange={setScanDialogOpen}
        onRan={(ran) => chooseScan(ran.id)}
      />
    </Page>
  );
}
