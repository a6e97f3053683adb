import { describe, expect, it } from "vitest";
import { findingsHref } from "../../shared/findings/findingsHref.ts";
import { isDefaultColumnSet, visibleFindingColumns } from "./columns.ts";
import { countersFilter, filterOf, hasFilters, nextFindingsParams, parseFindingsView } from "./findingsUrl.ts";

const parse = (query: string, staff = true) =>
  parseFindingsView(new URLSearchParams(query), { staff, searchMaxLength: 256 });

describe("parseFindingsView", () => {
  it("reads repeated filters, ids, search, ordering and columns", () => {
    expect(
      parse(
        "severity=HIGH&severity=LOW&status=ACTIVE&area=NETWORK&change=NEW&company=4&product=9&search=%20ssh%20&ordering=-cvss_score&cols=name,severity",
      ),
    ).toEqual({
      area: ["NETWORK"],
      severity: ["HIGH", "LOW"],
      status: ["ACTIVE"],
      change: ["NEW"],
      company: 4,
      product: 9,
      search: "ssh",
      ordering: "-cvss_score",
      columns: ["severity", "name"],
    });
  });

  it("drops invalid values instead of failing", () => {
    expect(
      parse("severity=CRITICAL&severity=HIGH&status=open&area=&company=abc&product=-1&ordering=-company&cols=nope,,"),
    ).toEqual({ severity: ["HIGH"] });
    expect(parse("product=0&company=1e3&ordering=severity;drop")).toEqual({});
  });

  it("ignores company for client roles", () => {
    expect(parse("company=4&severity=HIGH", false)).toEqual({ severity: ["HIGH"] });
  });

  it("reads duplicated values once", () => {
    expect(parse("severity=HIGH&severity=HIGH").severity).toEqual(["HIGH"]);
  });

  it("reads the assignee and overdue filters, dropping values the index would refuse (issue 28)", () => {
    expect(parse("assignee=me&overdue=true")).toEqual({ assignee: "me", overdue: true });
    expect(parse("assignee=42")).toEqual({ assignee: "42" });
    expect(parse("assignee=unassigned&overdue=false")).toEqual({ assignee: "unassigned" });
    expect(parse("assignee=0&overdue=yes")).toEqual({});
    expect(parse("assignee=someone")).toEqual({});
    const view = { assignee: "unassigned", overdue: true } as const;
    expect(findingsHref(view)).toBe("/findings?assignee=unassigned&overdue=true");
    expect(filterOf(view)).toEqual({ assignee: "unassigned", overdue: true });
    expect(hasFilters(view)).toBe(true);
  });

  it("caps a very long search", () => {
    expect(parse(`search=${"a".repeat(1000)}`).search).toHaveLength(256);
  });
});

describe("findingsHref", () => {
  it("is canonical: the same view in any order gives the same link", () => {
    const a = findingsHref({ status: ["FIXING", "ACTIVE"], severity: ["LOW", "HIGH"], columns: ["name", "severity"] });
    const b = findingsHref({
      severity: ["HIGH", "LOW", "HIGH"],
      columns: ["severity", "name"],
      status: ["ACTIVE", "FIXING"],
    });
    expect(a).toBe(b);
    expect(a).toBe("/findings?severity=HIGH&severity=LOW&status=ACTIVE&status=FIXING&cols=severity%2Cname");
  });

  it("builds the dashboard's open-findings link", () => {
    expect(findingsHref({ severity: ["HIGH"], status: ["ACTIVE", "FIXING"] })).toBe(
      "/findings?severity=HIGH&status=ACTIVE&status=FIXING",
    );
  });

  it("leaves out defaults and blank search", () => {
    expect(findingsHref({ ordering: "-severity", search: "  ", columns: [] })).toBe("/findings");
    expect(findingsHref({ ordering: "name" })).toBe("/findings?ordering=name");
  });

  it("round-trips through the parser", () => {
    const view = {
      area: ["SOURCE_CODE", "NETWORK"],
      severity: ["MEDIUM"],
      change: ["REOPENED"],
      company: 3,
      product: 7,
      search: "CVE-2024 & <b>",
      ordering: "-last_seen",
      columns: ["name", "host"],
    } as const;
    const href = findingsHref(view);
    const parsed = parse(href.split("?")[1] ?? "");
    expect(findingsHref(parsed)).toBe(href);
    expect(parsed.search).toBe("CVE-2024 & <b>");
  });
});

describe("nextFindingsParams", () => {
  it("rewrites the view's parameters and keeps the others", () => {
    const current = new URLSearchParams("finding=12&severity=HIGH&search=old");
    expect(nextFindingsParams(current, { severity: ["LOW"] }).toString()).toBe("finding=12&severity=LOW");
  });
});

describe("filterOf and hasFilters", () => {
  it("leaves the sort and columns out of the filter", () => {
    const view = { severity: ["HIGH"], ordering: "name", columns: ["name"] } as const;
    expect(filterOf(view)).toEqual({ severity: ["HIGH"] });
    expect(hasFilters(view)).toBe(true);
    expect(hasFilters({ ordering: "name" })).toBe(false);
  });
});

describe("countersFilter", () => {
  it("counts open findings unless the filters name statuses", () => {
    expect(countersFilter({ severity: ["HIGH"], area: ["NETWORK"] })).toEqual({
      filter: { area: ["NETWORK"], status: ["ACTIVE", "FIXING"] },
      heading: "Open findings by severity",
    });
    expect(countersFilter({ status: ["TOLERATED"] })).toEqual({
      filter: { status: ["TOLERATED"] },
      heading: "Findings by severity",
    });
  });
});

describe("visibleFindingColumns", () => {
  it("shows the chosen columns the role may see, else the defaults it may see", () => {
    expect(visibleFindingColumns(["name", "company"], false)).toEqual(["name"]);
    expect(visibleFindingColumns(["company"], false)).not.toContain("company");
    expect(visibleFindingColumns(undefined, true)).toContain("company");
    expect(visibleFindingColumns(["host", "name"], true)).toEqual(["name", "host"]);
  });

  it("leaves the one-area columns (port, protocol, CVE) out until they are chosen", () => {
    const defaults = visibleFindingColumns(undefined, true);
    for (const column of ["port", "protocol", "cve"] as const) expect(defaults).not.toContain(column);
    expect(visibleFindingColumns(["cve", "name", "port"], false)).toEqual(["name", "port", "cve"]);
  });
});

describe("isDefaultColumnSet", () => {
  it("is true for the role's default columns in any order, and false with one more or one less", () => {
    const defaults = visibleFindingColumns(undefined, false);
    expect(isDefaultColumnSet([...defaults].reverse(), false)).toBe(true);
    expect(isDefaultColumnSet([...defaults, "cve"], false)).toBe(false);
    expect(isDefaultColumnSet(defaults.slice(1), false)).toBe(false);
  });
});
