// PLACEHOLDER until the merge: the real module is owned by fexport.
import type { components } from "../../../generated/schema.ts";

export type ExportFormat = "csv" | "json" | "sarif";
export type ExportRow = components["schemas"]["FindingIndexItem"];

/** JSON only: enough for the index's export handler and its count test until the serializers land. */
export function serializeFindings(
  format: ExportFormat,
  rows: ExportRow[],
  options: { generatedAt: string },
): { body: string; contentType: string; filename: string } | { error: string } {
  if (format === "sarif" && rows.some((r) => r.area !== "SOURCE_CODE")) {
    return { error: "SARIF covers source code findings only; filter the export to the SOURCE_CODE area." };
  }
  if (format !== "json") return { error: `The ${format} export is not available yet.` };
  const day = options.generatedAt.slice(0, 10);
  return {
    body: JSON.stringify({ generated_at: options.generatedAt, count: rows.length, results: rows }),
    contentType: "application/json",
    filename: `findings-${day}.json`,
  };
}
