import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** A configuration's scans, newest first, a hundred to a page. */
export function useThreatScans(id: number, page = 1) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/{id}/scans/", {
      params: { path: { id }, query: { page, page_size: 100 } },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useThreatScan(scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/scans/{id}/", {
      params: { path: { id: scanId ?? 0 } },
    }),
    enabled: scanId !== undefined,
  });
}

export function useScanEndpoints(scanId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoints/", {
      params: { path: { id: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useDomainReputations(scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/scans/{id}/domain-reputation/", {
      params: { path: { id: scanId ?? 0 } },
    }),
    enabled: scanId !== undefined,
  });
}

export function useEndpointReputations(scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoint-reputation/", {
      params: { path: { id: scanId ?? 0 } },
    }),
    enabled: scanId !== undefined,
  });
}

export function useThreatEndpoint(endpointId: number) {
  return useQuery(
    api.queryOptions("/api/v1/threat-inspection/scan-configuration/endpoints/{id}/", {
      params: { path: { id: endpointId } },
    }),
  );
}
