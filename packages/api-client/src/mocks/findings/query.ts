// PLACEHOLDER until the merge: the real module is owned by fapi.
// Only what the bulk change needs: severity, status, area and company, scoped to the viewer.
import type { Db, DbFinding } from "../db-types.ts";
import type { ErrorBody, FindingStatus, Severity } from "../schema-types.ts";
import { FINDING_STATUSES, SEVERITIES } from "../schema-types.ts";
import { isStaff } from "../scope.ts";
import { template } from "../serialize.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";

type DbArea = DbFinding["area"];
type FindingChange = "NEW" | "UNCHANGED" | "REOPENED";

export interface FindingQuery {
  area?: DbArea[];
  severity?: Severity[];
  status?: FindingStatus[];
  change?: FindingChange[];
  company?: number;
  product?: number;
  scan?: number;
  search?: string;
  first_seen_after?: string;
  first_seen_before?: string;
  last_seen_after?: string;
  last_seen_before?: string;
  ordering?: string;
}

const AREAS: Record<string, DbArea> = {
  NETWORK: "network",
  WEB_APPLICATION: "web",
  SOURCE_CODE: "sourcecode",
  THREAT_INSPECTION: "threat",
};

function list(input: URLSearchParams | Record<string, unknown>, key: string): unknown[] {
  if (input instanceof URLSearchParams) return input.getAll(key);
  const value = input[key];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function parseFindingQuery(input: URLSearchParams | Record<string, unknown>): FindingQuery | ErrorReply {
  const errors: ErrorBody = {};
  const query: FindingQuery = {};
  const bad = (key: string, value: unknown) => {
    errors[key] = [`Select a valid choice. ${String(value)} is not one of the available choices.`];
  };
  const areas = list(input, "area");
  for (const a of areas) if (typeof a !== "string" || !(a in AREAS)) bad("area", a);
  if (areas.length) query.area = areas.map((a) => AREAS[String(a)] as DbArea);
  const severities = list(input, "severity");
  for (const s of severities) if (!SEVERITIES.includes(s as Severity)) bad("severity", s);
  if (severities.length) query.severity = severities as Severity[];
  const statuses = list(input, "status");
  for (const s of statuses) if (!FINDING_STATUSES.includes(s as FindingStatus)) bad("status", s);
  if (statuses.length) query.status = statuses as FindingStatus[];
  const company = list(input, "company")[0];
  if (company !== undefined && company !== "") {
    const n = Number(company);
    if (!Number.isInteger(n) || n < 1) errors.company = ["Enter a whole number."];
    else query.company = n;
  }
  return Object.keys(errors).length ? reply.badRequest(errors) : query;
}

export function selectFindings(db: Db, viewer: Viewer, query: FindingQuery): DbFinding[] {
  const own = isStaff(viewer.user) ? null : (viewer.user.company_id ?? -1);
  return db.findings.filter(
    (f) =>
      (own === null || f.company_id === own) &&
      (query.company === undefined || f.company_id === query.company) &&
      (!query.area || query.area.includes(f.area)) &&
      (!query.status || query.status.includes(f.status)) &&
      (!query.severity || query.severity.includes(template(f).severity)),
  );
}
