import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { Tx } from "../../db/pool.ts";
import { ApiError, conflict, fieldError, fieldErrors, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import {
  FINDING_STATUS_LABEL,
  type FindingQuery,
  type FindingStatus,
  REASON_REQUIRED,
  readFindingQuery,
} from "./model.ts";
import { undoAssignBatch } from "./ownership.ts";
import { findingAt, findingRows, historiesOf, selectionIds } from "./queries.ts";
import { type FindingBody, findingBody, type IndexItem, indexItem } from "./serialize.ts";

/** The company a caller's queries are limited to: their own (clients), or none (staff). */
export const ownCompany = (caller: Caller): number | null =>
  caller.scope.companies === "all" ? null : caller.scope.companies;

/** Full Finding bodies of these ids, in that order. */
export async function findingBodies(tx: Tx, ids: readonly number[], company: number | null): Promise<FindingBody[]> {
  const rows = await findingRows(tx, ids, company);
  const histories = await historiesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => findingBody(r, histories));
}

/** Index rows of these ids, in that order (with first_seen, last_seen and change). */
export async function indexItems(tx: Tx, ids: readonly number[], company: number | null): Promise<IndexItem[]> {
  const rows = await findingRows(tx, ids, company);
  const histories = await historiesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => indexItem(r, histories));
}

// ---------------------------------------------------------------- one finding's status

export type FindingPath = Parameters<typeof findingAt>[1];

interface StatusUpdate {
  status: FindingStatus;
  message: string;
  version?: number;
}

/**
 * Changes one finding's status: a stale `version` answers 409 with the finding as it is now, the
 * same status 400; otherwise one statement moves the status on, bumps the version and writes the
 * history entry and the audit row.
 */
export async function changeStatus(
  tx: Tx,
  caller: Caller,
  path: FindingPath,
  body: StatusUpdate,
  requestId: string,
): Promise<FindingBody> {
  const company = ownCompany(caller);
  const found = await findingAt(tx, path, company, true);
  if (!found) throw notFound();
  refuseMember(caller, "triage");
  if (body.version !== undefined && body.version !== found.version) {
    const [current] = await findingBodies(tx, [found.id], company);
    throw conflict({
      detail: "This finding was changed by someone else since you loaded it. Review its current status.",
      code: "version_conflict",
      current,
    });
  }
  if (body.status === found.status) {
    throw fieldError("status", `The finding is already ${FINDING_STATUS_LABEL[found.status as FindingStatus]}.`);
  }
  await sql`with upd as (
      update findings f set status = ${body.status}, version = f.version + 1, updated_at = now()
       where f.id = ${found.id}
       returning f.id, f.company_id, f.version
    ), logs as (
      insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by)
      select u.company_id, u.id, ${found.status}, ${body.status}, ${body.message}, ${caller.id} from upd u
    )
    insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
    select u.company_id, ${caller.id}, 'finding.status', 'finding', u.id,
           jsonb_build_object('status', ${found.status}::text, 'version', u.version - 1),
           jsonb_build_object('status', ${body.status}::text, 'version', u.version), ${requestId}
      from upd u`.execute(tx);
  const [after] = await findingBodies(tx, [found.id], company);
  if (!after) throw notFound();
  return after;
}

// ---------------------------------------------------------------- bulk status and undo

export interface BatchResult {
  batch_id: number;
  updated: number;
  unchanged: number;
  conflicts: Array<{ id: number; reason: string; current: { status: string; version: number } }>;
  undoes: number | null;
}

type WriteHook = (tx: Tx, batchId: number) => Promise<void>;
let writeHook: WriteHook | null = null;

/**
 * Runs after a batch's write statement, inside its transaction. Tests inject a failure with it to
 * prove a batch is all or nothing; nothing else sets it.
 */
export function setBatchWriteHook(hook: WriteHook | null): void {
  writeHook = hook;
}

export async function runBatchWriteHook(tx: Tx, batchId: number): Promise<void> {
  await writeHook?.(tx, batchId);
}

const defaultMessage = (status: FindingStatus) => `Update to ${FINDING_STATUS_LABEL[status].toLowerCase()}`;

interface BulkBody {
  ids?: number[] | null;
  versions?: Record<string, number> | null;
  filter?: Record<string, unknown> | null;
  exclude_ids?: number[];
  expected_count?: number | null;
  status: FindingStatus;
  reason?: string;
  on_conflict?: "abort" | "skip";
}

/** The body's rules beyond its schema, as static mode words them; the selection, or a 400. */
function validateBulk(body: BulkBody, caller: Caller) {
  const errors: Record<string, string[]> = {};
  const reason = body.reason ?? "";
  if (REASON_REQUIRED.has(body.status) && !reason.trim()) {
    errors.reason = [
      reason
        ? "This field may not be blank."
        : `Say why the findings are ${FINDING_STATUS_LABEL[body.status]}; it is kept in their history.`,
    ];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasFilter = body.filter !== undefined && body.filter !== null;
  if (hasIds === hasFilter) {
    throw nonField(hasIds ? "Send either ids or filter, not both." : "Send the findings as ids or as a filter.");
  }
  if (hasIds) {
    const ids = body.ids ?? [];
    const versions = body.versions;
    if (!versions) throw fieldError("versions", "This field is required.");
    const missing = ids.filter((id) => typeof versions[String(id)] !== "number");
    if (missing.length) errors.versions = [`Send the version you saw of finding ${missing.slice(0, 5).join(", ")}.`];
    if (body.exclude_ids !== undefined) errors.exclude_ids = ["Only with a filter."];
    if (body.expected_count !== undefined && body.expected_count !== null)
      errors.expected_count = ["Only with a filter."];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    return { kind: "ids" as const, ids, versions };
  }
  if (body.expected_count === undefined || body.expected_count === null) {
    errors.expected_count = ["This field is required."];
  }
  if (body.versions !== undefined) errors.versions = ["Only with ids."];
  if (body.on_conflict !== undefined && body.on_conflict !== "abort") errors.on_conflict = ["Only with ids."];
  if (Object.keys(errors).length) throw fieldErrors(errors);
  const query: FindingQuery = {
    ...readFindingQuery(body.filter ?? {}, caller.scope.companies, caller.id),
    ...(body.exclude_ids?.length ? { excludeIds: [...new Set(body.exclude_ids)] } : {}),
  };
  return { kind: "filter" as const, query, expected: body.expected_count ?? 0 };
}

interface WriteOutcome {
  pass: boolean;
  matched: number;
  unchanged: number;
  batch_id: number | null;
  updated: number;
  conflicts: Array<{ id: number; seen: number | null; status: string; version: number }> | null;
}

/**
 * Settings for a batch's one statement, for the rest of its transaction. Its selection and changes
 * are held between its parts: 4 MB each at 100,000 findings, past the default work_mem, so they went
 * to temporary files and were read back from them. JIT off: on a PostgreSQL built with it (the
 * embedded one is not), a statement over 100,000 rows is priced high enough to be compiled, for
 * code that runs once.
 */
async function roomForBatch(tx: Tx): Promise<void> {
  await sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`.execute(tx);
}

/**
 * `POST /findings/bulk-status/`: one statement locks the selection, checks it (the count against
 * `expected_count`, or each id's version), and only when the check passes writes the batch, the new
 * statuses and versions, a history entry, a batch change and an audit row per changed finding.
 * A failed check writes nothing and answers 409.
 */
export async function bulkChangeStatus(tx: Tx, caller: Caller, body: BulkBody, requestId: string) {
  refuseMember(caller, "triage");
  const selected = validateBulk(body, caller);
  const company = ownCompany(caller);
  const status = body.status;
  const message = (body.reason ?? "").trim() || defaultMessage(status);

  let selection = sql``;
  let versions: Record<string, number> = {};
  if (selected.kind === "ids") {
    // An id the caller may not see does not exist for them: the call is refused and nothing changes.
    const unknown = await sql<{
      id: number;
    }>`select x.id from unnest(${selected.ids}::int[]) with ordinality as x(id, n)
       where not exists (select 1 from findings f where f.id = x.id and f.scan_id is not null
                          and ${company === null ? sql`true` : sql`f.company_id = ${company}`})
       order by x.n limit 1`.execute(tx);
    if (unknown.rows[0]) throw fieldError("ids", `Invalid pk "${unknown.rows[0].id}" - object does not exist.`);
    selection = sql`select unnest(${selected.ids}::int[])`;
    versions = selected.versions;
  } else {
    // The filter's ids are read in the same statement that locks and changes them.
    selection = sql`select id from (${selectionIds(selected.query)}) q`;
  }
  const conflictOf = sql`(${JSON.stringify(versions)}::jsonb ->> s.id::text)::int`;
  const passWhen =
    selected.kind === "ids"
      ? body.on_conflict === "skip"
        ? sql`true`
        : sql`not exists (select 1 from sel s where ${conflictOf} <> s.version)`
      : sql`(select count(*) from sel) = ${selected.expected}`;
  const fallbackCompanies = company === null ? [] : [company];

  await roomForBatch(tx);
  const { rows } = await sql<WriteOutcome>`with sel as materialized (
      select f.id, f.company_id, f.status, f.version from findings f
       where f.id in (${selection}) ${company === null ? sql`` : sql`and f.company_id = ${company}`}
       order by f.id
       for update of f
    ),
    ok as (select ${passWhen} as pass),
    tgt as (
      select s.* from sel s
       where (select pass from ok) and s.status <> ${status}
         and (${conflictOf} is null or ${conflictOf} = s.version)
    ),
    batch as (
      insert into finding_batches (actor_id, company_ids, status, reason)
      select ${caller.id},
             coalesce((select array_agg(distinct t.company_id order by t.company_id) from tgt t), ${fallbackCompanies}::int[]),
             ${status}, ${message}
       where (select pass from ok)
      returning id
    ),
    upd as (
      update findings f set status = ${status}, version = f.version + 1, updated_at = now()
        from tgt t where f.id = t.id
      returning f.id, f.company_id, t.status as from_status, f.version as to_version
    ),
    logs as (
      insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by, batch_id)
      select u.company_id, u.id, u.from_status, ${status}, ${message}, ${caller.id}, b.id from upd u cross join batch b
    ),
    changes as (
      insert into finding_batch_changes (batch_id, finding_id, company_id, from_status, to_status, to_version)
      select b.id, u.id, u.company_id, u.from_status, ${status}, u.to_version from upd u cross join batch b
    ),
    audit as (
      insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
      select u.company_id, ${caller.id}, 'finding.bulk_status', 'finding', u.id,
             jsonb_build_object('status', u.from_status, 'version', u.to_version - 1),
             jsonb_build_object('status', ${status}::text, 'version', u.to_version, 'batch_id', b.id), ${requestId}
        from upd u cross join batch b
    )
    select (select pass from ok) as pass,
           (select count(*)::int from sel) as matched,
           (select count(*)::int from sel s where s.status = ${status}
              and (${conflictOf} is null or ${conflictOf} = s.version)) as unchanged,
           (select id from batch) as batch_id,
           (select count(*)::int from upd) as updated,
           (select json_agg(json_build_object('id', s.id, 'seen', ${conflictOf}, 'status', s.status, 'version', s.version)
                            order by array_position(${selected.kind === "ids" ? selected.ids : []}::int[], s.id), s.id)
              from sel s where ${conflictOf} <> s.version) as conflicts`.execute(tx);
  const out = rows[0];
  if (!out) throw new Error("the bulk statement answered no row");
  const conflicts = (out.conflicts ?? []).map((c) => ({
    id: c.id,
    reason: `Changed by someone else since you saw it (version ${c.seen}, now ${c.version}).`,
    current: { status: c.status, version: c.version },
  }));
  if (!out.pass) {
    if (selected.kind === "filter") {
      throw new ApiError(409, {
        detail: `The filter now matches ${out.matched} findings, not ${selected.expected}. Nothing was changed; review the selection.`,
        code: "count_changed",
        current_count: out.matched,
        expected_count: selected.expected,
      });
    }
    throw new ApiError(409, {
      detail: `${conflicts.length} of the findings changed since you saw them. Nothing was changed.`,
      code: "version_conflict",
      conflicts,
    });
  }
  if (out.batch_id === null) throw new Error("the bulk statement wrote no batch");
  await writeHook?.(tx, out.batch_id);
  const result: BatchResult = {
    batch_id: out.batch_id,
    updated: out.updated,
    unchanged: out.unchanged,
    conflicts,
    undoes: null,
  };
  return result;
}

/**
 * `POST /findings/batches/{id}/undo/`: puts back what the batch changed, as a batch of its own, in
 * one statement; a finding whose version moved on since the batch is left alone and reported.
 */
export async function undoBatch(
  tx: Tx,
  caller: Caller,
  batchId: number,
  body: { reason?: string },
  requestId: string,
): Promise<BatchResult> {
  const company = ownCompany(caller);
  const { rows: found } = await sql<{
    id: number;
    company_ids: number[];
    undone_by: number | null;
    kind: "status" | "assignee";
  }>`
    select id, company_ids, undone_by, kind from finding_batches where id = ${batchId} for update`.execute(tx);
  const batch = found[0];
  // A batch someone may not see in full does not exist for them (a client and another company's batch).
  if (!batch || (company !== null && !batch.company_ids.every((c) => c === company))) throw notFound();
  refuseMember(caller, "triage");
  if (batch.undone_by !== null) throw nonField(`This batch was already undone (batch ${batch.undone_by}).`);
  if (batch.kind === "assignee") return undoAssignBatch(tx, caller, batch, requestId);
  const message = (body.reason ?? "").trim() || `Undo of batch ${batch.id}`;
  await roomForBatch(tx);

  const { rows } = await sql<{
    batch_id: number;
    updated: number;
    conflicts: Array<{ id: number; status: string; version: number }> | null;
  }>`with ch as materialized (
      select c.finding_id, c.from_status, c.to_version, f.status, f.version, f.company_id
        from finding_batch_changes c join findings f on f.id = c.finding_id
       where c.batch_id = ${batch.id} ${company === null ? sql`` : sql`and f.company_id = ${company}`}
       order by c.finding_id
       for update of f
    ),
    tgt as (select * from ch where version = to_version),
    nb as (
      insert into finding_batches (actor_id, company_ids, status, reason, undoes)
      select ${caller.id},
             coalesce((select array_agg(distinct t.company_id order by t.company_id) from tgt t), ${batch.company_ids}::int[]),
             null, ${message}, ${batch.id}
      returning id
    ),
    upd as (
      update findings f set status = t.from_status, version = f.version + 1, updated_at = now()
        from tgt t where f.id = t.finding_id
      returning f.id, f.company_id, t.status as old_status, f.status as new_status, f.version
    ),
    logs as (
      insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by, batch_id, undoes)
      select u.company_id, u.id, u.old_status, u.new_status, ${message}, ${caller.id}, nb.id, ${batch.id}
        from upd u cross join nb
    ),
    changes as (
      insert into finding_batch_changes (batch_id, finding_id, company_id, from_status, to_status, to_version)
      select nb.id, u.id, u.company_id, u.old_status, u.new_status, u.version from upd u cross join nb
    ),
    audit as (
      insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
      select u.company_id, ${caller.id}, 'finding.undo_status', 'finding', u.id,
             jsonb_build_object('status', u.old_status, 'version', u.version - 1),
             jsonb_build_object('status', u.new_status, 'version', u.version, 'batch_id', nb.id, 'undoes', ${batch.id}::int),
             ${requestId}
        from upd u cross join nb
    ),
    mark as (update finding_batches set undone_by = (select id from nb) where id = ${batch.id})
    select (select id from nb) as batch_id, (select count(*)::int from upd) as updated,
           (select json_agg(json_build_object('id', finding_id, 'status', status, 'version', version) order by finding_id)
              from ch where version <> to_version) as conflicts`.execute(tx);
  const out = rows[0];
  if (!out) throw new Error("the undo statement answered no row");
  await writeHook?.(tx, out.batch_id);
  return {
    batch_id: out.batch_id,
    updated: out.updated,
    unchanged: 0,
    conflicts: (out.conflicts ?? []).map((c) => ({
      id: c.id,
      reason: `Changed since batch ${batch.id} (now ${FINDING_STATUS_LABEL[c.status as FindingStatus]}); left as it is.`,
      current: { status: c.status, version: c.version },
    })),
    undoes: batch.id,
  };
}
