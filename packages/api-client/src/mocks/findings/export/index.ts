import { toCsv } from "./csv.ts";
import { toJson } from "./json.ts";
import type { ExportRow } from "./row.ts";
import { toSarif } from "./sarif.ts";

export type { ExportRow } from "./row.ts";

export type ExportFormat = "csv" | "json" | "sarif";

export interface ExportOptions {
  /** ISO date-time the export is made at; in the envelope, the SARIF invocation and the file name. */
  generatedAt: string;
  /** The filters the set was selected with, echoed in the JSON envelope. */
  filters?: Record<string, unknown>;
  /**
   * Where to read about the tool that wrote the file (SARIF `tool.driver.informationUri`): the
   * product's own address, which only the caller knows. The SARIF Multitool warns when it is missing.
   */
  informationUri?: string;
}

export type ExportFile = { body: string; contentType: string; filename: string };

/** `sentinel-findings-20261126T083500Z.csv`: sortable, and free of characters file systems refuse. */
function filename(format: ExportFormat, generatedAt: string): string {
  const stamp = generatedAt.replace(/\.\d+/, "").replace(/[-:]/g, "");
  return `sentinel-findings-${stamp}.${format}`;
}

/**
 * The findings export: exactly the given rows (the caller selects them with the index's filters) in
 * one of three formats. SARIF answers `{ error }` for a set that holds findings of other areas.
 */
export function serializeFindings(
  format: ExportFormat,
  rows: ExportRow[],
  options: ExportOptions,
): ExportFile | { error: string } {
  const name = filename(format, options.generatedAt);
  switch (format) {
    case "csv":
      return { body: toCsv(rows), contentType: "text/csv; charset=utf-8; header=present", filename: name };
    case "json":
      return {
        body: toJson(rows, options.generatedAt, options.filters),
        contentType: "application/json",
        filename: name,
      };
    case "sarif": {
      const sarif = toSarif(rows, options.generatedAt, options.informationUri);
      return "error" in sarif ? sarif : { body: sarif.body, contentType: "application/sarif+json", filename: name };
    }
  }
}
