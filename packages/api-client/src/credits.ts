import type { ApiClient } from "./client.ts";
import type { operations } from "./generated/schema.ts";

/** The transactions export's query values: the list's filters and, for staff, the company. */
export type CreditTransactionsExportQuery = NonNullable<operations["exportCreditTransactions"]["parameters"]["query"]>;

export interface CreditTransactionsFile {
  blob: Blob;
  /** From the answer's Content-Disposition, else `credit-transactions.csv`. */
  filename: string;
}

/** Downloads the transactions CSV as a file to offer for saving; errors reject with the client's ApiError. */
export async function downloadCreditTransactionsExport(
  client: ApiClient,
  query: CreditTransactionsExportQuery,
  signal?: AbortSignal,
): Promise<CreditTransactionsFile> {
  const { data, response } = await client.GET("/api/v1/credit/credit-transactions/export/", {
    params: { query },
    parseAs: "blob",
    signal,
  });
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "credit-transactions.csv";
  return { blob: data as Blob, filename };
}
