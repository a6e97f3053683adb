import { describe, expect, it } from "vitest";
import { canManageCompany, isAssignableRole, memberName } from "./members.ts";

describe("canManageCompany", () => {
  const company = { id: 7, name: "Acme" };
  it("lets a super admin manage any company", () => {
    expect(canManageCompany({ role: "SUPER_ADMIN", assigned_company: null }, 7)).toBe(true);
  });
  it("lets a client admin manage only their own company", () => {
    expect(canManageCompany({ role: "CLIENT_ADMIN", assigned_company: company }, 7)).toBe(true);
    expect(canManageCompany({ role: "CLIENT_ADMIN", assigned_company: company }, 8)).toBe(false);
  });
  it("keeps analysts, members and unknown viewers read-only", () => {
    expect(canManageCompany({ role: "ANALYST", assigned_company: null }, 7)).toBe(false);
    expect(canManageCompany({ role: "CLIENT", assigned_company: company }, 7)).toBe(false);
    expect(canManageCompany(null, 7)).toBe(false);
  });
});

describe("member helpers", () => {
  it("offers Admin, Analyst and Member but never Super Admin", () => {
    expect(isAssignableRole("CLIENT_ADMIN")).toBe(true);
    expect(isAssignableRole("SUPER_ADMIN")).toBe(false);
  });
  it("names a member by full name, then username, then email", () => {
    expect(memberName({ first_name: "Ana", last_name: "Lee", username: "ana", email: "a@example.com" })).toBe(
      "Ana Lee",
    );
    expect(memberName({ first_name: "", last_name: "", username: "ana", email: "a@example.com" })).toBe("ana");
  });
});
