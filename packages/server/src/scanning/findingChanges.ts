import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";
import { severityIncrements } from "./severityCounts.ts";

/** The scan tables whose stores match findings across scans and keep the counts (migration 0250). */
export type CountedScanTable = "network_scans" | "web_scans" | "source_scans";

/**
 * Adds what one store matched (and the severities it stored) to its scan's counts, in the store's own transaction: the counts are
 * final when the scan ends, and a retried job that stores nothing adds nothing. Network scans store
 * one endpoint at a time, so the counts add up; the others store once.
 */
export async function addFindingChanges(
  tx: Tx,
  table: CountedScanTable,
  scanId: number,
  stored: ReadonlyArray<{ change: string; severity: string }>,
  mitigated: number,
): Promise<void> {
  const count = (change: string) => stored.filter((f) => f.change === change).length;
  // The same update adds the stored findings' severities (migration 0300).
  await sql`update ${sql.table(table)} set new_count = coalesce(new_count, 0) + ${count("NEW")},
              unchanged_count = coalesce(unchanged_count, 0) + ${count("UNCHANGED")},
              reopened_count = coalesce(reopened_count, 0) + ${count("REOPENED")},
              mitigated_count = coalesce(mitigated_count, 0) + ${mitigated},
              ${severityIncrements(stored)}
            where id = ${scanId}`.execute(tx);
}

/**
 * The contract's `finding_changes` of the scan `s`, as a json column: null until the scan has ended
 * (`ended`, the table's end states), and for scans nothing was counted for.
 */
export const findingChangesColumn = (ended: readonly string[]) =>
  sql`case when s.status = any(${[...ended]}::text[]) and s.new_count is not null
      then json_build_object('new', s.new_count, 'unchanged', s.unchanged_count, 'reopened', s.reopened_count,
                             'mitigated', s.mitigated_count) end as finding_changes`;

/** The contract's ScanFindingChanges. */
export interface FindingChangesWire {
  new: number;
  unchanged: number;
  reopened: number;
  mitigated: number;
}
