import type { FindingStatusSummary, SeveritySummary } from "@sentinel/api-client";
import { BarChart, DonutChart, findingStatusTones, severityTones } from "@sentinel/ui";

// The charts behind FindingOverviews.tsx, which loads this module (and the charting library)
// on demand. Import the overviews from there (or the findings index), not from here.

export interface SeverityOverviewProps {
  summary: SeveritySummary | undefined;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** @default "Severity overview" */
  title?: string;
}

/** Findings per severity as a bar chart, with the chart's table as its text alternative. */
export function SeverityOverview({
  summary,
  isLoading,
  error,
  onRetry,
  title = "Severity overview",
}: SeverityOverviewProps) {
  const data: Array<{ severity: string; findings: number }> = summary
    ? [
        { severity: severityTones.HIGH.label, findings: summary.high },
        { severity: severityTones.MEDIUM.label, findings: summary.medium },
        { severity: severityTones.LOW.label, findings: summary.low },
        { severity: severityTones.INFO.label, findings: summary.info },
        { severity: severityTones.LOG.label, findings: summary.log },
      ]
    : [];
  return (
    <BarChart
      title={title}
      data={data}
      xKey="severity"
      xLabel="Severity"
      series={[{ key: "findings", label: "Findings" }]}
      isLoading={isLoading ?? false}
      error={error ?? null}
      {...(onRetry ? { onRetry } : {})}
      emptyMessage="No findings in this scan."
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
}

/** Findings per status as a donut, with the chart's table as its text alternative. */
export function StatusOverview({ summary, isLoading, error, onRetry, title = "Status overview" }: StatusOverviewProps) {
  const data: Array<{ status: string; findings: number }> = summary
    ? [
        { status: findingStatusTones.ACTIVE.label, findings: summary.active },
        { status: findingStatusTones.FIXING.label, findings: summary.fixing },
        { status: findingStatusTones.MITIGATED.label, findings: summary.mitigated },
        { status: findingStatusTones.TOLERATED.label, findings: summary.tolerated },
        { status: findingStatusTones.FALSE_POSITIVE.label, findings: summary.false_positive },
      ]
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
      centerLabel="Findings"
      isLoading={isLoading ?? false}
      error={error ?? null}
      {...(onRetry ? { onRetry } : {})}
      emptyMessage="No findings in this scan."
    />
  );
}
