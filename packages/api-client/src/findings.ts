import type { ApiClient } from "./client.ts";
import type { operations } from "./generated/schema.ts";
import type { ApiQueries } from "./queries.ts";

/** The findings index's query values (filters, ordering, page and page size), as the contract types them. */
export type FindingsQuery = NonNullable<operations["listFindings"]["parameters"]["query"]>;
/** The export's query values: the index's filters plus `format` and `ids`. */
export type FindingsExportQuery = operations["exportFindings"]["parameters"]["query"];

/** One page of the findings index (issue 16); repeated filters are sent as repeated parameters. */
export function findingsIndexOptions(queries: ApiQueries, query: FindingsQuery = {}) {
  return queries.queryOptions("/api/v1/findings/", { params: { query } });
}

export interface FindingsFile {
  blob: Blob;
  /** From the answer's Content-Disposition, else `findings.<format>`. */
  filename: string;
}

/**
 * Downloads the export as a file: the body is read as a blob whatever the format (CSV, JSON, SARIF),
 * so the caller can offer it to save. Errors reject with the client's ApiError (400 for SARIF over
 * other areas, with the message on `format`).
 */
export async function downloadFindingsExport(
  client: ApiClient,
  query: FindingsExportQuery,
  signal?: AbortSignal,
): Promise<FindingsFile> {
  const { data, response } = await client.GET("/api/v1/findings/export/", {
    params: { query },
    parseAs: "blob",
    signal,
  });
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `findings.${query.format}`;
  return { blob: data as Blob, filename };
}
