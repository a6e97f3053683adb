import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { Tx } from "../../db/pool.ts";
import { ApiError, fieldError, forbidden, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import type { FindingQuery, Severity } from "./model.ts";
import { readFindingQuery } from "./model.ts";
import { selectionIds } from "./queries.ts";
import type { FindingBody } from "./serialize.ts";
import { type BatchResult, findingBodies, ownCompany, runBatchWriteHook } from "./service.ts";

/** Assignees and the per-company SLA (issue 28; docs/decisions.md, "Finding ownership (issue 28)"). */

export const SEVERITIES: readonly Severity[] = ["HIGH", "MEDIUM", "LOW", "INFO", "LOG"];

const NOT_ASSIGNABLE = "Choose a member of the finding's company or a Sentinel analyst.";

// ---------------------------------------------------------------- one finding

/**
 * `PUT /findings/{id}/assignee/`: the finding must be the caller's to see (404), the caller may
 * triage (403 for members), and the assignee must qualify for the finding's company (400); the check
 * and the update are one statement, which also writes the audit row.
 */
export async function assignFinding(
  tx: Tx,
  caller: Caller,
  id: number,
  assignee: number | null,
  requestId: string,
): Promise<FindingBody> {
  const company = ownCompany(caller);
  const { rows: found } = await sql<{ id: number; assignee_id: number | null }>`
    select f.id, f.assignee_id from findings f
     where f.id = ${id} and f.scan_id is not null ${company === null ? sql`` : sql`and f.company_id = ${company}`}
     for update of f`.execute(tx);
  const finding = found[0];
  if (!finding) throw notFound();
  refuseMember(caller, "triage");
  const { rows } = await sql<{ id: number }>`with upd as (
      update findings f set assignee_id = ${assignee}, updated_at = now()
       where f.id = ${finding.id}
         and (${assignee}::int is null or finding_assignable(f.company_id, ${assignee}::int))
       returning f.id, f.company_id
    ), audit as (
      insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
      select u.company_id, ${caller.id}, 'finding.assign', 'finding', u.id,
             jsonb_build_object('assignee', ${finding.assignee_id}::int),
             jsonb_build_object('assignee', ${assignee}::int), ${requestId}
        from upd u
    )
    select id from upd`.execute(tx);
  if (!rows[0]) throw fieldError("assignee", NOT_ASSIGNABLE);
  const [after] = await findingBodies(tx, [finding.id], company);
  if (!after) throw notFound();
  return after;
}

// ---------------------------------------------------------------- bulk assignment

interface BulkAssignBody {
  ids?: number[] | null;
  filter?: Record<string, unknown> | null;
  exclude_ids?: number[];
  expected_count?: number | null;
  assignee: number | null;
}

function selectionOf(body: BulkAssignBody, caller: Caller) {
  const hasIds = body.ids !== undefined && body.ids !== null;
  const hasFilter = body.filter !== undefined && body.filter !== null;
  if (hasIds === hasFilter) {
    throw nonField(hasIds ? "Send either ids or filter, not both." : "Send the findings as ids or as a filter.");
  }
  const errors: Record<string, string[]> = {};
  if (hasIds) {
    if (body.exclude_ids !== undefined) errors.exclude_ids = ["Only with a filter."];
    if (body.expected_count !== undefined && body.expected_count !== null)
      errors.expected_count = ["Only with a filter."];
    if (Object.keys(errors).length) throw new ApiError(400, errors);
    return { kind: "ids" as const, ids: body.ids ?? [] };
  }
  if (body.expected_count === undefined || body.expected_count === null) {
    throw fieldError("expected_count", "This field is required.");
  }
  const query: FindingQuery = {
    ...readFindingQuery(body.filter ?? {}, caller.scope.companies, caller.id),
    ...(body.exclude_ids?.length ? { excludeIds: [...new Set(body.exclude_ids)] } : {}),
  };
  return { kind: "filter" as const, query, expected: body.expected_count };
}

/**
 * `POST /findings/bulk-assign/`: one statement locks the selection, checks the count (filter) and
 * that the assignee qualifies for every selected finding's company, and only then writes the batch,
 * the assignees, a batch change and an audit row per changed finding. A failed check writes nothing.
 */
export async function bulkAssign(tx: Tx, caller: Caller, body: BulkAssignBody, requestId: string) {
  refuseMember(caller, "triage");
  const selected = selectionOf(body, caller);
  const company = ownCompany(caller);
  const assignee = body.assignee;
  const scope = company === null ? sql`` : sql`and f.company_id = ${company}`;

  let selection = sql``;
  if (selected.kind === "ids") {
    const unknown = await sql<{
      id: number;
    }>`select x.id from unnest(${selected.ids}::int[]) with ordinality as x(id, n)
       where not exists (select 1 from findings f where f.id = x.id and f.scan_id is not null ${scope})
       order by x.n limit 1`.execute(tx);
    if (unknown.rows[0]) throw fieldError("ids", `Invalid pk "${unknown.rows[0].id}" - object does not exist.`);
    selection = sql`select unnest(${selected.ids}::int[])`;
  } else {
    selection = sql`select id from (${selectionIds(selected.query)}) q`;
  }
  const countOk = selected.kind === "ids" ? sql`true` : sql`(select count(*) from sel) = ${selected.expected}`;
  const fallbackCompanies = company === null ? [] : [company];

  const { rows } = await sql<{
    counted: boolean;
    assignable: boolean;
    matched: number;
    unchanged: number;
    batch_id: number | null;
    updated: number;
  }>`with sel as materialized (
      select f.id, f.company_id, f.assignee_id from findings f
       where f.id in (${selection}) ${scope}
       order by f.id
       for update of f
    ),
    chk as (
      select ${countOk} as counted,
             (${assignee}::int is null
               or not exists (select 1 from (select distinct company_id from sel) c
                               where not finding_assignable(c.company_id, ${assignee}::int))) as assignable
    ),
    ok as (select counted and assignable as pass from chk),
    tgt as (
      select s.* from sel s where (select pass from ok) and s.assignee_id is distinct from ${assignee}::int
    ),
    batch as (
      insert into finding_batches (actor_id, company_ids, status, reason, kind)
      select ${caller.id},
             coalesce((select array_agg(distinct t.company_id order by t.company_id) from tgt t), ${fallbackCompanies}::int[]),
             null, '', 'assignee'
       where (select pass from ok)
      returning id
    ),
    upd as (
      update findings f set assignee_id = ${assignee}::int, updated_at = now()
        from tgt t where f.id = t.id
      returning f.id, f.company_id, t.assignee_id as from_assignee, f.version
    ),
    changes as (
      insert into finding_batch_changes (batch_id, finding_id, company_id, from_assignee, to_assignee, to_version)
      select b.id, u.id, u.company_id, u.from_assignee, ${assignee}::int, u.version from upd u cross join batch b
    ),
    audit as (
      insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
      select u.company_id, ${caller.id}, 'finding.bulk_assign', 'finding', u.id,
             jsonb_build_object('assignee', u.from_assignee),
             jsonb_build_object('assignee', ${assignee}::int, 'batch_id', b.id), ${requestId}
        from upd u cross join batch b
    )
    select (select counted from chk) as counted, (select assignable from chk) as assignable,
           (select count(*)::int from sel) as matched,
           (select count(*)::int from sel s where s.assignee_id is not distinct from ${assignee}::int) as unchanged,
           (select id from batch) as batch_id,
           (select count(*)::int from upd) as updated`.execute(tx);
  const out = rows[0];
  if (!out) throw new Error("the bulk statement answered no row");
  if (!out.counted && selected.kind === "filter") {
    throw new ApiError(409, {
      detail: `The filter now matches ${out.matched} findings, not ${selected.expected}. Nothing was changed; review the selection.`,
      code: "count_changed",
      current_count: out.matched,
      expected_count: selected.expected,
    });
  }
  if (!out.assignable) throw fieldError("assignee", NOT_ASSIGNABLE);
  if (out.batch_id === null) throw new Error("the bulk statement wrote no batch");
  await runBatchWriteHook(tx, out.batch_id);
  const result: BatchResult = {
    batch_id: out.batch_id,
    updated: out.updated,
    unchanged: out.unchanged,
    conflicts: [],
    undoes: null,
  };
  return result;
}

/**
 * Undo of an assignment batch (undoFindingBatch, after its checks): each finding gets back its
 * previous assignee in one statement, unless its assignee changed since the batch (reported).
 */
export async function undoAssignBatch(
  tx: Tx,
  caller: Caller,
  batch: { id: number; company_ids: number[] },
  requestId: string,
): Promise<BatchResult> {
  const company = ownCompany(caller);
  const { rows } = await sql<{
    batch_id: number;
    updated: number;
    conflicts: Array<{ id: number; status: string; version: number }> | null;
  }>`with ch as materialized (
      select c.finding_id, c.from_assignee, c.to_assignee, f.assignee_id, f.status, f.version, f.company_id
        from finding_batch_changes c join findings f on f.id = c.finding_id
       where c.batch_id = ${batch.id} ${company === null ? sql`` : sql`and f.company_id = ${company}`}
       order by c.finding_id
       for update of f
    ),
    tgt as (select * from ch where assignee_id is not distinct from to_assignee),
    nb as (
      insert into finding_batches (actor_id, company_ids, status, reason, undoes, kind)
      select ${caller.id},
             coalesce((select array_agg(distinct t.company_id order by t.company_id) from tgt t), ${batch.company_ids}::int[]),
             null, ${`Undo of batch ${batch.id}`}, ${batch.id}, 'assignee'
      returning id
    ),
    upd as (
      update findings f set assignee_id = t.from_assignee, updated_at = now()
        from tgt t where f.id = t.finding_id
      returning f.id, f.company_id, t.assignee_id as old_assignee, f.assignee_id as new_assignee, f.version
    ),
    changes as (
      insert into finding_batch_changes (batch_id, finding_id, company_id, from_assignee, to_assignee, to_version)
      select nb.id, u.id, u.company_id, u.old_assignee, u.new_assignee, u.version from upd u cross join nb
    ),
    audit as (
      insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
      select u.company_id, ${caller.id}, 'finding.undo_assign', 'finding', u.id,
             jsonb_build_object('assignee', u.old_assignee),
             jsonb_build_object('assignee', u.new_assignee, 'batch_id', nb.id, 'undoes', ${batch.id}::int),
             ${requestId}
        from upd u cross join nb
    ),
    mark as (update finding_batches set undone_by = (select id from nb) where id = ${batch.id})
    select (select id from nb) as batch_id, (select count(*)::int from upd) as updated,
           (select json_agg(json_build_object('id', finding_id, 'status', status, 'version', version) order by finding_id)
              from ch where assignee_id is distinct from to_assignee) as conflicts`.execute(tx);
  const out = rows[0];
  if (!out) throw new Error("the undo statement answered no row");
  await runBatchWriteHook(tx, out.batch_id);
  return {
    batch_id: out.batch_id,
    updated: out.updated,
    unchanged: 0,
    conflicts: (out.conflicts ?? []).map((c) => ({
      id: c.id,
      reason: `Assigned to someone else since batch ${batch.id}; left as it is.`,
      current: { status: c.status, version: c.version },
    })),
    undoes: batch.id,
  };
}

// ---------------------------------------------------------------- the company's SLA and candidates

export type SlaDays = Record<Severity, number | null>;

/** The company, if the caller may see it (row-level security hides the others), else 404. */
async function visibleCompany(tx: Tx, id: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from companies where id = ${id}`.execute(tx);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

async function readSla(tx: Tx, company: number) {
  const { rows } = await sql<SlaDays & { is_default: boolean }>`
    select finding_sla_days(c.id, 'HIGH') as "HIGH", finding_sla_days(c.id, 'MEDIUM') as "MEDIUM",
           finding_sla_days(c.id, 'LOW') as "LOW", finding_sla_days(c.id, 'INFO') as "INFO",
           finding_sla_days(c.id, 'LOG') as "LOG",
           not exists (select 1 from finding_slas s where s.company_id = c.id) as is_default
      from companies c where c.id = ${company}`.execute(tx);
  const row = rows[0];
  if (!row) throw notFound();
  const days = Object.fromEntries(SEVERITIES.map((s) => [s, row[s]])) as SlaDays;
  return { company, days, is_default: row.is_default };
}

export async function getSla(tx: Tx, companyId: number) {
  return readSla(tx, await visibleCompany(tx, companyId));
}

/** A client admin of the company or a super admin sets it; analysts and members 403 (after the 404 check). */
export async function setSla(tx: Tx, caller: Caller, companyId: number, days: SlaDays, requestId: string) {
  const company = await visibleCompany(tx, companyId);
  if (caller.role !== "SUPER_ADMIN" && caller.role !== "CLIENT_ADMIN") {
    throw forbidden("Only the company's admins can change its SLA.");
  }
  const before = await readSla(tx, company);
  await sql`with up as (
      insert into finding_slas (company_id, high_days, medium_days, low_days, info_days, log_days)
      values (${company}, ${days.HIGH}, ${days.MEDIUM}, ${days.LOW}, ${days.INFO}, ${days.LOG})
      on conflict (company_id) do update set high_days = excluded.high_days, medium_days = excluded.medium_days,
        low_days = excluded.low_days, info_days = excluded.info_days, log_days = excluded.log_days, updated_at = now()
      returning company_id
    )
    insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
    select company_id, ${caller.id}, 'company.finding_sla', 'company', company_id,
           ${JSON.stringify(before.days)}::jsonb, ${JSON.stringify(days)}::jsonb, ${requestId} from up`.execute(tx);
  return readSla(tx, company);
}

export async function assigneeCandidates(tx: Tx, companyId: number) {
  const company = await visibleCompany(tx, companyId);
  const { rows } = await sql<{ id: number; email: string; fullname: string }>`
    select id, email, fullname from finding_assignee_candidates(${company})`.execute(tx);
  return rows;
}
