import type { ApiError, Role } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useSession } from "./SessionContext.tsx";
import { profileQuery } from "./sessionQueries.ts";

export interface RoleState {
  /** The signed-in user's role, once the profile has said it. */
  readonly role: Role | undefined;
  /** Why the role is not known: the profile failed to load (`null` while it is loading, or once known). */
  readonly profileError: ApiError | null;
  /** Asks for the profile again. */
  retry(): void;
}

/**
 * The role, for screens whose calls depend on it (which widgets, whose company). The shell loads
 * the profile; this reads that same query without starting it again (`enabled: false` stops only
 * this reader from fetching), so a screen can tell "still loading" from "failed" and show an error
 * with Retry instead of waiting for a role that will not come.
 */
export function useRole(): RoleState {
  const { user } = useSession();
  const profile = useQuery({ ...profileQuery(), enabled: false });
  const role = user?.role;
  return {
    role,
    profileError: role === undefined && profile.isError ? profile.error : null,
    retry: () => void profile.refetch(),
  };
}
