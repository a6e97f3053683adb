import { iso, now } from "../clock.ts";
import { getDb, newId } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { canSee, companyScope, inScope, matches } from "../scope.ts";
import {
  bySeverity,
  companyOfProduct,
  finding,
  findingsOf,
  productRef,
  severitySummary,
  sourceApp,
  sourceCodeFindingRow,
  sourceScan,
  statusSummary,
} from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { requireFields } from "../validate.ts";
import { changeFindingStatus } from "./finding-status.ts";

const appCompany = (db: Db, app: Db["sourceApps"][number]) =>
  companyOfProduct(db, byId(db.sourceAssets, app.asset_id)?.product_id ?? 0);

function visibleApp(db: Db, viewer: Viewer, id: number) {
  const app = byId(db.sourceApps, id);
  return app && canSee(viewer, appCompany(db, app)) ? app : undefined;
}

function visibleScan(db: Db, viewer: Viewer, id: number) {
  const scan = byId(db.sourceScans, id);
  return scan && visibleApp(db, viewer, scan.app_id) ? scan : undefined;
}

function scanFinding(db: Db, viewer: Viewer, scanId: number, findingId: number) {
  const scan = visibleScan(db, viewer, scanId);
  const f = byId(db.findings, findingId);
  return scan && f?.area === "sourcecode" && f.parent_id === scan.id ? f : undefined;
}

export const sourceCodeHandlers = [
  typedHttp.get("/api/v1/sourcecode/applications/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const search = ctx.query("search");
    const rows = newestFirst(db.sourceApps, (a) => a.created_at)
      .filter((app) => inScope(scope, appCompany(db, app)))
      .map((app) => sourceApp(db, app))
      .filter((a) => matches(search, a.repository, a.username, a.product.name));
    return ctx.paged(rows);
  }),

  typedHttp.post("/api/v1/sourcecode/applications/", async (ctx) => {
    const db = getDb();
    const body = await ctx.body();
    const invalid = requireFields(body, ["asset"]);
    if (invalid) return invalid;
    const assetId = Number(body?.asset);
    const asset = Number.isInteger(assetId) ? byId(db.sourceAssets, assetId) : undefined;
    if (!asset || !canSee(ctx.viewer, companyOfProduct(db, asset.product_id))) {
      return reply.field("asset", `Invalid pk "${String(body?.asset)}" - object does not exist.`);
    }
    if (childrenOf(db.sourceApps, "asset_id", asset.id).length) {
      return reply.field("asset", "This repository is already registered.");
    }
    if (asset.git_provider !== "GITHUB")
      return reply.field("asset", "Only GitHub repositories can be scanned for now.");
    const at = iso(now());
    const app = { id: newId("sourceApps"), asset_id: asset.id, created_at: at };
    db.sourceApps.push(app);
    db.sourceScans.push({
      id: newId("sourceScans"),
      app_id: app.id,
      branch: asset.branches[0] ?? "main",
      status: "QUEUED",
      created_at: at,
      failure_reason: null,
    });
    return ctx.created(sourceApp(db, app));
  }),

  typedHttp.get("/api/v1/sourcecode/applications/{id}/", (ctx) => {
    const db = getDb();
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    return app ? ctx.ok(sourceApp(db, app)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/sourcecode/applications/{id}/scan/", (ctx) => {
    const db = getDb();
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const rows = newestFirst(childrenOf(db.sourceScans, "app_id", app.id), (s) => s.created_at);
    return ctx.paged(rows.map((s) => sourceScan(db, s)));
  }),

  typedHttp.get("/api/v1/sourcecode/scans/{id}/", (ctx) => {
    const db = getDb();
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    const app = byId(db.sourceApps, scan.app_id);
    const asset = byId(db.sourceAssets, app?.asset_id);
    const findings = findingsOf(db, "sourcecode", scan.id);
    return ctx.ok({
      repository_detail: {
        name: asset?.repository_name ?? "",
        branch: scan.branch,
        git_provider: asset?.git_provider ?? "GITHUB",
        product: productRef(db, asset?.product_id),
        scan_held: scan.created_at,
      },
      severity_overview: severitySummary(findings),
      status_overview: statusSummary(findings),
    });
  }),

  typedHttp.get("/api/v1/sourcecode/scans/{id}/findings/", (ctx) => {
    const db = getDb();
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    return ctx.paged(findingsOf(db, "sourcecode", scan.id).sort(bySeverity).map(sourceCodeFindingRow));
  }),

  typedHttp.get("/api/v1/sourcecode/scans/{id}/findings/{findingId}/", (ctx) => {
    const db = getDb();
    const f = scanFinding(db, ctx.viewer, ctx.params.id, ctx.params.findingId);
    return f ? ctx.ok(finding(db, f)) : reply.notFound();
  }),

  typedHttp.patch("/api/v1/sourcecode/scans/{id}/findings/{findingId}/", async (ctx) => {
    const db = getDb();
    const f = scanFinding(db, ctx.viewer, ctx.params.id, ctx.params.findingId);
    if (!f) return reply.notFound();
    const invalid = changeFindingStatus(db, f, await ctx.body(), ctx.viewer);
    return invalid ?? ctx.ok(finding(db, f));
  }),
];
