/**
 * The API's paged list wrapper, typed structurally so ui doesn't depend on api-client: any
 * generated `Paginated…` response type fits. Field names are the API's own.
 */
export interface PagedList<TRow> {
  /** Total number of rows across all pages. */
  count: number;
  /** 1-based page number of `results`. */
  current_page: number;
  page_size: number;
  total_pages: number;
  /** 1-based index of the first row of this page within the whole list (0 when empty). */
  start_index: number;
  /** 1-based index of the last row of this page within the whole list (0 when empty). */
  end_index: number;
  /** Every page number, as the API lists them. */
  pages: readonly number[];
  results: readonly TRow[];
  next?: string | null;
  previous?: string | null;
  base_link?: string | null;
}
