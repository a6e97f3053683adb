import { iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbWebScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { TARGET_WRITE_REFUSAL } from "../memberRefusals.ts";
import { memberRefusal } from "../memberRights.ts";
import { CREDIT_PRICE, FREQUENCIES, SCHEDULE_TYPES } from "../schema-types.ts";
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
import { choiceError, oneOf, requireFields } from "../validate.ts";
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

  // The server's createWebApplications rules (areas/webapp/targetWrites.ts), but the scope check:
  // which private ranges a deployment may scan is the server's configuration, which a browser lacks.
  typedHttp.post("/api/v1/webapp/applications/", async (ctx) => {
    const db = getDb();
    const role = ctx.viewer.user.role;
    if (role !== "CLIENT_ADMIN" && role !== "SUPER_ADMIN") return reply.forbidden(TARGET_WRITE_REFUSAL);
    const body = await ctx.body();
    const invalid = requireFields(body, ["assets", "schedulle_type", "scan_time"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.schedulle_type, SCHEDULE_TYPES))
      return reply.field("schedulle_type", choiceError(body.schedulle_type));
    const frequency = body.frequency_type ?? null;
    if (body.schedulle_type === "AUTOMATIC_SCHEDULLE") {
      if (frequency === null) return reply.field("frequency_type", "A continuous scan needs a frequency.");
      if (!oneOf(frequency, FREQUENCIES)) return reply.field("frequency_type", choiceError(frequency));
    } else if (frequency !== null) {
      return reply.field("frequency_type", "Only a continuous scan has a frequency.");
    }
    const when = Date.parse(String(body.scan_time));
    if (Number.isNaN(when)) return reply.field("scan_time", "Datetime has wrong format.");
    if (when <= now()) return reply.field("scan_time", "Choose a time in the future.");
    const ids = Array.isArray(body.assets) ? body.assets : [];
    if (ids.length === 0) return reply.field("assets", "Pick at least one application.");
    const assets = ids.map((id) => {
      const asset = db.webAssets.find((a) => a.id === id && !a.archived_at);
      const product = asset && byId(db.products, asset.product_id);
      return asset && product && !product.archived_at && canSee(ctx.viewer, product.company_id)
        ? { asset, product }
        : null;
    });
    const missing = ids.filter((_, i) => !assets[i]);
    if (missing.length > 0) {
      return reply.field(
        "assets",
        `No web application asset ${missing.join(", ")} was found. Pick applications from the list.`,
      );
    }
    const found = assets.filter((a) => a !== null);
    const [first] = found;
    if (!first) return reply.field("assets", "Pick at least one application.");
    if (found.some((a) => a.product.company_id !== first.product.company_id)) {
      return reply.field("assets", "The applications added together belong to one company.");
    }
    const other = found.find((a) => a.product.id !== first.product.id);
    if (other) {
      return reply.field(
        "assets",
        `The applications added together belong to one product: ${first.asset.application_name} is in ${first.product.name}, ${other.asset.application_name} in ${other.product.name}.`,
      );
    }
    const registered = found
      .filter(({ asset }) => db.webApps.some((app) => app.asset_id === asset.id))
      .map(({ asset }) => asset.application_name);
    if (registered.length === 1) {
      return reply.field("assets", `${registered[0]} is already scanned: it is in the list of applications.`);
    }
    if (registered.length > 1) {
      return reply.field(
        "assets",
        `${registered.join(", ")} are already scanned: they are in the list of applications.`,
      );
    }
    const at = iso(now());
    const apps = found.map(({ asset }) => {
      const app = {
        id: newId("webApps"),
        asset_id: asset.id,
        created_at: at,
        schedulle_type: body.schedulle_type,
        frequency_type: body.schedulle_type === "AUTOMATIC_SCHEDULLE" ? frequency : null,
      };
      db.webApps.push(app);
      db.webScans.push({
        id: newId("webScans"),
        app_id: app.id,
        status: "PENDING",
        created_at: at,
        failure_reason: null,
        scan_time_schedulle: new Date(when).toISOString(),
      });
      return app;
    });
    return ctx.created({ results: apps.map((app) => webApp(db, app)) });
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
