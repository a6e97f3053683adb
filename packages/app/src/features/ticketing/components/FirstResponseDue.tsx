import type { Ticket } from "@sentinel/api-client";
import { Badge, formatDateTime, formatRelativeDuration } from "@sentinel/ui";
import { useNow } from "../../../lib/NowContext.tsx";
import * as styles from "./ticketing.css.ts";

/**
 * The first-response deadline with a live countdown while the ticket still waits for its first
 * answer (UNREAD). Once staff have picked it up the deadline is history, so only the time shows.
 */
export function FirstResponseDue({ ticket }: { ticket: Pick<Ticket, "first_response_due" | "status"> }) {
  const now = useNow();
  const due = ticket.first_response_due;
  if (!due) return <span>—</span>;
  const dueAt = Date.parse(due);
  const waiting = ticket.status === "UNREAD" && !Number.isNaN(dueAt);
  const isOverdue = waiting && dueAt <= now;
  // "in 42 min" reads as "Due in 42 min"; past deadlines already read "2 h overdue".
  const relative = formatRelativeDuration(due, now);
  const label = isOverdue ? relative : relative === "due now" ? "Due now" : `Due ${relative}`;
  return (
    <span className={styles.due}>
      <time dateTime={due}>{formatDateTime(due)}</time>
      {waiting ? <Badge tone={isOverdue ? "critical" : "caution"} label={label} /> : null}
    </span>
  );
}
