import type { Role } from "@sentinel/api-client";

/** Every role, in the order the product lists them. */
export const roles = ["SUPER_ADMIN", "ANALYST", "CLIENT_ADMIN", "CLIENT"] as const satisfies readonly Role[];

// One area of the spec names the roles ADMIN and MEMBER; the app only ever holds the API's names.
const aliases: Readonly<Record<string, Role>> = {
  SUPER_ADMIN: "SUPER_ADMIN",
  ANALYST: "ANALYST",
  CLIENT_ADMIN: "CLIENT_ADMIN",
  CLIENT: "CLIENT",
  ADMIN: "CLIENT_ADMIN",
  MEMBER: "CLIENT",
};

/** Maps either reading of a role name onto the one `Role` type; anything else is `null`. */
export function normaliseRole(value: unknown): Role | null {
  if (typeof value !== "string") return null;
  return aliases[value.trim().toUpperCase()] ?? null;
}

/** Staff see every company and have no company of their own. */
export const staffRoles = ["SUPER_ADMIN", "ANALYST"] as const satisfies readonly Role[];

export function isStaff(role: Role | null | undefined): boolean {
  return role === "SUPER_ADMIN" || role === "ANALYST";
}
