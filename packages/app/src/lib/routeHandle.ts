import type { Role } from "@sentinel/api-client";

/** What a route object may carry in `handle`. */
export interface RouteHandle {
  /** Only for signed-in users; a signed-out visitor is sent to sign-in. */
  readonly requiresSession?: boolean;
  /** Roles allowed on this route and its children; absent = any signed-in user. */
  readonly roles?: readonly Role[];
}

/** The roles every matched route requires: the user's role must be in each list. */
export function requiredRoles(handles: readonly unknown[]): (readonly Role[])[] {
  const lists: (readonly Role[])[] = [];
  for (const handle of handles) {
    const roles = (handle as RouteHandle | undefined)?.roles;
    if (roles) lists.push(roles);
  }
  return lists;
}

export function isRoleAllowed(role: Role | null | undefined, handles: readonly unknown[]): boolean {
  return requiredRoles(handles).every((list) => role != null && list.includes(role));
}

export function requiresSession(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as RouteHandle | undefined)?.requiresSession === true);
}
