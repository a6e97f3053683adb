import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import type { PagedList } from "@sentinel/ui/table";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const configsPath = "/api/v1/networkva/scan-configuration/";
const configPath = "/api/v1/networkva/scan-configuration/{id}/";
const scansPath = "/api/v1/networkva/scan-configuration/{id}/scans/";
const endpointsPath = "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/";
const endpointPath = "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/";
const servicesPath = "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/services/";

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** `company` narrows staff's list to one company (null: every company they may see). */
export function useNetworkConfigs({ page, pageSize, company }: PageArgs & { company: number | null }) {
  return useQuery({
    ...api.queryOptions(configsPath, {
      params: { query: { page, page_size: pageSize, ...(company !== null ? { company } : {}) } },
    }),
    placeholderData: keepPreviousData,
  });
}

/** A scan the worker is moving along (queued or running): its list is read again each second. */
export const isScanMoving = (scan: { status: string }) => scan.status === "QUEUED" || scan.status === "RUNNING";
/** Progress shows within two seconds of the worker writing it (issue 29). */
const ACTIVE_POLL_MS = 1_000;

export function useNetworkConfig(id: number) {
  return useQuery(api.queryOptions(configPath, { params: { path: { id } } }));
}

export function useNetworkScans(id: number, { page, pageSize }: PageArgs) {
  return useQuery({
    ...api.queryOptions(scansPath, { params: { path: { id }, query: { page, page_size: pageSize } } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some(isScanMoving) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * The endpoints of one scan; `scanId` null (no scan chosen yet) asks nothing, and nothing shows them.
 * While the scan runs (`isRunning`), they are read again each second, as the scan list is.
 */
export function useNetworkScanEndpoints(
  { id, scanId, isRunning = false }: { id: number; scanId: number | null; isRunning?: boolean },
  { page, pageSize }: PageArgs,
) {
  return useQuery({
    ...api.queryOptions(endpointsPath, {
      params: { path: { id, scanId: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    placeholderData: keepPreviousData,
    enabled: scanId !== null,
    refetchInterval: isRunning ? ACTIVE_POLL_MS : false,
  });
}

export interface EndpointIds {
  id: number;
  scanId: number;
  endpointId: number;
}

export function useNetworkScanEndpoint(ids: EndpointIds) {
  return useQuery(api.queryOptions(endpointPath, { params: { path: ids } }));
}

/**
 * An endpoint's services. The API answers with every one at once, so they come as one whole page
 * (the shape PagedTable draws, with no pager when the screen passes no `onPageChange`).
 */
export function useNetworkServices(ids: EndpointIds) {
  return useQuery({ ...api.queryOptions(servicesPath, { params: { path: ids } }), select: wholePage });
}

function wholePage<TRow>(rows: readonly TRow[]): PagedList<TRow> {
  const count = rows.length;
  return {
    count,
    current_page: 1,
    page_size: Math.max(count, 1),
    total_pages: count ? 1 : 0,
    start_index: count ? 1 : 0,
    end_index: count,
    pages: count ? [1] : [],
    results: rows,
  };
}

/** What running or aborting a scan changes: the scans, the configuration's status and the credits. */
function invalidateScanRuns(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(endpointsPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(configPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(configsPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
  ]);
}

/** POST runNetworkScan (designed in openapi.yaml): queues a scan of every target now and debits it. */
export function useRunNetworkScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", scansPath, { onSuccess: () => invalidateScanRuns(queryClient) });
}

/** POST importNetworkScanReport (designed in openapi.yaml): a scanner's report becomes a queued scan. */
export function useImportNetworkReport() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/networkva/scan-configuration/{id}/imports/", {
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

/** POST abortNetworkScan (designed in openapi.yaml): stops a scan and refunds what it did not scan. */
export function useAbortNetworkScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", "/api/v1/networkva/scan-configuration/{id}/scans/{scan_id}/abort/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
}

/** PUT update-schedule (designed in openapi.yaml); the scan list and the configuration change with it. */
export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useApiMutation("put", "/api/v1/networkva/scan-configuration/{id}/scans/{scan_id}/update-schedule/", {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey(configPath) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey(configsPath) }),
      ]),
  });
}

/** How many assets the new-configuration dialog offers (the API's largest page). */
const ASSET_CHOICES = 100;

/** The network assets a configuration can be made of, newest first; read when the dialog opens. */
export function useNetworkAssetChoices() {
  return useQuery(
    api.queryOptions("/api/v1/asset/networkva/", { params: { query: { page: 1, page_size: ASSET_CHOICES } } }),
  );
}

/** POST createNetworkScanConfiguration (designed in openapi.yaml): the list gains it, and the assets their endpoints. */
export function useCreateNetworkConfig() {
  const queryClient = useQueryClient();
  return useApiMutation("post", configsPath, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(configsPath) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/asset/networkva/") }),
      ]),
  });
}
