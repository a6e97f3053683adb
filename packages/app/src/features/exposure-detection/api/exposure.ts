import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const base = "/api/v1/exposure-detection/scan-configuration/" as const;
const scansPath = "/api/v1/exposure-detection/scan-configuration/{id}/scan/" as const;
const hostsPath = "/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/" as const;
const domainsPath = "/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/domains" as const;

/** A scan the worker is moving along (queued or running): what shows it is read again each second. */
export const isScanMoving = (scan: { status: string }) => scan.status === "QUEUED" || scan.status === "RUNNING";
/** Progress shows within two seconds of the worker writing it (issue 29). */
const ACTIVE_POLL_MS = 1_000;

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

/** A configuration's scans, newest first, a hundred to a page; read each second while one moves. */
export function useExposureScans(id: number, page = 1) {
  return useQuery({
    ...api.queryOptions(scansPath, { params: { path: { id }, query: { page, page_size: 100 } } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some(isScanMoving) ? ACTIVE_POLL_MS : false),
  });
}

/** The hosts of one scan; read again while the scan runs (nmap fills in their services as it goes). */
/**
 * Marks every scan's hosts and domains stale and reads the shown ones again: for when a scan ends. The
 * scan shown may be another than the one that moved (a scan picked while it ran, a newer one), and
 * what it cached of the moving scan is stale too.
 */
export function useRefreshExposureResults() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(hostsPath) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(domainsPath) }),
    ]);
}

export function useExposureHosts(
  id: number,
  scanId: number | undefined,
  page: number,
  pageSize: number,
  isRunning = false,
) {
  return useQuery({
    ...api.queryOptions(hostsPath, {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: isRunning ? ACTIVE_POLL_MS : false,
  });
}

export function useExposureDomains(
  id: number,
  scanId: number | undefined,
  page: number,
  pageSize: number,
  isRunning = false,
) {
  return useQuery({
    ...api.queryOptions(domainsPath, {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: isRunning ? ACTIVE_POLL_MS : false,
  });
}

/** How many domains the new-configuration dialog offers (the API's largest page). */
const CHOICES = 100;
const assetsPath = "/api/v1/asset/exposure-detection/" as const;

/**
 * The domains a configuration can be made of, read when the dialog opens: the exposure assets, less
 * those that have a configuration already (the configurations' first hundred, as the overview reads).
 */
export function useExposureDomainChoices() {
  const assets = useQuery(api.queryOptions(assetsPath, { params: { query: { page: 1, page_size: CHOICES } } }));
  const configs = useQuery(api.queryOptions(base, { params: { query: { page_size: CHOICES } } }));
  const configured = new Set(configs.data?.results.map((c) => c.target.asset));
  return {
    isPending: assets.isPending || configs.isPending,
    error: assets.error ?? configs.error,
    refetch: () => Promise.all([assets.refetch(), configs.refetch()]),
    choices: (assets.data?.results ?? []).filter((a) => !configured.has(a.id)),
  };
}

/** POST createExposureDetectionConfiguration (designed in openapi.yaml): every configuration list gains the new ones. */
export function useCreateExposureConfigs() {
  const queryClient = useQueryClient();
  return useApiMutation("post", base, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(base) }),
  });
}

/** What running, aborting or importing changes: the scans, the configurations' status and the credits. */
function invalidateScanRuns(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(base) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
  ]);
}

/** POST runExposureDetectionScan (designed in openapi.yaml): queues a scan of the domain now and debits it. */
export function useRunExposureScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", scansPath, { onSuccess: () => invalidateScanRuns(queryClient) });
}

/** POST abortExposureDetectionScan (designed in openapi.yaml): stops a scan and refunds it. */
export function useAbortExposureScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", "/api/v1/exposure-detection/scan-configuration/{id}/scans/{scan_id}/abort/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
}

/** POST importExposureDetectionScanReport (designed in openapi.yaml): a report becomes a queued scan. */
export function useImportExposureReport() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/exposure-detection/scan-configuration/{id}/imports/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
  return {
    ...mutation,
    upload: (id: number, file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return mutation.mutateAsync({ params: { path: { id } }, body: { file: "" }, bodySerializer: () => form });
    },
  };
}

const schedulePath = "/api/v1/exposure-detection/scan-configuration/{id}/schedule/";

/** GET getExposureDetectionScanSchedule (designed): the configuration's schedule and next booked scan. */
export function useExposureScanSchedule(id: number) {
  return useQuery(api.queryOptions(schedulePath, { params: { path: { id } } }));
}

/** PUT updateExposureDetectionScanSchedule (designed): books or moves the next scan (`scheduled_scan`). */
export function useUpdateExposureScanSchedule() {
  const queryClient = useQueryClient();
  return useApiMutation("put", schedulePath, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(schedulePath) }),
        invalidateScanRuns(queryClient),
      ]),
  });
}
