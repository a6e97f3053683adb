import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const applicationsPath = "/api/v1/webapp/applications/";
const applicationPath = "/api/v1/webapp/applications/{id}/";
const scansPath = "/api/v1/webapp/applications/{id}/scan/";
export const webScanPath = "/api/v1/webapp/scans/{id}/";

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** A scan the worker is moving along (queued or running): it is read again each second. */
export const isWebScanMoving = (scan: { target_detail: { status: string } }) =>
  scan.target_detail.status === "QUEUED" || scan.target_detail.status === "RUNNING";
/** Progress shows within two seconds of the worker writing it (issue 29). */
const ACTIVE_POLL_MS = 1_000;

export function useWebApplications(args: PageArgs & { company: number | null }) {
  return useQuery({
    ...api.queryOptions(applicationsPath, {
      params: {
        query: {
          page: args.page,
          page_size: args.pageSize,
          ...(args.company !== null ? { company: args.company } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
}

export function useWebApplication(id: number) {
  return useQuery(api.queryOptions(applicationPath, { params: { path: { id } } }));
}

/** Every scan of the application for the scan picker (newest first); 100 is the API's page cap. */
export function useWebScans(id: number) {
  return useQuery({
    ...api.queryOptions(scansPath, { params: { path: { id }, query: { page: 1, page_size: 100 } } }),
    refetchInterval: (query) => (query.state.data?.results.some(isWebScanMoving) ? ACTIVE_POLL_MS : false),
  });
}

export function useWebScan(scanId: number | null) {
  return useQuery({
    ...api.queryOptions(webScanPath, { params: { path: { id: scanId ?? 0 } } }),
    enabled: scanId !== null,
    refetchInterval: (query) => (query.state.data && isWebScanMoving(query.state.data) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * Reads the findings index again: a scan that has just ended stored its findings in its last moment,
 * after the screen last asked for them (the index is not polled while the scan moves).
 */
export function useRefreshScanFindings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/findings/") });
}

/** What running, aborting or importing a scan changes: the scans, the application's status and the credits. */
function invalidateScanRuns(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(webScanPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationsPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
  ]);
}

/** POST runWebScan (designed in openapi.yaml): queues a Wapiti scan of the application now and debits it. */
export function useRunWebScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", scansPath, { onSuccess: () => invalidateScanRuns(queryClient) });
}

/** POST abortWebScan (designed in openapi.yaml): stops a scan and refunds it. */
export function useAbortWebScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", "/api/v1/webapp/scans/{id}/abort/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
}

/** POST importWebScanReport (designed in openapi.yaml): a web scanner's report becomes a queued scan. */
export function useImportWebReport() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/webapp/applications/{id}/imports/", {
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

const webAssetsPath = "/api/v1/asset/webapp/";
/** How many assets the new-application dialog offers (the API's largest page). */
const ASSET_CHOICES = 100;

/** The company's web application assets, newest first; read when the new-application dialog opens. */
export function useWebAssetChoices() {
  return useQuery(api.queryOptions(webAssetsPath, { params: { query: { page: 1, page_size: ASSET_CHOICES } } }));
}

/**
 * POST createWebApplications (designed in openapi.yaml): the list gains the applications, and their
 * assets read as registered (the dialog no longer offers them).
 */
export function useCreateWebApplications() {
  const queryClient = useQueryClient();
  return useApiMutation("post", applicationsPath, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationsPath) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey(webAssetsPath) }),
      ]),
  });
}

const schedulePath = "/api/v1/webapp/applications/{id}/schedule/";

/** GET getWebScanSchedule (designed): the application's schedule and next booked scan. */
export function useWebScanSchedule(id: number) {
  return useQuery(api.queryOptions(schedulePath, { params: { path: { id } } }));
}

/** PUT updateWebScanSchedule (designed): books or moves the next scan; it lists as PENDING. */
export function useUpdateWebScanSchedule() {
  const queryClient = useQueryClient();
  return useApiMutation("put", schedulePath, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(schedulePath) }),
        invalidateScanRuns(queryClient),
      ]),
  });
}
