import type { ExportRow } from "./row.ts";

/** The JSON export (the contract's `FindingExport`): when and for which filters, then the rows with their history. */
export interface JsonExport {
  generated_at: string;
  count: number;
  /** The filters the set was selected with, as the request gave them; absent when none were given. */
  filters?: Record<string, unknown>;
  results: ExportRow[];
}

export function toJson(rows: readonly ExportRow[], generatedAt: string, filters?: Record<string, unknown>): string {
  const body: JsonExport = {
    generated_at: generatedAt,
    count: rows.length,
    ...(filters && Object.keys(filters).length > 0 ? { filters } : {}),
    results: [...rows],
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
