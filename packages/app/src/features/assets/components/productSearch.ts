import type { Paged, Product } from "@sentinel/api-client";

/**
 * The product list has no `search` parameter in the contract, so a search filters the first 100
 * products (the API's page cap) here and pages the matches locally, in the API's own wrapper.
 */
export function searchProducts(all: Paged<Product>, search: string, page: number, pageSize: number): Paged<Product> {
  const needle = search.trim().toLowerCase();
  const matches = all.results.filter((p) => p.name.toLowerCase().includes(needle));
  const totalPages = Math.ceil(matches.length / pageSize);
  const current = Math.min(Math.max(page, 1), Math.max(totalPages, 1));
  const start = (current - 1) * pageSize;
  const results = matches.slice(start, start + pageSize);
  const first = Math.max(1, Math.min(current - 2, totalPages - 4));
  return {
    ...all,
    next: null,
    previous: null,
    count: matches.length,
    current_page: current,
    page_size: pageSize,
    total_pages: totalPages,
    start_index: results.length ? start + 1 : 0,
    end_index: results.length ? start + results.length : 0,
    pages: totalPages ? Array.from({ length: Math.min(5, totalPages) }, (_, i) => first + i) : [],
    results,
  };
}
