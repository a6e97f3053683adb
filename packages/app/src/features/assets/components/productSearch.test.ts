import type { Paged, Product } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { searchProducts } from "./productSearch.ts";

const product = (id: number, name: string): Product => ({
  id,
  name,
  company: 1,
  endpoint_count: 0,
  network_count: 0,
  exposure_count: 0,
  threat_count: 0,
  url_count: 0,
  repository_count: 0,
  assets_count: 0,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});

const all: Paged<Product> = {
  next: null,
  previous: null,
  base_link: "/api/v1/asset/product/",
  pages: [1],
  count: 23,
  current_page: 1,
  start_index: 1,
  end_index: 23,
  page_size: 100,
  total_pages: 1,
  results: Array.from({ length: 23 }, (_, i) => product(i + 1, i % 2 ? `Billing ${i + 1}` : `Support ${i + 1}`)),
};

describe("searchProducts", () => {
  it("matches names case-insensitively and pages the matches", () => {
    const page2 = searchProducts(all, "  BILLING ", 2, 5);
    expect(page2.count).toBe(11);
    expect(page2.total_pages).toBe(3);
    expect(page2.current_page).toBe(2);
    expect(page2.results.map((p) => p.name)).toEqual([
      "Billing 12",
      "Billing 14",
      "Billing 16",
      "Billing 18",
      "Billing 20",
    ]);
    expect([page2.start_index, page2.end_index]).toEqual([6, 10]);
  });

  it("clamps a page past the end to the last page", () => {
    const last = searchProducts(all, "billing", 9, 5);
    expect(last.current_page).toBe(3);
    expect(last.results).toHaveLength(1);
  });

  it("returns an empty wrapper when nothing matches", () => {
    const none = searchProducts(all, "zzz", 1, 10);
    expect(none).toMatchObject({ count: 0, total_pages: 0, pages: [], start_index: 0, end_index: 0, results: [] });
  });
});
