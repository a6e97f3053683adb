import { downloadFindingsExport, getApiClient } from "@sentinel/api-client";
import { exportHoldsFindings, type FindingsExportFormat } from "./exportHoldsFindings.ts";
import { saveFile } from "./saveFile.ts";

/**
 * Downloads a findings export and offers it to save; resolves false, saving nothing, when the file
 * holds no finding. Loaded on the first export (exportFindings.ts).
 */
export async function downloadFindings(
  format: FindingsExportFormat,
  query: Parameters<typeof downloadFindingsExport>[1],
): Promise<boolean> {
  const file = await downloadFindingsExport(getApiClient(), query);
  if (!(await exportHoldsFindings(format, file.blob))) return false;
  saveFile(file.blob, file.filename);
  return true;
}
