import { Skeleton } from "@sentinel/ui";
import { lazy, Suspense } from "react";
import type { SeverityOverviewProps, StatusOverviewProps } from "./FindingOverviewCharts.tsx";
import * as styles from "./FindingOverviews.css.ts";

export type { SeverityOverviewProps, StatusOverviewProps } from "./FindingOverviewCharts.tsx";

// The charting library is by far the largest part of a page with finding overviews, and nothing
// else on the page needs it: the overviews load it on demand, behind a placeholder of the chart's
// loading footprint, so tables and details render without waiting for it.
/** Loads the overviews' charts; stories call it first, so a picture never catches the placeholder. */
export const loadOverviewCharts = () => import("./FindingOverviewCharts.tsx");
const LazySeverityOverview = lazy(async () => ({ default: (await loadOverviewCharts()).SeverityOverview }));
const LazyStatusOverview = lazy(async () => ({ default: (await loadOverviewCharts()).StatusOverview }));

/** Same size and look as a chart in its loading state, named like the chart it stands for. */
function ChartPlaceholder({ title }: { title: string }) {
  return (
    <figure className={styles.placeholder} aria-busy="true" aria-label={title}>
      <div className={styles.placeholderPlot}>
        <Skeleton variant="block" height="280px" />
      </div>
    </figure>
  );
}

/** Findings per severity as a bar chart, with the chart's table as its text alternative. */
export function SeverityOverview(props: SeverityOverviewProps) {
  return (
    <Suspense fallback={<ChartPlaceholder title={props.title ?? "Severity overview"} />}>
      <LazySeverityOverview {...props} />
    </Suspense>
  );
}

/** Findings per status as a donut, with the chart's table as its text alternative. */
export function StatusOverview(props: StatusOverviewProps) {
  return (
    <Suspense fallback={<ChartPlaceholder title={props.title ?? "Status overview"} />}>
      <LazyStatusOverview {...props} />
    </Suspense>
  );
}
