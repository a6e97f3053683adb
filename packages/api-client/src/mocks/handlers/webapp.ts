import { iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbWebScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import { CREDIT_PRICE } from "../schema-types.ts";
import { canSee, companyScope, inScope } from "../scope.ts";
import {
  bySeverity,
  companyOfProduct,
  finding,
  findingsOf,
  fullName,
  webApp,
  webFindingRow,
  webScan,
} from "../serialize.ts";
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

/** Spec §9: a web application scan costs the unit price per application; the server charges it too. */
const CREDITS_PER_APPLICATION = CREDIT_PRICE;
/** How long static mode's simulated scan waits in the queue, then runs (no engine runs in a browser). */
const SIMULATED_QUEUE_MS = 2_000;
const SIMULATED_RUN_MS = 20_000;

/**
 * Static mode's scans started from the app advance with the clock, as the server's worker would
 * move them: queued, then running with progress, then completed. Advanced when read, so nothing
 * runs in the background of a story.
 */
export function advanceSimulatedWebScans(db: Db): void {
  const at = now();
  for (const scan of db.webScans) {
    if (scan.simulated_from === undefined || (scan.status !== "QUEUED" && scan.status !== "RUNNING")) continue;
    const elapsed = at - scan.simulated_from;
    if (elapsed < SIMULATED_QUEUE_MS) continue;
    const ran = Math.min(1, (elapsed - SIMULATED_QUEUE_MS) / SIMULATED_RUN_MS);
    scan.status = ran >= 1 ? "COMPLETED" : "RUNNING";
    scan.start_time ??= iso(scan.simulated_from + SIMULATED_QUEUE_MS);
    scan.progress = Math.max(1, Math.floor(ran * 100));
    if (ran >= 1) scan.end_time = iso(scan.simulated_from + SIMULATED_QUEUE_MS + SIMULATED_RUN_MS);
  }
}

const busy = (db: Db, appId: number) =>
  childrenOf(db.webScans, "app_id", appId).some((s) => s.status === "QUEUED" || s.status === "RUNNING");
const BUSY = "A scan of this application is already queued or running. Wait for it, or abort it.";

/** A queued scan of the application, which the clock then moves along. */
function queueSimulatedScan(db: Db, appId: number, userId: number, price: number): DbWebScan {
  const at = now();
  const scan: DbWebScan = {
    id: newId("webScans"),
    app_id: appId,
    status: "QUEUED",
    created_at: iso(at),
    failure_reason: null,
    progress: 0,
    start_time: null,
    end_time: null,
    scanned_by: userId,
    price,
    simulated_from: at,
  };
  db.webScans.push(scan);
  return scan;
}

function creditRow(db: Db, app: Db["webApps"][number], scan: DbWebScan, operator: string, amount: number) {
  const company = appCompany(db, app);
  if (company === undefined) return;
  db.creditTransactions.push({
    id: newId("creditTransactions"),
    company_id: company,
    amount,
    transaction_type: "APPLICATIONVA",
    operator,
    created_at: iso(now()),
    transaction_action: amount < 0 ? "SPENDING" : "REFUND",
    reference: {
      kind: "APPLICATION_VA",
      id: app.id,
      scan_id: scan.id,
      target_id: null,
      label: byId(db.webAssets, app.asset_id)?.application_name ?? "",
    },
  });
}

function scanFinding(db: Db, viewer: Viewer, scanId: number, findingId: number) {
  const scan = visibleScan(db, viewer, scanId);
  const f = byId(db.findings, findingId);
  return scan && f?.area === "web" && f.parent_id === scan.id ? f : undefined;
}

export const webAppHandlers = [
  typedHttp.get("/api/v1/webapp/applications/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(db.webApps, (a) => a.created_at).filter((app) => inScope(scope, appCompany(db, app)));
    return ctx.paged(rows.map((app) => webApp(db, app)));
  }),

  typedHttp.get("/api/v1/webapp/applications/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    return app ? ctx.ok(webApp(db, app)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/webapp/applications/{id}/scan/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const rows = newestFirst(childrenOf(db.webScans, "app_id", app.id), (s) => s.created_at);
    return ctx.paged(rows.map((s) => webScan(db, s)));
  }),

  typedHttp.get("/api/v1/webapp/scans/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    return scan ? ctx.ok(webScan(db, scan)) : reply.notFound();
  }),

  typedHttp.post("/api/v1/webapp/applications/{id}/scan/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    if (busy(db, app.id)) return reply.error(409, { detail: BUSY });
    const company = appCompany(db, app) ?? 0;
    const balance = balancesOf(db, company).balance_application_va;
    if (balance < CREDITS_PER_APPLICATION) {
      return reply.nonField(
        `This scan costs ${CREDITS_PER_APPLICATION} web application credits and the balance is ${balance}. Top up credits first.`,
      );
    }
    const scan = queueSimulatedScan(db, app.id, ctx.viewer.user.id, CREDITS_PER_APPLICATION);
    creditRow(db, app, scan, fullName(ctx.viewer.user), -CREDITS_PER_APPLICATION);
    return ctx.created(webScan(db, scan));
  }),

  // Static mode takes any non-empty file: no report is read in a browser, so the simulated scan that
  // follows finds nothing new, and recognising formats is the server's.
  typedHttp.post("/api/v1/webapp/applications/{id}/imports/", async (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const file = (await ctx.formData())?.get("file");
    if (!(file instanceof Blob)) return reply.field("file", "No file was submitted.");
    if (file.size === 0) return reply.field("file", "The submitted file is empty.");
    if (busy(db, app.id)) return reply.error(409, { detail: BUSY });
    return ctx.created(webScan(db, queueSimulatedScan(db, app.id, ctx.viewer.user.id, 0)));
  }),

  typedHttp.post("/api/v1/webapp/scans/{id}/abort/", (ctx) => {
    const db = getDb();
    advanceSimulatedWebScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    const app = scan && byId(db.webApps, scan.app_id);
    if (!scan || !app) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    if (scan.status !== "PENDING" && scan.status !== "QUEUED" && scan.status !== "RUNNING") {
      return reply.error(409, {
        detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
      });
    }
    scan.status = "ABORTED";
    scan.end_time = iso(now());
    scan.failure_reason = `Aborted by ${ctx.viewer.user.email}.`;
    if ((scan.price ?? 0) > 0) creditRow(db, app, scan, fullName(ctx.viewer.user), scan.price ?? 0);
    return ctx.ok(webScan(db, scan));
  }),

  typedHttp.get("/api/v1/webapp/scans/{id}/findings/", (ctx) => {
    const db = getDb();
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    return ctx.paged(
      findingsOf(db, "web", scan.id)
        .sort(bySeverity)
        .map((f) => webFindingRow(db, f)),
    );
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
