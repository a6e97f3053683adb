import { describe, expect, it } from "vitest";
import { permissionFor } from "./permissionFor.ts";
import { permissionOf } from "./permissions.ts";

describe("permissionOf", () => {
  it("refuses members triage, credits and scans, with the reason", () => {
    expect(permissionOf("CLIENT", "triage")).toEqual({
      allowed: false,
      refusal: expect.stringMatching(/^Only your company's admins can change finding statuses/),
    });
    expect(permissionOf("CLIENT", "credits").refusal).toMatch(/^Only your company's admins can buy or spend credits/);
    expect(permissionOf("CLIENT", "scans").refusal).toMatch(/^Only your company's admins can run or abort scans/);
  });
  it("lets admins and staff through", () => {
    for (const role of ["CLIENT_ADMIN", "SUPER_ADMIN", "ANALYST"] as const) {
      for (const what of ["triage", "credits", "scans"] as const) {
        expect(permissionOf(role, what)).toEqual({ allowed: true, refusal: undefined });
      }
    }
  });
  it("allows nothing while the role is not known, and gives no reason yet", () => {
    for (const what of ["triage", "credits", "scans"] as const) {
      expect(permissionOf(undefined, what)).toEqual({ allowed: false, refusal: undefined });
    }
  });
});

describe("permissionFor", () => {
  const onlyStaff = (role: string) => (role === "SUPER_ADMIN" ? undefined : "Only a super admin can.");

  it("allows nothing while the role is not known, and gives no reason yet", () => {
    expect(permissionFor(undefined, onlyStaff)).toEqual({ allowed: false, refusal: undefined });
  });
  it("gives the feature's reason to a role it refuses, and allows the others", () => {
    expect(permissionFor("CLIENT_ADMIN", onlyStaff)).toEqual({ allowed: false, refusal: "Only a super admin can." });
    expect(permissionFor("SUPER_ADMIN", onlyStaff)).toEqual({ allowed: true, refusal: undefined });
  });
});
