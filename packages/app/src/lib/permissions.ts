import type { Role } from "@sentinel/api-client";
import { useRole } from "./useRole.ts";

/**
 * What a member (role CLIENT) may not do that their company's admins may (docs/decisions.md,
 * "Members (issue 28)"). The server refuses these with 403; the app hides or disables the action and
 * says why, so a member never fills a form only to be refused.
 */
const memberRefusals = {
  triage: "Only your company's admins can change finding statuses. Ask an admin if a status should change.",
  credits: "Only your company's admins can buy or spend credits. Ask an admin to top up or to pay.",
  scans: "Only your company's admins can run or abort scans. Ask an admin to run one.",
} as const;

export type MemberRefusal = keyof typeof memberRefusals;

/** Why this role may not do `what`, or `undefined` when it may. */
export function refusalFor(role: Role, what: MemberRefusal): string | undefined {
  return role === "CLIENT" ? memberRefusals[what] : undefined;
}

/** Whether the signed-in user may do something, as a control needs to know it. */
export interface Permission {
  /**
   * The role allows it. `false` while the profile has not said the role: a control is offered only
   * once the role is known to allow it, so nobody sees one their role does not allow, even for a moment.
   */
  readonly allowed: boolean;
  /** Why the role may not (shown beside the disabled control, or in its place); `undefined` when it may or while the role is not known. */
  readonly refusal: string | undefined;
}

/** The permission `refusalOf` gives `role`; nothing is allowed while the role is not known. */
export function permissionFor(role: Role | undefined, refusalOf: (role: Role) => string | undefined): Permission {
  if (role === undefined) return { allowed: false, refusal: undefined };
  const refusal = refusalOf(role);
  return { allowed: refusal === undefined, refusal };
}

/** The signed-in user's permission for one of the member refusals, from this page load's profile. */
export function usePermission(what: MemberRefusal): Permission {
  return permissionFor(useRole().role, (role) => refusalFor(role, what));
}
