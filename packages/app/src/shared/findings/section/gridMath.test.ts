import { describe, expect, it } from "vitest";
import { browserHeightCap, findingsRowHeight, maxScrollableRows, nextOrdering, targetIndexFor } from "./gridMath.ts";

describe("the grid's height", () => {
  it("holds 100,000 rows and the header under the browser's element height cap, without scaling", () => {
    expect((100_000 + 1) * findingsRowHeight).toBeLessThan(browserHeightCap);
    expect(maxScrollableRows).toBeGreaterThanOrEqual(100_000);
    expect((maxScrollableRows + 1) * findingsRowHeight).toBeLessThanOrEqual(browserHeightCap);
  });
});

describe("targetIndexFor", () => {
  it("moves one row with the arrows, clamped to the list", () => {
    expect(targetIndexFor("ArrowDown", 4, 10, 5)).toBe(5);
    expect(targetIndexFor("ArrowUp", 4, 10, 5)).toBe(3);
    expect(targetIndexFor("ArrowUp", 0, 10, 5)).toBe(0);
    expect(targetIndexFor("ArrowDown", 9, 10, 5)).toBe(9);
  });

  it("moves a view with Page Up and Page Down, and to the ends with Home and End", () => {
    expect(targetIndexFor("PageDown", 4, 100_000, 12)).toBe(16);
    expect(targetIndexFor("PageUp", 4, 100_000, 12)).toBe(0);
    expect(targetIndexFor("Home", 5_000, 100_000, 12)).toBe(0);
    expect(targetIndexFor("End", 0, 100_000, 12)).toBe(99_999);
  });

  it("leaves other keys alone", () => {
    expect(targetIndexFor("Enter", 0, 10, 5)).toBeNull();
    expect(targetIndexFor("j", 0, 10, 5)).toBeNull();
  });
});

describe("nextOrdering", () => {
  it("starts scores, severity and dates highest first and text A to Z", () => {
    expect(nextOrdering(undefined, "cvss_score")).toBe("-cvss_score");
    expect(nextOrdering("name", "severity")).toBe("-severity");
    expect(nextOrdering(undefined, "name")).toBe("name");
    expect(nextOrdering("-severity", "host")).toBe("host");
  });

  it("flips the column already sorted", () => {
    expect(nextOrdering("-cvss_score", "cvss_score")).toBe("cvss_score");
    expect(nextOrdering("name", "name")).toBe("-name");
  });
});
