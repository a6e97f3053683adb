import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { type Area, DEFAULT_ORDERING, type FindingQuery } from "./model.ts";

/**
 * The completed scans of each target, oldest first by (at, id): what `change` compares a finding's
 * scan with. As the static mode counts them: a completed network scan of an endpoint counts even when
 * it reported nothing there (so a finding absent from it and back later is reopened); threat scans
 * count where they reported something. Built from the scan tables (far fewer rows than findings), and
 * scoped by row-level security like everything else.
 */
export const HISTORY_CTE = sql`hist as materialized (
  select 'n:' || s.config_id || ':' || se.endpoint_id as target_key, s.id as scan_id,
         coalesce(s.start_time, s.scan_time_schedulle) as at
    from scan_endpoints se join network_scans s on s.id = se.scan_id
   where s.status = 'COMPLETED'
     and (se.status = 'COMPLETED' or exists (select 1 from findings g where g.area = 'network' and g.parent_id = se.id))
  union
  select 'w:' || s.app_id, s.id, s.created_at from web_scans s where s.status = 'COMPLETED'
  union
  select 's:' || s.app_id || ':' || s.branch, s.id, s.created_at from source_scans s where s.status = 'DONE'
  union
  select 't:' || s.config_id || ':' || e.host_id, s.id,
         coalesce(s.start_scan, (select min(g.created_at) from findings g where g.area = 'threat' and g.parent_id = e.id))
    from threat_endpoints e join threat_scans s on s.id = e.scan_id
   where s.status = 'COMPLETED' and exists (select 1 from findings g where g.area = 'threat' and g.parent_id = e.id)
),
targets as (select target_key, array_agg(scan_id order by at, scan_id) as scans from hist group by target_key)`;

/**
 * first_seen, last_seen and change of the finding `f`, as columns of `d` (needs HISTORY_CTE). An
 * occurrence is one vulnerability on one target; `change` compares the finding's scan with the
 * target's previous completed scan: NEW when the occurrence was in none before, UNCHANGED when it
 * was in the previous one, REOPENED when only an earlier one had it; null while the finding's own
 * scan has not completed. Each target's history is one array (joined by hash, not searched per
 * row); the occurrence's findings are read through findings_occurrence_idx.
 */
export const FACTS = sql`left join targets t on t.target_key = f.target_key
  cross join lateral (select array_position(t.scans, f.scan_id) as pos) o
  cross join lateral (
  select
    (select min(g.created_at) from findings g
      where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id) as first_seen,
    (select max(g.created_at) from findings g
      where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id) as last_seen,
    case
      when o.pos is null then null
      when o.pos = 1 then 'NEW'
      when exists (select 1 from findings g
                    where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
                      and g.scan_id = t.scans[o.pos - 1]) then 'UNCHANGED'
      when exists (select 1 from findings g
                    where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
                      and array_position(t.scans, g.scan_id) < o.pos) then 'REOPENED'
      else 'NEW' end as change,
    -- The finding this one continues: the occurrence's finding in the latest earlier completed scan.
    case when o.pos > 1 then
      (select g.id from findings g
        where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
          and array_position(t.scans, g.scan_id) < o.pos
        order by array_position(t.scans, g.scan_id) desc, g.id desc limit 1) end as previous_id
) d`;

/**
 * When the occurrence of the finding `f` (its vulnerability on its target) was first and last seen,
 * as `seen`, and its due date as `due`: first seen plus its company's SLA days for its severity, as
 * finding_due_at computes it for the overdue filter, but without probing the occurrence again and
 * with the company's finding_slas row joined (finding_sla_pick, migration 0315, is inlined), not
 * read by a function call per row. One probe of findings_occurrence_idx per row (memoized per
 * occurrence where many rows are read).
 */
export const SEEN = sql`cross join lateral (
    select min(g.created_at) as first_seen, max(g.created_at) as last_seen from findings g
     where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id) seen
  left join finding_slas sla on sla.company_id = f.company_id
  cross join lateral (
    select coalesce(seen.first_seen, f.created_at) + make_interval(hours => 24 * finding_sla_pick(f.severity,
             sla.company_id is not null, sla.high_days, sla.medium_days, sla.low_days, sla.info_days,
             sla.log_days)) as due_at) due`;

/**
 * The facts of the finding `f` as the columns of `d`, as the index's filters name them (needs
 * HISTORY_CTE and SEEN): first and last seen from SEEN; the change and previous finding from its
 * target's scan history for findings no scan matched (demo data), null for the others, whose scan
 * stored its own (`f.change`, `f.previous_id`, which the body reports as they are: a NEW finding
 * continues none). The history CTE is only built when a row needs it.
 */
export const HISTORY_FACTS = sql`cross join lateral (
    select seen.first_seen, seen.last_seen,
      case when f.change is null then (
        select case
            when o.pos is null then null
            when o.pos = 1 then 'NEW'
            when exists (select 1 from findings g
                          where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
                            and g.scan_id = o.scans[o.pos - 1]) then 'UNCHANGED'
            when exists (select 1 from findings g
                          where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
                            and array_position(o.scans, g.scan_id) < o.pos) then 'REOPENED'
            else 'NEW' end
          from (select t.scans, array_position(t.scans, f.scan_id) as pos
                  from targets t where t.target_key = f.target_key) o) end as change,
      case when f.change is null then (
        select case when o.pos > 1 then
            (select g.id from findings g
              where g.target_key = f.target_key and g.vulnerability_id = f.vulnerability_id
                and array_position(o.scans, g.scan_id) < o.pos
              order by array_position(o.scans, g.scan_id) desc, g.id desc limit 1) end
          from (select t.scans, array_position(t.scans, f.scan_id) as pos
                  from targets t where t.target_key = f.target_key) o) end as previous_id
  ) d`;

/**
 * The index's sort keys. `text` is the key as a cursor carries it (exact: numerics and times keep
 * every digit), `cast` reads it back, `valid` checks a cursor's value before it reaches SQL.
 */
interface OrderColumn {
  expr: RawBuilder<unknown>;
  nullable: boolean;
  facts?: boolean;
  text: RawBuilder<unknown>;
  cast: (value: string) => RawBuilder<unknown>;
  valid: (value: string) => boolean;
}

const isInt = (v: string) => /^-?\d{1,5}$/.test(v);
const isNumeric = (v: string) => /^-?\d{1,20}(\.\d{1,20})?$/.test(v);
const isTime = (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}:\d{2}|Z)$/.test(v);

const ORDER_COLUMN: Record<string, OrderColumn> = {
  severity: {
    expr: sql`f.severity_rank`,
    nullable: false,
    text: sql`f.severity_rank::text`,
    cast: (v) => sql`${v}::smallint`,
    valid: isInt,
  },
  status: {
    expr: sql`f.status_rank`,
    nullable: false,
    text: sql`f.status_rank::text`,
    cast: (v) => sql`${v}::smallint`,
    valid: isInt,
  },
  // name_key and sort_host compare bytewise (collate "C"); the cursor's value must too, to use their indexes.
  name: {
    expr: sql`f.name_key`,
    nullable: false,
    text: sql`f.name_key`,
    cast: (v) => sql`${v}::text collate "C"`,
    valid: () => true,
  },
  host: {
    expr: sql`f.sort_host`,
    nullable: true,
    text: sql`f.sort_host`,
    cast: (v) => sql`${v}::text collate "C"`,
    valid: () => true,
  },
  cvss_score: {
    expr: sql`f.cvss`,
    nullable: true,
    text: sql`f.cvss::text`,
    cast: (v) => sql`${v}::numeric`,
    valid: isNumeric,
  },
  last_seen: {
    expr: sql`d.last_seen`,
    nullable: true,
    facts: true,
    text: sql`to_json(d.last_seen) #>> '{}'`,
    cast: (v) => sql`${v}::timestamptz`,
    valid: isTime,
  },
};

interface OrderKey extends OrderColumn {
  desc: boolean;
}

/**
 * The status key as finding_status_order `so` holds it (migration 0330): findings has no index on its
 * status, so that a status change is a heap-only update, and a status ordering over findings reads
 * that table's indexes, joined by id (`findingsFrom`).
 */
const STATUS_FROM_TABLE = { expr: sql`so.status_rank`, text: sql`so.status_rank::text` };

/** Whether an ordering has the status key. */
const sortsByStatus = (ordering: string) => ordering.split(",").some((k) => k.replace(/^-/, "") === "status");

/**
 * Whether the selection's rows are findings joined to finding_status_order `so` for a status
 * ordering; `searched`: they are a search's matches instead (which carry their status rank).
 */
export const readsStatusOrder = (q: FindingQuery, searched: boolean) => !searched && sortsByStatus(q.ordering);

/** findings `f`, joined to finding_status_order `so` when the ordering has the status key. */
export const findingsFrom = (ordering: string) =>
  sortsByStatus(ordering) ? sql`findings f join finding_status_order so on so.id = f.id` : sql`findings f`;

/** Whether the index's selection of `q` (`selection`, `sourceOf`) reads finding_status_order. */
const statusOrderOf = (q: FindingQuery) => readsStatusOrder(q, readsSearchRows(q));

/** The id a page is ordered by: the status order's own when its index gives the order. */
const idOf = (statusOrder: boolean) => (statusOrder ? sql`so.id` : sql`f.id`);

/**
 * The contract's ordering (already validated) as its keys; the id ends every order (ascending).
 * `statusOrder`: the rows are joined to finding_status_order (`readsStatusOrder`).
 */
export function orderKeys(ordering: string, statusOrder = false): OrderKey[] {
  return ordering.split(",").map((raw) => {
    const name = raw.replace(/^-/, "");
    const column = ORDER_COLUMN[name];
    if (!column) throw new Error(`unknown ordering ${raw}`);
    const at = statusOrder && name === "status" ? { ...column, ...STATUS_FROM_TABLE } : column;
    return { ...at, desc: raw.startsWith("-") };
  });
}

/**
 * ORDER BY of these keys over `exprs` (the keys' expressions, or a subquery's columns), nulls last
 * both ways, then `id`; `reverse` reads the same order backwards (as an index scanned backwards does).
 */
function orderOf(
  keys: readonly OrderKey[],
  exprs: readonly RawBuilder<unknown>[],
  id: RawBuilder<unknown>,
  reverse = false,
): RawBuilder<unknown> {
  const parts = keys.map((key, i) => {
    const desc = key.desc !== reverse;
    const direction = desc ? sql`desc` : sql`asc`;
    const expr = exprs[i] as RawBuilder<unknown>;
    if (!key.nullable) return sql`${expr} ${direction}`;
    return reverse ? sql`${expr} ${direction} nulls first` : sql`${expr} ${direction} nulls last`;
  });
  return sql.join([...parts, reverse ? sql`${id} desc` : sql`${id} asc`]);
}

/**
 * The contract's ordering (already validated) as SQL; nulls last both ways, and the id ends every
 * order. `statusOrder`: the rows are joined to finding_status_order (`readsStatusOrder`).
 */
export function orderBy(ordering: string, statusOrder = false): RawBuilder<unknown> {
  const keys = orderKeys(ordering, statusOrder);
  return orderOf(
    keys,
    keys.map((k) => k.expr),
    idOf(statusOrder),
  );
}

/** Whether the query filters or sorts on first_seen, last_seen or change (computed per finding). */
export function needsFacts(q: FindingQuery): boolean {
  return Boolean(
    q.change?.length ||
      q.first_seen_after ||
      q.first_seen_before ||
      q.last_seen_after ||
      q.last_seen_before ||
      q.ordering.split(",").some((k) => ORDER_COLUMN[k.replace(/^-/, "")]?.facts),
  );
}

/** The finding `f`'s due date: first seen plus its company's SLA days for its severity (migration 0130). */
export const DUE_AT = sql`finding_due_at(f.company_id, f.severity, f.target_key, f.vulnerability_id, f.created_at)`;
/** Open (ACTIVE or FIXING) and past its due date; false when there is no due date. */
export const OVERDUE = sql`(f.status in ('ACTIVE', 'FIXING') and coalesce(${DUE_AT} < now(), false))`;

const day = (d: string) => sql`(${d}::date)::timestamp at time zone 'UTC'`;
const nextDay = (d: string) => sql`(${d}::date + 1)::timestamp at time zone 'UTC'`;

/**
 * The index's WHERE: every filter of the query on `f` (and `d` when the facts are joined). Only
 * placed findings are listed (a finding whose parents are gone has nothing to link to). `searched`:
 * `f` is already the search's matches (`readsSearchRows`), so the search is not repeated.
 */
export function whereOf(q: FindingQuery, searched = false): RawBuilder<unknown> {
  const c: RawBuilder<unknown>[] = [sql`f.scan_id is not null`];
  if (q.company !== null) c.push(sql`f.company_id = ${q.company}`);
  // The status order's index for one company starts with it (the join gives only the same id).
  if (q.company !== null && readsStatusOrder(q, searched)) c.push(sql`so.company_id = ${q.company}`);
  if (q.area) c.push(sql`f.area = any(${q.area}::text[])`);
  if (q.severity) c.push(sql`f.severity = any(${q.severity}::text[])`);
  if (q.status) c.push(sql`f.status = any(${q.status}::text[])`);
  if (q.product !== undefined) c.push(sql`f.product_id = ${q.product}`);
  if (q.scan !== undefined) c.push(sql`f.scan_id = ${q.scan}`);
  if (q.scan_endpoint !== undefined) c.push(sql`f.scan_endpoint_id = ${q.scan_endpoint}`);
  if (q.threat_endpoint !== undefined) c.push(sql`f.threat_endpoint_id = ${q.threat_endpoint}`);
  // A substring of the lower-cased text, found through the trigram index by finding_search_ids
  // (migration 0290), which applies the caller's scope as the row policy does.
  if (q.search && !searched) c.push(sql`f.id in (select finding_search_ids(${q.search.trim()}))`);
  if (q.ids) c.push(sql`f.id = any(${q.ids}::int[])`);
  if (q.excludeIds) c.push(sql`not (f.id = any(${q.excludeIds}::int[]))`);
  // A scan's own fingerprint match (findings.change) wins over the occurrence history.
  if (q.change) c.push(sql`coalesce(f.change, d.change) = any(${q.change}::text[])`);
  if (q.first_seen_after) c.push(sql`d.first_seen >= ${day(q.first_seen_after)}`);
  if (q.first_seen_before) c.push(sql`d.first_seen < ${nextDay(q.first_seen_before)}`);
  if (q.last_seen_after) c.push(sql`d.last_seen >= ${day(q.last_seen_after)}`);
  if (q.last_seen_before) c.push(sql`d.last_seen < ${nextDay(q.last_seen_before)}`);
  if (q.assignee === "unassigned") c.push(sql`f.assignee_id is null`);
  else if (q.assignee !== undefined) c.push(sql`f.assignee_id = ${q.assignee}`);
  if (q.overdue === true) c.push(OVERDUE);
  if (q.overdue === false) c.push(sql`not ${OVERDUE}`);
  return sql.join(c, sql` and `);
}

/**
 * Where a selection's rows `f` come from: a search's matches with the columns the filters and sort
 * keys read (finding_search_rows, migration 0320: found through the trigram index and scoped as the
 * row policy scopes findings), or findings. `matches` names a CTE already holding them, so the
 * parts of one statement find them once.
 */
function sourceOf(q: FindingQuery, matches: string | null): RawBuilder<unknown> {
  if (!q.search || !readsSearchRows(q)) return findingsFrom(q.ordering);
  return matches ? sql`${sql.table(matches)} f` : sql`finding_search_rows(${q.search.trim()}) f`;
}

/**
 * Whether a selection reads its rows from the search's matches (finding_search_rows): a search whose
 * other filters and ordering read only the columns it returns (company, area, severity, status, scan,
 * ids and the five sort keys). Any other search reads findings, with the search as a filter.
 */
export function readsSearchRows(q: FindingQuery): boolean {
  return Boolean(
    q.search &&
      !needsFacts(q) &&
      q.product === undefined &&
      q.scan_endpoint === undefined &&
      q.threat_endpoint === undefined &&
      q.assignee === undefined &&
      q.overdue === undefined,
  );
}

/** The CTE name a statement gives its search's matches. */
const MATCHES = "search_matches";

/** The search's matches, as a query (a CTE holds them once for all of a statement's parts). */
const searchMatches = (q: FindingQuery) => sql`select * from finding_search_rows(${q.search?.trim() ?? ""})`;

/** Where a page is: by number, or after (before) a cursor's row. */
export type PagePlace =
  | { limit: number; offset: number }
  | { limit: number; at: { values: ReadonlyArray<string | null>; id: number; before: boolean } };

/**
 * A search's page and its selection's count in one statement that reads the search's matches once
 * (a search's count cannot come from finding_counts, and finding its matches is most of either's
 * cost): every match of the filters with its sort keys and `count(*) over ()`, then the page of them
 * (by number, or the cursor's ranges as one condition: over rows in memory no index is read), put in
 * order. A page past the end has no row to carry the count; it is counted on its own.
 */
export async function searchCountAndPage(
  tx: Tx,
  q: FindingQuery,
  place: PagePlace,
): Promise<{ count: number; rows: KeyedRow[] }> {
  const keys = orderKeys(q.ordering);
  const columns = keys.map((_, i) => sql.ref(`u.s${i}`));
  const what = sql.join([
    keyColumns(keys),
    ...keys.map((k, i) => sql`${k.expr} as ${sql.ref(`s${i}`)}`),
    sql`count(*) over () as count_of_selection`,
  ]);
  const before = "at" in place && place.at.before;
  const where =
    "at" in place
      ? sql`where ${sql.join(
          cursorRanges(keys, columns, sql`u.id`, place.at).map((range) => sql`(${sql.join(range, sql` and `)})`),
          sql` or `,
        )}`
      : sql``;
  const tail = "at" in place ? sql`limit ${place.limit}` : sql`limit ${place.limit} offset ${place.offset}`;
  const { rows } = await sql<Record<string, unknown>>`select u.* from (${selection(q, what)}) u ${where}
    order by ${orderOf(keys, columns, sql`u.id`, before)} ${tail}`.execute(tx);
  const first = rows[0];
  const count = first ? Number(first.count_of_selection) : await countFindings(tx, q);
  return { count, rows: keyedRows(keys, rows) };
}

/**
 * The same selection with the default ordering, for what does not depend on the order (a count, a
 * bulk change's ids): joins only what the filters read.
 */
const unordered = (q: FindingQuery): FindingQuery => ({ ...q, ordering: DEFAULT_ORDERING });

/** `with hist … select <what> from <source> f [, facts] where <filters>`: the index's selection. */
function selection(q: FindingQuery, what: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) {
  const from = sourceOf(q, null);
  return needsFacts(q)
    ? sql`with ${HISTORY_CTE} select ${what} from ${from} ${FACTS} where ${whereOf(q, readsSearchRows(q))} ${tail}`
    : sql`select ${what} from ${from} where ${whereOf(q, readsSearchRows(q))} ${tail}`;
}

export async function countFindings(tx: Tx, q: FindingQuery): Promise<number> {
  const { rows } = await sql<{ n: number }>`${countQuery(q)}`.execute(tx);
  return rows[0]?.n ?? 0;
}

/**
 * Whether the selection's count can be read from finding_counts (migration 0310): filtered only by
 * company, area, severity and status, the keys that table counts placed findings by. Any other filter
 * (a scan, a search, dates, …) counts the matching rows themselves.
 */
export function countsFromSummary(q: FindingQuery): boolean {
  const { company, ordering, area, severity, status, ...rest } = q;
  return Object.values(rest).every((v) => v === undefined);
}

/**
 * The selection's count: a sum over the few summary rows of the caller's companies (row-level security
 * scopes finding_counts as it does findings) where it can, else count(*) of the selection.
 */
export const countQuery = (q: FindingQuery) => {
  if (!countsFromSummary(q)) return selection(unordered(q), sql`count(*)::int as n`);
  const c: RawBuilder<unknown>[] = [sql`true`];
  if (q.company !== null) c.push(sql`c.company_id = ${q.company}`);
  if (q.area) c.push(sql`c.area = any(${q.area}::text[])`);
  if (q.severity) c.push(sql`c.severity = any(${q.severity}::text[])`);
  if (q.status) c.push(sql`c.status = any(${q.status}::text[])`);
  return sql`select coalesce(sum(c.n), 0)::int as n from finding_counts c where ${sql.join(c, sql` and `)}`;
};

/** A row of a page: its id and its sort values as a cursor carries them. */
export interface KeyedRow {
  id: number;
  keys: Array<string | null>;
}

const keyColumns = (keys: readonly OrderKey[]) =>
  sql.join([sql`f.id`, ...keys.map((k, i) => sql`${k.text} as ${sql.ref(`k${i}`)}`)]);

function keyedRows(keys: readonly OrderKey[], rows: Array<Record<string, unknown>>): KeyedRow[] {
  return rows.map((r) => ({ id: Number(r.id), keys: keys.map((_, i) => (r[`k${i}`] ?? null) as string | null) }));
}

/**
 * Whether a page should be read in order from the ordering's index whatever the planner estimates:
 * a single-key ordering filtered only by company, area, severity and status (each a large share of
 * the rows), where an ordered index read stops after a page. The planner cannot read the row
 * policy's settings and estimates it to let 0.5% of rows through, so it would rather fetch a whole
 * severity or name range by bitmap and sort it (tens of milliseconds at 100,000 findings, growing
 * with the table). With a selective filter (a scan, a product, ids, an assignee, a search) or a
 * computed one, its own choice stands: a sort of a few matches beats reading the order for them.
 */
export function readsInIndexOrder(q: FindingQuery): boolean {
  const { company, ordering, area, severity, status, ...rest } = q;
  return !ordering.includes(",") && !needsFacts(q) && Object.values(rest).every((v) => v === undefined);
}

/**
 * Runs a page query with sorts (incremental ones too) and bitmap scans priced out when
 * `readsInIndexOrder(q)`, and JIT off (the price put on the alternatives would otherwise make the
 * cheap plan look worth compiling, some 300 ms). The settings are put back as they were for the rest
 * of the transaction. An incremental sort would read a status ordering's page from the ascending
 * index backwards and sort each status's rows by id: the whole first status group (61,292 rows at a
 * million) for a page of 50. With the policy's estimate of both tables the planner expects a couple
 * of rows and prices the two plans alike.
 */
async function inIndexOrder<T>(tx: Tx, q: FindingQuery, read: () => Promise<T>): Promise<T> {
  if (!readsInIndexOrder(q)) return await read();
  // One round trip reads the settings and then turns them off (a select list is computed in order).
  const { rows } = await sql<{ sort: string; incremental: string; bitmap: string; jit: string }>`select
      current_setting('enable_sort') as sort, current_setting('enable_incremental_sort') as incremental,
      current_setting('enable_bitmapscan') as bitmap, current_setting('jit') as jit,
      set_config('enable_sort', 'off', true) as sort_off,
      set_config('enable_incremental_sort', 'off', true) as incremental_off,
      set_config('enable_bitmapscan', 'off', true) as bitmap_off, set_config('jit', 'off', true) as jit_off`.execute(
    tx,
  );
  const before = rows[0];
  const result = await read();
  if (before) {
    await sql`select set_config('enable_sort', ${before.sort}, true),
      set_config('enable_incremental_sort', ${before.incremental}, true),
      set_config('enable_bitmapscan', ${before.bitmap}, true), set_config('jit', ${before.jit}, true)`.execute(tx);
  }
  return result;
}

/** One page by number: the ids in the index's order with their sort values. */
export const offsetPageQuery = (q: FindingQuery, limit: number, offset: number) => {
  const statusOrder = statusOrderOf(q);
  return selection(
    q,
    keyColumns(orderKeys(q.ordering, statusOrder)),
    sql`order by ${orderBy(q.ordering, statusOrder)} limit ${limit} offset ${offset}`,
  );
};

export async function offsetPage(tx: Tx, q: FindingQuery, limit: number, offset: number): Promise<KeyedRow[]> {
  const { rows } = await inIndexOrder(tx, q, () =>
    sql<Record<string, unknown>>`${offsetPageQuery(q, limit, offset)}`.execute(tx),
  );
  return keyedRows(orderKeys(q.ordering), rows);
}

/** Whether a cursor's sort values fit the ordering's keys (checked before they reach SQL). */
export function cursorValuesFit(ordering: string, values: readonly unknown[]): boolean {
  const keys = orderKeys(ordering);
  return (
    values.length === keys.length &&
    values.every((v, i) => v === null || (typeof v === "string" && (keys[i] as OrderKey).valid(v)))
  );
}

/**
 * The rows after (or before) a cursor as disjoint ranges (see cursorPageQuery), each a list of
 * conditions on `exprs` (the keys' expressions, or a subquery's columns) and `id`.
 */
function cursorRanges(
  keys: readonly OrderKey[],
  exprs: readonly RawBuilder<unknown>[],
  id: RawBuilder<unknown>,
  at: { values: ReadonlyArray<string | null>; id: number; before: boolean },
): RawBuilder<unknown>[][] {
  const expr = (i: number) => exprs[i] as RawBuilder<unknown>;
  const value = (i: number) => (keys[i] as OrderKey).cast(at.values[i] as string);
  const equal = (i: number) => (at.values[i] === null ? sql`${expr(i)} is null` : sql`${expr(i)} = ${value(i)}`);
  const prefix = (n: number) => keys.slice(0, n).map((_, i) => equal(i));
  const ranges: RawBuilder<unknown>[][] = [
    [...prefix(keys.length), at.before ? sql`${id} < ${at.id}` : sql`${id} > ${at.id}`],
  ];
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as OrderKey;
    const later = key.desc === at.before ? sql`>` : sql`<`;
    if (!at.before) {
      if (at.values[i] === null) continue;
      ranges.push([...prefix(i), sql`${expr(i)} ${key.desc ? sql`<` : sql`>`} ${value(i)}`]);
      if (key.nullable) ranges.push([...prefix(i), sql`${expr(i)} is null`]);
    } else if (at.values[i] === null) {
      ranges.push([...prefix(i), sql`${expr(i)} is not null`]);
    } else {
      ranges.push([...prefix(i), sql`${expr(i)} ${later} ${value(i)}`]);
    }
  }
  return ranges;
}

/**
 * The rows after (or before) the row whose sort values are `values` and id `id`, at most `limit`,
 * nearest first. "After" is split into disjoint ranges, each an equality on the leading keys and a
 * range on the next one (the same values with a later id; a later value of the last key; a later value
 * of the key before; …; and each nullable key's nulls, which come last both ways). Each range reads
 * its first `limit` rows straight from the ordering's index; the union of at most a few times `limit`
 * rows is then put in order. One OR over all ranges could not be read from an index in order.
 */
export const cursorPageQuery = (
  q: FindingQuery,
  at: { values: ReadonlyArray<string | null>; id: number; before: boolean },
  limit: number,
) => {
  // Every range reads the search's matches: a CTE finds them once.
  const matches = readsSearchRows(q) ? MATCHES : null;
  const statusOrder = statusOrderOf(q);
  const keys = orderKeys(q.ordering, statusOrder);
  const ranges = cursorRanges(
    keys,
    keys.map((k) => k.expr),
    idOf(statusOrder),
    at,
  );
  const inner = orderOf(
    keys,
    keys.map((k) => k.expr),
    idOf(statusOrder),
    at.before,
  );
  const source = sourceOf(q, matches);
  const from = needsFacts(q) ? sql`${source} ${FACTS}` : source;
  const what = sql.join([keyColumns(keys), ...keys.map((k, i) => sql`${k.expr} as ${sql.ref(`s${i}`)}`)]);
  const parts = ranges.map(
    (range) =>
      sql`(select ${what} from ${from} where ${whereOf(q, readsSearchRows(q))} and ${sql.join(range, sql` and `)}
        order by ${inner} limit ${limit})`,
  );
  const outer = orderOf(
    keys,
    keys.map((_, i) => sql.ref(`u.s${i}`)),
    sql`u.id`,
    at.before,
  );
  const body = sql`select u.* from (${sql.join(parts, sql` union all `)}) u order by ${outer} limit ${limit}`;
  const ctes = [
    ...(matches ? [sql`${sql.table(MATCHES)} as materialized (${searchMatches(q)})`] : []),
    ...(needsFacts(q) ? [HISTORY_CTE] : []),
  ];
  return ctes.length ? sql`with ${sql.join(ctes)} ${body}` : body;
};

export async function cursorPage(
  tx: Tx,
  q: FindingQuery,
  at: { values: ReadonlyArray<string | null>; id: number; before: boolean },
  limit: number,
): Promise<KeyedRow[]> {
  const { rows } = await inIndexOrder(tx, q, () =>
    sql<Record<string, unknown>>`${cursorPageQuery(q, at, limit)}`.execute(tx),
  );
  return keyedRows(orderKeys(q.ordering), rows);
}

/** The whole selection's ids in the index's order, as a SQL query (a cursor reads it in batches). */
export const orderedIdsQuery = (q: FindingQuery) =>
  selection(q, sql`f.id`, sql`order by ${orderBy(q.ordering, statusOrderOf(q))}`);

/** The selection's ids without order (bulk changes lock and count them). */
export const selectionIds = (q: FindingQuery) => selection(unordered(q), sql`f.id`);

/** Per area of the selection, how many and where the first one is in the index's order (the SARIF refusal names them). */
export async function areasOf(tx: Tx, q: FindingQuery): Promise<Array<{ area: Area; n: number }>> {
  const order = orderBy(q.ordering, statusOrderOf(q));
  const inner = selection(q, sql`f.area, row_number() over (order by ${order}) as pos`);
  const { rows } = await sql<{ area: Area; n: number }>`select area, count(*)::int as n from (${inner}) s
    group by area order by min(pos)`.execute(tx);
  return rows;
}

/** The finding's own columns, its vulnerability's text, its company and product: one index row or detail. */
export interface FindingRow {
  id: number;
  company_id: number;
  company_name: string | null;
  product_id: number | null;
  product_name: string | null;
  area: Area;
  status: string;
  version: number;
  severity: string;
  name: string;
  host_id: number | null;
  host: string | null;
  asset_id: number | null;
  line: number | null;
  branch: string | null;
  parent_id: number;
  created_at: string;
  scan_id: number | null;
  configuration_id: number | null;
  application_id: number | null;
  scan_endpoint_id: number | null;
  threat_endpoint_id: number | null;
  location_target: string;
  description: string;
  summary: string | null;
  mitigation: string | null;
  impact: string | null;
  references: string[];
  affected: string | null;
  insight: string | null;
  cvss2: string | null;
  cvss2_score: number | null;
  cvss3: string | null;
  cvss3_score: number | null;
  cwe: string | null;
  cve: string | null;
  component: string | null;
  sourcecode_finding_type: string | null;
  qod: number | null;
  port: string | null;
  protocol: string | null;
  code_snippets: string[];
  rule_examples: string[];
  evidence: string | null;
  vulnerability_line: number | null;
  assignee_id: number | null;
  assignee_email: string | null;
  assignee_fullname: string | null;
  due_date: string | null;
  is_overdue: boolean;
  first_seen: string | null;
  last_seen: string | null;
  change?: string | null;
  previous_id?: number | null;
  /** What the scan that stored the finding matched by fingerprint (null for demo data). */
  stored_change: string | null;
  stored_previous_id: number | null;
}

export const ROW_COLUMNS = sql`f.id, f.company_id, f.product_id, f.area, f.status, f.version, f.severity, f.name, f.host_id, f.host, f.asset_id, f.line, f.branch, f.parent_id,
  f.created_at, f.scan_id, f.configuration_id, f.application_id, f.scan_endpoint_id, f.threat_endpoint_id,
  f.location_target, v.description, v.summary, v.mitigation, v.impact, v."references", v.affected, v.insight,
  v.cvss2, v.cvss2_score, v.cvss3, v.cvss3_score, v.cwe, v.cve, v.component, v.sourcecode_finding_type, v.qod,
  v.port, v.protocol, v.code_snippets, v.rule_examples, v.evidence, v.line as vulnerability_line,
  f.assignee_id, au.email as assignee_email, au.first_name || ' ' || au.last_name as assignee_fullname,
  due.due_at as due_date, (f.status in ('ACTIVE', 'FIXING') and coalesce(due.due_at < now(), false)) as is_overdue,
  seen.first_seen, seen.last_seen, f.change as stored_change, f.previous_id as stored_previous_id`;

export const ROW_JOINS = sql`join vulnerabilities v on v.id = f.vulnerability_id
  left join users au on au.id = f.assignee_id
  ${SEEN}`;

/**
 * The company's and product's names (company_name, product_name; null where the caller may not see
 * them) looked up per row by key: for a page's few rows. The planner expects one row of a page's ids
 * (the row policy) and would otherwise scan both tables once per row in a nested loop.
 */
export const NAMES_LOOKED_UP = sql`(select co.name from companies co where co.id = f.company_id) as company_name,
  (select pr.name from products pr where pr.id = f.product_id) as product_name`;
/** The same names joined (ROW_COLUMNS' `co` and `pr`): for the export's many rows, hashed once. */
export const NAMES_JOINED = sql`co.name as company_name, pr.name as product_name`;
export const NAMES_JOINS = sql`left join companies co on co.id = f.company_id
  left join products pr on pr.id = f.product_id`;

/**
 * The rows of these ids, in the order given, with first and last seen, change and previous finding
 * (every Finding body carries change and previous_id since issue 29): a few index probes per row.
 * Only the rows no scan matched (demo data) read the scan history, in a second query for them alone.
 * `company` is the caller's scope, repeated here although row-level security enforces it too.
 */
export async function findingRows(tx: Tx, ids: readonly number[], company: number | null): Promise<FindingRow[]> {
  if (ids.length === 0) return [];
  const scope = company === null ? sql`true` : sql`f.company_id = ${company}`;
  const { rows } = await sql<FindingRow>`select ${ROW_COLUMNS}, ${NAMES_LOOKED_UP} from findings f ${ROW_JOINS}
      where f.id = any(${[...ids]}::int[]) and ${scope}`.execute(tx);
  const unmatched = rows.filter((r) => r.stored_change === null).map((r) => r.id);
  if (unmatched.length) {
    const history = await sql<{ id: number; change: string | null; previous_id: number | null }>`
      with ${HISTORY_CTE} select f.id, d.change, d.previous_id from findings f ${SEEN} ${HISTORY_FACTS}
       where f.id = any(${unmatched}::int[])`.execute(tx);
    const byId = new Map(history.rows.map((h) => [h.id, h]));
    for (const row of rows) {
      const h = byId.get(row.id);
      row.change = h?.change ?? null;
      row.previous_id = h?.previous_id ?? null;
    }
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface LogRow {
  id: number;
  finding_id: number;
  old_status: string | null;
  new_status: string;
  message: string;
  modified_by: number | null;
  batch_id: number | null;
  undoes: number | null;
  created_at: string;
}

export interface Modifier {
  id: number;
  username: string;
  email: string;
  fullname: string;
}

/**
 * The status histories of these findings (oldest first) and the users who wrote them, in one round
 * trip: the writers are looked up (finding_modifiers) for the ids the same statement reads.
 */
export async function historiesOf(
  tx: Tx,
  ids: readonly number[],
): Promise<{ logs: Map<number, LogRow[]>; modifiers: Map<number, Modifier> }> {
  const logs = new Map<number, LogRow[]>();
  const modifiers = new Map<number, Modifier>();
  if (ids.length === 0) return { logs, modifiers };
  const findingIds = [...ids];
  const { rows } = await sql<
    LogRow & { m_id: number | null; m_username: string; m_email: string; m_fullname: string }
  >`select l.id, l.finding_id, l.old_status, l.new_status, l.message, l.modified_by, l.batch_id, l.undoes,
        l.created_at, m.id as m_id, m.username as m_username, m.email as m_email, m.fullname as m_fullname
      from finding_logs l
      left join finding_modifiers(array(select distinct g.modified_by from finding_logs g
                                          where g.finding_id = any(${findingIds}::int[]) and g.modified_by is not null)) m
        on m.id = l.modified_by
     where l.finding_id = any(${findingIds}::int[]) order by l.finding_id, l.id`.execute(tx);
  for (const { m_id, m_username, m_email, m_fullname, ...row } of rows) {
    const list = logs.get(row.finding_id);
    if (list) list.push(row);
    else logs.set(row.finding_id, [row]);
    if (m_id !== null && !modifiers.has(m_id)) {
      modifiers.set(m_id, { id: m_id, username: m_username, email: m_email, fullname: m_fullname });
    }
  }
  return { logs, modifiers };
}

/**
 * The finding named by a per-area path, or nothing: each id of the path must be the finding's real
 * parent (config → scan → endpoint for network; scan for source code and web; a threat finding by
 * itself), and the finding must be the caller's company's. `lock` takes the row for a change.
 */
export async function findingAt(
  tx: Tx,
  path:
    | { area: "network"; config: number; scan: number; endpoint: number; finding: number }
    | { area: "sourcecode" | "web"; scan: number; finding: number }
    | { area: "threat"; finding: number },
  company: number | null,
  lock = false,
): Promise<{ id: number; status: string; version: number; company_id: number } | null> {
  const scope = company === null ? sql`true` : sql`f.company_id = ${company}`;
  const parents =
    path.area === "network"
      ? sql`join scan_endpoints se on se.id = f.parent_id and se.id = ${path.endpoint}
            join network_scans s on s.id = se.scan_id and s.id = ${path.scan} and s.config_id = ${path.config}`
      : path.area === "threat"
        ? sql`join threat_endpoints e on e.id = f.parent_id`
        : sql`where f.parent_id = ${path.scan} and`;
  const where = path.area === "sourcecode" || path.area === "web" ? sql`` : sql`where`;
  const { rows } = await sql<{ id: number; status: string; version: number; company_id: number }>`
    select f.id, f.status, f.version, f.company_id from findings f ${parents} ${where}
      f.id = ${path.finding} and f.area = ${path.area} and ${scope}
    ${lock ? sql`for update of f` : sql``}`.execute(tx);
  return rows[0] ?? null;
}

/** Whether the parent a per-area list names exists for the caller. */
export async function parentVisible(
  tx: Tx,
  parent:
    | { area: "network"; config: number; scan: number; endpoint: number }
    | { area: "sourcecode" | "web" | "threat"; id: number },
  company: number | null,
): Promise<boolean> {
  const scope = (alias: string) => (company === null ? sql`true` : sql`${sql.ref(`${alias}.company_id`)} = ${company}`);
  let query: RawBuilder<{ ok: number }>;
  if (parent.area === "network") {
    query = sql`select 1 as ok from scan_endpoints se join network_scans s on s.id = se.scan_id
      join network_configs c on c.id = s.config_id
      where se.id = ${parent.endpoint} and s.id = ${parent.scan} and c.id = ${parent.config} and ${scope("c")}`;
  } else if (parent.area === "sourcecode") {
    query = sql`select 1 as ok from source_scans s where s.id = ${parent.id} and ${scope("s")}`;
  } else if (parent.area === "web") {
    query = sql`select 1 as ok from web_scans s where s.id = ${parent.id} and ${scope("s")}`;
  } else {
    query = sql`select 1 as ok from threat_endpoints e where e.id = ${parent.id} and ${scope("e")}`;
  }
  const { rows } = await query.execute(tx);
  return rows.length > 0;
}

/** A per-area list: the parent's findings, most severe first, then by id; with status and search (network). */
export async function childIds(
  tx: Tx,
  area: Area,
  parentId: number,
  company: number | null,
  filters: { status?: string; search?: string },
  limit: number,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const c: RawBuilder<unknown>[] = [sql`f.area = ${area}`, sql`f.parent_id = ${parentId}`];
  if (company !== null) c.push(sql`f.company_id = ${company}`);
  if (filters.status) c.push(sql`f.status = ${filters.status}`);
  const needle = filters.search?.trim().toLowerCase();
  if (needle) {
    // The network screen's search: name, description, CVE, CWE and host, case-insensitive.
    c.push(sql`(strpos(lower(f.name), ${needle}) > 0 or strpos(lower(v.description), ${needle}) > 0
      or strpos(lower(coalesce(v.cve, '')), ${needle}) > 0 or strpos(lower(coalesce(v.cwe, '')), ${needle}) > 0
      or strpos(lower(coalesce(f.host, '')), ${needle}) > 0)`);
  }
  const where = sql.join(c, sql` and `);
  const { rows } = await sql<{ id: number; total: number }>`
    select f.id, count(*) over ()::int as total
      from findings f join vulnerabilities v on v.id = f.vulnerability_id
     where ${where}
     order by f.severity_rank desc, f.id asc
     limit ${limit} offset ${offset}`.execute(tx);
  if (rows.length === 0 && offset > 0) {
    const all = await sql<{ n: number }>`select count(*)::int as n from findings f
      join vulnerabilities v on v.id = f.vulnerability_id where ${where}`.execute(tx);
    return { count: all.rows[0]?.n ?? 0, ids: [] };
  }
  return { count: rows[0]?.total ?? 0, ids: rows.map((r) => r.id) };
}
