import { type ApiError, api, type Finding, useApiMutation, useSingleFlightMutation } from "@sentinel/api-client";
import { type QueryKey, queryOptions, type UseMutationOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FindingLocator, findingIdOf } from "./findingLocator.ts";
import { findingQueryKey } from "./findingQueries.ts";
import { refreshFindingViews } from "./findingsCache.ts";

/**
 * Finding ownership (issue 28): who a finding is assigned to, who it may be assigned to, and the
 * company's SLA that dates it. The mutations own every cache update they cause.
 */

const assignFinding = api.mutationFn("put", "/api/v1/findings/{id}/assignee/");

/** Who a finding of `company` may be assigned to; idle without a company. */
export function useAssigneeCandidates(company: number | null) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/{id}/finding-assignees/", { params: { path: { id: company ?? 0 } } }),
    enabled: company !== null,
  });
}

/**
 * The assign mutation's options: the server's finding replaces the cached detail on success, and
 * every view of findings is asked again once settled (rows, counts and the overdue filter move).
 */
export function findingAssignMutationOptions(
  queryClient: ReturnType<typeof useQueryClient>,
  locator: FindingLocator,
): UseMutationOptions<Finding, ApiError, { assignee: number | null }> {
  const id = findingIdOf(locator);
  return {
    mutationKey: ["put", "/api/v1/findings/{id}/assignee/", id],
    mutationFn: async (body) => (await assignFinding({ params: { path: { id } }, body })) as Finding,
    onSuccess: (finding) => {
      queryClient.setQueryData(findingQueryKey(locator), finding);
    },
    onSettled: () => refreshFindingViews(queryClient),
  };
}

export function useFindingAssignMutation(locator: FindingLocator) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation(findingAssignMutationOptions(queryClient, locator));
}

/**
 * A bulk assignment (`bulkAssignFindings`); like the bulk status change it changes nothing on
 * screen before the server answers, and refreshes every view of findings once settled.
 */
export function useBulkAssignMutation() {
  const queryClient = useQueryClient();
  return useApiMutation<"post", "/api/v1/findings/bulk-assign/">("post", "/api/v1/findings/bulk-assign/", {
    onSettled: () => refreshFindingViews(queryClient),
  });
}

/** Sets the company's SLA; the SLA query takes the answer, and every view of findings (their due dates) is asked again. */
export function useFindingSlaMutation(company: number) {
  const queryClient = useQueryClient();
  const slaKey: QueryKey = findingSlaOptions(company).queryKey;
  return useApiMutation<"put", "/api/v1/company/{id}/finding-sla/">("put", "/api/v1/company/{id}/finding-sla/", {
    onSuccess: (sla) => {
      queryClient.setQueryData(slaKey, sla);
    },
    onSettled: () => refreshFindingViews(queryClient),
  });
}

/** The company's finding SLA. */
export function findingSlaOptions(company: number) {
  return queryOptions(api.queryOptions("/api/v1/company/{id}/finding-sla/", { params: { path: { id: company } } }));
}

export function useFindingSla(company: number) {
  return useQuery(findingSlaOptions(company));
}

/**
 * Who a bulk assignment may go to: the members and staff of the one company the findings belong to
 * (a client's own; staff's chosen company), or staff only while staff look at every company, since a
 * member qualifies only for their own company's findings.
 */
export function useBulkAssigneeCandidates(staff: boolean, company: number | undefined, enabled: boolean) {
  const own = useQuery({ ...api.queryOptions("/api/v1/company/my-company/"), enabled: enabled && !staff });
  const companyId = staff ? (company ?? null) : (own.data?.id ?? null);
  const members = useAssigneeCandidates(enabled ? companyId : null);
  const analysts = useQuery({
    ...api.queryOptions("/api/v1/user/analyst/"),
    enabled: enabled && staff && company === undefined,
  });
  if (staff && company === undefined) {
    return {
      candidates: analysts.data?.map((u) => ({
        id: u.id,
        email: u.email,
        fullname: `${u.first_name} ${u.last_name}`.trim(),
      })),
      note: "Only Sentinel staff are listed: filter by one company to assign its findings to its members.",
    };
  }
  return { candidates: members.data, note: undefined };
}
