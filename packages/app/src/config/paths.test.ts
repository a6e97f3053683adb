import { describe, expect, it } from "vitest";
import { assetSections, fillPath, isPublicOnlyPath, paths } from "./paths.ts";

describe("paths", () => {
  it("builds hrefs of parameterless routes", () => {
    expect(paths.dashboard.getHref()).toBe("/dashboard");
    expect(paths.profile_account.getHref()).toBe("/profile/account");
    expect(paths.privacy_policy.getHref()).toBe("/privacy-policy");
  });

  it("builds the login href with and without next", () => {
    expect(paths.auth_login.getHref()).toBe("/auth/login");
    expect(paths.auth_login.getHref(null)).toBe("/auth/login");
    const href = paths.auth_login.getHref("/ticketing/4?page=2&status=UNREAD");
    expect(href).toBe("/auth/login?next=%2Fticketing%2F4%3Fpage%3D2%26status%3DUNREAD");
    expect(new URL(href, "https://x.test").searchParams.get("next")).toBe("/ticketing/4?page=2&status=UNREAD");
  });

  it("fills every parameter of the deep admin twins", () => {
    expect(
      paths.network_va_company_scan_endpoint.getHref({ id: 1, company_id: 2, scan_id: 3, scan_endpoint_id: 4 }),
    ).toBe("/network-va/1/company/2/scan/3/scan-endpoint/4");
    expect(paths.source_code_va_company_vulnerability_overview.getHref({ id: 5, company_id: 6, target_id: 7 })).toBe(
      "/source-code-va/5/company/6/vulnerability-overview/7",
    );
    expect(paths.threat_inspection_vulnerability_overview.getHref({ id: 1, scan_id: 2, endpoint_id: 3 })).toBe(
      "/threat-inspection/1/target-overview/2/vulnerability-overview/3",
    );
    expect(paths.exposure_detection_review_endpoint.getHref({ id: 1, target_id: 2, group_id: 3 })).toBe(
      "/exposure-detection/1/target-overview/2/review-endpoint/3",
    );
  });

  it("builds each asset-inventory section and its admin twin", () => {
    expect(assetSections.map((section) => paths.asset_inventory_section.getHref({ id: 9, section }))).toEqual([
      "/asset-inventory/9/exposure-detection",
      "/asset-inventory/9/threat-inspection",
      "/asset-inventory/9/network",
      "/asset-inventory/9/application",
      "/asset-inventory/9/source-code",
    ]);
    expect(paths.asset_inventory_company_section.getHref({ id: 9, company_id: 3, section: "network" })).toBe(
      "/asset-inventory/9/company/3/network",
    );
    expect(paths.asset_inventory_company_section.pathFor("source-code")).toBe(
      "/asset-inventory/:id/company/:company_id/source-code",
    );
  });

  it("encodes parameter values so they stay one segment", () => {
    expect(paths.auth_reset_password.getHref({ token: "a/b?c#d" })).toBe("/auth/reset-password/a%2Fb%3Fc%23d");
    expect(paths.ticket_detail.getHref({ id: "../../admin" })).toBe("/ticketing/..%2F..%2Fadmin");
  });

  it("refuses a missing parameter", () => {
    expect(() => fillPath("/ticketing/:id", {})).toThrow(/id/);
    expect(() => fillPath("/ticketing/:id", { id: "" })).toThrow(/id/);
  });

  it("gives every route a unique pattern", () => {
    const patterns = Object.values(paths).map((p) => p.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe("isPublicOnlyPath", () => {
  it.each([
    ["/auth/login", true],
    ["/auth/login/", true],
    ["/auth/forgot-password", true],
    ["/auth/reset-password/tok123", true],
    ["/auth/recover-authenticator", true],
    ["/auth/reset-password", false],
    ["/auth/reset-password/a/b", false],
    ["/dashboard", false],
    ["/", false],
    ["/auth/login-as", false],
  ])("%s → %s", (path, expected) => {
    expect(isPublicOnlyPath(path)).toBe(expected);
  });
});
