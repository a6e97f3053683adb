import type { Role } from "@sentinel/api-client";

/**
 * Who may add domains to exposure detection (docs/decisions.md, "Exposure detection targets and dead
 * letters (issue 29)"): a company's admins and super admins, as for assets. The server refuses the
 * others with 403, so the app disables the action and says why instead.
 */
const refusals: Partial<Record<Role, string>> = {
  CLIENT: "Only your company's admins can add scan targets. Ask an admin to do it.",
  ANALYST: "Analysts read exposure detection; a super admin or the company's admins add its targets.",
};

/** Why this role may not add targets, or `undefined` when it may. */
export const targetRefusal = (role: Role): string | undefined => refusals[role];
