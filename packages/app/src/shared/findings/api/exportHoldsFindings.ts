/** The export formats the index offers (SARIF holds source code findings only). */
export type FindingsExportFormat = "csv" | "json" | "sarif";

/**
 * Whether an export's file holds at least one finding. A file that holds none (the matches went
 * away between the count on screen and the export) is not saved: a header-only CSV looks like a
 * broken export. Only small files are read; anything past 64 kB holds findings.
 */
export async function exportHoldsFindings(format: FindingsExportFormat, blob: Blob): Promise<boolean> {
  if (blob.size > 65_536) return true;
  const text = (await blob.text()).replace(/^\uFEFF/, "");
  if (format === "csv") return text.split("\r\n").filter((line) => line !== "").length > 1;
  try {
    const body: unknown = JSON.parse(text);
    if (format === "json") return (body as { count?: unknown }).count !== 0;
    const runs = (body as { runs?: Array<{ results?: unknown[] }> }).runs;
    return (runs?.[0]?.results?.length ?? 1) > 0;
  } catch {
    // Not what an export answers: save it, so the user sees what came back.
    return true;
  }
}
