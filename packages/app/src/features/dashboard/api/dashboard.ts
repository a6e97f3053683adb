import { api, findingsIndexOptions, type Severity } from "@sentinel/api-client";
import { useQuery } from "@tanstack/react-query";
import { openFindingStatuses } from "../../../shared/findings/findingsHref.ts";

// Dashboard figures change slowly; a minute of freshness spares the 13 calls on every revisit.
const fresh = { staleTime: 60_000 } as const;

/** `enabled` is false for widgets the role does not see, so their calls are never made. */
export const useAssetGrowth = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/asset/growth/"), ...fresh, enabled });
export const useUserGrowth = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/user/growth/"), ...fresh, enabled });
export const useCompanyGrowth = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/company/growth/"), ...fresh, enabled });

export const useCreditGraph = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/credit/graph/"), ...fresh, enabled });
export const useMostUsedService = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/credit/most-used-service/"), ...fresh, enabled });
export const useTopSpendingCompanies = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/credit/top-spending-company/"), ...fresh, enabled });
export const useCreditTransactionGraph = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/credit/credit-transactions/credit-transaction-graph/"), ...fresh, enabled });

export const useTicketOverview = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/ticket/overview/"), ...fresh, enabled });
export const useLatestTickets = (enabled = true) =>
  useQuery({ ...api.queryOptions("/api/v1/dashboard/ticket/latest-ticket/"), ...fresh, enabled });

/** The five scan-summary calls, one per scan type. */
export const scanSummaryPaths = {
  exposure_detection: "/api/v1/dashboard/exposure-detection/scan/",
  threat_inspection: "/api/v1/dashboard/threat-inspection/scan/",
  networkva: "/api/v1/dashboard/networkva/scan/",
  web: "/api/v1/dashboard/web/scan/",
  sourcecode: "/api/v1/dashboard/sourcecode/scan/",
} as const;

export type ScanSummaryKind = keyof typeof scanSummaryPaths;

export const useScanSummaries = (kind: ScanSummaryKind, enabled = true) =>
  useQuery({ ...api.queryOptions(scanSummaryPaths[kind]), ...fresh, enabled });

/**
 * Open findings (ACTIVE or FIXING) of one severity: an index request of one row, reading `count`.
 * Index queries are what a bulk status change refreshes, so the widget follows triage at once
 * (no `fresh` staleTime here for that reason).
 */
export const useOpenFindingsCount = (severity: Severity, enabled = true) =>
  useQuery({
    ...findingsIndexOptions(api, { severity: [severity], status: [...openFindingStatuses], page_size: 1 }),
    select: (page) => page.count,
    enabled,
  });
