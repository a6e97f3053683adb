import type { components } from "../../generated/schema.ts";
import { iso, now } from "../clock.ts";
import { newId } from "../db.ts";
import type { Db, DbFinding, DbFindingAssignChange, DbFindingBatch } from "../db-types.ts";
import { byId } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import type { ErrorBody } from "../schema-types.ts";
import { SEVERITIES } from "../schema-types.ts";
import { canSee, isStaff } from "../scope.ts";
import { fullName } from "../serialize.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";
import { REQUIRED } from "../validate.ts";
import type { BatchResult } from "./batches.ts";
import { parseFindingQuery, selectFindings } from "./query.ts";
import { type SlaDays, slaOf } from "./sla.ts";

type S = components["schemas"];

/**
 * Assignees and the per-company SLA (issue 28), in the server's words
 * (packages/server/src/areas/findings/ownership.ts; docs/decisions.md, "Finding ownership (issue 28)").
 */
export const NOT_ASSIGNABLE = "Choose a member of the finding's company or a Sentinel analyst.";
export const SLA_ADMINS_ONLY = "Only the company's admins can change its SLA.";
const MAX_SLA_DAYS = 3650;

/** Active members of the company and active staff. */
export function assignable(db: Db, companyId: number, userId: number): boolean {
  const u = byId(db.users, userId);
  return Boolean(u && u.is_active !== false && (isStaff(u) || u.company_id === companyId));
}

export function assigneeCandidates(db: Db, companyId: number): S["UserSummary"][] {
  return db.users
    .filter((u) => assignable(db, companyId, u.id))
    .map((u) => ({ id: u.id, email: u.email, fullname: fullName(u) }))
    .sort((a, b) => {
      const x = a.fullname.toLowerCase();
      const y = b.fullname.toLowerCase();
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
}

function assigneeOf(body: Record<string, unknown> | null): number | null | ErrorReply {
  if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
  const v = body.assignee;
  if (v === undefined) return reply.field("assignee", REQUIRED);
  if (v === null) return null;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
    return reply.field("assignee", "A valid integer is required.");
  return v;
}

/** `PUT /findings/{id}/assignee/`. */
export function assignFinding(
  db: Db,
  viewer: Viewer,
  id: number,
  body: Record<string, unknown> | null,
): DbFinding | ErrorReply {
  const f = db.findings.find((x) => x.id === id);
  if (!f || !canSee(viewer, f.company_id)) return reply.notFound();
  const refused = memberRefusal(viewer, "triage");
  if (refused) return refused;
  const assignee = assigneeOf(body);
  if (assignee instanceof Response) return assignee;
  if (assignee !== null && !assignable(db, f.company_id, assignee)) return reply.field("assignee", NOT_ASSIGNABLE);
  f.assignee_id = assignee;
  return f;
}

/** `POST /findings/bulk-assign/`: every check first, then every write, as one batch. */
export function bulkAssign(db: Db, viewer: Viewer, body: Record<string, unknown> | null): BatchResult | ErrorReply {
  const refused = memberRefusal(viewer, "triage");
  if (refused) return refused;
  const assignee = assigneeOf(body);
  if (assignee instanceof Response) return assignee;
  const b = body as Record<string, unknown>;
  const hasIds = b.ids !== undefined && b.ids !== null;
  const hasFilter = b.filter !== undefined && b.filter !== null;
  if (hasIds === hasFilter) {
    return reply.nonField(hasIds ? "Send either ids or filter, not both." : "Send the findings as ids or as a filter.");
  }
  let findings: DbFinding[];
  if (hasIds) {
    const errors: ErrorBody = {};
    if (b.exclude_ids !== undefined) errors.exclude_ids = ["Only with a filter."];
    if (b.expected_count !== undefined && b.expected_count !== null) errors.expected_count = ["Only with a filter."];
    if (Object.keys(errors).length) return reply.badRequest(errors);
    const ids = b.ids as number[];
    const index = new Map(db.findings.map((f) => [f.id, f]));
    findings = [];
    for (const id of ids) {
      const f = index.get(id);
      if (!f || !canSee(viewer, f.company_id)) return reply.field("ids", `Invalid pk "${id}" - object does not exist.`);
      findings.push(f);
    }
  } else {
    if (b.expected_count === undefined || b.expected_count === null) return reply.field("expected_count", REQUIRED);
    const query = parseFindingQuery(b.filter as Record<string, unknown>);
    if (query instanceof Response) return query;
    const excluded = new Set(Array.isArray(b.exclude_ids) ? (b.exclude_ids as number[]) : []);
    findings = selectFindings(db, viewer, query).filter((f) => !excluded.has(f.id));
    if (findings.length !== b.expected_count) {
      return reply.error(409, {
        detail: `The filter now matches ${findings.length} findings, not ${b.expected_count}. Nothing was changed; review the selection.`,
        code: "count_changed",
        current_count: findings.length,
        expected_count: b.expected_count as number,
      } as unknown as ErrorBody);
    }
  }
  if (assignee !== null && findings.some((f) => !assignable(db, f.company_id, assignee))) {
    return reply.field("assignee", NOT_ASSIGNABLE);
  }
  const changed = findings.filter((f) => (f.assignee_id ?? null) !== assignee);
  const batch = recordBatch(db, viewer, changed, () => assignee, null, viewer.user.company_id);
  return {
    batch_id: batch.id,
    updated: changed.length,
    unchanged: findings.length - changed.length,
    conflicts: [],
    undoes: null,
  };
}

function recordBatch(
  db: Db,
  viewer: Viewer,
  findings: readonly DbFinding[],
  to: (f: DbFinding) => number | null,
  undoes: number | null,
  fallbackCompany: number | null,
): DbFindingBatch {
  const assignChanges: DbFindingAssignChange[] = findings.map((f) => ({
    finding_id: f.id,
    from_assignee: f.assignee_id ?? null,
    to_assignee: to(f),
  }));
  const companies = [...new Set(findings.map((f) => f.company_id))].sort((x, y) => x - y);
  const batch: DbFindingBatch = {
    id: newId("findingBatches"),
    actor_id: viewer.user.id,
    company_ids: companies.length || fallbackCompany === null ? companies : [fallbackCompany],
    status: null,
    reason: undoes === null ? "" : `Undo of batch ${undoes}`,
    created_at: iso(now()),
    undoes,
    undone_by: null,
    changes: [],
    kind: "assignee",
    assignChanges,
  };
  // Nothing above can fail part-way: the checks are done, so the writes are plain assignments.
  for (const [i, f] of findings.entries()) f.assignee_id = assignChanges[i]?.to_assignee ?? null;
  db.findingBatches.push(batch);
  return batch;
}

/** Undo of an assignment batch (undoFindingBatch's checks done): back to each previous assignee unless it changed since. */
export function undoAssignBatch(db: Db, viewer: Viewer, batch: DbFindingBatch): BatchResult {
  const index = new Map(db.findings.map((f) => [f.id, f]));
  const restore: DbFinding[] = [];
  const from = new Map<number, number | null>();
  const conflicts: S["FindingConflict"][] = [];
  for (const c of batch.assignChanges ?? []) {
    const f = index.get(c.finding_id);
    if (!f) continue;
    if ((f.assignee_id ?? null) === c.to_assignee) {
      restore.push(f);
      from.set(f.id, c.from_assignee);
    } else {
      conflicts.push({
        id: f.id,
        reason: `Assigned to someone else since batch ${batch.id}; left as it is.`,
        current: { status: f.status, version: f.version },
      });
    }
  }
  const undo = recordBatch(db, viewer, restore, (f) => from.get(f.id) ?? null, batch.id, batch.company_ids[0] ?? null);
  if (!restore.length) undo.company_ids = [...batch.company_ids];
  batch.undone_by = undo.id;
  return { batch_id: undo.id, updated: restore.length, unchanged: 0, conflicts, undoes: batch.id };
}

// ---------------------------------------------------------------- the SLA

export function slaAnswer(db: Db, companyId: number): S["FindingSla"] {
  return { company: companyId, ...slaOf(db, companyId) };
}

/** `PUT /company/{id}/finding-sla/` after the 404 check. */
export function setSla(db: Db, viewer: Viewer, companyId: number, body: Record<string, unknown> | null) {
  if (viewer.user.role !== "SUPER_ADMIN" && viewer.user.role !== "CLIENT_ADMIN")
    return reply.forbidden(SLA_ADMINS_ONLY);
  const raw = body?.days;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return reply.field("days", REQUIRED);
  const days = {} as SlaDays;
  const errors: string[] = [];
  for (const s of SEVERITIES) {
    const v = (raw as Record<string, unknown>)[s];
    if (v === null) days[s] = null;
    else if (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_SLA_DAYS) days[s] = v;
    else errors.push(`${s}: give a whole number of days from 1 to ${MAX_SLA_DAYS}, or null for no due date.`);
  }
  if (errors.length) return reply.badRequest({ days: errors });
  db.findingSlas ??= [];
  const own = db.findingSlas.find((x) => x.id === companyId);
  if (own) own.days = days;
  else db.findingSlas.push({ id: companyId, days });
  return slaAnswer(db, companyId);
}
