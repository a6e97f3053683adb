import { describe, expect, it } from "vitest";
import { baseLinkOf, paginate } from "./paginate.ts";

const items = Array.from({ length: 45 }, (_, i) => i + 1);
const base = "https://api.example.test/api/v1/ticket/?search=scan";

function page(raw: string | null, size: string | null = null, list: readonly number[] = items) {
  const result = paginate(list, { page: raw, pageSize: size, baseLink: base });
  if (!result.ok) throw new Error("expected a page");
  return result.body;
}

describe("paginate", () => {
  it("serves the first page with the default size of 10", () => {
    const p = page(null);
    expect(p.results).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p).toMatchObject({
      count: 45,
      current_page: 1,
      page_size: 10,
      total_pages: 5,
      start_index: 1,
      end_index: 10,
      previous: null,
      next: `${base}&page=2`,
      base_link: base,
      pages: [1, 2, 3, 4, 5],
    });
  });

  it("serves a middle page with links both ways", () => {
    const p = page("3");
    expect(p.results[0]).toBe(21);
    expect(p.start_index).toBe(21);
    expect(p.end_index).toBe(30);
    expect(p.previous).toBe(`${base}&page=2`);
    expect(p.next).toBe(`${base}&page=4`);
  });

  it("serves a short last page", () => {
    const p = page("5");
    expect(p.results).toEqual([41, 42, 43, 44, 45]);
    expect(p.start_index).toBe(41);
    expect(p.end_index).toBe(45);
    expect(p.next).toBeNull();
  });

  it("honours page_size and caps it at 100", () => {
    expect(page("2", "20").results[0]).toBe(21);
    expect(page("2", "20").total_pages).toBe(3);
    const many = Array.from({ length: 250 }, (_, i) => i);
    expect(page("1", "1000", many).page_size).toBe(100);
    expect(page("1", "0").page_size).toBe(10);
    expect(page("1", "abc").page_size).toBe(10);
  });

  it("lists a window of at most five page numbers around the current page", () => {
    const many = Array.from({ length: 200 }, (_, i) => i);
    expect(page("1", null, many).pages).toEqual([1, 2, 3, 4, 5]);
    expect(page("10", null, many).pages).toEqual([8, 9, 10, 11, 12]);
    expect(page("20", null, many).pages).toEqual([16, 17, 18, 19, 20]);
  });

  it("answers page 1 of an empty list with an empty page", () => {
    const p = page(null, null, []);
    expect(p).toMatchObject({
      results: [],
      count: 0,
      current_page: 1,
      total_pages: 0,
      start_index: 0,
      end_index: 0,
      pages: [],
      next: null,
      previous: null,
    });
  });

  it("rejects pages past the end, below 1 or not numbers", () => {
    for (const raw of ["6", "0", "-1", "two", "1.5", ""]) {
      expect(paginate(items, { page: raw, pageSize: null, baseLink: base }).ok, raw).toBe(false);
    }
    expect(paginate([], { page: "2", pageSize: null, baseLink: base }).ok).toBe(false);
  });

  it("builds base_link from the request without its page value", () => {
    const url = new URL("https://api.example.test/api/v1/ticket/?page=3&status=UNREAD&page_size=5");
    expect(baseLinkOf(url)).toBe("https://api.example.test/api/v1/ticket/?status=UNREAD&page_size=5");
    expect(baseLinkOf(new URL("https://api.example.test/api/v1/ticket/?page=2"))).toBe(
      "https://api.example.test/api/v1/ticket/",
    );
  });
});
