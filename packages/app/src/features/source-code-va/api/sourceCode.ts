import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";

const applicationsPath = "/api/v1/sourcecode/applications/";
const applicationPath = "/api/v1/sourcecode/applications/{id}/";
const scansPath = "/api/v1/sourcecode/applications/{id}/scan/";
export const sourceCodeScanPath = "/api/v1/sourcecode/scans/{id}/";
export const sourceCodeFindingsPath = "/api/v1/sourcecode/scans/{id}/findings/";
const assetsPath = "/api/v1/asset/sourcecode/";

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** A scan the worker is moving along (queued or scanning): it is read again each second. */
export const isSourceScanMoving = (scan: { status: string }) => scan.status === "QUEUED" || scan.status === "SCANNING";
/** Progress shows within two seconds of the worker writing it (issue 29). */
const ACTIVE_POLL_MS = 1_000;

export function useSourceCodeApplications(args: PageArgs & { search: string; company: number | null }) {
  return useQuery({
    ...api.queryOptions(applicationsPath, {
      params: {
        query: {
          page: args.page,
          page_size: args.pageSize,
          ...(args.search ? { search: args.search } : {}),
          ...(args.company !== null ? { company: args.company } : {}),
        },
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** The repository; read each second while one of its scans moves (`isScanning`), for its status. */
export function useSourceCodeApplication(id: number, isScanning = false) {
  return useQuery({
    ...api.queryOptions(applicationPath, { params: { path: { id } } }),
    refetchInterval: isScanning ? ACTIVE_POLL_MS : false,
  });
}

export function useSourceCodeScans(id: number, { page, pageSize }: PageArgs) {
  return useQuery({
    ...api.queryOptions(scansPath, { params: { path: { id }, query: { page, page_size: pageSize } } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.results.some(isSourceScanMoving) ? ACTIVE_POLL_MS : false),
  });
}

/**
 * The chosen scan's overviews. The detail carries no status, so the screen says whether the scan
 * moves (from its list row); its counts are read each second until it has ended.
 */
export function useSourceCodeScan(scanId: number | null, isMoving = false) {
  return useQuery({
    ...api.queryOptions(sourceCodeScanPath, { params: { path: { id: scanId ?? 0 } } }),
    enabled: scanId !== null,
    refetchInterval: isMoving ? ACTIVE_POLL_MS : false,
  });
}

export function useSourceCodeFindings(scanId: number | null, { page, pageSize }: PageArgs) {
  return useQuery({
    ...api.queryOptions(sourceCodeFindingsPath, {
      params: { path: { id: scanId ?? 0 }, query: { page, page_size: pageSize } },
    }),
    enabled: scanId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The source code assets that can still be registered, for the "Add repository" dialog. The
 * largest page the API allows (100) is enough for a picker; `registered` ones are shown disabled.
 */
export function useSourceCodeAssets(enabled: boolean) {
  return useQuery({
    ...api.queryOptions(assetsPath, { params: { query: { page: 1, page_size: 100 } } }),
    enabled,
  });
}

/** POST with `asset`; the new repository appears in the list and the asset becomes registered. */
export function useAddRepository() {
  const queryClient = useQueryClient();
  return useApiMutation("post", applicationsPath, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationsPath) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey(assetsPath) }),
      ]),
  });
}
