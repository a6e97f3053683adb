/**
 * What a member (role CLIENT) may not do that their company's admins may, in the words the server
 * and static mode both answer 403 with (docs/decisions.md, "Members (issue 28)"). Both ask after the
 * record was found, so another company's record still answers 404.
 */
export const MEMBER_REFUSED = {
  credits: "Only your company's admins can buy or spend credits. Ask one of them to do it.",
  scans: "Only your company's admins and Sentinel staff can run or stop scans. Ask an admin to do it.",
  triage: "Only your company's admins and Sentinel analysts can change finding statuses. Ask an admin to do it.",
} as const;

export type MemberRight = keyof typeof MEMBER_REFUSED;

/**
 * Who may add a scan target (a web application), and what everyone else is told (403): a target is
 * what the company's credits will be spent on, so its admins choose it, or a super admin for them.
 */
export const TARGET_WRITE_REFUSAL =
  "Only a company's admins and super admins can add scan targets. Ask an admin to do it.";
