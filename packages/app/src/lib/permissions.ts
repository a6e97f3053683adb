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

/**
 * Why this role may not do `what`, or `undefined` when it may (or while the role is not known yet:
 * the server still decides).
 */
export function refusalFor(role: Role | null | undefined, what: MemberRefusal): string | undefined {
  return role === "CLIENT" ? memberRefusals[what] : undefined;
}
