import { describe, expect, it } from "vitest";
import { dashboardWidgetsFor } from "./widgets.ts";

describe("dashboardWidgetsFor", () => {
  it("gives staff the platform-wide widgets", () => {
    for (const role of ["SUPER_ADMIN", "ANALYST"] as const) {
      const widgets = dashboardWidgetsFor(role);
      expect(widgets.has("userGrowth")).toBe(true);
      expect(widgets.has("companyGrowth")).toBe(true);
      expect(widgets.has("topSpendingCompanies")).toBe(true);
    }
  });
  it("keeps cross-company widgets away from clients", () => {
    for (const role of ["CLIENT_ADMIN", "CLIENT"] as const) {
      const widgets = dashboardWidgetsFor(role);
      expect(widgets.has("userGrowth")).toBe(false);
      expect(widgets.has("companyGrowth")).toBe(false);
      expect(widgets.has("topSpendingCompanies")).toBe(false);
      expect(widgets.has("assetGrowth")).toBe(true);
      expect(widgets.has("latestTickets")).toBe(true);
    }
  });
  it("gives every role the open findings by severity (issue 17)", () => {
    for (const role of ["SUPER_ADMIN", "ANALYST", "CLIENT_ADMIN", "CLIENT"] as const) {
      expect(dashboardWidgetsFor(role).has("openFindings")).toBe(true);
    }
  });
  it("shows nothing before the role is known", () => {
    expect(dashboardWidgetsFor(null).size).toBe(0);
  });
});
