import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../db/pool.ts";

/** The scan tables that keep their findings' counts per severity (migration 0300). */
export type SeverityCountedTable = "network_scans" | "web_scans" | "source_scans" | "threat_scans";

const SEVERITIES = ["HIGH", "MEDIUM", "LOW", "INFO", "LOG"] as const;

/**
 * `finding_high = finding_high + n, …` for what one store stored: a SET list for the store's own
 * update of its scan row. A finding's severity never changes after its scan stored it, and findings
 * are never deleted, so the counts only ever grow by what a store adds, in its own transaction.
 */
export function severityIncrements(stored: ReadonlyArray<{ severity: string }>): RawBuilder<unknown> {
  const counts = new Map<string, number>();
  for (const f of stored) counts.set(f.severity, (counts.get(f.severity) ?? 0) + 1);
  const unknown = [...counts.keys()].filter((s) => !(SEVERITIES as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`a stored finding has no severity count: ${unknown.join(", ")}`);
  return sql.join(
    SEVERITIES.map((s) => {
      const column = sql.ref(`finding_${s.toLowerCase()}`);
      return sql`${column} = ${column} + ${counts.get(s) ?? 0}`;
    }),
  );
}

/** Adds what one store stored to its scan's counts (for stores that keep no other counts). */
export async function addSeverityCounts(
  tx: Tx,
  table: SeverityCountedTable,
  scanId: number,
  stored: ReadonlyArray<{ severity: string }>,
): Promise<void> {
  if (stored.length === 0) return;
  await sql`update ${sql.table(table)} set ${severityIncrements(stored)} where id = ${scanId}`.execute(tx);
}

/** The contract's SeveritySummary of the scan row `scan` (an alias), as a json column's value. */
export const severitySummary = (scan: string) =>
  sql`json_build_object('high', ${sql.ref(`${scan}.finding_high`)}, 'medium', ${sql.ref(`${scan}.finding_medium`)},
                        'low', ${sql.ref(`${scan}.finding_low`)}, 'info', ${sql.ref(`${scan}.finding_info`)},
                        'log', ${sql.ref(`${scan}.finding_log`)})`;

/** Each scan's findings, by scan id, per table: network and threat scans own their endpoints' findings. */
const FINDINGS_BY_SCAN: Record<SeverityCountedTable, RawBuilder<unknown>> = {
  network_scans: sql`findings f join scan_endpoints se on se.id = f.parent_id and f.area = 'network'`,
  web_scans: sql`findings f`,
  source_scans: sql`findings f`,
  threat_scans: sql`findings f join threat_endpoints se on se.id = f.parent_id and f.area = 'threat'`,
};
const SCAN_OF: Record<SeverityCountedTable, RawBuilder<unknown>> = {
  network_scans: sql`se.scan_id`,
  web_scans: sql`f.parent_id`,
  source_scans: sql`f.parent_id`,
  threat_scans: sql`se.scan_id`,
};
const AREA_OF: Record<SeverityCountedTable, string> = {
  network_scans: "network",
  web_scans: "web",
  source_scans: "sourcecode",
  threat_scans: "threat",
};

/**
 * Counts every scan's findings per severity afresh, one set-based statement per table: for a loader
 * that writes scans before their findings (the demo seed), as migration 0300 did for the rows it found.
 */
export async function recountScanSeverities(tx: Tx): Promise<void> {
  for (const table of Object.keys(FINDINGS_BY_SCAN) as SeverityCountedTable[]) {
    await sql`update ${sql.table(table)} s
         set finding_high = c.high, finding_medium = c.medium, finding_low = c.low, finding_info = c.info,
             finding_log = c.log
        from (select ${SCAN_OF[table]} as scan_id,
                     count(*) filter (where f.severity = 'HIGH') as high,
                     count(*) filter (where f.severity = 'MEDIUM') as medium,
                     count(*) filter (where f.severity = 'LOW') as low,
                     count(*) filter (where f.severity = 'INFO') as info,
                     count(*) filter (where f.severity = 'LOG') as log
                from ${FINDINGS_BY_SCAN[table]}
               where f.area = ${AREA_OF[table]} group by 1) c
       where c.scan_id = s.id`.execute(tx);
  }
}
