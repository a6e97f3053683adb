import { type ApiError, isApiError } from "@sentinel/api-client";
import { type ToastQueue, toastQueue } from "@sentinel/ui";
import { useCallback, useState } from "react";
import type { FindingsExportFormat } from "./exportHoldsFindings.ts";
import { toFindingFilter } from "./selection.ts";
import type { FindingsFilter, FindingsOrdering } from "./types.ts";

export type { FindingsExportFormat };

/** What to export: chosen findings, or everything the filter matches minus the exceptions. */
export type FindingsExportTarget =
  | { ids: readonly number[] }
  | { filter: FindingsFilter; exclude_ids?: readonly number[] };

/** Why an export failed, in words: the API's field message on `format` (SARIF over other areas) first. */
export function exportErrorText(error: unknown): string {
  if (isApiError(error)) {
    const onFormat = error.fieldErrors().format;
    if (onFormat) return onFormat;
    return error.formError() ?? error.message;
  }
  return error instanceof Error ? error.message : "The export failed.";
}

/** What "nothing to export" says, on the bar and in the toast. */
export const nothingToExportText = "Nothing matches these filters, so there is nothing to export.";

/**
 * Exports findings as CSV, JSON or SARIF (issue 17) and saves the file; a failure (a 400 for SARIF
 * over other areas) is a critical toast with the API's message, and the hook resolves false.
 * "All matching minus exceptions" sends the filter with `exclude_ids`, so the file holds exactly
 * what the screen counts; `ordering` is the list's on screen, so the file's rows come in the order
 * the user sees them. A file with no finding in it is not saved: a toast says there was nothing.
 */
export function useFindingsExport({ toasts = toastQueue }: { toasts?: ToastQueue } = {}) {
  const [isExporting, setExporting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const exportFindings = useCallback(
    async (
      format: FindingsExportFormat,
      target: FindingsExportTarget,
      ordering?: FindingsOrdering | undefined,
    ): Promise<boolean> => {
      setExporting(true);
      setError(null);
      try {
        const query = {
          format,
          ...("ids" in target
            ? { ids: [...target.ids] }
            : {
                ...toFindingFilter(target.filter),
                ...(target.exclude_ids?.length ? { exclude_ids: [...target.exclude_ids] } : {}),
              }),
          ...(ordering ? { ordering } : {}),
        };
        // The download and the file check load on the first export: no page needs them to draw.
        const { downloadFindings } = await import("./downloadFindings.ts");
        if (!(await downloadFindings(format, query))) {
          toasts.add({ title: "Nothing to export", description: nothingToExportText, tone: "neutral" });
          return false;
        }
        return true;
      } catch (caught) {
        setError(isApiError(caught) ? caught : null);
        toasts.add({
          title: `Could not export ${format.toUpperCase()}`,
          description: exportErrorText(caught),
          tone: "critical",
        });
        return false;
      } finally {
        setExporting(false);
      }
    },
    [toasts],
  );

  return { exportFindings, isExporting, error };
}
