import type { Service } from "@sentinel/api-client";
import {
  Badge,
  Card,
  DescriptionList,
  ErrorState,
  Heading,
  Select,
  Skeleton,
  Stack,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper, PagedTable } from "@sentinel/ui/table";
import { useCallback, useMemo, useRef } from "react";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { loadErrorMessage } from "../../../lib/apiErrorMessage.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { siblingsCrumb } from "../../../lib/siblingsCrumb.ts";
import { guardTwin } from "../../../lib/TwinGuard.tsx";
import { useIdParam } from "../../../lib/useIdParam.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { useSearchText } from "../../../lib/useSearchText.ts";
import { useTwinCompany, withTwinCrumb } from "../../../lib/useTwinCompany.ts";
import type { FindingsFilter } from "../../../shared/findings/api/types.ts";
import {
  findingLocators,
  findingStatuses,
  findingStatusLabels,
  isFindingStatus,
  SeverityCounts,
  StatusCounts,
  useFindingParam,
} from "../../../shared/findings/index.ts";
import { type FindingColumnId, FindingsSection, FindingsToolbar } from "../../../shared/findings/section/index.ts";
import { scanResultsEmptyMessage } from "../../../shared/scans/notRunYet.ts";
import { useNetworkScanEndpoint, useNetworkScans, useNetworkServices } from "../api/network.ts";
import * as styles from "../components/network.css.ts";
import { networkConfigTwin } from "../twin.ts";

/**
 * An endpoint's findings: one host, so no area or host column; its ports, protocols and CVEs instead.
 * Nine columns would not fit a laptop's width; the change since the last scan is /findings' to show.
 */
const endpointFindingColumns: readonly FindingColumnId[] = [
  "severity",
  "name",
  "status",
  "port",
  "protocol",
  "cve",
  "cvss_score",
  "last_seen",
];

const serviceHelper = createPagedTableColumnHelper<Service>();
const serviceColumns = serviceHelper.columns([
  serviceHelper.accessor("port", { header: "Port", meta: { isRowHeader: true, align: "end" } }),
  serviceHelper.accessor("protocol", { header: "Protocol", cell: (info) => info.getValue().toUpperCase() }),
  serviceHelper.accessor("secure", {
    header: "Secure",
    cell: (info) =>
      info.getValue() ? <Badge tone="positive" label="TLS" /> : <Badge tone="caution" label="Not encrypted" />,
  }),
]);

/** How many of the configuration's scans the scan crumb offers (the newest first, as the API orders them). */
const scanCrumbSize = 10;

const statusFilterItems = [
  { id: "all", label: "All statuses" },
  ...findingStatuses.map((s) => ({ id: s, label: findingStatusLabels[s] })),
];

/** One scanned host: its finding counters, services and findings (with the finding drawer). */
export function NetworkVaScanEndpointScreen() {
  const id = useIdParam("id") ?? 0;
  const scanId = useIdParam("scan_id") ?? 0;
  const endpointId = useIdParam("scan_endpoint_id") ?? 0;
  const ids = { id, scanId, endpointId };
  const { companyId, crumb } = useTwinCompany();
  const [params, update] = useListParams({ filters: ["status"] });
  const status = isFindingStatus(params.filters.status) ? params.filters.status : undefined;
  const { findingId, open, close } = useFindingParam();
  const searchRef = useRef<HTMLInputElement>(null);
  const setSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useSearchText(params.search, setSearch);

  const endpoint = useNetworkScanEndpoint(ids);
  const services = useNetworkServices(ids);
  const findingsFilter = useMemo<FindingsFilter>(
    () => ({
      area: ["NETWORK"],
      scan_endpoint: endpointId,
      ...(status ? { status: [status] } : {}),
      ...(params.search ? { search: params.search } : {}),
    }),
    [endpointId, status, params.search],
  );

  // The configuration's latest scans fill the scan crumb's dropdown: the scan's siblings.
  const scans = useNetworkScans(id, { page: 1, pageSize: scanCrumbSize });
  const host = endpoint.data?.host;
  const configHref = companyId
    ? paths.network_va_company.getHref({ id, company_id: companyId })
    : paths.network_va_detail.getHref({ id });
  const scanHref = (sid: number) => `${configHref}?${new URLSearchParams({ scan: String(sid) }).toString()}`;
  const siblingScans = (scans.data?.results ?? []).filter((s) => s.id !== scanId);
  usePageMeta({
    title: host ? `Endpoint ${host}` : "Scan endpoint",
    breadcrumbs: withTwinCrumb(
      [
        { label: "Network", href: paths.network_va.getHref() },
        { label: `#${id}`, href: configHref },
        siblingsCrumb(
          `Scan #${scanId}`,
          siblingScans.map((s) => ({ label: `Scan #${s.id}`, href: scanHref(s.id) })),
          scanHref(scanId),
        ),
        { label: host ?? `Endpoint #${endpointId}` },
      ],
      crumb,
    ),
  });

  if (endpoint.isError) {
    return (
      <Page title="Scan endpoint">
        <ErrorState
          headingLevel={2}
          message={loadErrorMessage(endpoint.error, "this endpoint")}
          onRetry={() => endpoint.refetch()}
        />
      </Page>
    );
  }

  const e = endpoint.data;

  return (
    <Page
      title={
        e?.host.trim() ? (
          <span className={styles.mono}>
            <UntrustedText>{e.host}</UntrustedText>
          </span>
        ) : (
          "Scan endpoint"
        )
      }
    >
      <Stack space="xlarge">
        <Card title="Endpoint">
          {e ? (
            <Stack space="medium">
              <DescriptionList
                items={[
                  {
                    term: "Host",
                    description: (
                      <span className={styles.mono}>
                        <UntrustedText>{e.host}</UntrustedText>
                      </span>
                    ),
                  },
                  { term: "Product", description: e.product.name },
                  { term: "Scan status", description: <StatusBadge kind="scan" status={e.status} /> },
                  { term: "Findings", description: e.finding_total },
                ]}
              />
              <div className={styles.countGrid}>
                <div>
                  <Heading level={2}>By severity</Heading>
                  <SeverityCounts
                    showZero
                    summary={{
                      high: e.finding_high,
                      medium: e.finding_medium,
                      low: e.finding_low,
                      info: e.finding_info,
                      log: e.finding_log,
                    }}
                  />
                </div>
                <div>
                  <Heading level={2}>By status</Heading>
                  <StatusCounts
                    showZero
                    summary={{
                      active: e.finding_active,
                      fixing: e.finding_fixing,
                      mitigated: e.finding_mitigated,
                      tolerated: e.finding_tolerated,
                      false_positive: e.finding_false_positive,
                    }}
                  />
                </div>
              </div>
            </Stack>
          ) : (
            <Skeleton />
          )}
        </Card>

        <Stack space="medium">
          <Heading level={2}>Findings</Heading>
          <FindingsToolbar
            searchText={searchText}
            onSearchTextChange={setSearchText}
            onSearchSubmit={setSearch}
            searchPlaceholder="Name, CVE, CWE…"
            searchRef={searchRef}
            activeFilterCount={status ? 1 : 0}
          >
            <Select
              label="Status"
              items={statusFilterItems}
              selectedKey={status ?? "all"}
              onSelectionChange={(key) => update({ filters: { status: key === "all" ? null : String(key) } })}
            />
          </FindingsToolbar>
          <FindingsSection
            label="Findings"
            filter={findingsFilter}
            columns={endpointFindingColumns}
            searchRef={searchRef}
            drawer={{
              findingId,
              locatorOf: (finding) => findingLocators.network({ configId: id, scanId, endpointId, findingId: finding }),
              open,
              close,
            }}
            empty={
              params.search || status
                ? { title: "No findings match the search or filter." }
                : { title: scanResultsEmptyMessage(endpoint.data?.status, "No findings on this endpoint.") }
            }
          />
        </Stack>

        <Stack as="section" space="medium" aria-labelledby="endpoint-services-heading">
          <Heading level={2} id="endpoint-services-heading">
            Services
          </Heading>
          <PagedTable
            aria-labelledby="endpoint-services-heading"
            columns={serviceColumns}
            page={services.data}
            isLoading={services.isPending}
            error={services.isError ? loadErrorMessage(services.error, "the services") : null}
            onRetry={() => void services.refetch()}
            emptyMessage="No open services were found on this endpoint."
          />
        </Stack>
      </Stack>
    </Page>
  );
}

/** The admin twin (`…/company/{company_id}/scan/…`): this screen, for the configuration's own company only. */
export const NetworkVaScanEndpointTwin = guardTwin(NetworkVaScanEndpointScreen, networkConfigTwin);
