import type { Finding } from "@sentinel/api-client";
import { Badge, formatDate } from "@sentinel/ui";
import * as styles from "./DueDate.css.ts";

export interface DueDateProps {
  finding: Pick<Finding, "due_date" | "is_overdue">;
}

/**
 * A finding's due date from its company's SLA (issue 28). Overdue says so in words beside the date,
 * so it does not rest on the badge's colour alone; no due date reads "No due date".
 */
export function DueDate({ finding }: DueDateProps) {
  if (!finding.due_date) return <span>No due date</span>;
  return (
    <span className={styles.root}>
      <span>{formatDate(finding.due_date)}</span>
      {finding.is_overdue ? <Badge tone="critical" label="Overdue" /> : null}
    </span>
  );
}
