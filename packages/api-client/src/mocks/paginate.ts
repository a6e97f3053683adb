import type { components } from "../generated/schema.ts";

export type PageMeta = components["schemas"]["PageMeta"];
export type Paged<T> = PageMeta & { results: T[] };

export const DEFAULT_PAGE_SIZE = 10;
/** Like DRF's max_page_size: larger requests are served this many rows. */
export const MAX_PAGE_SIZE = 100;
/** How many page numbers `pages` lists around the current page. */
const PAGE_WINDOW = 5;

export interface PageRequest {
  /** The raw `page` query value (null when absent). */
  page: string | null;
  /** The raw page size query value (`page_size`, or `limit` on the member list). */
  pageSize: string | null;
  /** Absolute URL of the list without the page query value; page links are built from it. */
  baseLink: string;
  pageParam?: string;
  /** The largest page size served (default {@link MAX_PAGE_SIZE}); the findings index serves 500. */
  maxPageSize?: number;
}

export type PageResult<T> = { ok: true; body: Paged<T> } | { ok: false; reason: "invalid-page" };

function parsePageSize(raw: string | null, max: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return DEFAULT_PAGE_SIZE;
  const n = Number(raw);
  return n < 1 ? DEFAULT_PAGE_SIZE : Math.min(n, max);
}

function link(baseLink: string, param: string, page: number): string {
  return `${baseLink}${baseLink.includes("?") ? "&" : "?"}${param}=${page}`;
}

/**
 * One page of `items` in the contract's paged wrapper, with DRF's rules: pages are 1-based; a page
 * that is not a positive integer, or past the last page, is "Invalid page." (404); page 1 of an empty
 * list is an empty page (count 0, total_pages 0, start/end index 0, no page numbers).
 */
export function paginate<T>(items: readonly T[], request: PageRequest): PageResult<T> {
  const pageParam = request.pageParam ?? "page";
  const pageSize = parsePageSize(request.pageSize, request.maxPageSize ?? MAX_PAGE_SIZE);
  const rawPage = request.page ?? "1";
  if (!/^\d+$/.test(rawPage)) return { ok: false, reason: "invalid-page" };
  const page = Number(rawPage);
  const count = items.length;
  const totalPages = Math.ceil(count / pageSize);
  if (page < 1 || (page > totalPages && !(page === 1 && count === 0))) return { ok: false, reason: "invalid-page" };

  const start = (page - 1) * pageSize;
  const results = items.slice(start, start + pageSize);
  const first = Math.max(1, Math.min(page - Math.floor(PAGE_WINDOW / 2), totalPages - PAGE_WINDOW + 1));
  const last = Math.min(totalPages, first + PAGE_WINDOW - 1);
  const pages: number[] = [];
  for (let n = first; n <= last; n++) pages.push(n);

  return {
    ok: true,
    body: {
      next: page < totalPages ? link(request.baseLink, pageParam, page + 1) : null,
      previous: page > 1 ? link(request.baseLink, pageParam, page - 1) : null,
      base_link: request.baseLink,
      pages,
      count,
      current_page: page,
      start_index: count === 0 ? 0 : start + 1,
      end_index: count === 0 ? 0 : start + results.length,
      page_size: pageSize,
      total_pages: totalPages,
      results,
    },
  };
}

/** `url` without its `page` query value: the wrapper's base_link. */
export function baseLinkOf(url: URL, pageParam = "page"): string {
  const copy = new URL(url.href);
  copy.searchParams.delete(pageParam);
  return copy.href;
}
