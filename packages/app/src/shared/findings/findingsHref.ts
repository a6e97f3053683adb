import type { FindingArea, FindingChange, FindingStatus, Severity } from "@sentinel/api-client";
import { paths } from "../../config/paths.ts";
import type { FindingsOrdering } from "./api/types.ts";
import { findingStatuses, severities } from "./labels.ts";
import { type FindingColumnId, findingColumnIds } from "./section/types.ts";

export const findingAreas = [
  "NETWORK",
  "WEB_APPLICATION",
  "SOURCE_CODE",
  "THREAT_INSPECTION",
] as const satisfies readonly FindingArea[];
export const findingChanges = ["NEW", "REOPENED", "UNCHANGED"] as const satisfies readonly FindingChange[];

/** Statuses that still need work: what "open findings" counts (dashboards and the page's counters). */
export const openFindingStatuses = ["ACTIVE", "FIXING"] as const satisfies readonly FindingStatus[];

/** Everything a /findings URL holds: the filters, the sort and the column set. */
export interface FindingsView {
  area?: readonly FindingArea[];
  severity?: readonly Severity[];
  status?: readonly FindingStatus[];
  change?: readonly FindingChange[];
  company?: number;
  product?: number;
  search?: string;
  /** A user id, `unassigned` or `me` (the index's `assignee`). */
  assignee?: string;
  /** Only open findings past their due date. */
  overdue?: true;
  /** Absent: the index's default (`-severity`). */
  ordering?: FindingsOrdering;
  /** Absent: the default columns for the viewer's role. */
  columns?: readonly FindingColumnId[];
}

/** The URL's parameter names, in the order a canonical URL writes them. */
export const findingsParamNames = [
  "area",
  "severity",
  "status",
  "change",
  "company",
  "product",
  "search",
  "assignee",
  "overdue",
  "ordering",
  "cols",
] as const;

/** What the index's `assignee` accepts: a user id, `unassigned` or `me`. */
export const isAssigneeFilter = (value: string | null | undefined): value is string =>
  typeof value === "string" && /^([1-9]\d{0,9}|unassigned|me)$/.test(value);

/** `values` in the order of `order`, each once: two views with the same filters give the same URL. */
function canonical<T extends string>(order: readonly T[], values: readonly T[] | undefined): T[] {
  if (!values) return [];
  return order.filter((value) => values.includes(value));
}

/**
 * The view as search parameters, canonical: a fixed parameter order, multi-values repeated in the
 * API's enum order, each once, and defaults left out, so equal views give equal links.
 */
export function findingsSearchParams(view: FindingsView): URLSearchParams {
  const params = new URLSearchParams();
  for (const area of canonical(findingAreas, view.area)) params.append("area", area);
  for (const severity of canonical(severities, view.severity)) params.append("severity", severity);
  for (const status of canonical(findingStatuses, view.status)) params.append("status", status);
  for (const change of canonical(findingChanges, view.change)) params.append("change", change);
  if (view.company !== undefined) params.set("company", String(view.company));
  if (view.product !== undefined) params.set("product", String(view.product));
  const search = view.search?.trim();
  if (search) params.set("search", search);
  if (isAssigneeFilter(view.assignee)) params.set("assignee", view.assignee);
  if (view.overdue) params.set("overdue", "true");
  if (view.ordering && view.ordering !== "-severity") params.set("ordering", view.ordering);
  // Columns keep the user's set but in the grid's order, so the same set gives the same link.
  const columns = canonical(findingColumnIds, view.columns);
  if (columns.length > 0) params.set("cols", columns.join(","));
  return params;
}

/** A link to the findings workspace showing `view`, e.g. `/findings?severity=HIGH&status=ACTIVE&status=FIXING`. */
export function findingsHref(view: FindingsView = {}): string {
  const query = findingsSearchParams(view).toString();
  const path = paths.findings.getHref();
  return query ? `${path}?${query}` : path;
}
