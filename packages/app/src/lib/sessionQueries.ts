import { api, type Company, type User } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { isStaff, normaliseRole } from "./roles.ts";
import { useSession, useSessionStore } from "./SessionContext.tsx";

// The session's own calls: sign-in (features/auth), the shell's guards and user menu, and the profile
// screen all read the same profile query, so it sits below the features rather than in one of them.
export const profileQuery = () => ({ ...api.queryOptions("/api/v1/user/profile/"), staleTime: 60_000 });
export const myCompanyQuery = () => ({ ...api.queryOptions("/api/v1/company/my-company/"), staleTime: 60_000 });

/**
 * Spec §4: at start, a signed-in user's profile is loaded; for roles other than super admin
 * and analyst, their company too. Both land in the session store so every screen can read them.
 */
export function useSessionBootstrap() {
  const store = useSessionStore();
  const session = useSession();
  const profile = useQuery({ ...profileQuery(), enabled: session.isAuthenticated });
  const role = profile.data?.role ?? session.user?.role;
  const company = useQuery({
    ...myCompanyQuery(),
    enabled: session.isAuthenticated && role !== undefined && !isStaff(role),
  });

  useEffect(() => {
    if (profile.data) store.setUser(profile.data as User);
  }, [profile.data, store]);

  useEffect(() => {
    if (company.data) store.setCompany(company.data as Company);
  }, [company.data, store]);

  return { profile, company };
}

/**
 * The user as the API described them in this page load, or null until the profile answers. Role
 * checks (route guards, the sidebar, the user menu) read this, never the copy of the user kept in
 * browser storage: anyone can edit that, and the session store takes the profile only after a
 * render (an effect), so it would still hold the edited role for a frame.
 */
export function useVerifiedUser(): User | null {
  const { isAuthenticated } = useSession();
  const profile = useQuery({ ...profileQuery(), enabled: isAuthenticated });
  return useMemo(() => verifiedUser(profile.data), [profile.data]);
}

/** The profile's user with its role in the API's spelling, or null while there is none (or no usable role). */
export function verifiedUser(profile: User | undefined): User | null {
  const role = profile ? normaliseRole(profile.role) : null;
  return profile && role ? ({ ...profile, role } as User) : null;
}
