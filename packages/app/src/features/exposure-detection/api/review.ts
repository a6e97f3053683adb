import { api } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";

/**
 * Every host (or domain) of one scan, for comparing two scans side by side: one page of 100, the
 * API's page size limit, which holds every scan of the sample data (the largest finds 36 hosts).
 */
export function useAllHostsOfScan(id: number, scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/", {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page_size: 100 } },
    }),
    enabled: scanId !== undefined,
  });
}

export function useAllDomainsOfScan(id: number, scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/domains", {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page_size: 100 } },
    }),
    enabled: scanId !== undefined,
  });
}
