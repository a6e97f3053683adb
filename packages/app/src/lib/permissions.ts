import type { Role } from "@sentinel/api-client";

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

/**
 * Whether `role` may do `what`; nothing is allowed while the role is not known (`undefined`). Screens
 * pass `useRole().role`: this page load's profile, never the stored user.
 */
export function permissionOf(role: Role | undefined, what: MemberRefusal): Permission {
  const refusal = role === "CLIENT" ? memberRefusals[what] : undefined;
  return { allowed: role !== undefined && !refusal, refusal };
}
