import { api } from "@sentinel/api-client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

const applicationsPath = "/api/v1/webapp/applications/";
const applicationPath = "/api/v1/webapp/applications/{id}/";
const scansPath = "/api/v1/webapp/applications/{id}/scan/";
export const webScanPath = "/api/v1/webapp/scans/{id}/";

export interface PageArgs {
  page: number;
  pageSize: number;
}

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
  return useQuery(api.queryOptions(scansPath, { params: { path: { id }, query: { page: 1, page_size: 100 } } }));
}

export function useWebScan(scanId: number | null) {
  return useQuery({
    ...api.queryOptions(webScanPath, { params: { path: { id: scanId ?? 0 } } }),
    enabled: scanId !== null,
  });
}
