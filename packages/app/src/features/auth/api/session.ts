import { api, type Company, type User } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { isStaff } from "../../../lib/roles.ts";
import { useSession, useSessionStore } from "../../../lib/SessionContext.tsx";

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
  const role = session.user?.role ?? profile.data?.role;
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
