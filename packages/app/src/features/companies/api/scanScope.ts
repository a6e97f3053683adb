import { api, type CompanyScanRange, useApiMutation } from "@sentinel/api-client";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { requireBody } from "../../../lib/requireBody.ts";

/**
 * A company's widened scan scope (issue 29): the ranges its scans may reach beyond public address
 * space. The mutations own their cache updates: the list takes the server's answer at once.
 */
export function scanScopeOptions(company: number) {
  return queryOptions(api.queryOptions("/api/v1/company/{id}/scan-scope/", { params: { path: { id: company } } }));
}

export function useScanScope(company: number) {
  return useQuery(scanScopeOptions(company));
}

export function useAddScanRange(company: number) {
  const queryClient = useQueryClient();
  const key = scanScopeOptions(company).queryKey;
  const mutation = useApiMutation<"post", "/api/v1/company/{id}/scan-scope/">(
    "post",
    "/api/v1/company/{id}/scan-scope/",
    {
      onSuccess: (added) => {
        queryClient.setQueryData(key, (list) => [...(list ?? []), added as CompanyScanRange]);
      },
    },
  );
  return {
    ...mutation,
    save: (body: { range: string; note?: string }) =>
      requireBody(mutation.mutateAsync({ params: { path: { id: company } }, body })),
  };
}

export function useRemoveScanRange(company: number) {
  const queryClient = useQueryClient();
  const key = scanScopeOptions(company).queryKey;
  const mutation = useApiMutation<"delete", "/api/v1/company/{id}/scan-scope/{range_id}/">(
    "delete",
    "/api/v1/company/{id}/scan-scope/{range_id}/",
    {
      onSuccess: (_answer, init) => {
        const removed = init.params.path.range_id;
        queryClient.setQueryData(key, (list) => list?.filter((r) => r.id !== removed));
      },
    },
  );
  return {
    ...mutation,
    remove: (rangeId: number) => mutation.mutateAsync({ params: { path: { id: company, range_id: rangeId } } }),
  };
}
