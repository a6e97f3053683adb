import type { FastifyRequest } from "fastify";
import { ApiError } from "./errors.ts";

export const DEFAULT_PAGE_SIZE = 10;
/** How many page numbers `pages` lists around the current page. */
const PAGE_WINDOW = 5;

export interface PageWindow {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/**
 * The page asked for. `page_size` was already validated and capped by the route (100, or 500 on the
 * findings index); the member list names it `limit`.
 */
export function pageWindow(query: Record<string, unknown>, sizeParam = "page_size"): PageWindow {
  const page = typeof query.page === "number" ? query.page : 1;
  const raw = query[sizeParam];
  const pageSize = typeof raw === "number" && raw >= 1 ? raw : DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw new ApiError(404, { detail: "Invalid page." });
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The request's URL without its page value: the wrapper's `base_link`. */
export function baseLink(request: FastifyRequest, pageParam = "page"): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.delete(pageParam);
  return url.href;
}

/**
 * The contract's paged wrapper with DRF's rules: a page past the last is "Invalid page." (404);
 * page 1 of an empty list is an empty page.
 */
export function pageOf<T>(
  request: FastifyRequest,
  window: PageWindow,
  count: number,
  results: T[],
  pageParam = "page",
) {
  const { page, pageSize } = window;
  const totalPages = Math.ceil(count / pageSize);
  if (page > totalPages && !(page === 1 && count === 0)) throw new ApiError(404, { detail: "Invalid page." });
  const base = baseLink(request, pageParam);
  const link = (n: number) => `${base}${base.includes("?") ? "&" : "?"}${pageParam}=${n}`;
  const first = Math.max(1, Math.min(page - Math.floor(PAGE_WINDOW / 2), totalPages - PAGE_WINDOW + 1));
  const last = Math.min(totalPages, first + PAGE_WINDOW - 1);
  const pages: number[] = [];
  for (let n = first; n <= last; n++) pages.push(n);
  return {
    next: page < totalPages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    base_link: base,
    pages,
    count,
    current_page: page,
    start_index: count === 0 ? 0 : window.offset + 1,
    end_index: count === 0 ? 0 : window.offset + results.length,
    page_size: pageSize,
    total_pages: totalPages,
    results,
  };
}

/** Which company a list shows: the caller's own (clients), or every one / `?company=` (staff). */
export function companyFilter(
  caller: { scope: { companies: "all" | number } },
  query: Record<string, unknown>,
): number | null {
  if (caller.scope.companies !== "all") return caller.scope.companies;
  return typeof query.company === "number" ? query.company : null;
}
