import type { Role } from "@sentinel/api-client";
import { isStaff } from "../../lib/roles.ts";

/** Every widget the dashboard can show, one per group of dashboard calls. */
export type DashboardWidget =
  | "assetGrowth"
  | "userGrowth"
  | "companyGrowth"
  | "creditGraph"
  | "mostUsedService"
  | "topSpendingCompanies"
  | "creditTransactionGraph"
  | "ticketOverview"
  | "latestTickets"
  | "scanSummaries"
  | "openFindings";

/**
 * Which widgets a role sees. Staff watch the whole platform: user and company growth and the
 * company ranking only make sense across companies. A client's calls are scoped to their own
 * company, where those three would be a count of one, so clients get their own assets, credits,
 * tickets and scans instead. Client admins and members see the same dashboard: the spec gives
 * members no narrower permissions, and nothing here is a management action.
 */
const staffWidgets: readonly DashboardWidget[] = [
  "assetGrowth",
  "userGrowth",
  "companyGrowth",
  "creditGraph",
  "mostUsedService",
  "topSpendingCompanies",
  "creditTransactionGraph",
  "ticketOverview",
  "latestTickets",
  "scanSummaries",
  "openFindings",
];

const clientWidgets: readonly DashboardWidget[] = [
  "assetGrowth",
  "creditGraph",
  "mostUsedService",
  "creditTransactionGraph",
  "ticketOverview",
  "latestTickets",
  "scanSummaries",
  "openFindings",
];

export function dashboardWidgetsFor(role: Role | null | undefined): ReadonlySet<DashboardWidget> {
  if (!role) return new Set();
  return new Set(isStaff(role) ? staffWidgets : clientWidgets);
}
