import type { ExposureDomain, ExposureHost } from "@sentinel/api-client";
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  Skeleton,
  Stack,
  Switch,
} from "@sentinel/ui";
import { createDataGridColumnHelper, DataGrid } from "@sentinel/ui/table";
import { type ReactNode, useMemo } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { siblingsCrumb } from "../../../lib/siblingsCrumb.ts";
import { useExposureConfiguration, useExposureScans } from "../api/exposure.ts";
import { useAllDomainsOfScan, useAllHostsOfScan } from "../api/review.ts";
import { Country, DomainList, HostName, ServiceList } from "../components/HostCells.tsx";
import { domainTypeLabel, hostChanges, newDomains, previousScan } from "../model/scanComparison.ts";
import * as styles from "./exposure.css.ts";

const hostHelper = createDataGridColumnHelper<ExposureHost>();
const hostColumns = hostHelper.columns([
  hostHelper.accessor("name", {
    header: "Endpoint",
    meta: { isRowHeader: true, width: "2fr" },
    cell: (info) => <HostName name={info.getValue()} isNew={info.row.original.is_new} />,
  }),
  hostHelper.accessor((row) => row.country ?? "", {
    id: "country",
    header: "Country",
    cell: (info) => <Country country={info.row.original.country} code={info.row.original.country_code} />,
  }),
  hostHelper.accessor("service_count", {
    header: "Services",
    meta: { align: "end" },
    cell: (info) => formatNumber(info.getValue()),
  }),
  hostHelper.accessor((row) => row.services.length, {
    id: "ports",
    header: "Ports",
    enableSorting: false,
    meta: { width: "2fr" },
    cell: (info) => <ServiceList services={info.row.original.services} />,
  }),
  hostHelper.accessor((row) => row.domains.length, {
    id: "domains",
    header: "Domains",
    enableSorting: false,
    meta: { width: "3fr" },
    cell: (info) => <DomainList domains={info.row.original.domains} />,
  }),
]);

type DomainRow = ExposureDomain & { isNew: boolean };
const domainHelper = createDataGridColumnHelper<DomainRow>();
const domainColumns = domainHelper.columns([
  domainHelper.accessor("name", {
    header: "Domain",
    meta: { isRowHeader: true, width: "3fr" },
    cell: (info) => <HostName name={info.getValue()} isNew={info.row.original.isNew} />,
  }),
  domainHelper.accessor("domain_type", {
    header: "Type",
    cell: (info) => (
      <Badge tone={info.getValue() === "DOMAIN" ? "brand" : "neutral"} label={domainTypeLabel[info.getValue()]} />
    ),
  }),
]);

const gridHeight = (rows: number) => Math.min(440, 40 * (rows + 1) + 2);

/** The link into the threat-inspection purchase, prefilled with this target (its `?purchase=new&target=`). */
/** How many of the target's other scans the review crumb offers. */
const siblingCrumbSize = 10;

const purchaseHref = (targetId: number) => `${paths.threat_inspection.getHref()}?purchase=new&target=${targetId}`;

/**
 * `/exposure-detection/{id}/target-overview/{target_id}/review-endpoint/{group_id}`.
 * A "group" is the set of endpoints one exposure scan discovered, so `group_id` is that scan's id:
 * it is what the threat-inspection purchase offers (`endpoint-select/{exposure_scan_id}`), and
 * comparing it with the scan before shows what is new.
 */
export function ExposureDetectionReviewEndpointScreen() {
  const params = useParams();
  const id = Number(params.id);
  const targetId = Number(params.target_id);
  const scanId = Number(params.group_id);
  const { user } = useRole();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const onlyNew = searchParams.get("only_new") === "1";

  const config = useExposureConfiguration(id);
  const scans = useExposureScans(id);
  const scan = scans.data?.results.find((s) => s.id === scanId);
  const previous = scans.data ? previousScan(scans.data.results, scanId) : undefined;
  const hosts = useAllHostsOfScan(id, scanId);
  const previousHosts = useAllHostsOfScan(id, previous?.id);
  const domains = useAllDomainsOfScan(id, scanId);
  const previousDomains = useAllDomainsOfScan(id, previous?.id);

  const targetName = config.data?.target.name ?? `#${targetId}`;
  // The target's other scans that ran (each a group of endpoints to review), newest first, fill the
  // review crumb's dropdown: the page's siblings. A scan that never started has nothing to review.
  const siblings = (scans.data?.results ?? [])
    .filter((s): s is typeof s & { start_scan: string } => s.id !== scanId && s.start_scan !== null)
    .sort((a, b) => b.start_scan.localeCompare(a.start_scan))
    .slice(0, siblingCrumbSize)
    .map((s) => ({
      label: `Scan of ${formatDateTime(s.start_scan)}`,
      href: paths.exposure_detection_review_endpoint.getHref({ id, target_id: targetId, group_id: s.id }),
    }));
  usePageMeta({
    title: "Review Endpoints",
    breadcrumbs: [
      { label: "Exposure Detection", href: paths.exposure_detection.getHref() },
      { label: targetName, href: paths.exposure_detection_target_overview.getHref({ id, target_id: targetId }) },
      siblingsCrumb(scan?.start_scan ? `Scan of ${formatDateTime(scan.start_scan)}` : "Review endpoints", siblings),
    ],
  });

  const comparing = previous !== undefined;
  const changes = useMemo(
    () => hostChanges(hosts.data?.results ?? [], comparing ? (previousHosts.data?.results ?? null) : null),
    [hosts.data, previousHosts.data, comparing],
  );
  const addedDomains = useMemo(
    () => newDomains(domains.data?.results ?? [], comparing ? (previousDomains.data?.results ?? null) : null),
    [domains.data, previousDomains.data, comparing],
  );
  const domainRows = useMemo<DomainRow[]>(() => {
    const fresh = new Set(addedDomains.map((d) => d.name));
    return (domains.data?.results ?? []).map((d) => ({ ...d, isNew: fresh.has(d.name) }));
  }, [domains.data, addedDomains]);
  const shownHosts = useMemo(
    () => (onlyNew ? changes.added : (hosts.data?.results ?? [])),
    [onlyNew, changes.added, hosts.data],
  );

  const queries = [config, scans, hosts, domains, previousHosts, previousDomains];
  const failed = queries.find((q) => q.isError);
  const notFound =
    config.isMissing ||
    (config.data && config.data.target.id !== targetId) ||
    (scans.isSuccess && !scan) ||
    hosts.error?.status === 404;
  const loading =
    config.isPending ||
    scans.isPending ||
    hosts.isPending ||
    domains.isPending ||
    (comparing && (previousHosts.isPending || previousDomains.isPending));
  const services = (hosts.data?.results ?? []).reduce((n, h) => n + h.service_count, 0);
  const canBuy = Boolean(user) && !isStaff(user?.role);

  let content: ReactNode;
  if (notFound) {
    content = (
      <EmptyState
        headingLevel={2}
        title="This scan was not found"
        description="It may belong to another target."
        action={<Link href={paths.exposure_detection.getHref()}>Back to exposure detection</Link>}
      />
    );
  } else if (failed) {
    content = (
      <ErrorState
        headingLevel={2}
        message="The endpoints could not be loaded."
        onRetry={() => {
          for (const q of queries) if (q.isError) q.refetch();
        }}
      />
    );
  } else if (loading || !scan) {
    content = <Skeleton variant="block" height="12rem" />;
  } else {
    content = (
      <>
        <dl className={styles.stats}>
          <Stack space="xxsmall">
            <dt className={styles.statLabel}>Endpoints</dt>
            <dd className={styles.statValue}>{formatNumber(hosts.data?.count ?? 0)}</dd>
          </Stack>
          <Stack space="xxsmall">
            <dt className={styles.statLabel}>Services</dt>
            <dd className={styles.statValue}>{formatNumber(services)}</dd>
          </Stack>
          <Stack space="xxsmall">
            <dt className={styles.statLabel}>New endpoints</dt>
            <dd className={styles.statValue}>{formatNumber(changes.added.length)}</dd>
          </Stack>
          <Stack space="xxsmall">
            <dt className={styles.statLabel}>New domains</dt>
            <dd className={styles.statValue}>{comparing ? formatNumber(addedDomains.length) : "—"}</dd>
          </Stack>
          <Stack space="xxsmall">
            <dt className={styles.statLabel}>No longer seen</dt>
            <dd className={styles.statValue}>{comparing ? formatNumber(changes.gone.length) : "—"}</dd>
          </Stack>
        </dl>

        <Stack as="section" space="small" aria-labelledby="review-new">
          <Heading level={2} id="review-new">
            New since the previous scan
          </Heading>
          <p className={styles.muted}>
            {previous
              ? `Compared with the scan of ${formatDateTime(previous.start_scan)}.`
              : "This is the first scan of the target, so there is nothing to compare with; endpoints are marked as the scan reported them."}
          </p>
          {changes.gone.length > 0 ? (
            <p className={styles.muted}>
              No longer seen: <span className={styles.inline}>{changes.gone.join(", ")}</span>
            </p>
          ) : null}
        </Stack>

        <Stack as="section" space="small" aria-labelledby="review-endpoints">
          <Inline space="medium" align="spaceBetween" alignY="center">
            <Heading level={2} id="review-endpoints">
              Endpoints and their services
            </Heading>
            <Switch
              isSelected={onlyNew}
              onChange={(value) =>
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (value) next.set("only_new", "1");
                    else next.delete("only_new");
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              Only new endpoints
            </Switch>
          </Inline>
          <DataGrid
            aria-label="Discovered endpoints"
            columns={hostColumns}
            rows={shownHosts}
            emptyMessage={onlyNew ? "No new endpoints in this scan." : "This scan found no endpoints."}
            height={gridHeight(shownHosts.length)}
          />
        </Stack>

        <Stack as="section" space="small" aria-labelledby="review-domains">
          <Heading level={2} id="review-domains">
            Domains
          </Heading>
          <DataGrid
            aria-label="Discovered domains"
            columns={domainColumns}
            rows={domainRows}
            emptyMessage="This scan found no domains."
            height={gridHeight(domainRows.length)}
          />
        </Stack>
      </>
    );
  }

  return (
    <Page
      title="Review Endpoints"
      description={
        scan ? `Endpoints found on ${targetName} by the scan of ${formatDateTime(scan.start_scan)}.` : undefined
      }
      actions={
        canBuy && !notFound ? (
          <Button onPress={() => navigate(purchaseHref(targetId))}>Inspect with threat inspection</Button>
        ) : null
      }
    >
      {content}
    </Page>
  );
}
