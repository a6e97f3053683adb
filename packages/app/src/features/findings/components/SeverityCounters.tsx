import { Badge, Button, formatBalance, Link, Skeleton, severityTones } from "@sentinel/ui";
import { type FindingsView, findingsHref } from "../../../shared/findings/findingsHref.ts";
import { useSeverityCounts } from "../api/findings.ts";
import { countersFilter } from "../findingsUrl.ts";
import * as styles from "./findings.css.ts";

export interface SeverityCountersProps {
  view: FindingsView;
}

/**
 * Findings per severity for the current filters: open ones (ACTIVE, FIXING) unless the filters
 * name statuses, in which case those. Each count links to the view narrowed to that severity.
 */
export function SeverityCounters({ view }: SeverityCountersProps) {
  const { filter, heading } = countersFilter(view);
  const { counts, isError, refetch } = useSeverityCounts(filter);
  return (
    <section aria-labelledby="findings-counters" className={styles.toolbar}>
      <h2 id="findings-counters" className={styles.countersHeading}>
        {heading}
      </h2>
      {isError ? (
        <p role="alert" className={styles.countersHeading}>
          Couldn't load the counts.{" "}
          <Button variant="ghost" size="small" onPress={refetch}>
            Retry
          </Button>
        </p>
      ) : null}
      <ul className={styles.counters} aria-labelledby="findings-counters">
        {counts.map(({ severity, count, isPending }) => (
          <li key={severity}>
            {isPending ? (
              <Skeleton width="5rem" />
            ) : count === undefined ? null : (
              <Link
                href={findingsHref({ ...view, severity: [severity] })}
                aria-label={`${formatBalance(count)} ${severityTones[severity].label}`}
              >
                <Badge
                  tone={severityTones[severity].tone}
                  label={`${formatBalance(count)} ${severityTones[severity].label}`}
                />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
