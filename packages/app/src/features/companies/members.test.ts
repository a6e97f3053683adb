import type { User } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { canManageCompany, isAssignableRole, memberActions, memberName, memberStatus } from "./members.ts";

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

describe("memberActions", () => {
  const company = { id: 7, name: "Acme" };
  const admin = { id: 1, role: "CLIENT_ADMIN", assigned_company: company } as const;
  const member = (patch: Partial<User> = {}): User => ({
    id: 2,
    first_name: "Ravi",
    last_name: "Patel",
    username: "ravi",
    email: "ravi@example.com",
    role: "CLIENT",
    role_display: "Member",
    is_superuser: false,
    last_login: null,
    two_fa: "ACTIVE",
    phone_number: null,
    company: ["Acme"],
    assigned_company: company,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    is_active: true,
    invitation_pending: false,
    ...patch,
  });

  it("offers a client admin 2FA reset and deactivation of an active member of their company", () => {
    expect(memberActions(admin, member(), 7)).toEqual(["reset-2fa", "deactivate"]);
    expect(memberActions(admin, member({ two_fa: "INACTIVE", invitation_pending: true }), 7)).toEqual([
      "resend-invitation",
      "deactivate",
    ]);
  });
  it("offers only reactivation for a deactivated member", () => {
    expect(memberActions(admin, member({ is_active: false, invitation_pending: true }), 7)).toEqual(["reactivate"]);
  });
  it("never lets a viewer deactivate themselves or reset their own 2FA", () => {
    expect(memberActions(admin, member({ id: 1, role: "CLIENT_ADMIN" }), 7)).toEqual([]);
  });
  it("offers nothing on staff to a client admin, in another company, or to members and analysts", () => {
    expect(memberActions(admin, member({ role: "ANALYST" }), 7)).toEqual([]);
    expect(memberActions(admin, member(), 8)).toEqual([]);
    expect(memberActions({ id: 3, role: "CLIENT", assigned_company: company }, member(), 7)).toEqual([]);
    expect(memberActions({ id: 3, role: "ANALYST", assigned_company: null }, member(), 7)).toEqual([]);
    expect(
      memberActions({ id: 4, role: "SUPER_ADMIN", assigned_company: null }, member({ role: "ANALYST" }), 7),
    ).toEqual(["reset-2fa", "deactivate"]);
  });
  it("names the account state", () => {
    expect(memberStatus({ is_active: false, invitation_pending: true }).label).toBe("Deactivated");
    expect(memberStatus({ is_active: true, invitation_pending: true }).label).toBe("Invited");
    expect(memberStatus({ is_active: true, invitation_pending: false }).label).toBe("Active");
  });
});
