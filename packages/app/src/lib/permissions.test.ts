import { describe, expect, it } from "vitest";
import { permissionFor, refusalFor } from "./permissions.ts";

describe("refusalFor", () => {
  it("refuses members triage, credits and scans, with the reason", () => {
    expect(refusalFor("CLIENT", "triage")).toMatch(/^Only your company's admins can change finding statuses/);
    expect(refusalFor("CLIENT", "credits")).toMatch(/^Only your company's admins can buy or spend credits/);
    expect(refusalFor("CLIENT", "scans")).toMatch(/^Only your company's admins can run or abort scans/);
  });
  it("lets admins and staff through", () => {
    for (const role of ["CLIENT_ADMIN", "SUPER_ADMIN", "ANALYST"] as const) {
      expect(refusalFor(role, "triage")).toBeUndefined();
      expect(refusalFor(role, "credits")).toBeUndefined();
    }
  });
});

describe("permissionFor", () => {
  const scans = (role: Parameters<typeof refusalFor>[0]) => refusalFor(role, "scans");

  it("allows nothing while the role is not known, and gives no reason yet", () => {
    expect(permissionFor(undefined, scans)).toEqual({ allowed: false, refusal: undefined });
  });
  it("refuses a member with the reason", () => {
    expect(permissionFor("CLIENT", scans)).toEqual({ allowed: false, refusal: refusalFor("CLIENT", "scans") });
  });
  it("allows an admin", () => {
    expect(permissionFor("CLIENT_ADMIN", scans)).toEqual({ allowed: true, refusal: undefined });
  });
});
