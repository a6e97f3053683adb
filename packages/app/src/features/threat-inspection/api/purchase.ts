import { api, apiQueryKey, type ScanFrequency, useSingleFlightMutation } from "@sentinel/api-client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useInvalidateConfiguration } from "./configurations.ts";

/**
 * Exposure detection configurations to choose a target from. Read here, not through the exposure
 * feature, because features don't import each other; the list is small, so one page of 100.
 */
export function useExposureTargets() {
  return useQuery(
    api.queryOptions("/api/v1/exposure-detection/scan-configuration/", { params: { query: { page_size: 100 } } }),
  );
}

/** Scans of an exposure detection configuration: endpoints are offered from its newest completed scan. */
export function useExposureScans(exposureConfigId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/exposure-detection/scan-configuration/{id}/scan/", {
      params: { path: { id: exposureConfigId ?? 0 }, query: { page_size: 100 } },
    }),
    enabled: exposureConfigId !== undefined,
  });
}

export function useEndpointSelection(id: number, exposureScanId: number | undefined) {
  return useQuery({
    ...api.queryOptions("/api/v1/threat-inspection/scan-configuration/{id}/endpoint-select/{exposure_scan_id}/", {
      params: { path: { id, exposure_scan_id: exposureScanId ?? 0 } },
    }),
    enabled: exposureScanId !== undefined,
  });
}

export function useUpdateEndpoints(id: number) {
  const invalidate = useInvalidateConfiguration();
  return useSingleFlightMutation({
    mutationFn: (endpoints: number[]) =>
      api.mutationFn(
        "put",
        "/api/v1/threat-inspection/scan-configuration/{id}/update-endpoint/",
      )({
        params: { path: { id } },
        body: { endpoints },
      }),
    onSuccess: () => invalidate(id),
  });
}

const estimatePrefix = (id: number) => ["threat-inspection", "estimate", id] as const;
const estimateKey = (id: number, frequency: ScanFrequency) => [...estimatePrefix(id), frequency] as const;

/**
 * The price of a configuration at a frequency. It is a POST, but the server keeps the invoice number
 * for the same selection and frequency, so it is safe to treat as a read: cached per frequency,
 * re-run when the frequency changes or the step is reloaded, never on focus or by itself.
 */
export function useEstimate(id: number, frequency: ScanFrequency, enabled: boolean) {
  return useQuery({
    queryKey: estimateKey(id, frequency),
    queryFn: () =>
      api.mutationFn(
        "post",
        "/api/v1/threat-inspection/scan-configuration/{id}/estimate-price/",
      )({
        params: { path: { id } },
        body: { scan_frequency: frequency },
      }),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The balance the payment is taken from; shares the top bar's query, so paying refreshes both. */
export function useCreditBalances() {
  return useQuery(api.queryOptions("/api/v1/credit/credit-transactions/credit-balance/"));
}

export function useProcessPayment(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateConfiguration();
  return useSingleFlightMutation({
    mutationKey: ["threat-inspection", "process", id],
    mutationFn: (body: { invoice_id: string; amount_paid: number }) =>
      api.mutationFn(
        "post",
        "/api/v1/threat-inspection/scan-configuration/{id}/process/",
      )({
        params: { path: { id } },
        body,
      }),
    onSuccess: () =>
      Promise.all([
        invalidate(id),
        queryClient.removeQueries({ queryKey: estimatePrefix(id) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/payment/") }),
        queryClient.invalidateQueries({
          queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/{id}/scans/"),
        }),
      ]),
  });
}
