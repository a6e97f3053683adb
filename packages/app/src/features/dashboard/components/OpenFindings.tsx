import { formatBalance, Heading, Inline, Link, Stack, StatCard, severityTones } from "@sentinel/ui";
import { findingsHref, openFindingStatuses } from "../../../shared/findings/findingsHref.ts";
import { severities } from "../../../shared/findings/labels.ts";
import { useOpenFindingsCount } from "../api/dashboard.ts";
import { Tiles } from "./Tiles.tsx";

function SeverityTile({ severity }: { severity: (typeof severities)[number] }) {
  const query = useOpenFindingsCount(severity);
  const label = severityTones[severity].label;
  return (
    <li>
      <StatCard
        label={
          // The tile opens /findings with exactly this filter; the name says what the figure counts.
          <Link
            href={findingsHref({ severity: [severity], status: [...openFindingStatuses] })}
            aria-label={`Open ${label} findings`}
          >
            {label}
          </Link>
        }
        value={query.data === undefined ? undefined : formatBalance(query.data)}
        isLoading={query.isPending}
        error={query.isError ? "Couldn't load" : undefined}
        onRetry={() => void query.refetch()}
      />
    </li>
  );
}

/**
 * Open findings (ACTIVE or FIXING) per severity, each a link into /findings with that filter.
 * Staff count every company's findings, clients their own (the index scopes them).
 */
export function OpenFindings() {
  return (
    <Stack as="section" space="medium" aria-labelledby="dashboard-open-findings">
      <Inline space="small" align="spaceBetween" alignY="baseline">
        <Heading level={2} id="dashboard-open-findings">
          Open findings by severity
        </Heading>
        <Link href={findingsHref({ status: [...openFindingStatuses] })}>All open findings</Link>
      </Inline>
      <Tiles as="ul" aria-label="Open findings by severity">
        {severities.map((severity) => (
          <SeverityTile key={severity} severity={severity} />
        ))}
      </Tiles>
    </Stack>
  );
}
