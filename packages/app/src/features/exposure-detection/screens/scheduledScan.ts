import { formatDateTime } from "@sentinel/ui";

/**
 * A scheduled time already past has not run (the scheduler starts a scan at its time), so it says
 * so instead of reading as upcoming (issue 28).
 */
export function scheduledScanText(value: string | null, nowMs: number): string {
  if (!value) return "Not scheduled";
  const overdue = Date.parse(value) < nowMs;
  return overdue ? `Overdue since ${formatDateTime(value)}` : formatDateTime(value);
}
