import { type PagedList, PagedTable, type PagedTableProps } from "@sentinel/ui/table";
import { loadErrorMessage } from "../../lib/apiErrorMessage.ts";

/** The parts of a TanStack query result a paged table reads. */
export interface PagedQuery<TRow> {
  data: PagedList<TRow> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

// PagedTableProps is a union (aria-label or aria-labelledby); a plain Omit would merge it away.
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type QueryPagedTableProps<TRow extends object> = DistributiveOmit<
  PagedTableProps<TRow>,
  "page" | "isLoading" | "error" | "onRetry"
> & {
  /** The list's query: its page, first load, failure and refetch drive the table. */
  query: PagedQuery<TRow>;
  /** What the list holds, for the error message: "the scans". */
  noun: string;
};

/**
 * A PagedTable fed by a query: skeleton rows until the first page, then the page; a failed load
 * says what could not be loaded, in `loadErrorMessage`'s words, and offers Retry.
 */
export function QueryPagedTable<TRow extends object>({ query, noun, ...table }: QueryPagedTableProps<TRow>) {
  return (
    <PagedTable<TRow>
      {...(table as PagedTableProps<TRow>)}
      page={query.data}
      isLoading={query.isPending}
      error={query.isError ? loadErrorMessage(query.error, noun) : null}
      onRetry={() => void query.refetch()}
    />
  );
}
