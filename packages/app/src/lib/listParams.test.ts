import { describe, expect, it } from "vitest";
import {
  type ListParamsChange,
  type ListParamsSpec,
  nextListParams as next,
  readListParams as read,
} from "./listParams.ts";

/** The search field's cap (`searchMaxLength` of @sentinel/ui, which node tests cannot import). */
const CAP = 256;
const readListParams = (s: URLSearchParams, spec: ListParamsSpec<string> = {}) => read(s, spec, CAP);
const nextListParams = (s: URLSearchParams, change: ListParamsChange<string>, spec: ListParamsSpec<string> = {}) =>
  next(s, change, spec, CAP);

const q = (s: string) => new URLSearchParams(s);

describe("readListParams", () => {
  it("defaults to page 1, page size 10 and no search", () => {
    expect(readListParams(q(""))).toEqual({ page: 1, pageSize: 10, search: "", filters: {} });
  });

  it("reads page, page size, search and declared filters only", () => {
    const params = readListParams(q("page=3&page_size=25&search=acme&status=UNREAD&evil=1"), {
      filters: ["status"],
    });
    expect(params).toEqual({ page: 3, pageSize: 25, search: "acme", filters: { status: "UNREAD" } });
  });

  it("ignores pages that are not positive whole numbers", () => {
    for (const bad of ["0", "-2", "1.5", "abc", "1e3", "9999999"]) {
      expect(readListParams(q(`page=${bad}`)).page).toBe(1);
    }
  });

  it("reads the member list's limit param when asked", () => {
    expect(readListParams(q("limit=20"), { pageSizeParam: "limit" }).pageSize).toBe(20);
    expect(readListParams(q("page_size=20"), { pageSizeParam: "limit" }).pageSize).toBe(10);
  });
});

describe("nextListParams", () => {
  it("sets the page and drops it again at page 1", () => {
    expect(nextListParams(q("search=a"), { page: 4 }).toString()).toBe("search=a&page=4");
    expect(nextListParams(q("page=4"), { page: 1 }).toString()).toBe("");
  });

  it("goes back to page 1 when the search or a filter changes", () => {
    expect(nextListParams(q("page=4"), { search: "acme " }).toString()).toBe("search=acme");
    expect(nextListParams(q("page=4&status=UNREAD"), { filters: { status: null } }).toString()).toBe("");
  });

  it("keeps params it does not own", () => {
    expect(nextListParams(q("tab=hosts&page=2"), { page: 3 }).get("tab")).toBe("hosts");
  });

  it("never copies more of a search into the URL than the search field takes", () => {
    const huge = "a".repeat(100_000);
    expect(nextListParams(q(""), { search: huge }).get("search")).toHaveLength(CAP);
    expect(readListParams(q(`search=${huge}`)).search).toHaveLength(CAP);
  });
});
