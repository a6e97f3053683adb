import { sql } from "kysely";
import type { Db } from "../src/db/pool.ts";

/**
 * Where the tables the findings triggers keep differ from findings; empty when they agree. Read with
 * the caller's connection (the test's own, which row-level security does not narrow, or a transaction
 * that has the all-companies scope).
 * - The index's summary counts (finding_counts, migration 0310: deltas, summed per key) against
 *   count(*) of the placed findings, per company, area, severity and status, as
 *   "company/area/severity/status". A sum of 0 and no findings agree.
 * - The status order (finding_status_order, migration 0330) against every finding's company and
 *   status rank, as "order/id".
 * - History rows and batch changes left by a deleted finding (migration 0331: they go with it), as
 *   "history/finding id" and "batch change/finding id".
 */
export async function summaryMismatches(db: Db) {
  const { rows } = await sql<{ key: string; summary: number; actual: number }>`
    with actual as (
      select company_id, area, severity, status, count(*)::int as n from findings
       where scan_id is not null group by company_id, area, severity, status
    ), summed as (
      select company_id, area, severity, status, sum(n)::int as n from finding_counts
       group by company_id, area, severity, status
    )
    select concat_ws('/', coalesce(c.company_id, a.company_id), coalesce(c.area, a.area),
                     coalesce(c.severity, a.severity), coalesce(c.status, a.status)) as key,
           coalesce(c.n, 0)::int as summary, coalesce(a.n, 0)::int as actual
      from summed c
      full join actual a using (company_id, area, severity, status)
     where coalesce(c.n, 0) <> coalesce(a.n, 0)
    union all
    select 'order/' || coalesce(o.id, f.id), o.status_rank, f.status_rank
      from finding_status_order o
      full join findings f on f.id = o.id
     where (o.company_id, o.status_rank) is distinct from (f.company_id, f.status_rank)
    union all
    select distinct 'history/' || l.finding_id, null::int, null::int from finding_logs l
     where not exists (select 1 from findings f where f.id = l.finding_id)
    union all
    select distinct 'batch change/' || c.finding_id, null::int, null::int from finding_batch_changes c
     where not exists (select 1 from findings f where f.id = c.finding_id)
     order by 1`.execute(db);
  return rows;
}
