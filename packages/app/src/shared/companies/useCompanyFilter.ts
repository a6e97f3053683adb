import { api } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { isStaff } from "../../lib/roles.ts";
import { useRole } from "../../lib/sessionQueries.ts";
import { parseCompanyParam } from "./companyParam.ts";

/** The company list at page size 100 (spec §9), shared by the filter and the company names. */
export function useCompanyList(enabled: boolean) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/", { params: { query: { page_size: 100 } } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Staff see every company's rows, so their lists say whose each row is and can narrow to one
 * company (`?company=` in the URL, so back/forward and shared links restore it). Client roles see
 * their own company only: they get no filter or column, and the company list is not fetched.
 * The options are the company list at page size 100 (spec §9).
 */
export function useCompanyFilter(raw: string | undefined) {
  const staff = isStaff(useRole().user?.role);
  const companies = useCompanyList(staff);
  // The role is known only once the profile is in. Asking with the URL's company from the start
  // saves staff an unscoped first call; the API ignores `company` from a client role anyway.
  return { staff, company: parseCompanyParam(raw), companies };
}

export type CompanyFilterState = ReturnType<typeof useCompanyFilter>;
