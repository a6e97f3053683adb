import type { FindingArea, FindingChange, FindingStatus, Severity } from "@sentinel/api-client";
import { type FindingsFilter, type FindingsOrdering, sortableFindingColumns } from "../../shared/findings/api/types.ts";
import {
  type FindingsView,
  findingAreas,
  findingChanges,
  findingsParamNames,
  findingsSearchParams,
  isAssigneeFilter,
  openFindingStatuses,
} from "../../shared/findings/findingsHref.ts";
import { findingStatuses, severities } from "../../shared/findings/labels.ts";
import { type FindingColumnId, findingColumnIds } from "../../shared/findings/section/types.ts";

export type { FindingsView };
export { findingsSearchParams };

export interface ParseOptions {
  /** Staff may scope to one company; a client's `company` is ignored (the API scopes them anyway). */
  staff: boolean;
  /** The search field's cap (`searchMaxLength` of `@sentinel/ui`, passed in so this stays free of the kit's styles). */
  searchMaxLength: number;
}

function pick<T extends string>(allowed: readonly T[], values: readonly string[]): T[] | undefined {
  const kept = allowed.filter((value) => values.includes(value));
  return kept.length > 0 ? kept : undefined;
}

function positiveId(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 ? id : undefined;
}

export function isFindingsOrdering(value: string | null): value is FindingsOrdering {
  if (!value) return false;
  const key = value.startsWith("-") ? value.slice(1) : value;
  return (sortableFindingColumns as readonly string[]).includes(key);
}

/** `cols=severity,name`: known columns, each once, in the grid's order; none known means the defaults. */
export function parseColumns(raw: string | null): FindingColumnId[] | undefined {
  if (!raw) return undefined;
  return pick(findingColumnIds, raw.split(","));
}

/**
 * The view a /findings URL describes. Anything invalid (an unknown severity, a company that is not
 * an id, a column that does not exist) is dropped, never an error: old and hand-edited links still open.
 */
export function parseFindingsView(params: URLSearchParams, { staff, searchMaxLength }: ParseOptions): FindingsView {
  const view: FindingsView = {};
  const area = pick<FindingArea>(findingAreas, params.getAll("area"));
  if (area) view.area = area;
  const severity = pick<Severity>(severities, params.getAll("severity"));
  if (severity) view.severity = severity;
  const status = pick<FindingStatus>(findingStatuses, params.getAll("status"));
  if (status) view.status = status;
  const change = pick<FindingChange>(findingChanges, params.getAll("change"));
  if (change) view.change = change;
  const company = staff ? positiveId(params.get("company")) : undefined;
  if (company !== undefined) view.company = company;
  const product = positiveId(params.get("product"));
  if (product !== undefined) view.product = product;
  const search = params.get("search")?.trim().slice(0, searchMaxLength);
  if (search) view.search = search;
  const assignee = params.get("assignee");
  if (isAssigneeFilter(assignee)) view.assignee = assignee;
  if (params.get("overdue") === "true") view.overdue = true;
  const ordering = params.get("ordering");
  if (isFindingsOrdering(ordering)) view.ordering = ordering;
  const columns = parseColumns(params.get("cols"));
  if (columns) view.columns = columns;
  return view;
}

/**
 * The URL after a change to the view: the view's own parameters rewritten canonically, any other
 * parameter (the open finding's `finding=`) kept.
 */
export function nextFindingsParams(current: URLSearchParams, view: FindingsView): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of current) {
    if (!(findingsParamNames as readonly string[]).includes(key)) next.append(key, value);
  }
  for (const [key, value] of findingsSearchParams(view)) next.append(key, value);
  return next;
}

/** The filter the section and the counters query with: the view without its sort and columns. */
export function filterOf(view: FindingsView): FindingsFilter {
  const filter: FindingsFilter = {};
  if (view.area) filter.area = [...view.area];
  if (view.severity) filter.severity = [...view.severity];
  if (view.status) filter.status = [...view.status];
  if (view.change) filter.change = [...view.change];
  if (view.company !== undefined) filter.company = view.company;
  if (view.product !== undefined) filter.product = view.product;
  if (view.search) filter.search = view.search;
  if (view.assignee) filter.assignee = view.assignee;
  if (view.overdue) filter.overdue = true;
  return filter;
}

/** How many filters besides the search narrow the list (the phone layout's folded "Filters (n)"). */
export function activeFilterCount(view: FindingsView): number {
  const { search: _shownInItsField, ...filters } = filterOf(view);
  return Object.keys(filters).length;
}

/** Whether the view narrows the list at all (the "Clear filters" action and the empty message read it). */
export function hasFilters(view: FindingsView): boolean {
  return Object.keys(filterOf(view)).length > 0;
}

/**
 * What the severity counters count: the current filters with each severity in turn, and open
 * findings (ACTIVE, FIXING) unless the filters name statuses, which then win (the user said which
 * statuses they care about).
 */
export function countersFilter(view: FindingsView): { filter: FindingsFilter; heading: string } {
  const { severity: _bySeverity, ...filter } = filterOf(view);
  if (filter.status) return { filter, heading: "Findings by severity" };
  return { filter: { ...filter, status: [...openFindingStatuses] }, heading: "Open findings by severity" };
}
