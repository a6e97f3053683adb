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

/**
 * Which members' roles a viewer may act on, as the server decides: never a role above their own,
 * and a client admin never acts on staff (an analyst assigned to the company).
 */
const manageableRoles: Record<Role, readonly Role[]> = {
  SUPER_ADMIN: ["CLIENT_ADMIN", "ANALYST", "CLIENT"],
  CLIENT_ADMIN: ["CLIENT_ADMIN", "CLIENT"],
  ANALYST: [],
  CLIENT: [],
};

export type MemberAction = "deactivate" | "reactivate" | "resend-invitation" | "reset-2fa";

/**
 * The lifecycle actions a viewer may take on a member right now, in menu order. Nobody deactivates
 * themselves or resets their own 2FA here; an invitation is resent only while it is pending.
 */
export function memberActions(
  viewer: Pick<User, "id" | "role" | "assigned_company"> | null,
  member: User,
  companyId: number,
): MemberAction[] {
  if (!viewer || !canManageCompany(viewer, companyId) || !manageableRoles[viewer.role].includes(member.role)) {
    return [];
  }
  if (!member.is_active) return ["reactivate"];
  const self = viewer.id === member.id;
  const actions: MemberAction[] = [];
  if (member.invitation_pending) actions.push("resend-invitation");
  if (member.two_fa !== "INACTIVE" && !self) actions.push("reset-2fa");
  if (!self) actions.push("deactivate");
  return actions;
}

/** The menu entry of each action; the ones that end sessions ask for confirmation ("…"). */
export const memberActionLabels: Record<MemberAction, string> = {
  deactivate: "Deactivate…",
  reactivate: "Reactivate…",
  "resend-invitation": "Resend invitation…",
  "reset-2fa": "Reset 2FA…",
};

/** A member's account state, for the Status column and the details. */
export function memberStatus(member: Pick<User, "is_active" | "invitation_pending">) {
  if (!member.is_active) return { label: "Deactivated", tone: "neutral" } as const;
  if (member.invitation_pending) return { label: "Invited", tone: "info" } as const;
  return { label: "Active", tone: "positive" } as const;
}
