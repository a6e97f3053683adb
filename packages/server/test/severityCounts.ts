import { sql } from "kysely";
import type { Db } from "../src/db/pool.ts";

/** Each scan table's findings, by scan id: network and threat scans own their endpoints' findings. */
const LIVE = {
  network_scans: sql`findings f join scan_endpoints se on se.id = f.parent_id and f.area = 'network' where se.scan_id`,
  web_scans: sql`findings f where f.area = 'web' and f.parent_id`,
  source_scans: sql`findings f where f.area = 'sourcecode' and f.parent_id`,
  threat_scans: sql`findings f join threat_endpoints se on se.id = f.parent_id and f.area = 'threat' where se.scan_id`,
} as const;
export type ScanTable = keyof typeof LIVE;

export interface SeverityCounts {
  high: number;
  medium: number;
  low: number;
  info: number;
  log: number;
}

/**
 * The counts per severity that every scan of `table` keeps on its row (migration 0300) beside a
 * live count of its findings, for the scans where the two differ: none, when the stores keep them.
 */
export async function severityDrift(
  db: Db,
  table: ScanTable,
): Promise<Array<{ id: number; stored: SeverityCounts; live: SeverityCounts }>> {
  const { rows } = await sql<{ id: number; stored: SeverityCounts; live: SeverityCounts }>`
    select s.id,
           json_build_object('high', s.finding_high, 'medium', s.finding_medium, 'low', s.finding_low,
                             'info', s.finding_info, 'log', s.finding_log) as stored,
           json_build_object('high', c.high, 'medium', c.medium, 'low', c.low, 'info', c.info, 'log', c.log) as live
      from ${sql.table(table)} s
      cross join lateral (
        select count(*) filter (where f.severity = 'HIGH') as high,
               count(*) filter (where f.severity = 'MEDIUM') as medium,
               count(*) filter (where f.severity = 'LOW') as low,
               count(*) filter (where f.severity = 'INFO') as info,
               count(*) filter (where f.severity = 'LOG') as log
          from ${LIVE[table]} = s.id) c
     where (s.finding_high, s.finding_medium, s.finding_low, s.finding_info, s.finding_log)
           is distinct from (c.high::int, c.medium::int, c.low::int, c.info::int, c.log::int)
     order by s.id`.execute(db);
  return rows;
}

/** How many findings the scan's row counts, all severities together. */
export async function storedTotal(db: Db, table: ScanTable, id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select finding_high + finding_medium + finding_low + finding_info + finding_log as n
      from ${sql.table(table)} where id = ${id}`.execute(db);
  return rows[0]?.n ?? -1;
}
