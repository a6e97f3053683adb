import type { Role, User } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { profileQuery, verifiedUser } from "./sessionQueries.ts";

export interface RoleState {
  /** The signed-in user as this page load's profile describes them; `null` until it answers. */
  readonly user: User | null;
  /** Their role, once the profile has said it. */
  readonly role: Role | undefined;
}

/**
 * The role every role check on a screen reads (which controls, which widgets, whose company). It
 * comes from this page load's profile, never from the user kept in browser storage: that copy can
 * be edited, can be out of date (a role changed since), and reaches the session store only an
 * effect after the profile answers, so reading it showed an admin's controls for a moment to a user
 * who may not use them. The shell loads the profile; this reads that same query without starting it
 * again (`enabled: false` stops only this reader from fetching), and shows an error with Retry in
 * place of the page when it fails, so a screen waiting for the role never waits for ever.
 */
export function useRole(): RoleState {
  const profile = useQuery({ ...profileQuery(), enabled: false });
  const user = useMemo(() => verifiedUser(profile.data), [profile.data]);
  return { user, role: user?.role };
}
