import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const scansPath = "/api/v1/threat-inspection/scan-configuration/{id}/scans/";
const scanPath = "/api/v1/threat-inspection/scan-configuration/scans/{id}/";
const endpointsPath = "/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoints/";
const domainReputationPath = "/api/v1/threat-inspection/scan-configuration/scans/{id}/domain-reputation/";
const endpointReputationPath = "/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoint-reputation/";

/** A scan the worker is moving along (queued or running): what shows it is read again each second. */
export const isScanMoving = (scan: { status: string }) => scan.status === "QUEUED" || scan.status === "RUNNING";
/** Progress shows within two seconds of the worker writing it (issue 29). */
const ACTIVE_POLL_MS = 1_000;

/** A configuration's scans, newest first, a hundred to a page; read each second while one moves. */
export function useThreatScans(id: number, page = 1) {
  return useQuery({
    ...api.queryOptions(scansPath, { params: { path: { id }, query: { page, page_size: 100 } } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some(isScanMoving) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * Marks every scan's summary, endpoints and reputations stale and reads the shown ones again: for
 * when a scan ends, whichever scan the screen shows then.
 */
export function useRefreshThreatResults() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(scanPath) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpointsPath) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(domainReputationPath) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpointReputationPath) }),
    ]);
}

/** One scan's summary; read each second while it moves (`isMoving`), as its findings come in. */
export function useThreatScan(scanId: number | undefined, isMoving = false) {
  return useQuery({
    ...api.queryOptions(scanPath, { params: { path: { id: scanId ?? 0 } } }),
    enabled: scanId !== undefined,
    refetchInterval: isMoving ? ACTIVE_POLL_MS : false,
  });
}

export function useScanEndpoints(scanId: number | undefined, page: number, pageSize: number, isMoving = false) {
  return useQuery({
    ...api.queryOptions(endpointsPath, {
      params: { path: { id: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: isMoving ? ACTIVE_POLL_MS : false,
  });
}

/** What running or aborting a scan changes: the scans, the configuration's status and the credits. */
function invalidateScanRuns(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scanPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(endpointsPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/{id}/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/threat-inspection/scan-configuration/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
  ]);
}

/** POST runThreatInspectionScan (designed in openapi.yaml): checks every endpoint now and debits it. */
export function useRunThreatScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", scansPath, { onSuccess: () => invalidateScanRuns(queryClient) });
}

/** POST abortThreatInspectionScan (designed in openapi.yaml): stops a scan and refunds what it did not check. */
export function useAbortThreatScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", "/api/v1/threat-inspection/scan-configuration/{id}/scans/{scan_id}/abort/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
}

export function useDomainReputations(scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions(domainReputationPath, {
      params: { path: { id: scanId ?? 0 } },
    }),
    enabled: scanId !== undefined,
  });
}

export function useEndpointReputations(scanId: number | undefined) {
  return useQuery({
    ...api.queryOptions(endpointReputationPath, {
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
