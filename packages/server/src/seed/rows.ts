import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";

/**
 * Inserts rows given as JSON through jsonb_populate_recordset: one statement per table (per 20,000
 * rows). Only the columns the rows carry are written, so the others take their defaults.
 */
export async function insertRows(tx: Tx, table: string, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = (
    await sql<{ name: string }>`select column_name as name from information_schema.columns
                                 where table_schema = 'public' and table_name = ${table}`.execute(tx)
  ).rows.map((r) => r.name);
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const written = columns.filter((c) => present.has(c));
  const list = sql.join(written.map((c) => sql.id(c)));
  const CHUNK = 20_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    await sql`insert into ${sql.table(table)} (${list})
              select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${chunk}::jsonb)`.execute(tx);
  }
}
