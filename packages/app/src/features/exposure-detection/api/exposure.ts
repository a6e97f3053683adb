import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

const base = "/api/v1/exposure-detection/scan-configuration/" as const;

/** `company` narrows staff's list to one company (null: every company they may see). */
export function useExposureConfigurations(page: number, pageSize: number, company: number | null = null) {
  return useQuery({
    ...api.queryOptions(base, {
      params: { query: { page, page_size: pageSize, ...(company !== null ? { company } : {}) } },
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The list call is the only way to read one configuration (there is no detail call): one page of
 * 100 holds every configuration of a company in the sample data.
 */
export function useExposureConfiguration(id: number) {
  const query = useQuery(api.queryOptions(base, { params: { query: { page_size: 100 } } }));
  return {
    ...query,
    data: query.data?.results.find((c) => c.id === id),
    isMissing: query.isSuccess && !query.data.results.some((c) => c.id === id),
  };
}

/** A configuration's scans, newest first, a hundred to a page. */
export function useExposureScans(id: number, page = 1) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scan/", {
      params: { path: { id }, query: { page, page_size: 100 } },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useExposureHosts(id: number, scanId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/", {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useExposureDomains(id: number, scanId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/domains", {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
  });
}
