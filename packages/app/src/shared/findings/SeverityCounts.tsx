import type { FindingStatusSummary, SeveritySummary } from "@sentinel/api-client";
import { Badge, findingStatusTones, formatNumber, Inline, severityTones } from "@sentinel/ui";
import * as styles from "./FindingDetail.css.ts";

const severityKeys = [
  ["high", "HIGH"],
  ["medium", "MEDIUM"],
  ["low", "LOW"],
  ["info", "INFO"],
  ["log", "LOG"],
] as const;

const statusKeys = [
  ["active", "ACTIVE"],
  ["fixing", "FIXING"],
  ["mitigated", "MITIGATED"],
  ["tolerated", "TOLERATED"],
  ["false_positive", "FALSE_POSITIVE"],
] as const;

export interface SeverityCountsProps {
  summary: SeveritySummary;
  /**
   * Lists severities with no findings too (headers and overviews); a table cell shows only the non-zero ones.
   * @default false
   */
  showZero?: boolean;
  /**
   * What shows when there is nothing to count: a scan that has not run yet says so rather than "No findings".
   * @default "No findings"
   */
  emptyLabel?: string;
}

/** Finding counts per severity as toned badges ("2 High"), e.g. a scan's `severity` or `total_severity`. */
export function SeverityCounts({ summary, showZero = false, emptyLabel = "No findings" }: SeverityCountsProps) {
  const entries = severityKeys.filter(([key]) => showZero || summary[key] > 0);
  if (entries.length === 0) return <span className={styles.missing}>{emptyLabel}</span>;
  return (
    <Inline as="span" space="small" alignY="center">
      {entries.map(([key, severity]) => (
        <Badge
          key={key}
          tone={severityTones[severity].tone}
          label={`${formatNumber(summary[key])} ${severityTones[severity].label}`}
        />
      ))}
    </Inline>
  );
}

export interface StatusCountsProps {
  summary: FindingStatusSummary;
  /** @default false */
  showZero?: boolean;
  /**
   * What shows when there is nothing to count, as for SeverityCounts.
   * @default "No findings"
   */
  emptyLabel?: string;
}

/** Finding counts per status as toned badges ("3 Fixing"). */
export function StatusCounts({ summary, showZero = false, emptyLabel = "No findings" }: StatusCountsProps) {
  const entries = statusKeys.filter(([key]) => showZero || summary[key] > 0);
  if (entries.length === 0) return <span className={styles.missing}>{emptyLabel}</span>;
  return (
    <Inline as="span" space="small" alignY="center">
      {entries.map(([key, status]) => (
        <Badge
          key={key}
          tone={findingStatusTones[status].tone}
          label={`${formatNumber(summary[key])} ${findingStatusTones[status].label}`}
        />
      ))}
    </Inline>
  );
}
