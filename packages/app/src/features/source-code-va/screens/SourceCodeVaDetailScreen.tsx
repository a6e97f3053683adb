import type { SourceCodeScan } from "@sentinel/api-client";
import {
  Button,
  Card,
  DescriptionList,
  ErrorState,
  formatDateTime,
  Heading,
  Inline,
  Skeleton,
  Stack,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { lazy, Suspense, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { permissionOf } from "../../../lib/permissions.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { guardTwin } from "../../../lib/TwinGuard.tsx";
import { useIdParam } from "../../../lib/useIdParam.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { useTwinCompany, withTwinCrumb } from "../../../lib/useTwinCompany.ts";
import type { FindingsFilter } from "../../../shared/findings/api/types.ts";
import { findingLocators, SeverityCounts, SeverityOverview, StatusOverview } from "../../../shared/findings/index.ts";
import { type FindingColumnId, ScanFindings } from "../../../shared/findings/section/index.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import {
  hasNotRun,
  hasStopped,
  scanCountsEmptyLabel,
  scanResultsEmptyMessage,
} from "../../../shared/scans/notRunYet.ts";
import {
  isSourceScanMoving,
  useSourceCodeApplication,
  useSourceCodeScan,
  useSourceCodeScans,
} from "../api/sourceCode.ts";
import { gitProviderLabels } from "../components/providers.ts";
import type { SourceScanDialog } from "../components/SourceScanDialogs.tsx";
import { loadScanParts, SourceScanDialogs } from "../components/scanOverlays.tsx";
import * as styles from "../components/sourceCode.css.ts";
import { repositoryTwin } from "../twin.ts";

const scanHelper = createPagedTableColumnHelper<SourceCodeScan>();
const scanColumns = scanHelper.columns([
  scanHelper.accessor("created_at", {
    header: "Scanned",
    meta: { isRowHeader: true },
    cell: (info) => formatDateTime(info.getValue()),
  }),
  scanHelper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="repositoryScan" status={info.getValue()} />,
  }),
  scanHelper.accessor("branch", {
    header: "Branch",
    cell: (info) => (
      <span className={styles.mono}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  scanHelper.accessor("total_severity", {
    header: "Findings",
    cell: (info) => (
      <SeverityCounts summary={info.getValue()} emptyLabel={scanCountsEmptyLabel(info.row.original.status)} />
    ),
  }),
]);

/** A source-code finding is placed by its file and line; the branch is the scan's, shown above. */
const scanFindingColumns: readonly FindingColumnId[] = ["severity", "name", "status", "component", "line", "change"];

/** The scan shown below the list: the one in `?scan=`, else the newest finished one, else the newest. */
function defaultScan(scans: readonly SourceCodeScan[] | undefined): SourceCodeScan | undefined {
  return scans?.find((s) => s.status === "DONE") ?? scans?.[0];
}

// A moving scan's progress and an ended scan's counts load when there is one to show.
const ScanProgress = lazy(async () => ({ default: (await loadScanParts()).ScanProgress }));
const ScanFindingChanges = lazy(async () => ({ default: (await loadScanParts()).ScanFindingChanges }));
// A failed or aborted scan's notice too: most scans shown have not stopped.
const ScanStoppedNotice = lazy(async () => ({ default: (await loadScanParts()).ScanStoppedNotice }));

/**
 * Source code VA: one repository, its scans (run, import, schedule, abort), and the chosen scan's
 * progress, changes, overviews and findings.
 */
export function SourceCodeVaDetailScreen() {
  const id = useIdParam("id") ?? 0;
  const { companyId, crumb } = useTwinCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const [params, update] = useListParams();
  const [dialog, setDialog] = useState<SourceScanDialog | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const open = (next: SourceScanDialog) => {
    setDialog(next);
    setDialogOpen(true);
  };
  // Run and Abort are offered only once the profile says the role may scan (disabled and absent before).
  const { allowed: mayScan, refusal: scanRefusal } = permissionOf(useRole().role, "scans");

  const scans = useSourceCodeScans(id, { page: params.page, pageSize: params.pageSize });
  const isScanning = scans.data?.results.some(isSourceScanMoving) ?? false;
  const app = useSourceCodeApplication(id, isScanning);
  const chosen = Number(searchParams.get("scan")) || null;
  const scanId = chosen ?? defaultScan(scans.data?.results)?.id ?? null;
  const scanRow = scans.data?.results.find((s) => s.id === scanId);
  const scanStatus = scanRow?.status;
  const moving = scanRow && isSourceScanMoving(scanRow) ? scanRow : null;
  const scan = useSourceCodeScan(scanId, moving !== null);
  const findingsFilter = useMemo<FindingsFilter | null>(
    () => (scanId === null ? null : { area: ["SOURCE_CODE"], scan: scanId }),
    [scanId],
  );

  const name = app.data?.repository;
  usePageMeta({
    title: name ?? "Repository",
    breadcrumbs: withTwinCrumb(
      [{ label: "Source Code", href: paths.source_code_va.getHref() }, { label: name ?? `#${id}` }],
      crumb,
    ),
  });

  const overviewHref = (findingId: number) => {
    const base = companyId
      ? paths.source_code_va_company_vulnerability_overview.getHref({ id, company_id: companyId, target_id: findingId })
      : paths.source_code_va_vulnerability_overview.getHref({ id, target_id: findingId });
    return `${base}?${new URLSearchParams({ scan: String(scanId ?? "") }).toString()}`;
  };

  /** Chooses a scan; one just queued (`isNew`) is the newest, which the table's first page lists. */
  const selectScan = (row: SourceCodeScan, isNew = false) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set("scan", String(row.id));
      if (isNew) next.delete("page");
      next.delete("finding");
      return next;
    });

  if (app.isError) {
    return (
      <Page title="Repository">
        <ErrorState
          headingLevel={2}
          message={loadErrorMessage(app.error, "this repository")}
          onRetry={() => app.refetch()}
        />
      </Page>
    );
  }

  const detail = scan.data?.repository_detail;
  const scanError = scan.isError ? loadErrorMessage(scan.error, "the scan overview") : null;
  const branches = app.data?.branches ?? [];
  const cannotScan = !app.data || !mayScan;
  const noteProps = scanRefusal ? { "aria-describedby": "source-run-note" } : {};
  return (
    <Page
      title={name ?? "Repository"}
      actions={
        <Inline space="small" alignY="end">
          <Button variant="outline" onPress={() => open({ action: "import" })} isDisabled={cannotScan} {...noteProps}>
            Import report
          </Button>
          <Button variant="outline" onPress={() => open({ action: "schedule" })} isDisabled={cannotScan} {...noteProps}>
            Schedule scan
          </Button>
          <Button onPress={() => open({ action: "run" })} isDisabled={cannotScan} {...noteProps}>
            Run scan
          </Button>
        </Inline>
      }
    >
      <Stack space="xlarge">
        {scanRefusal ? (
          <p id="source-run-note" className={styles.muted}>
            {scanRefusal}
          </p>
        ) : null}
        <Card title="Repository">
          {app.data ? (
            <DescriptionList
              items={[
                { term: "Name", description: detail?.name ?? app.data.repository },
                { term: "Branch", description: <span className={styles.mono}>{detail?.branch ?? "—"}</span> },
                { term: "Git provider", description: gitProviderLabels[app.data.git_provider] },
                { term: "Username", description: app.data.username },
                { term: "Product", description: app.data.product.name },
                { term: "Status", description: <StatusBadge kind="repositoryScan" status={app.data.status} /> },
                { term: "Scan held", description: formatDateTime(detail?.scan_held) },
                ...(moving
                  ? [
                      {
                        term: "Progress",
                        description: (
                          <Suspense fallback={null}>
                            <ScanProgress
                              scan={moving}
                              onAbort={mayScan ? () => open({ action: "abort", scan: moving }) : undefined}
                            />
                          </Suspense>
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

        <Stack as="section" space="medium" aria-labelledby="source-scans-heading">
          <Heading level={2} id="source-scans-heading">
            Scans
          </Heading>
          <QueryPagedTable
            aria-labelledby="source-scans-heading"
            columns={scanColumns}
            query={scans}
            noun="the scans"
            onPageChange={(page) => update({ page })}
            emptyMessage="This repository has not been scanned yet."
            paginationLabel="Scans pagination"
            onRowAction={(row) => selectScan(row)}
          />
        </Stack>

        {scanId !== null ? (
          <>
            {scanRow && hasStopped(scanRow.status) ? (
              <Suspense fallback={null}>
                <ScanStoppedNotice
                  status={scanRow.status}
                  reason={scanRow.failure_reason}
                  scanName={`Source code scan #${scanRow.id} of ${name ?? "the repository"} (${scanRow.branch}, ${formatDateTime(scanRow.created_at)})`}
                  otherScans="Or pick another scan in the table above."
                />
              </Suspense>
            ) : null}
            {/* A failed scan stored nothing, so its counts (zeros) would only read as a clean result. */}
            {scanRow?.finding_changes && !hasStopped(scanRow.status) ? (
              <Card title="Since the previous scan">
                <Suspense fallback={null}>
                  <ScanFindingChanges changes={scanRow.finding_changes} />
                </Suspense>
              </Card>
            ) : null}
            {/* Charts of a scan that has not run, or stopped, have nothing to draw; the page says why, once. */}
            {hasNotRun(scanStatus) || hasStopped(scanStatus) ? null : (
              <Stack as="section" space="medium" aria-labelledby="source-overview-heading">
                <Heading level={2} id="source-overview-heading">
                  {detail?.scan_held ? `Scan of ${formatDateTime(detail.scan_held)}` : "Scan"}
                </Heading>
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
              </Stack>
            )}

            <ScanFindings
              filter={findingsFilter}
              columns={scanFindingColumns}
              locatorOf={(finding) =>
                scanId === null ? null : findingLocators.sourceCode({ scanId, findingId: finding })
              }
              findingHref={overviewHref}
              emptyTitle={scanResultsEmptyMessage(scanStatus, "No findings in this scan.")}
            />
          </>
        ) : null}
      </Stack>
      <SourceScanDialogs
        appId={id}
        subject={name ?? "the repository"}
        branches={branches}
        dialog={dialog}
        isOpen={isDialogOpen}
        onOpenChange={setDialogOpen}
        onQueued={(row) => selectScan(row, true)}
      />
    </Page>
  );
}

/** The admin twin (`/source-code-va/{id}/company/{company_id}`): this screen, for the repository's own company only. */
export const SourceCodeVaDetailTwin = guardTwin(SourceCodeVaDetailScreen, repositoryTwin);
