import type { ExposureDetectionScan, ExposureDomain, ExposureHost } from "@sentinel/api-client";
import {
  Badge,
  Button,
  DescriptionList,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  Select,
  Skeleton,
  Stack,
  StatusBadge,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { lazy, type ReactNode, useState } from "react";
import { useParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { usePageParam } from "../../../lib/usePageParam.ts";
import { useWhenScanEnds } from "../../../lib/useWhenScanEnds.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { hasStopped, scanResultsEmptyMessage } from "../../../shared/scans/notRunYet.ts";
import { ScanStoppedNotice } from "../../../shared/scans/ScanStoppedNotice.tsx";
import { scanHistoryColumns } from "../../../shared/scans/scanColumns.tsx";
import {
  isScanMoving,
  useExposureConfiguration,
  useExposureDomains,
  useExposureHosts,
  useExposureScanSchedule,
  useExposureScans,
  useRefreshExposureResults,
  useUpdateExposureScanSchedule,
} from "../api/exposure.ts";
import {
  ExposureImportDialog,
  type ExposureScanRequest,
  ExposureScanRunDialog,
} from "../components/ExposureScanDialogs.tsx";
import { Country, DomainList, HostName, ServiceList } from "../components/HostCells.tsx";
import { domainTypeLabel, latestCompletedScan } from "../model/scanComparison.ts";

const progressHelper = createPagedTableColumnHelper<ExposureDetectionScan>();
const scanColumns = scanHistoryColumns<ExposureDetectionScan>(
  progressHelper.columns([
    progressHelper.accessor("progress", {
      header: "Progress",
      meta: { align: "end" },
      cell: (info) => `${formatNumber(info.getValue())}%`,
    }),
  ]),
);
const abortable = new Set(["PENDING", "QUEUED", "RUNNING"]);

const hostHelper = createPagedTableColumnHelper<ExposureHost>();
const hostColumns = hostHelper.columns([
  hostHelper.accessor("name", {
    header: "Host",
    meta: { isRowHeader: true },
    cell: (info) => <HostName name={info.getValue()} isNew={info.row.original.is_new} />,
  }),
  hostHelper.accessor((row) => row.country ?? "", {
    id: "country",
    header: "Country",
    cell: (info) => <Country country={info.row.original.country} code={info.row.original.country_code} />,
  }),
  hostHelper.accessor("service_count", {
    header: "Service count",
    meta: { align: "end" },
    cell: (info) => formatNumber(info.getValue()),
  }),
  hostHelper.accessor((row) => row.services.length, {
    id: "services",
    header: "Services",
    cell: (info) => <ServiceList services={info.row.original.services} />,
  }),
  hostHelper.accessor((row) => row.domains.length, {
    id: "domains",
    header: "Domains",
    cell: (info) => <DomainList domains={info.row.original.domains} />,
  }),
]);

const domainHelper = createPagedTableColumnHelper<ExposureDomain>();
const domainColumns = domainHelper.columns([
  domainHelper.accessor("name", { header: "Name", meta: { isRowHeader: true } }),
  domainHelper.accessor("domain_type", {
    header: "Type",
    cell: (info) => (
      <Badge tone={info.getValue() === "DOMAIN" ? "brand" : "neutral"} label={domainTypeLabel[info.getValue()]} />
    ),
  }),
]);

const tabs = ["hosts", "domains"] as const;
type TabId = (typeof tabs)[number];

function scanLabel(scan: ExposureDetectionScan): string {
  const when = scan.start_scan ? formatDateTime(scan.start_scan) : "Not started";
  return `${when} · ${scan.status.charAt(0)}${scan.status.slice(1).toLowerCase()}`;
}

const ScanScheduleDialog = lazy(() => import("../../../shared/scans/ScanScheduleDialog.tsx"));

/**
 * `/exposure-detection/{id}/target-overview/{target_id}`: the target, its scan history, and the hosts
 * and domains of the chosen scan. The scan (`scan`), tab (`tab`) and page live in the URL.
 */
export function ExposureDetectionTargetOverviewScreen() {
  const params = useParams();
  const id = Number(params.id);
  const targetId = Number(params.target_id);
  const [list, setList] = useListParams<"scan" | "tab">({ filters: ["scan", "tab"] });
  const tab: TabId = tabs.find((t) => t === list.filters.tab) ?? "hosts";

  const config = useExposureConfiguration(id);
  const schedule = useExposureScanSchedule(id);
  const saveSchedule = useUpdateExposureScanSchedule();
  const [isScheduleOpen, setScheduleOpen] = useState(false);
  const [scansPage, setScansPage] = usePageParam("scans_page");
  const scans = useExposureScans(id, scansPage);
  const scanRows = scans.data?.results ?? [];
  const requested = scanRows.find((s) => String(s.id) === list.filters.scan);
  const scan = requested ?? latestCompletedScan(scanRows) ?? scanRows[0];

  const moving = scan ? isScanMoving(scan) : false;
  const hosts = useExposureHosts(id, tab === "hosts" ? scan?.id : undefined, list.page, list.pageSize, moving);
  const domains = useExposureDomains(id, tab === "domains" ? scan?.id : undefined, list.page, list.pageSize, moving);
  const isScanning = scanRows.some(isScanMoving);
  // Polling stops as the scan list sees a scan end, which can be after the last read of its hosts,
  // and the scan shown then may be one whose results were cached while it ran.
  const refreshResults = useRefreshExposureResults();
  useWhenScanEnds(isScanning, () => void refreshResults());
  // Run and Abort are offered only once the profile says the role may scan (disabled and absent before).
  const { allowed: mayScan, refusal: scanRefusal } = permissionOf(useRole().role, "scans");
  const [scanRun, setScanRun] = useState<ExposureScanRequest | null>(null);
  const [isScanRunOpen, setScanRunOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const openScanRun = (request: ExposureScanRequest) => {
    setScanRun(request);
    setScanRunOpen(true);
  };

  const targetName = config.data?.target.name ?? `#${targetId}`;
  usePageMeta({
    title: "Target Overview",
    breadcrumbs: [{ label: "Exposure Detection", href: paths.exposure_detection.getHref() }, { label: targetName }],
  });

  const notFound = config.isMissing || (config.data !== undefined && config.data.target.id !== targetId);
  const chooseScan = (scanId: number) => setList({ filters: { scan: String(scanId) } });

  let body: ReactNode;
  if (notFound) {
    body = (
      <EmptyState
        headingLevel={2}
        title="This target was not found"
        description="It may have been removed, or it belongs to another company."
        action={<Link href={paths.exposure_detection.getHref()}>Back to exposure detection</Link>}
      />
    );
  } else if (config.isError) {
    body = (
      <ErrorState
        headingLevel={2}
        message={loadErrorMessage(config.error, "the target")}
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
            { term: "Target", description: c.target.name },
            { term: "Domain", description: c.domain },
            { term: "Status", description: <StatusBadge kind="configuration" status={c.status} /> },
            {
              term: "Scheduled scan",
              description: c.scheduled_scan ? formatDateTime(c.scheduled_scan) : "Not scheduled",
            },
            { term: "Last scanned", description: c.last_scanned ? formatDateTime(c.last_scanned) : "Never" },
          ]}
        />

        <Stack as="section" space="small" aria-labelledby="exposure-scans">
          <Inline space="medium" align="spaceBetween" alignY="center">
            <Heading level={2} id="exposure-scans">
              Scan history
            </Heading>
            <Inline space="small">
              <Button
                variant="outline"
                onPress={() => setImportOpen(true)}
                isDisabled={!mayScan}
                aria-describedby={scanRefusal ? "exposure-run-note" : undefined}
              >
                Import report
              </Button>
              <Button
                variant="outline"
                onPress={() => setScheduleOpen(true)}
                isDisabled={!mayScan}
                aria-describedby={scanRefusal ? "exposure-run-note" : undefined}
              >
                Schedule scan
              </Button>
              <Button
                onPress={() => openScanRun({ action: "run" })}
                isDisabled={isScanning || !mayScan}
                aria-describedby={scanRefusal || isScanning ? "exposure-run-note" : undefined}
              >
                Run scan
              </Button>
            </Inline>
          </Inline>
          {scanRefusal || isScanning ? (
            <p id="exposure-run-note">
              {scanRefusal ?? "A scan of this target is queued or running; its progress shows below."}
            </p>
          ) : null}
          <QueryPagedTable
            aria-label="Scan history"
            columns={scanColumns}
            query={scans}
            noun="the scans"
            onPageChange={setScansPage}
            paginationLabel="Scan history pages"
            emptyMessage="This target has not been scanned yet."
            onRowAction={(row) => chooseScan(row.id)}
            rowActions={(row) => [
              { id: "show", label: "Show hosts and domains", onAction: () => chooseScan(row.id) },
              ...(abortable.has(row.status) && mayScan
                ? [{ id: "abort", label: "Abort scan", onAction: () => openScanRun({ action: "abort", scan: row }) }]
                : []),
              {
                id: "review",
                label: "Review endpoints",
                href: paths.exposure_detection_review_endpoint.getHref({ id, target_id: targetId, group_id: row.id }),
              },
            ]}
          />
        </Stack>

        {scan ? (
          <Stack as="section" space="small" aria-labelledby="exposure-findings">
            <Inline space="medium" align="spaceBetween" alignY="center">
              <Heading level={2} id="exposure-findings">
                Discovered hosts and domains
              </Heading>
              <Inline space="medium" alignY="end">
                <Select
                  label="Scan"
                  items={scanRows.map((s) => ({ id: s.id, label: scanLabel(s) }))}
                  selectedKey={scan.id}
                  onSelectionChange={(key) => chooseScan(Number(key))}
                />
                <Link
                  variant="standalone"
                  href={paths.exposure_detection_review_endpoint.getHref({
                    id,
                    target_id: targetId,
                    group_id: scan.id,
                  })}
                >
                  Review endpoints
                </Link>
              </Inline>
            </Inline>
            {hasStopped(scan.status) ? (
              <ScanStoppedNotice
                status={scan.status}
                reason={scan.failure_reason}
                scanName={`Exposure detection scan #${scan.id} of ${targetName}${
                  scan.start_scan ? ` (${formatDateTime(scan.start_scan)})` : ""
                }`}
                otherScans="Or pick another scan in the Scan menu above."
              />
            ) : null}
            {scan.zone_transfer_servers.length > 0 ? (
              <Stack as="section" space="xsmall" aria-labelledby="exposure-zone-transfer">
                <Heading level={3} id="exposure-zone-transfer">
                  Zone transfer allowed
                </Heading>
                <p>
                  {scan.zone_transfer_servers.join(", ")} {scan.zone_transfer_servers.length === 1 ? "hands" : "hand"}{" "}
                  the whole zone of {targetName} to anyone who asks, listing every host name of the domain, internal
                  ones included. Allow zone transfers only to the domain's secondary name servers.
                </p>
              </Stack>
            ) : null}
            <Tabs
              selectedKey={tab}
              onSelectionChange={(key) => setList({ filters: { tab: key === "hosts" ? null : String(key) } })}
            >
              <TabList aria-label="Scan results">
                <Tab id="hosts">Hosts</Tab>
                <Tab id="domains">Domains</Tab>
              </TabList>
              <TabPanel id="hosts">
                <QueryPagedTable
                  aria-label="Hosts"
                  columns={hostColumns}
                  query={hosts}
                  noun="the hosts"
                  onPageChange={(page) => setList({ page })}
                  paginationLabel="Host pages"
                  emptyMessage={scanResultsEmptyMessage(scan?.status, "This scan found no hosts.")}
                />
              </TabPanel>
              <TabPanel id="domains">
                <QueryPagedTable
                  aria-label="Domains"
                  columns={domainColumns}
                  query={domains}
                  noun="the domains"
                  onPageChange={(page) => setList({ page })}
                  paginationLabel="Domain pages"
                  emptyMessage={scanResultsEmptyMessage(scan?.status, "This scan found no domains.")}
                />
              </TabPanel>
            </Tabs>
          </Stack>
        ) : null}
      </>
    );
  }

  return (
    <Page title="Target Overview" description={config.data ? config.data.target.name : undefined}>
      {body}
      <LazyOverlay isOpen={isScheduleOpen}>
        <ScanScheduleDialog
          isOpen={isScheduleOpen}
          onOpenChange={setScheduleOpen}
          subject={config.data?.domain ?? targetName}
          schedule={schedule.data}
          onSave={(body) => saveSchedule.mutateAsync({ params: { path: { id } }, body })}
        />
      </LazyOverlay>
      <ExposureImportDialog
        configId={id}
        isOpen={isImportOpen}
        onOpenChange={setImportOpen}
        onImported={(s) => chooseScan(s.id)}
      />
      <ExposureScanRunDialog
        configId={id}
        domain={config.data?.domain ?? targetName}
        request={scanRun}
        isOpen={isScanRunOpen}
        onOpenChange={setScanRunOpen}
        onRan={(s) => chooseScan(s.id)}
      />
    </Page>
  );
}
