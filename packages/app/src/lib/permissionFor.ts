import type { Role } from "@sentinel/api-client";
import type { Permission } from "./permissions.ts";

/**
 * The permission a feature's own refusals (`refusalOf`: why a role may not, or `undefined`) give
 * `role`; nothing is allowed while the role is not known. Apart from `permissions.ts`, whose member
 * refusals every scanning route loads, so those routes do not carry it.
 */
export function permissionFor(role: Role | undefined, refusalOf: (role: Role) => string | undefined): Permission {
  if (role === undefined) return { allowed: false, refusal: undefined };
  const refusal = refusalOf(role);
  return { allowed: refusal === undefined, refusal };
}
