import { api, apiQueryKey, useApiMutation } from "@sentinel/api-client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

// The scan actions' calls, used only by the dialogs that make them (loaded when first opened) and by
// what reads a scan's results as it ends (loaded once a scan moves), so the repository page's own
// code stays small.

const applicationsPath = "/api/v1/sourcecode/applications/";
const applicationPath = "/api/v1/sourcecode/applications/{id}/";
const scansPath = "/api/v1/sourcecode/applications/{id}/scan/";
const sourceCodeScanPath = "/api/v1/sourcecode/scans/{id}/";

/** What running, aborting or importing a scan changes: the scans, the repository's status and the credits. */
function invalidateScanRuns(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey(scansPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(sourceCodeScanPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey(applicationsPath) }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/credit-balance/") }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey("/api/v1/credit/credit-transactions/") }),
  ]);
}

/**
 * Reads the chosen scan's overviews and findings and the repository's status once more when the
 * calling component goes, which is when the scan stops moving (`ScanProgress` shows exactly while
 * it moves): they were last read while it moved, its polling stops with it, and the findings are
 * not polled at all. Only what is on screen is read again; the rest is marked stale.
 */
export function useReadScanResultsWhenGone() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      for (const path of [sourceCodeScanPath, "/api/v1/findings/", applicationPath] as const) {
        void queryClient.invalidateQueries({ queryKey: apiQueryKey(path) });
      }
    },
    [queryClient],
  );
}

/** POST runSourceCodeScan (designed): queues a scan of one branch now and debits it. */
export function useRunSourceScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", scansPath, { onSuccess: () => invalidateScanRuns(queryClient) });
}

/** POST abortSourceCodeScan (designed): stops a scan (it becomes FAILED) and refunds what it cost. */
export function useAbortSourceScan() {
  const queryClient = useQueryClient();
  return useApiMutation("post", "/api/v1/sourcecode/scans/{id}/abort/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
}

/** POST importSourceCodeScanReport (designed): a SARIF or Trivy report becomes a queued scan of a branch. */
export function useImportSourceReport() {
  const queryClient = useQueryClient();
  const mutation = useApiMutation("post", "/api/v1/sourcecode/applications/{id}/imports/", {
    onSuccess: () => invalidateScanRuns(queryClient),
  });
  return {
    ...mutation,
    upload: (id: number, file: File, branch: string | null) => {
      const form = new FormData();
      form.append("file", file, file.name);
      if (branch) form.append("branch", branch);
      return mutation.mutateAsync({ params: { path: { id } }, body: { file: "" }, bodySerializer: () => form });
    },
  };
}

const schedulePath = "/api/v1/sourcecode/applications/{id}/schedule/";

/** GET getSourceCodeScanSchedule (designed): read when the schedule dialog is first opened. */
export function useSourceScanSchedule(id: number) {
  return useQuery(api.queryOptions(schedulePath, { params: { path: { id } } }));
}

/** PUT updateSourceCodeScanSchedule (designed): books or moves the repository's next scan of a branch. */
export function useUpdateSourceScanSchedule() {
  const queryClient = useQueryClient();
  return useApiMutation("put", schedulePath, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(schedulePath) }),
  });
}
