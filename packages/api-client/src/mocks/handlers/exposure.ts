import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { canSee, companyScope, inScope } from "../scope.ts";
import { exposureConfig, exposureDomain, exposureHost, exposureScansNewestFirst, userSummary } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";

function resolve(db: Db, viewer: Viewer, id: number, scanId?: number) {
  const config = byId(db.exposureConfigs, id);
  if (!config || !canSee(viewer, config.company_id)) return undefined;
  if (scanId === undefined) return { config, scan: undefined };
  const scan = byId(db.exposureScans, scanId);
  return scan?.config_id === config.id ? { config, scan } : undefined;
}

export const exposureHandlers = [
  typedHttp.get("/api/v1/exposure-detection/scan-configuration/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.exposureConfigs.filter((c) => inScope(scope, c.company_id)),
      (c) => c.created_at,
    );
    return ctx.paged(rows.map((c) => exposureConfig(db, c)));
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scan/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params.id);
    if (!found) return reply.notFound();
    const rows = exposureScansNewestFirst(db, found.config.id);
    return ctx.paged(
      rows.map((s) => ({
        id: s.id,
        start_scan: s.start_scan,
        end_scan: s.end_scan,
        status: s.status,
        scanned_by: userSummary(db, s.scanned_by),
        failure_reason: s.failure_reason,
      })),
    );
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params.id, ctx.params.scanId);
    if (!found?.scan) return reply.notFound();
    return ctx.paged(childrenOf(db.exposureHosts, "scan_id", found.scan.id).map((h) => exposureHost(db, h)));
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/domains", (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, ctx.params.id, ctx.params.scanId);
    if (!found?.scan) return reply.notFound();
    const rows = [...childrenOf(db.exposureDomains, "scan_id", found.scan.id)].sort((a, b) =>
      a.domain_type === b.domain_type ? a.name.localeCompare(b.name) : a.domain_type === "DOMAIN" ? -1 : 1,
    );
    return ctx.paged(rows.map(exposureDomain));
  }),
];
