import {
  api,
  apiQueryKey,
  type CompanyCreate,
  type CompanyUpdate,
  type MemberCreate,
  type MemberUpdate,
  useApiMutation,
} from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";
import type { MemberAction } from "../members.ts";

/** Spec §7/§9: the directory asks for 100 companies a page. */
export const companyPageSize = 100;

export function useCompanies({ page, search }: { page: number; search: string }) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/", {
      params: { query: { page, page_size: companyPageSize, ...(search ? { search } : {}) } },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: number) {
  return useQuery(api.queryOptions("/api/v1/company/{id}/", { params: { path: { id } } }));
}

/** Staff have no company (the call answers 404), so it only runs once the role is known to be a client's. */
export const useMyCompany = (enabled: boolean) =>
  useQuery({ ...api.queryOptions("/api/v1/company/my-company/"), enabled });

/** Spec §7: page 1, limit 10 by default; the member list pages by `limit`, not `page_size`. */
export function useMembers(
  companyId: number | undefined,
  { page, limit, search }: { page: number; limit: number; search: string },
) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/{id}/member/", {
      params: { path: { id: companyId ?? 0 }, query: { page, limit, ...(search ? { search } : {}) } },
    }),
    placeholderData: keepPreviousData,
  });
}

/** One member, for the details drawer; `memberId` null is a closed drawer, which asks nothing. */
export function useMember(companyId: number | undefined, memberId: number | null) {
  return useQuery({
    ...api.queryOptions("/api/v1/company/{id}/member/{member_id}/", {
      params: { path: { id: companyId ?? 0, member_id: memberId ?? 0 } },
    }),
    enabled: memberId !== null,
  });
}

function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (
        [
          "/api/v1/company/",
          "/api/v1/company/{id}/",
          "/api/v1/company/my-company/",
          "/api/v1/company/{id}/member/",
          "/api/v1/company/{id}/member/{member_id}/",
        ] as const
      ).map((path) => queryClient.invalidateQueries({ queryKey: apiQueryKey(path) })),
    );
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompanies();
  const mutation = useApiMutation("post", "/api/v1/company/", { onSuccess: invalidate });
  return { ...mutation, save: (body: CompanyCreate) => requireBody(mutation.mutateAsync({ body })) };
}

export function useUpdateCompany(id: number) {
  const invalidate = useInvalidateCompanies();
  const mutation = useApiMutation("patch", "/api/v1/company/{id}/", { onSuccess: invalidate });
  return {
    ...mutation,
    save: (body: CompanyUpdate) => requireBody(mutation.mutateAsync({ params: { path: { id } }, body })),
  };
}

export function useCreateMember(companyId: number) {
  const invalidate = useInvalidateCompanies();
  const mutation = useApiMutation("post", "/api/v1/company/{id}/member/", { onSuccess: invalidate });
  return {
    ...mutation,
    save: (body: MemberCreate) => requireBody(mutation.mutateAsync({ params: { path: { id: companyId } }, body })),
  };
}

export function useUpdateMember(companyId: number) {
  const invalidate = useInvalidateCompanies();
  const mutation = useApiMutation("patch", "/api/v1/company/{id}/member/{member_id}/", { onSuccess: invalidate });
  return {
    ...mutation,
    save: (memberId: number, body: MemberUpdate) =>
      requireBody(mutation.mutateAsync({ params: { path: { id: companyId, member_id: memberId } }, body })),
  };
}

const memberPath = (companyId: number, memberId: number) => ({
  params: { path: { id: companyId, member_id: memberId } },
});

/**
 * The lifecycle actions on one member. Each answers the member as it is now (or nothing, for the
 * resent invitation); the lists and the member are asked again, as after an edit.
 */
export function useMemberLifecycle(companyId: number) {
  const invalidate = useInvalidateCompanies();
  const options = { onSuccess: invalidate };
  const deactivate = useApiMutation("post", "/api/v1/company/{id}/member/{member_id}/deactivate/", options);
  const reactivate = useApiMutation("post", "/api/v1/company/{id}/member/{member_id}/reactivate/", options);
  const resend = useApiMutation("post", "/api/v1/company/{id}/member/{member_id}/resend-invitation/", options);
  const resetTwoFactor = useApiMutation("post", "/api/v1/company/{id}/member/{member_id}/reset-2fa/", options);
  return {
    isPending: deactivate.isPending || reactivate.isPending || resend.isPending || resetTwoFactor.isPending,
    run: async (action: MemberAction, memberId: number): Promise<void> => {
      const init = memberPath(companyId, memberId);
      if (action === "deactivate") await requireBody(deactivate.mutateAsync(init));
      else if (action === "reactivate") await requireBody(reactivate.mutateAsync(init));
      else if (action === "resend-invitation") await resend.mutateAsync(init);
      else await requireBody(resetTwoFactor.mutateAsync(init));
    },
  };
}

/** A few of the company's web and source-code applications, for the staff links into admin twins. */
export function useCompanyApplications(companyId: number) {
  const init = { params: { query: { page: 1, page_size: 5, company: companyId } } };
  const web = useQuery(api.queryOptions("/api/v1/webapp/applications/", init));
  const source = useQuery(api.queryOptions("/api/v1/sourcecode/applications/", init));
  return { web, source };
}
