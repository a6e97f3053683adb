import type { WebScan } from "@sentinel/api-client";
import {
  Button,
  Card,
  DescriptionList,
  ErrorState,
  formatDateTime,
  Inline,
  ProgressBar,
  Select,
  Skeleton,
  Stack,
  StatusBadge,
} from "@sentinel/ui";
import { lazy, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { LazyOverlay } from "../../../lib/LazyOverlay.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { guardTwin } from "../../../lib/TwinGuard.tsx";
import { useIdParam } from "../../../lib/useIdParam.ts";
import { useTwinCompany, withTwinCrumb } from "../../../lib/useTwinCompany.ts";
import { useWhenScanEnds } from "../../../lib/useWhenScanEnds.ts";
import type { FindingsFilter } from "../../../shared/findings/api/types.ts";
import { findingLocators, SeverityOverview, StatusOverview } from "../../../shared/findings/index.ts";
import { type FindingColumnId, ScanFindings } from "../../../shared/findings/section/index.ts";
import { hasNotRun, hasStopped, scanResultsEmptyMessage } from "../../../shared/scans/notRunYet.ts";
import { ScanFindingChanges } from "../../../shared/scans/ScanFindingChanges.tsx";
import { ScanStoppedNotice } from "../../../shared/scans/ScanStoppedNotice.tsx";
import {
  isWebScanMoving,
  useRefreshScanFindings,
  useUpdateWebScanSchedule,
  useWebApplication,
  useWebScan,
  useWebScanSchedule,
  useWebScans,
} from "../api/applications.ts";
import * as styles from "../components/application.css.ts";
import { WebImportDialog, type WebScanRequest, WebScanRunDialog } from "../components/WebScanDialogs.tsx";
import { webApplicationTwin } from "../twin.ts";

const ScanScheduleDialog = lazy(() => import("../../../shared/scans/ScanScheduleDialog.tsx"));

/** One scan of one application: no area, host or port column. */
const scanFindingColumns: readonly FindingColumnId[] = [
  "severity",
  "name",
  "status",
  "cvss_score",
  "change",
  "last_seen",
];

/** The scan shown first: the newest completed one (it has results), else the newest. */
function defaultScan(scans: readonly WebScan[] | undefined): WebScan | undefined {
  return scans?.find((s) => s.target_detail.status === "COMPLETED") ?? scans?.[0];
}

function scanLabel(scan: WebScan): string {
  const when = scan.target_detail.scan_history ? formatDateTime(scan.target_detail.scan_history) : "Not run yet";
  return `${when} · ${scan.target_detail.status.charAt(0)}${scan.target_detail.status.slice(1).toLowerCase()}`;
}

/** Application VA: one web application, a scan picker, the scan's overviews and its findings. */
export function ApplicationVaDetailScreen() {
  const id = useIdParam("id") ?? 0;
  const { crumb } = useTwinCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const [scanRun, setScanRun] = useState<WebScanRequest | null>(null);
  const [isScanRunOpen, setScanRunOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isScheduleOpen, setScheduleOpen] = useState(false);
  const openScanRun = (request: WebScanRequest) => {
    setScanRun(request);
    setScanRunOpen(true);
  };
  // Run and Abort are offered only once the profile says the role may scan (disabled and absent before).
  const { allowed: mayScan, refusal: scanRefusal } = permissionOf(useRole().role, "scans");
  const selectScan = (picked: WebScan) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set("scan", String(picked.id));
      next.delete("page");
      next.delete("finding");
      return next;
    });

  const app = useWebApplication(id);
  const schedule = useWebScanSchedule(id);
  const saveSchedule = useUpdateWebScanSchedule();
  const scans = useWebScans(id);
  const chosen = Number(searchParams.get("scan")) || null;
  const scanId = chosen ?? defaultScan(scans.data?.results)?.id ?? null;
  const scan = useWebScan(scanId);
  const refreshFindings = useRefreshScanFindings();
  useWhenScanEnds(scan.data ? isWebScanMoving(scan.data) : false, () => void refreshFindings());
  const findingsFilter = useMemo<FindingsFilter | null>(
    () => (scanId === null ? null : { area: ["WEB_APPLICATION"], scan: scanId }),
    [scanId],
  );

  const name = app.data?.application;
  usePageMeta({
    title: name ?? "Application",
    breadcrumbs: withTwinCrumb(
      [{ label: "Application", href: paths.application_va.getHref() }, { label: name ?? `#${id}` }],
      crumb,
    ),
  });

  if (app.isError) {
    return (
      <Page title="Application">
        <ErrorState
          headingLevel={2}
          message={loadErrorMessage(app.error, "this application")}
          onRetry={() => app.refetch()}
        />
      </Page>
    );
  }

  const target = scan.data?.target_detail;
  const scanError = scan.isError ? loadErrorMessage(scan.error, "the scan") : null;
  const scanItems = (scans.data?.results ?? []).map((s) => ({ id: String(s.id), label: scanLabel(s) }));
  const isScanning = scans.data?.results.some(isWebScanMoving) ?? false;
  const moving = scan.data && isWebScanMoving(scan.data) ? scan.data : null;

  return (
    <Page
      title={name ?? "Application"}
      actions={
        <Inline space="small" alignY="end">
          <Select
            label="Scan"
            items={scanItems}
            selectedKey={scanId === null ? null : String(scanId)}
            isDisabled={scans.isPending || scanItems.length === 0}
            placeholder={scans.isPending ? "Loading scans…" : "No scans yet"}
            onSelectionChange={(key) =>
              setSearchParams((current) => {
                const next = new URLSearchParams(current);
                next.set("scan", String(key));
                next.delete("page");
                next.delete("finding");
                return next;
              })
            }
            {...(scans.isError ? { description: "The scans could not be loaded." } : {})}
          />
          <Button
            variant="outline"
            onPress={() => setImportOpen(true)}
            isDisabled={!app.data || isScanning || !mayScan}
            aria-describedby={scanRefusal || isScanning ? "application-run-note" : undefined}
          >
            Import report
          </Button>
          <Button
            variant="outline"
            onPress={() => setScheduleOpen(true)}
            isDisabled={!app.data || !mayScan}
            aria-describedby={scanRefusal ? "application-run-note" : undefined}
          >
            Schedule scan
          </Button>
          <Button
            onPress={() => openScanRun({ action: "run" })}
            isDisabled={!app.data || isScanning || !mayScan}
            aria-describedby={scanRefusal || isScanning ? "application-run-note" : undefined}
          >
            Run scan
          </Button>
        </Inline>
      }
    >
      <Stack space="xlarge">
        {scanRefusal || isScanning ? (
          <p id="application-run-note" className={styles.muted}>
            {scanRefusal ?? "A scan of this application is queued or running; its progress shows in the Target card."}
          </p>
        ) : null}
        <Card title="Target">
          {app.data ? (
            <DescriptionList
              items={[
                {
                  term: "Target",
                  description: <span className={styles.mono}>{target?.target ?? app.data.target}</span>,
                },
                { term: "Scan history", description: formatDateTime(target?.scan_history ?? null) },
                {
                  term: "Status",
                  description: <StatusBadge kind="scan" status={target?.status ?? app.data.status} />,
                },
                { term: "Product", description: (target?.product ?? app.data.product).name },
                ...(moving
                  ? [
                      {
                        term: "Progress",
                        description: (
                          <Inline space="medium" alignY="center">
                            <div className={styles.progressCell}>
                              <ProgressBar
                                aria-label="Progress of the scan"
                                value={moving.target_detail.progress}
                                valueLabel={
                                  moving.target_detail.start_time
                                    ? `Started ${formatDateTime(moving.target_detail.start_time)}`
                                    : "Waiting for a scanner"
                                }
                                tone="info"
                              />
                            </div>
                            {mayScan ? (
                              <Button variant="outline" onPress={() => openScanRun({ action: "abort", scan: moving })}>
                                Abort scan
                              </Button>
                            ) : null}
                          </Inline>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <Skeleton />
          )}
        </Card>

        {scanId !== null ? (
          <>
            {hasStopped(target?.status) ? (
              <ScanStoppedNotice
                status={target.status}
                reason={target.failure_reason}
                scanName={`Web application scan #${scanId} of ${name ?? target.target}${
                  target.scan_history ? ` (${formatDateTime(target.scan_history)})` : ""
                }`}
                otherScans="Or pick another scan in the Scan menu above."
              />
            ) : null}
            {/* Counted once the scan has ended (null before, and for scans nothing was matched for). */}
            {scan.data?.finding_changes ? (
              <Card title="Since the previous scan">
                <ScanFindingChanges changes={scan.data.finding_changes} />
              </Card>
            ) : null}
            {/* Charts of a scan that has not run, or stopped, have nothing to draw; the page says why, once. */}
            {hasNotRun(target?.status) || hasStopped(target?.status) ? null : (
              <div className={styles.overviewGrid}>
                <SeverityOverview
                  summary={scan.data?.severity_overview}
                  isLoading={scan.isPending}
                  error={scanError}
                  onRetry={() => scan.refetch()}
                />
                <StatusOverview
                  summary={scan.data?.status_overview}
                  isLoading={scan.isPending}
                  error={scanError}
                  onRetry={() => scan.refetch()}
                />
              </div>
            )}
            <ScanFindings
              filter={findingsFilter}
              columns={scanFindingColumns}
              locatorOf={(finding) => (scanId === null ? null : findingLocators.webApp({ scanId, findingId: finding }))}
              emptyTitle={scanResultsEmptyMessage(target?.status, "No findings in this scan.")}
            />
          </>
        ) : scans.isError ? (
          <ErrorState
            headingLevel={2}
            message={loadErrorMessage(scans.error, "the scans")}
            onRetry={() => scans.refetch()}
          />
        ) : null}
      </Stack>
      <LazyOverlay isOpen={isScheduleOpen}>
        <ScanScheduleDialog
          isOpen={isScheduleOpen}
          onOpenChange={setScheduleOpen}
          subject={name ?? "the application"}
          schedule={schedule.data}
          onSave={(body) => saveSchedule.mutateAsync({ params: { path: { id } }, body })}
        />
      </LazyOverlay>
      <WebImportDialog appId={id} isOpen={isImportOpen} onOpenChange={setImportOpen} onImported={selectScan} />
      <WebScanRunDialog
        appId={id}
        request={scanRun}
        isOpen={isScanRunOpen}
        onOpenChange={setScanRunOpen}
        onRan={selectScan}
      />
    </Page>
  );
}

/** The admin twin (`/application-va/{id}/company/{company_id}`): this screen, for the application's own company only. */
export const ApplicationVaDetailTwin = guardTwin(ApplicationVaDetailScreen, webApplicationTwin);
