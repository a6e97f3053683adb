import { sql } from "kysely";
import type { Db } from "../src/db/pool.ts";

/**
 * Where the index's summary counts (finding_counts, migration 0310: deltas, summed per key) differ from
 * count(*) of the placed findings, per company, area, severity and status; empty when they agree. A
 * sum of 0 and no findings agree. Read with the caller's connection (the test's own, which row-level security does not
 * narrow, or a transaction that has the all-companies scope).
 */
export async function countMismatches(db: Db) {
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
     order by 1`.execute(db);
  return rows;
}
