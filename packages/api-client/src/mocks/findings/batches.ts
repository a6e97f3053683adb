import type { components } from "../../generated/schema.ts";
import { iso, now } from "../clock.ts";
import { newId } from "../db.ts";
import type { Db, DbFinding, DbFindingBatch, DbFindingBatchChange } from "../db-types.ts";
import { writeFindingStatus } from "../handlers/finding-status.ts";
import { memberRefusal } from "../memberRights.ts";
import type { ErrorBody, FindingStatus } from "../schema-types.ts";
import { FINDING_STATUS_LABEL, FINDING_STATUSES } from "../schema-types.ts";
import { canSee } from "../scope.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";
import { BLANK, choiceError, oneOf, REQUIRED } from "../validate.ts";
import { undoAssignBatch } from "./ownership.ts";
import { parseFindingQuery, selectFindings } from "./query.ts";

type S = components["schemas"];
export type BatchResult = S["FindingBatchResult"];
type Conflict = S["FindingConflict"];

/** The most findings one call may name by id (a filter has no such limit). */
export const MAX_BULK_IDS = 10_000;
const MAX_REASON = 2000;

/**
 * The statuses whose change must say why (docs/decisions.md, "Bulk status and undo (issue 16)"):
 * each claims something about the risk (it is handled, accepted, or not real) that an auditor or a
 * colleague will ask about later. ACTIVE and FIXING only say where the work stands.
 */
export const REASON_REQUIRED: ReadonlySet<FindingStatus> = new Set(["MITIGATED", "TOLERATED", "FALSE_POSITIVE"]);

export const reasonRequired = (status: FindingStatus) => REASON_REQUIRED.has(status);

/** The log message when no reason is given: the spec's own wording ('Update to fixing'). */
const defaultMessage = (status: FindingStatus) => `Update to ${FINDING_STATUS_LABEL[status].toLowerCase()}`;

type WriteHook = (index: number, finding: DbFinding) => void;
let writeHook: WriteHook | null = null;

/**
 * Called before each finding a batch writes. Tests inject a failure part-way through with it, to
 * prove a batch is all or nothing; nothing else sets it.
 */
export function setBatchWriteHook(hook: WriteHook | null): void {
  writeHook = hook;
}

const conflictOf = (f: DbFinding, reason: string): Conflict => ({
  id: f.id,
  reason,
  current: { status: f.status, version: f.version },
});

const isPositiveInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 1;

function conflictReply(body: S["FindingBulkConflict"]): ErrorReply {
  // The 409 body is its own schema (FindingBulkConflict), not ErrorBody; the helper only fixes the status.
  return reply.error(409, body as unknown as ErrorBody);
}

interface Planned {
  finding: DbFinding;
  to: FindingStatus;
}

/**
 * Applies every planned change or none. The plan was validated and computed in full beforehand; if
 * a write still fails part-way (a storage error, an injected fault), every finding touched so far is
 * put back as it was, the id counters too, and the batch is not recorded.
 */
function applyBatch(
  db: Db,
  viewer: Viewer,
  plan: readonly Planned[],
  message: string,
  record: Omit<DbFindingBatch, "id" | "changes" | "company_ids" | "actor_id" | "created_at">,
): DbFindingBatch | ErrorReply {
  const nextId = { ...db.nextId };
  const batchCount = db.findingBatches.length;
  const undo: Array<{ finding: DbFinding; status: FindingStatus; version: number; logLength: number }> = [];
  try {
    const id = newId("findingBatches");
    const changes: DbFindingBatchChange[] = [];
    plan.forEach(({ finding, to }, index) => {
      writeHook?.(index, finding);
      undo.push({ finding, status: finding.status, version: finding.version, logLength: finding.log.length });
      const from = finding.status;
      writeFindingStatus(finding, to, message, viewer.user.id, {
        batch_id: id,
        ...(record.undoes === null ? {} : { undoes: record.undoes }),
      });
      changes.push({ finding_id: finding.id, from_status: from, to_status: to, to_version: finding.version });
    });
    const batch: DbFindingBatch = {
      id,
      actor_id: viewer.user.id,
      company_ids: [...new Set(plan.map((p) => p.finding.company_id))].sort((a, b) => a - b),
      created_at: iso(now()),
      changes,
      ...record,
    };
    db.findingBatches.push(batch);
    return batch;
  } catch {
    for (const { finding, status, version, logLength } of undo.reverse()) {
      finding.status = status;
      finding.version = version;
      finding.log.length = logLength;
    }
    db.nextId = nextId;
    db.findingBatches.length = batchCount;
    return reply.error(500, { detail: "The change could not be saved. No finding was changed." });
  }
}

/** Validates a bulk request's selection fields and returns the selected findings, or the 400. */
function select(
  db: Db,
  viewer: Viewer,
  body: Record<string, unknown>,
): { findings: DbFinding[]; versions: Map<number, number> | null; expected: number | null } | ErrorReply {
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasFilter = body.filter !== undefined && body.filter !== null;
  if (hasIds === hasFilter) {
    return reply.nonField(hasIds ? "Send either ids or filter, not both." : "Send the findings as ids or as a filter.");
  }
  const errors: ErrorBody = {};
  if (hasIds) {
    const ids = body.ids;
    if (!Array.isArray(ids) || ids.length === 0) return reply.field("ids", "Send at least one finding id.");
    if (ids.length > MAX_BULK_IDS) return reply.field("ids", `Send at most ${MAX_BULK_IDS} ids; use a filter.`);
    if (!ids.every(isPositiveInt)) return reply.field("ids", "Each id must be a positive integer.");
    if (new Set(ids).size !== ids.length) return reply.field("ids", "Each id may appear once.");
    const raw = body.versions;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return reply.field("versions", REQUIRED);
    const versions = new Map<number, number>();
    const missing: number[] = [];
    for (const id of ids) {
      const v = (raw as Record<string, unknown>)[String(id)];
      if (isPositiveInt(v)) versions.set(id, v);
      else missing.push(id);
    }
    if (missing.length) errors.versions = [`Send the version you saw of finding ${missing.slice(0, 5).join(", ")}.`];
    if (body.exclude_ids !== undefined) errors.exclude_ids = ["Only with a filter."];
    if (Object.keys(errors).length) return reply.badRequest(errors);
    const byId = new Map(db.findings.map((f) => [f.id, f]));
    const findings: DbFinding[] = [];
    const unknown: number[] = [];
    for (const id of ids) {
      const f = byId.get(id);
      // Another company's finding is "does not exist" to a client, as DRF's scoped querysets say.
      if (f && canSee(viewer, f.company_id)) findings.push(f);
      else unknown.push(id);
    }
    if (unknown.length) return reply.field("ids", `Invalid pk "${unknown[0]}" - object does not exist.`);
    return { findings, versions, expected: null };
  }
  if (typeof body.filter !== "object" || Array.isArray(body.filter)) {
    return reply.field("filter", "Expected an object of the findings index's filters.");
  }
  const query = parseFindingQuery(body.filter as Record<string, unknown>);
  if (query instanceof Response) return query;
  const expected = body.expected_count;
  if (expected === undefined || expected === null) errors.expected_count = [REQUIRED];
  else if (typeof expected !== "number" || !Number.isInteger(expected) || expected < 0) {
    errors.expected_count = ["A valid integer is required."];
  }
  const exclude = body.exclude_ids ?? [];
  if (!Array.isArray(exclude) || !exclude.every(isPositiveInt)) {
    errors.exclude_ids = ["Each id must be a positive integer."];
  }
  if (body.versions !== undefined) errors.versions = ["Only with ids."];
  if (Object.keys(errors).length) return reply.badRequest(errors);
  const excluded = new Set(exclude as number[]);
  const findings = selectFindings(db, viewer, query).filter((f) => !excluded.has(f.id));
  return { findings, versions: null, expected: expected as number };
}

/** `POST /api/v1/findings/bulk-status/`: validate and compute everything, then apply it all or nothing. */
export function bulkChangeStatus(
  db: Db,
  viewer: Viewer,
  body: Record<string, unknown> | null,
): BatchResult | ErrorReply {
  const refused = memberRefusal(viewer, "triage");
  if (refused) return refused;
  if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
  const errors: ErrorBody = {};
  const status = body.status;
  if (status === undefined || status === null) errors.status = [REQUIRED];
  else if (!oneOf(status, FINDING_STATUSES)) errors.status = [choiceError(status)];
  const reason = body.reason ?? "";
  if (typeof reason !== "string") errors.reason = ["Not a valid string."];
  else if (reason.length > MAX_REASON) errors.reason = [`Ensure this field has no more than ${MAX_REASON} characters.`];
  else if (oneOf(status, FINDING_STATUSES) && reasonRequired(status) && !reason.trim()) {
    errors.reason = [
      reason ? BLANK : `Say why the findings are ${FINDING_STATUS_LABEL[status]}; it is kept in their history.`,
    ];
  }
  const onConflict = body.on_conflict ?? "abort";
  if (!oneOf(onConflict, ["abort", "skip"] as const)) errors.on_conflict = [choiceError(onConflict)];
  if (Object.keys(errors).length || !oneOf(status, FINDING_STATUSES) || typeof reason !== "string") {
    return reply.badRequest(errors);
  }

  const selected = select(db, viewer, body);
  if (selected instanceof Response) return selected;
  const { findings, versions, expected } = selected;

  if (expected !== null && findings.length !== expected) {
    return conflictReply({
      detail: `The filter now matches ${findings.length} findings, not ${expected}. Nothing was changed; review the selection.`,
      code: "count_changed",
      current_count: findings.length,
      expected_count: expected,
    });
  }

  const conflicts: Conflict[] = [];
  const plan: Planned[] = [];
  let unchanged = 0;
  for (const f of findings) {
    const seen = versions?.get(f.id);
    if (seen !== undefined && seen !== f.version) {
      conflicts.push(conflictOf(f, `Changed by someone else since you saw it (version ${seen}, now ${f.version}).`));
    } else if (f.status === status) unchanged += 1;
    else plan.push({ finding: f, to: status });
  }
  if (conflicts.length && onConflict === "abort") {
    return conflictReply({
      detail: `${conflicts.length} of the findings changed since you saw them. Nothing was changed.`,
      code: "version_conflict",
      conflicts,
    });
  }

  const message = reason.trim() || defaultMessage(status);
  const batch = applyBatch(db, viewer, plan, message, { status, reason: message, undoes: null, undone_by: null });
  if (batch instanceof Response) return batch;
  return { batch_id: batch.id, updated: plan.length, unchanged, conflicts, undoes: null };
}

/**
 * `POST /api/v1/findings/batches/{batch_id}/undo/`: restores what the batch changed, as a batch of
 * its own. A finding changed since (its version moved on) is left alone and reported.
 */
export function undoBatch(
  db: Db,
  viewer: Viewer,
  batchId: number,
  body: Record<string, unknown> | null,
): BatchResult | ErrorReply {
  const batch = db.findingBatches.find((b) => b.id === batchId);
  if (!batch) return reply.notFound();
  // A batch someone may not see in full does not exist for them (a client and another company's batch).
  if (!batch.company_ids.every((c) => canSee(viewer, c))) return reply.notFound();
  const refused = memberRefusal(viewer, "triage");
  if (refused) return refused;
  if (batch.undone_by !== null) {
    return reply.nonField(`This batch was already undone (batch ${batch.undone_by}).`);
  }
  if (batch.kind === "assignee") return undoAssignBatch(db, viewer, batch);
  const reason = body?.reason ?? "";
  if (typeof reason !== "string") return reply.field("reason", "Not a valid string.");
  if (reason.length > MAX_REASON) {
    return reply.field("reason", `Ensure this field has no more than ${MAX_REASON} characters.`);
  }

  const byId = new Map(db.findings.map((f) => [f.id, f]));
  const conflicts: Conflict[] = [];
  const plan: Planned[] = [];
  for (const change of batch.changes) {
    const f = byId.get(change.finding_id);
    if (!f) continue;
    if (f.version !== change.to_version) {
      conflicts.push(
        conflictOf(f, `Changed since batch ${batch.id} (now ${FINDING_STATUS_LABEL[f.status]}); left as it is.`),
      );
    } else plan.push({ finding: f, to: change.from_status });
  }

  const message = reason.trim() || `Undo of batch ${batch.id}`;
  const undo = applyBatch(db, viewer, plan, message, {
    status: null,
    reason: message,
    undoes: batch.id,
    undone_by: null,
  });
  if (undo instanceof Response) return undo;
  batch.undone_by = undo.id;
  return { batch_id: undo.id, updated: plan.length, unchanged: 0, conflicts, undoes: batch.id };
}
