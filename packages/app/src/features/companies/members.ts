import type { Role, User } from "@sentinel/api-client";

/** Spec §6: role options when choosing a member's role. */
export const memberRoleOptions: ReadonlyArray<{ id: Exclude<Role, "SUPER_ADMIN">; label: string }> = [
  { id: "CLIENT_ADMIN", label: "Admin" },
  { id: "ANALYST", label: "Analyst" },
  { id: "CLIENT", label: "Member" },
];

export function isAssignableRole(value: unknown): value is Exclude<Role, "SUPER_ADMIN"> {
  return memberRoleOptions.some((option) => option.id === value);
}

export function memberName(user: Pick<User, "first_name" | "last_name" | "username" | "email">): string {
  const full = `${user.first_name ?? ""} ${user.last_name ?? ""}`.trim();
  return full || user.username || user.email;
}

export const twoFactorLabels = {
  ACTIVE: { label: "Enabled", tone: "positive" },
  SETUP: { label: "Setting up", tone: "caution" },
  INACTIVE: { label: "Off", tone: "neutral" },
} as const;

/**
 * Who may add and edit members and edit the company: a super admin anywhere, a client admin in
 * their own company. Analysts and members read only (the static mode enforces the same).
 */
export function canManageCompany(viewer: Pick<User, "role" | "assigned_company"> | null, companyId: number): boolean {
  if (!viewer) return false;
  if (viewer.role === "SUPER_ADMIN") return true;
  return viewer.role === "CLIENT_ADMIN" && viewer.assigned_company?.id === companyId;
}
