/**
 * Page, search and filters of a list screen live in the URL's search params, so back/forward and a
 * shared link restore the view. This module is the pure part: parsing and updating, unit-tested.
 */

export interface ListParamsSpec<F extends string> {
  /** Names of the filter params this screen keeps in the URL (e.g. `status`, `company`). */
  filters?: readonly F[];
  /** @default 10 */
  defaultPageSize?: number;
  /** The param holding the page size. The member list calls it `limit`. @default "page_size" */
  pageSizeParam?: "page_size" | "limit";
}

export interface ListParams<F extends string> {
  page: number;
  pageSize: number;
  search: string;
  filters: Readonly<Partial<Record<F, string>>>;
}

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 ? value : fallback;
}

/**
 * Reads a list's params. `searchMaxLength` is the search field's cap (`searchMaxLength` of
 * @sentinel/ui): a link may carry a longer search, the list never uses more.
 */
export function readListParams<F extends string>(
  search: URLSearchParams,
  spec: ListParamsSpec<F>,
  searchMaxLength: number,
): ListParams<F> {
  const filters: Partial<Record<F, string>> = {};
  for (const name of spec.filters ?? []) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(search.get("page"), 1),
    pageSize: positiveInt(search.get(spec.pageSizeParam ?? "page_size"), spec.defaultPageSize ?? 10),
    search: (search.get("search") ?? "").slice(0, searchMaxLength),
    filters,
  };
}

export type ListParamsChange<F extends string> = Partial<{
  page: number;
  pageSize: number;
  search: string;
  filters: Partial<Record<F, string | null | undefined>>;
}>;

/**
 * Applies a change and returns the next search params. Changing the search, a filter or the page size
 * goes back to page 1, because the old page number means nothing in the new result set. Default values
 * are dropped so URLs stay short and canonical.
 */
export function nextListParams<F extends string>(
  current: URLSearchParams,
  change: ListParamsChange<F>,
  spec: ListParamsSpec<F>,
  searchMaxLength: number,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const sizeParam = spec.pageSizeParam ?? "page_size";
  const set = (name: string, value: string | number | null | undefined, dropWhen?: string | number) => {
    if (value === null || value === undefined || value === "" || value === dropWhen) next.delete(name);
    else next.set(name, String(value));
  };
  let resetPage = false;
  if (change.search !== undefined) {
    set("search", change.search.trim().slice(0, searchMaxLength));
    resetPage = true;
  }
  if (change.pageSize !== undefined) {
    set(sizeParam, change.pageSize, spec.defaultPageSize ?? 10);
    resetPage = true;
  }
  for (const [name, value] of Object.entries(change.filters ?? {}) as [F, string | null | undefined][]) {
    set(name, value);
    resetPage = true;
  }
  if (change.page !== undefined) set("page", change.page, 1);
  else if (resetPage) next.delete("page");
  return next;
}
