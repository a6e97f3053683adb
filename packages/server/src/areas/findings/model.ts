import { FINDING_STATUS_LABEL, SEVERITY_LABEL } from "@sentinel/api-client/mocks/labels";
/** The findings area's vocabulary: the contract's enums, their labels and the index's query. */

export type Area = "network" | "threat" | "sourcecode" | "web";
export type WireArea = "NETWORK" | "WEB_APPLICATION" | "SOURCE_CODE" | "THREAT_INSPECTION";
export type Severity = "HIGH" | "MEDIUM" | "LOW" | "INFO" | "LOG";
export type FindingStatus = "ACTIVE" | "FIXING" | "MITIGATED" | "TOLERATED" | "FALSE_POSITIVE";
export type FindingChange = "NEW" | "UNCHANGED" | "REOPENED";

export const FINDING_STATUSES: readonly FindingStatus[] = [
  "ACTIVE",
  "FIXING",
  "MITIGATED",
  "TOLERATED",
  "FALSE_POSITIVE",
];

export const WIRE_AREA: Record<Area, WireArea> = {
  network: "NETWORK",
  web: "WEB_APPLICATION",
  sourcecode: "SOURCE_CODE",
  threat: "THREAT_INSPECTION",
};
export const DB_AREA: Record<WireArea, Area> = {
  NETWORK: "network",
  WEB_APPLICATION: "web",
  SOURCE_CODE: "sourcecode",
  THREAT_INSPECTION: "threat",
};
export const AREA_LABEL: Record<Area, string> = {
  network: "Network",
  web: "Web Application",
  sourcecode: "Source Code",
  threat: "Threat Inspection",
};

export const isFindingStatus = (v: unknown): v is FindingStatus =>
  typeof v === "string" && (FINDING_STATUSES as readonly string[]).includes(v);

/**
 * The statuses whose change must say why: each claims something about the risk (handled, accepted,
 * not real) that someone will ask about later. ACTIVE and FIXING only say where the work stands.
 */
export const REASON_REQUIRED: ReadonlySet<FindingStatus> = new Set(["MITIGATED", "TOLERATED", "FALSE_POSITIVE"]);

/** The findings index's filters (the index, its export and a bulk change's `filter` share them). */
export interface FindingQuery {
  area?: Area[];
  severity?: Severity[];
  status?: FindingStatus[];
  change?: FindingChange[];
  /** Resolved against the caller: a client's own company always; staff's `company` or none. */
  company: number | null;
  product?: number;
  scan?: number;
  scan_endpoint?: number;
  threat_endpoint?: number;
  search?: string;
  first_seen_after?: string;
  first_seen_before?: string;
  last_seen_after?: string;
  last_seen_before?: string;
  ordering: string;
  /** A user id, or nobody; `me` is resolved to the caller's id when read. */
  assignee?: number | "unassigned";
  overdue?: boolean;
  /** Export only: the chosen ids, and the unticked ones. */
  ids?: number[];
  excludeIds?: number[];
}

export const DEFAULT_ORDERING = "-severity";

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
const positive = (v: unknown): number | undefined => (typeof v === "number" && v >= 1 ? v : undefined);
const ints = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : typeof v === "number" ? [v] : [];

/**
 * The query from the route's validated values (URL) or a bulk change's validated `filter` (JSON):
 * both were checked against the contract, so this only reads them. Repeated values count once; an
 * empty search is no search, as django-filter does.
 */
export function readFindingQuery(
  input: Record<string, unknown>,
  companyScope: number | "all",
  callerId: number,
): FindingQuery {
  const unique = <T extends string>(values: string[]) => [...new Set(values)] as T[];
  const q: FindingQuery = {
    company: companyScope === "all" ? (positive(input.company) ?? null) : companyScope,
    ordering: typeof input.ordering === "string" && input.ordering ? input.ordering : DEFAULT_ORDERING,
  };
  const area = unique<WireArea>(strings(input.area));
  if (area.length) q.area = area.map((a) => DB_AREA[a]);
  const severity = unique<Severity>(strings(input.severity));
  if (severity.length) q.severity = severity;
  const status = unique<FindingStatus>(strings(input.status));
  if (status.length) q.status = status;
  const change = unique<FindingChange>(strings(input.change));
  if (change.length) q.change = change;
  for (const key of ["product", "scan", "scan_endpoint", "threat_endpoint"] as const) {
    const n = positive(input[key]);
    if (n !== undefined) q[key] = n;
  }
  for (const key of ["first_seen_after", "first_seen_before", "last_seen_after", "last_seen_before"] as const) {
    const v = input[key];
    if (typeof v === "string" && v) q[key] = v;
  }
  if (typeof input.search === "string" && input.search.trim()) q.search = input.search;
  const assignee = input.assignee;
  if (assignee === "unassigned") q.assignee = "unassigned";
  else if (assignee === "me") q.assignee = callerId;
  else if (typeof assignee === "string" && /^[1-9]\d*$/.test(assignee)) q.assignee = Number(assignee);
  if (input.overdue === true || input.overdue === "true") q.overdue = true;
  if (input.overdue === false || input.overdue === "false") q.overdue = false;
  const ids = ints(input.ids);
  if (ids.length) q.ids = [...new Set(ids)];
  const excluded = ints(input.exclude_ids);
  if (excluded.length) q.excludeIds = [...new Set(excluded)];
  return q;
}

export { FINDING_STATUS_LABEL, SEVERITY_LABEL };
