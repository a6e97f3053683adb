import type { components } from "../../generated/schema.ts";
import { DAY, SEED_NOW } from "../clock.ts";
import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { CREDIT_TYPE_LABEL, CREDIT_TYPES, type CreditType, type ScanStatus } from "../schema-types.ts";
import { companyScope, inScope, isStaff } from "../scope.ts";
import { companyOfProduct, exposureAssetOfTarget, userSummary } from "../serialize.ts";
import { typedHttp } from "../typed.ts";

type S = components["schemas"];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const PERIOD = 30 * DAY;

/** The dashboards look back from the newest data, so the fixed seed still fills them in later years. */
function windowEnd(db: Db): number {
  const latest = db.creditTransactions.reduce((max, t) => Math.max(max, Date.parse(t.created_at)), SEED_NOW);
  return Math.max(latest, SEED_NOW);
}

/** The 12 calendar months ending with the current one: label ("Dec 2025") and [start, end) bounds. */
export function monthWindow(db: Db): Array<{ label: string; start: number; end: number }> {
  const end = new Date(windowEnd(db));
  const out: Array<{ label: string; start: number; end: number }> = [];
  for (let i = 11; i >= 0; i--) {
    const start = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - i, 1);
    const next = Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - i + 1, 1);
    const d = new Date(start);
    out.push({ label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, start, end: next });
  }
  return out;
}

const SERVICE_KEY: Record<CreditType, "networkva" | "exposure_detection" | "threat_inspection" | "web" | "sourcecode"> =
  {
    NETWORKVA: "networkva",
    EXPOSUREDETECTION: "exposure_detection",
    THREATINSPECTION: "threat_inspection",
    APPLICATIONVA: "web",
    SOURCECODE: "sourcecode",
  };

type ServiceTotals = Record<(typeof SERVICE_KEY)[CreditType], number>;

/** Credits spent per service in [start, end), net of nothing: refunds are shown as top-up-like credits elsewhere. */
export function spendingByService(db: Db, scope: number | null, start: number, end: number): ServiceTotals {
  const out: ServiceTotals = { networkva: 0, exposure_detection: 0, threat_inspection: 0, web: 0, sourcecode: 0 };
  for (const t of db.creditTransactions) {
    if (t.transaction_action !== "SPENDING" || !inScope(scope, t.company_id)) continue;
    const at = Date.parse(t.created_at);
    if (at >= start && at < end) out[SERVICE_KEY[t.transaction_type]] += -t.amount;
  }
  return out;
}

/** Percentage change of a count against the count one period earlier (rows created before then). */
function growth(createdAt: readonly string[], end: number): number {
  const before = createdAt.filter((c) => Date.parse(c) < end - PERIOD).length;
  const total = createdAt.filter((c) => Date.parse(c) < end).length;
  if (before === 0) return total > 0 ? 100 : 0;
  return Math.round(((total - before) / before) * 1000) / 10;
}

function change(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const REPO_STATUS: Record<string, ScanStatus> = {
  DONE: "COMPLETED",
  QUEUED: "QUEUED",
  SCANNING: "RUNNING",
  FAILED: "FAILED",
};
const progressFor = (status: ScanStatus, id: number) =>
  status === "COMPLETED"
    ? 100
    : status === "RUNNING"
      ? 25 + ((id * 37) % 60)
      : status === "PENDING" || status === "QUEUED"
        ? 0
        : 50;

function companyRef(db: Db, id: number): S["CompanyRef"] {
  const c = byId(db.companies, id);
  return { id: c?.id ?? 0, name: c?.name ?? "" };
}

const RECENT = 5;

export const dashboardHandlers = [
  typedHttp.get("/api/v1/dashboard/asset/growth/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const end = windowEnd(db);
    const dates = <T extends { product_id: number; created_at: string }>(rows: readonly T[]) =>
      rows.filter((r) => inScope(scope, companyOfProduct(db, r.product_id))).map((r) => r.created_at);
    const networkva = dates(db.networkAssets);
    const exposure = dates(db.exposureAssets);
    const threat = dates(db.threatAssets);
    const web = dates(db.webAssets);
    const source = dates(db.sourceAssets);
    const all = [...networkva, ...exposure, ...threat, ...web, ...source];
    return ctx.ok({
      totals: all.length,
      totals_growth: growth(all, end),
      networkva: networkva.length,
      networkva_growth: growth(networkva, end),
      exposure_detection: exposure.length,
      exposure_detection_growth: growth(exposure, end),
      threat_inspection: threat.length,
      threat_inspection_growth: growth(threat, end),
      web: web.length,
      web_growth: growth(web, end),
      sourcecode: source.length,
      sourcecode_growth: growth(source, end),
    });
  }),

  typedHttp.get("/api/v1/dashboard/company/growth/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const dates = db.companies.filter((c) => inScope(scope, c.id)).map((c) => c.created_at);
    return ctx.ok({ company_total: dates.length, company_growth: growth(dates, windowEnd(db)) });
  }),

  typedHttp.get("/api/v1/dashboard/user/growth/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const dates = db.users
      .filter((u) => (scope === null ? true : u.company_id === scope && !isStaff(u)))
      .map((u) => u.created_at);
    return ctx.ok({ user_total: dates.length, user_growth: growth(dates, windowEnd(db)) });
  }),

  typedHttp.get("/api/v1/dashboard/credit/graph/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    return ctx.ok(
      monthWindow(db).map((m) => {
        let spending = 0;
        let topup = 0;
        for (const t of db.creditTransactions) {
          if (!inScope(scope, t.company_id)) continue;
          const at = Date.parse(t.created_at);
          if (at < m.start || at >= m.end) continue;
          if (t.transaction_action === "SPENDING") spending += -t.amount;
          else if (t.transaction_action === "TOPUP") topup += t.amount;
        }
        return { month: m.label, spending, topup };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/credit/most-used-service/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const end = windowEnd(db) + 1;
    const current = spendingByService(db, scope, end - PERIOD, end);
    const previous = spendingByService(db, scope, end - 2 * PERIOD, end - PERIOD);
    const top = [...CREDIT_TYPES].sort((a, b) => current[SERVICE_KEY[b]] - current[SERVICE_KEY[a]])[0] ?? "NETWORKVA";
    const key = SERVICE_KEY[top];
    return ctx.ok({
      service_name: top,
      service_label: CREDIT_TYPE_LABEL[top],
      spending_amount: current[key],
      comparison: change(current[key], previous[key]),
    });
  }),

  typedHttp.get("/api/v1/dashboard/credit/top-spending-company/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = db.companies
      .filter((c) => inScope(scope, c.id))
      .map((c) => {
        const spent = spendingByService(db, c.id, 0, Number.MAX_SAFE_INTEGER);
        return {
          company_name: c.name,
          ...spent,
          total_credit_spent: Object.values(spent).reduce((a, b) => a + b, 0),
        };
      })
      .sort((a, b) => b.total_credit_spent - a.total_credit_spent);
    return ctx.ok(rows.slice(0, RECENT));
  }),

  typedHttp.get("/api/v1/dashboard/exposure-detection/scan/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const scans = newestFirst(
      db.exposureScans.filter((s) => inScope(scope, byId(db.exposureConfigs, s.config_id)?.company_id)),
      // By the date the row shows, so the list reads in order.
      (s) => s.start_scan ?? byId(db.exposureConfigs, s.config_id)?.updated_at ?? "",
    ).slice(0, RECENT);
    return ctx.ok(
      scans.map((s) => {
        const config = byId(db.exposureConfigs, s.config_id);
        const domains = childrenOf(db.exposureDomains, "scan_id", s.id);
        const asset = byId(db.exposureAssets, config?.asset_id);
        return {
          id: s.id,
          parent_id: s.config_id,
          target_id: asset?.target.id ?? null,
          company: companyRef(db, config?.company_id ?? 0),
          total_endpoint: childrenOf(db.exposureHosts, "scan_id", s.id).length,
          status: s.status,
          progress: progressFor(s.status, s.id),
          domains: domains.length ? domains.slice(0, RECENT).map((d) => d.name) : asset ? [asset.name] : [],
          created_at: s.start_scan ?? config?.updated_at ?? "",
        };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/networkva/scan/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const scans = newestFirst(
      db.networkScans.filter((s) => inScope(scope, byId(db.networkConfigs, s.config_id)?.company_id)),
      (s) => s.created_at,
    ).slice(0, RECENT);
    return ctx.ok(
      scans.map((s) => {
        const config = byId(db.networkConfigs, s.config_id);
        const endpoints = childrenOf(db.scanEndpoints, "scan_id", s.id);
        return {
          id: s.id,
          parent_id: s.config_id,
          target_id: null,
          company: companyRef(db, config?.company_id ?? 0),
          total_endpoint: endpoints.length,
          status: s.status,
          progress: s.progress,
          domains: endpoints.slice(0, RECENT).map((e) => byId(db.networkEndpoints, e.endpoint_id)?.host ?? ""),
          created_at: s.created_at,
        };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/threat-inspection/scan/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const scans = newestFirst(
      db.threatScans.filter((s) => inScope(scope, byId(db.threatConfigs, s.config_id)?.company_id)),
      // By the date the row shows, so the list reads in order.
      (s) => s.start_scan ?? byId(db.threatConfigs, s.config_id)?.updated_at ?? "",
    ).slice(0, RECENT);
    return ctx.ok(
      scans.map((s) => {
        const config = byId(db.threatConfigs, s.config_id);
        const asset = config ? exposureAssetOfTarget(db, config.exposure_target_id) : undefined;
        return {
          id: s.id,
          parent_id: s.config_id,
          target_id: null,
          company: companyRef(db, config?.company_id ?? 0),
          total_endpoint: config?.selected_host_ids.length ?? 0,
          status: s.status,
          progress: s.progress,
          domains: asset ? [asset.name] : [],
          created_at: s.start_scan ?? config?.updated_at ?? "",
        };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/sourcecode/scan/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const assetOf = (appId: number) => byId(db.sourceAssets, byId(db.sourceApps, appId)?.asset_id);
    const scans = newestFirst(
      db.sourceScans.filter((s) => inScope(scope, companyOfProduct(db, assetOf(s.app_id)?.product_id ?? 0))),
      (s) => s.created_at,
    ).slice(0, RECENT);
    return ctx.ok(
      scans.map((s) => {
        const asset = assetOf(s.app_id);
        const status = REPO_STATUS[s.status] ?? "QUEUED";
        return {
          id: s.id,
          parent_id: s.app_id,
          target_id: null,
          company: companyRef(db, companyOfProduct(db, asset?.product_id ?? 0)),
          total_endpoint: 1,
          status,
          progress: progressFor(status, s.id),
          domains: asset ? [`${asset.username}/${asset.repository_name}`] : [],
          created_at: s.created_at,
        };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/web/scan/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const assetOf = (appId: number) => byId(db.webAssets, byId(db.webApps, appId)?.asset_id);
    const scans = newestFirst(
      db.webScans.filter((s) => inScope(scope, companyOfProduct(db, assetOf(s.app_id)?.product_id ?? 0))),
      (s) => s.created_at,
    ).slice(0, RECENT);
    return ctx.ok(
      scans.map((s) => {
        const asset = assetOf(s.app_id);
        return {
          id: s.id,
          parent_id: s.app_id,
          target_id: null,
          company: companyRef(db, companyOfProduct(db, asset?.product_id ?? 0)),
          total_endpoint: 1,
          status: s.status,
          progress: progressFor(s.status, s.id),
          domains: asset ? [new URL(asset.url).hostname] : [],
          created_at: s.created_at,
        };
      }),
    );
  }),

  typedHttp.get("/api/v1/dashboard/ticket/latest-ticket/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.tickets.filter((t) => inScope(scope, t.company_id)),
      (t) => t.created_at,
    ).slice(0, RECENT);
    return ctx.ok(
      rows.map((t) => ({
        requestor: userSummary(db, t.requestor_id),
        category: t.category,
        name: t.name,
        status: t.status,
        created_at: t.created_at,
        id: t.id,
        latest_message: t.messages[t.messages.length - 1]?.message ?? null,
      })),
    );
  }),

  typedHttp.get("/api/v1/dashboard/ticket/overview/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = db.tickets.filter((t) => inScope(scope, t.company_id));
    const ratings = rows.flatMap((t) => (t.rating === null ? [] : [t.rating]));
    return ctx.ok({
      unread_count: rows.filter((t) => t.status === "UNREAD").length,
      processing_count: rows.filter((t) => t.status === "PROCESSING").length,
      closed_count: rows.filter((t) => t.status === "CLOSED").length,
      total_count: rows.length,
      average_rating: ratings.length
        ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
        : null,
    });
  }),
];
