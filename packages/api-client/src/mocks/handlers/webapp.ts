import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { canSee, companyScope, inScope } from "../scope.ts";
import { bySeverity, companyOfProduct, finding, findingsOf, webApp, webFindingRow, webScan } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { changeFindingStatus } from "./finding-status.ts";

const appCompany = (db: Db, app: Db["webApps"][number]) =>
  companyOfProduct(db, byId(db.webAssets, app.asset_id)?.product_id ?? 0);

function visibleApp(db: Db, viewer: Viewer, id: number) {
  const app = byId(db.webApps, id);
  return app && canSee(viewer, appCompany(db, app)) ? app : undefined;
}

function visibleScan(db: Db, viewer: Viewer, id: number) {
  const scan = byId(db.webScans, id);
  return scan && visibleApp(db, viewer, scan.app_id) ? scan : undefined;
}

function scanFinding(db: Db, viewer: Viewer, scanId: number, findingId: number) {
  const scan = visibleScan(db, viewer, scanId);
  const f = byId(db.findings, findingId);
  return scan && f?.area === "web" && f.parent_id === scan.id ? f : undefined;
}

export const webAppHandlers = [
  typedHttp.get("/api/v1/webapp/applications/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(db.webApps, (a) => a.created_at).filter((app) => inScope(scope, appCompany(db, app)));
    return ctx.paged(rows.map((app) => webApp(db, app)));
  }),

  typedHttp.get("/api/v1/webapp/applications/{id}/", (ctx) => {
    const db = getDb();
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    return app ? ctx.ok(webApp(db, app)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/webapp/applications/{id}/scan/", (ctx) => {
    const db = getDb();
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const rows = newestFirst(childrenOf(db.webScans, "app_id", app.id), (s) => s.created_at);
    return ctx.paged(rows.map((s) => webScan(db, s)));
  }),

  typedHttp.get("/api/v1/webapp/scans/{id}/", (ctx) => {
    const db = getDb();
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    return scan ? ctx.ok(webScan(db, scan)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/webapp/scans/{id}/findings/", (ctx) => {
    const db = getDb();
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    return ctx.paged(findingsOf(db, "web", scan.id).sort(bySeverity).map(webFindingRow));
  }),

  typedHttp.get("/api/v1/webapp/scans/{id}/findings/{findingId}/", (ctx) => {
    const db = getDb();
    const f = scanFinding(db, ctx.viewer, ctx.params.id, ctx.params.findingId);
    return f ? ctx.ok(finding(db, f)) : reply.notFound();
  }),

  typedHttp.patch("/api/v1/webapp/scans/{id}/findings/{findingId}/", async (ctx) => {
    const db = getDb();
    const f = scanFinding(db, ctx.viewer, ctx.params.id, ctx.params.findingId);
    if (!f) return reply.notFound();
    const invalid = changeFindingStatus(db, f, await ctx.body(), ctx.viewer);
    return invalid ?? ctx.ok(finding(db, f));
  }),
];
