import { api, type Company, type Role, type User } from "@sentinel/api-client";
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
 * checks (route guards, the sidebar, the user menu, every control a role may not use) read this,
 * never the copy of the user kept in browser storage: anyone can edit that, it can be out of date,
 * and the session store takes the profile only after a render (an effect), so it would still hold
 * the stored role for a frame. It reads the query `useSessionBootstrap` loads without fetching it a
 * second time (`enabled: false` stops only this reader).
 */
export function useVerifiedUser(): User | null {
  const { data } = useQuery({ ...profileQuery(), enabled: false });
  return useMemo(() => {
    const role = data ? normaliseRole(data.role) : null;
    return data && role ? ({ ...data, role } as User) : null;
  }, [data]);
}

/**
 * The role every check on a screen reads (which controls, which widgets, whose company), with the
 * verified user: both `undefined`/`null` until this page load's profile answers. The shell shows an
 * error with Retry in place of the page if it fails, so a screen waiting for the role never waits
 * for ever.
 */
export function useRole(): { user: User | null; role: Role | undefined } {
  const user = useVerifiedUser();
  return { user, role: user?.role };
}
