// Compile-time checks only (run by `tsc`): statuses are tied to their kind.
import { StatusBadge } from "./StatusBadge.tsx";

export const typeChecks = [
  <StatusBadge key="ok" kind="payment" status="UNPAID" />,
  <StatusBadge key="ok2" kind="configuration" status="ON_PROGRESS" />,
  // @ts-expect-error UNPAID is a payment status, not a scan status.
  <StatusBadge key="bad" kind="scan" status="UNPAID" />,
  // @ts-expect-error statuses are spelled as the API spells them.
  <StatusBadge key="case" kind="ticket" status="closed" />,
];
