import type { FindingStatus, FindingStatusSummary, Severity, SeveritySummary } from "@sentinel/api-client";
import { findingStatuses, findingStatusTones, severities, severityTones } from "@sentinel/ui";
import { BarChart, DonutChart } from "@sentinel/ui/charts";

// The charts behind FindingOverviews.tsx, which loads this module (and the charting library)
// on demand. Import the overviews from there (or the findings index), not from here.

// Each part is painted in its badge's tone, read from the same table the badges use.
const severityFields = {
  HIGH: "high",
  MEDIUM: "medium",
  LOW: "low",
  INFO: "info",
  LOG: "log",
} as const satisfies Record<Severity, keyof SeveritySummary>;

const statusFields = {
  ACTIVE: "active",
  FIXING: "fixing",
  MITIGATED: "mitigated",
  TOLERATED: "tolerated",
  FALSE_POSITIVE: "false_positive",
} as const satisfies Record<FindingStatus, keyof FindingStatusSummary>;

export interface SeverityOverviewProps {
  summary: SeveritySummary | undefined;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** @default "Severity overview" */
  title?: string;
  /**
   * What shows when there is no finding to draw (a scan that has not run yet says so).
   * @default "No findings in this scan."
   */
  emptyMessage?: string;
}

/** Findings per severity as a bar chart, with the chart's table as its text alternative. */
export function SeverityOverview({
  summary,
  isLoading,
  error,
  onRetry,
  title = "Severity overview",
  emptyMessage = "No findings in this scan.",
}: SeverityOverviewProps) {
  const data: Array<{ severity: string; findings: number }> = summary
    ? severities.map((severity) => ({
        severity: severityTones[severity].label,
        findings: summary[severityFields[severity]],
      }))
    : [];
  // Five bars of nothing say less than the empty message, and read as a result for a scan not run yet.
  const total = data.reduce((sum, d) => sum + d.findings, 0);
  return (
    <BarChart
      title={title}
      data={total > 0 ? data : []}
      xKey="severity"
      xLabel="Severity"
      series={[{ key: "findings", label: "Findings" }]}
      categoryColors={severities.map((severity) => severityTones[severity].tone)}
      allowDecimals={false}
      isLoading={isLoading ?? false}
      error={error ?? null}
      {...(onRetry ? { onRetry } : {})}
      emptyMessage={emptyMessage}
    />
  );
}

export interface StatusOverviewProps {
  summary: FindingStatusSummary | undefined;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** @default "Status overview" */
  title?: string;
  /** @default "No findings in this scan." */
  emptyMessage?: string;
}

/** Findings per status as a donut, with the chart's table as its text alternative. */
export function StatusOverview({
  summary,
  isLoading,
  error,
  onRetry,
  title = "Status overview",
  emptyMessage = "No findings in this scan.",
}: StatusOverviewProps) {
  const data: Array<{ status: string; findings: number }> = summary
    ? findingStatuses.map((status) => ({
        status: findingStatusTones[status].label,
        findings: summary[statusFields[status]],
      }))
    : [];
  const total = data.reduce((sum, d) => sum + d.findings, 0);
  return (
    <DonutChart
      title={title}
      data={summary && total > 0 ? data : []}
      labelKey="status"
      valueKey="findings"
      labelHeader="Status"
      valueHeader="Findings"
      colors={findingStatuses.map((status) => findingStatusTones[status].tone)}
      centerLabel="Findings"
      isLoading={isLoading ?? false}
      error={error ?? null}
      {...(onRetry ? { onRetry } : {})}
      emptyMessage={emptyMessage}
    />
  );
}
