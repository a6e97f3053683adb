import { api, apiQueryKey, useSingleFlightMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const base = "/api/v1/threat-inspection/scan-configuration/" as const;

/** `company` narrows staff's list to one company (null: every company they may see). */
export function useThreatConfigurations(page: number, pageSize: number, company: number | null = null) {
  return useQuery({
    ...api.queryOptions(base, {
      params: { query: { page, page_size: pageSize, ...(company !== null ? { company } : {}) } },
    }),
    placeholderData: keepPreviousData,
  });
}

/** Configurations created but not paid: the purchases a user can resume. */
export function useUnpaidConfigurations(enabled = true) {
  return useQuery({ ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/un-paid/"), enabled });
}

export function useThreatConfiguration(id: number) {
  return useQuery(api.queryOptions("/api/v1/threat-inspection/scan-configuration/{id}/", { params: { path: { id } } }));
}

export function useThreatTargets(id: number, page: number, pageSize: number) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/{id}/targets/", {
      params: { path: { id }, query: { page, page_size: pageSize } },
    }),
    placeholderData: keepPreviousData,
  });
}

/** Everything a purchase step changes: lists, the configuration, its targets and its selection. */
export function useInvalidateConfiguration() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(base) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/un-paid/") }),
      queryClient.invalidateQueries({
        queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/{id}/", { params: { path: { id } } }),
      }),
      queryClient.invalidateQueries({
        queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/{id}/targets/"),
      }),
      queryClient.invalidateQueries({
        queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/{id}/endpoint-select/{exposure_scan_id}/"),
      }),
    ]);
}

export function useCreateConfiguration() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: api.mutationFn("post", base),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/un-paid/") }),
  });
}

/**
 * Discards a draft purchase (never paid). The un-paid list is fetched again whatever the answer: a 404
 * or 409 means the list was stale (discarded elsewhere, or paid meanwhile).
 */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: api.mutationFn("delete", "/api/v1/threat-inspection/scan-configuration/{id}/"),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/un-paid/"),
        }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey(base) }),
      ]),
  });
}
