import { describe, expect, it } from "vitest";
import { isRoleAllowed } from "./routeHandle.ts";

describe("isRoleAllowed", () => {
  const staff = { roles: ["SUPER_ADMIN", "ANALYST"] as const };

  it("allows any role when no matched route names roles", () => {
    expect(isRoleAllowed("CLIENT", [undefined, {}, { other: 1 }])).toBe(true);
  });

  it("requires the role of every matched route that names roles", () => {
    expect(isRoleAllowed("ANALYST", [undefined, staff])).toBe(true);
    expect(isRoleAllowed("CLIENT_ADMIN", [undefined, staff])).toBe(false);
    expect(isRoleAllowed("ANALYST", [staff, { roles: ["SUPER_ADMIN"] }])).toBe(false);
  });

  it("refuses a role-guarded route while the role is unknown", () => {
    expect(isRoleAllowed(null, [staff])).toBe(false);
  });
});
