import { type Tx, withScope } from "../../db/pool.ts";
import { type AuthedCtx, type HandlerMap, ok } from "../../http/handler.ts";
import * as q from "./queries.ts";

/**
 * Every dashboard call is open to all four roles (static mode answers each of them). A client sees
 * its own company; staff see every company. The contract gives these operations no `company`
 * parameter, so staff cannot narrow them (static mode reads `?company=`; the contract wins).
 */
const companyOf = (caller: AuthedCtx["caller"]): number | null =>
  caller.scope.companies === "all" ? null : caller.scope.companies;

/** A handler that runs one read as the caller and answers it. */
const read =
  <T>(work: (tx: Tx, company: number | null) => Promise<T>) =>
  async ({ services, caller }: AuthedCtx) =>
    ok(await withScope(services.db, caller.scope, (tx) => work(tx, companyOf(caller))));

const CREDIT_TYPE_LABEL: Record<q.CreditType, string> = {
  THREATINSPECTION: "Threat Inspection",
  NETWORKVA: "Network VA",
  APPLICATIONVA: "Web Application VA",
  SOURCECODE: "Source Code VA",
  EXPOSUREDETECTION: "Exposure Detection",
};

const scanSummary = (row: q.ScanSummaryRow) => ({
  id: row.id,
  parent_id: row.parent_id,
  target_id: row.target_id,
  company: { id: row.company_id, name: row.company_name },
  total_endpoint: row.total_endpoint,
  status: row.status,
  progress: row.progress,
  domains: row.domains,
  created_at: row.created_at,
});

/** The host name as a browser reads it (lower case, punycode, no port): the URL parser, as static mode uses. */
function hostName(url: string): string[] {
  try {
    return [new URL(url).hostname];
  } catch {
    // An address that does not parse still names its application.
    return [url];
  }
}

export const dashboardHandlers: HandlerMap = {
  getAssetGrowth: read(async (tx, company) => {
    const rows = await q.assetGrowth(tx, company);
    const of = (area: q.AssetArea | null) => rows.find((r) => r.area === area) ?? { total: 0, growth: 0 };
    const out: Record<string, number> = { totals: of(null).total, totals_growth: of(null).growth };
    for (const area of ["networkva", "exposure_detection", "threat_inspection", "web", "sourcecode"] as const) {
      out[area] = of(area).total;
      out[`${area}_growth`] = of(area).growth;
    }
    return out;
  }),

  getCompanyGrowth: read(async (tx, company) => {
    const { total, growth } = await q.companyGrowth(tx, company);
    return { company_total: total, company_growth: growth };
  }),

  getUserGrowth: read(async (tx, company) => {
    const { total, growth } = await q.userGrowth(tx, company);
    return { user_total: total, user_growth: growth };
  }),

  getCreditGraph: read(q.creditGraph),

  getMostUsedService: read(async (tx, company) => {
    // The query ranks all five credit types, so it always has a row; the fallback is for the type only.
    const top = (await q.mostUsedService(tx, company)) ?? {
      service_name: "NETWORKVA" as const,
      spending_amount: 0,
      comparison: 0,
    };
    return { ...top, service_label: CREDIT_TYPE_LABEL[top.service_name] };
  }),

  listTopSpendingCompanies: read(q.topSpendingCompanies),

  listDashboardExposureDetectionScans: read(async (tx, company) =>
    (await q.exposureScans(tx, company)).map(scanSummary),
  ),
  listDashboardNetworkScans: read(async (tx, company) => (await q.networkScans(tx, company)).map(scanSummary)),
  listDashboardThreatInspectionScans: read(async (tx, company) => (await q.threatScans(tx, company)).map(scanSummary)),
  listDashboardSourceCodeScans: read(async (tx, company) => (await q.sourceCodeScans(tx, company)).map(scanSummary)),
  listDashboardWebAppScans: read(async (tx, company) =>
    (await q.webScans(tx, company)).map((row) => ({ ...scanSummary(row), domains: hostName(row.url) })),
  ),

  listLatestTickets: read(async (tx, company) =>
    (await q.latestTickets(tx, company)).map((t) => ({
      requestor:
        t.requestor_id === null
          ? null
          : { id: t.requestor_id, email: t.requestor_email, fullname: t.requestor_fullname },
      category: t.category,
      name: t.name,
      status: t.status,
      created_at: t.created_at,
      id: t.id,
      latest_message: t.latest_message,
    })),
  ),

  getTicketOverview: read(q.ticketOverview),
};
