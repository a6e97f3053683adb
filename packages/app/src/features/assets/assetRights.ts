import type { Role } from "@sentinel/api-client";

/**
 * Who may add, edit and remove products and assets (docs/decisions.md, "Assets you can add, edit and
 * remove (issue 28)"): a company's admins and super admins. Members and analysts read them; the server
 * refuses their writes with 403, so the app disables the actions and says why instead.
 */
const refusals: Partial<Record<Role, string>> = {
  CLIENT: "Only your company's admins can add, change or remove assets. Ask an admin to do it.",
  ANALYST: "Analysts read assets; a super admin or the company's admins change them.",
};

/** Why this role may not change assets, or `undefined` when it may. */
export const assetRefusal = (role: Role): string | undefined => refusals[role];
