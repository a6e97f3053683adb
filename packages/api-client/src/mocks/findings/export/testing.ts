import type { DbFinding } from "../../db-types.ts";
import { buildSeed } from "../../seed/build.ts";
import { toIndexItem } from "../query.ts";
import type { ExportRow } from "./row.ts";

export { parseCsv } from "./parseCsv.ts";

/** Export rows as the index serves them, built from the demo seed, for the export tests. */
export function seedRows(filter: (f: DbFinding) => boolean = () => true): ExportRow[] {
  const db = buildSeed();
  return db.findings.filter(filter).map((f) => toIndexItem(db, f));
}
