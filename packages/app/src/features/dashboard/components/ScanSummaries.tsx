import type { DashboardScanSummary } from "@sentinel/api-client";
import {
  EmptyState,
  ErrorState,
  formatBalance,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  ProgressBar,
  Skeleton,
  Stack,
  StatusBadge,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  UntrustedText,
} from "@sentinel/ui";
import { useSearchParams } from "react-router";
import { paths } from "../../../config/paths.ts";
import { type ScanSummaryKind, useScanSummaries } from "../api/dashboard.ts";
import * as styles from "./dashboard.css.ts";
import { Tiles } from "./Tiles.tsx";

/** Each scan's own page: its configuration's or application's page, with the scan chosen (`?scan=`). */
const withScan = (href: string, scan: DashboardScanSummary) =>
  `${href}?${new URLSearchParams({ scan: String(scan.id) })}`;

/** One tab per scan type, and where a scan of that type is shown. */
const scanKinds: ReadonlyArray<{
  kind: ScanSummaryKind;
  label: string;
  area: string;
  scanHref: (scan: DashboardScanSummary) => string;
}> = [
  {
    kind: "exposure_detection",
    label: "Exposure Detection",
    area: "Exposure Detection",
    scanHref: (scan) =>
      scan.target_id === null
        ? paths.exposure_detection.getHref()
        : withScan(
            paths.exposure_detection_target_overview.getHref({ id: scan.parent_id, target_id: scan.target_id }),
            scan,
          ),
  },
  {
    kind: "threat_inspection",
    label: "Threat Inspection",
    area: "Threat Inspection",
    scanHref: (scan) => withScan(paths.threat_inspection_target_overview.getHref({ id: scan.parent_id }), scan),
  },
  {
    kind: "networkva",
    label: "Network",
    area: "Network VA",
    scanHref: (scan) => withScan(paths.network_va_detail.getHref({ id: scan.parent_id }), scan),
  },
  {
    kind: "web",
    label: "Web Application",
    area: "Web Application VA",
    scanHref: (scan) => withScan(paths.application_va_detail.getHref({ id: scan.parent_id }), scan),
  },
  {
    kind: "sourcecode",
    label: "Source Code",
    area: "Source Code VA",
    scanHref: (scan) => withScan(paths.source_code_va_detail.getHref({ id: scan.parent_id }), scan),
  },
];

function isScanKind(value: string | null): value is ScanSummaryKind {
  return scanKinds.some((k) => k.kind === value);
}

const maxDomains = 3;

function ScanCard({
  scan,
  area,
  href,
  showCompany,
}: {
  scan: DashboardScanSummary;
  area: string;
  href: string;
  showCompany: boolean;
}) {
  const titleId = `scan-${area.replace(/\W+/g, "-").toLowerCase()}-${scan.id}`;
  const shown = scan.domains.slice(0, maxDomains);
  const more = scan.domains.length - shown.length;
  return (
    <li>
      <article className={styles.scanCard} aria-labelledby={titleId}>
        <Inline space="xsmall" alignY="center">
          <Heading level={3} id={titleId}>
            Scan #{scan.id}
          </Heading>
          <StatusBadge kind="scan" status={scan.status} />
        </Inline>
        {showCompany ? (
          <span className={styles.meta}>
            <UntrustedText>{scan.company.name}</UntrustedText>
          </span>
        ) : null}
        <p className={styles.excerpt}>
          {shown.length ? <UntrustedText>{shown.join(", ")}</UntrustedText> : "No domains"}
          {more > 0 ? ` and ${formatNumber(more)} more` : ""}
        </p>
        <ProgressBar label="Progress" value={scan.progress} />
        <div className={styles.meta}>
          <span>
            {formatBalance(scan.total_endpoint)} {scan.total_endpoint === 1 ? "endpoint" : "endpoints"}
          </span>
          <time dateTime={scan.created_at}>{formatDateTime(scan.created_at)}</time>
        </div>
        <Link href={href} aria-label={`Open scan #${scan.id}`}>
          Open scan
        </Link>
      </article>
    </li>
  );
}

function ScanList({
  kind,
  area,
  scanHref,
  showCompany,
}: {
  kind: ScanSummaryKind;
  area: string;
  scanHref: (scan: DashboardScanSummary) => string;
  showCompany: boolean;
}) {
  const query = useScanSummaries(kind);
  if (query.isPending) return <Skeleton variant="block" height="10rem" />;
  if (query.isError) {
    return <ErrorState message={`We couldn't load the latest ${area} scans.`} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return <EmptyState title="No scans yet" description={`Scans started in ${area} will show up here.`} />;
  }
  return (
    <Tiles as="ul" aria-label={`Latest ${area} scans`}>
      {query.data.map((scan) => (
        <ScanCard key={scan.id} scan={scan} area={area} href={scanHref(scan)} showCompany={showCompany} />
      ))}
    </Tiles>
  );
}

/** The latest scans per scan type; the selected type is kept in the URL (`scan=`). */
export function ScanSummaries({ showCompany }: { showCompany: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("scan");
  const selected = isScanKind(requested) ? requested : "exposure_detection";
  return (
    <Stack as="section" space="medium" aria-labelledby="dashboard-scans">
      <Inline space="small" align="spaceBetween" alignY="baseline">
        <Heading level={2} id="dashboard-scans">
          Latest scans
        </Heading>
      </Inline>
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (key === "exposure_detection") next.delete("scan");
              else next.set("scan", String(key));
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabList aria-label="Scan type">
          {scanKinds.map((k) => (
            <Tab key={k.kind} id={k.kind}>
              {k.label}
            </Tab>
          ))}
        </TabList>
        {scanKinds.map((k) => (
          <TabPanel key={k.kind} id={k.kind}>
            <ScanList kind={k.kind} area={k.area} scanHref={k.scanHref} showCompany={showCompany} />
          </TabPanel>
        ))}
      </Tabs>
    </Stack>
  );
}
