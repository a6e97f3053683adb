import { iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbSourceScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import { canSee, companyScope, inScope, matches } from "../scope.ts";
import {
  bySeverity,
  companyOfProduct,
  finding,
  findingsOf,
  fullName,
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

/** Spec §9's unit price: a scan of one branch costs 10 SOURCECODE credits (the server's CREDITS_PER_BRANCH). */
const CREDITS_PER_BRANCH = 10;
/** How long static mode's simulated scan waits in the queue, then scans (no analyser runs in a browser). */
const SIMULATED_QUEUE_MS = 2_000;
const SIMULATED_RUN_MS = 20_000;

/**
 * Static mode's scans started from the app advance with the clock, as the server's worker would move
 * them: QUEUED, then SCANNING, then DONE. Advanced when read, so nothing runs in a story's background.
 */
function advanceSimulatedScans(db: Db): void {
  const elapsedOf = (scan: DbSourceScan) => now() - (scan.simulated_from ?? now());
  for (const scan of db.sourceScans) {
    if (scan.simulated_from === undefined || (scan.status !== "QUEUED" && scan.status !== "SCANNING")) continue;
    const elapsed = elapsedOf(scan);
    if (elapsed < SIMULATED_QUEUE_MS) continue;
    scan.status = elapsed >= SIMULATED_QUEUE_MS + SIMULATED_RUN_MS ? "DONE" : "SCANNING";
  }
}

/** A refused branch, in the server's words. */
function branchRefusal(asset: Db["sourceAssets"][number] | undefined, branch: unknown) {
  const branches = asset?.branches ?? [];
  if (typeof branch !== "string" || branch.trim() === "") return reply.field("branch", "This field may not be blank.");
  if (!branches.includes(branch)) {
    return reply.field(
      "branch",
      `"${branch}" is not one of this repository's branches (${branches.join(", ") || "none"}). Add it to the repository asset first.`,
    );
  }
  return null;
}

/** A queued scan of one branch, which the clock then moves along. */
function queueSimulatedScan(db: Db, appId: number, branch: string, price: number): DbSourceScan {
  const at = now();
  const scan: DbSourceScan = {
    id: newId("sourceScans"),
    app_id: appId,
    branch,
    status: "QUEUED",
    created_at: iso(at),
    failure_reason: null,
    price,
    simulated_from: at,
  };
  db.sourceScans.push(scan);
  return scan;
}

export const sourceCodeHandlers = [
  typedHttp.get("/api/v1/sourcecode/applications/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
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
    advanceSimulatedScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    return app ? ctx.ok(sourceApp(db, app)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/sourcecode/applications/{id}/scan/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const rows = newestFirst(childrenOf(db.sourceScans, "app_id", app.id), (s) => s.created_at);
    return ctx.paged(rows.map((s) => sourceScan(db, s)));
  }),

  typedHttp.post("/api/v1/sourcecode/applications/{id}/scan/", async (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const body = await ctx.body();
    const asset = byId(db.sourceAssets, app.asset_id);
    const invalid = requireFields(body, ["branch"]) ?? branchRefusal(asset, body?.branch);
    if (invalid) return invalid;
    const branch = String(body?.branch);
    const busy = childrenOf(db.sourceScans, "app_id", app.id).some(
      (s) => s.branch === branch && (s.status === "QUEUED" || s.status === "SCANNING"),
    );
    if (busy) {
      return reply.error(409, {
        detail: `A scan of ${branch} is already queued or scanning. Wait for it, or abort it.`,
      });
    }
    const company = appCompany(db, app);
    const balance = balancesOf(db, company).balance_source_code;
    if (balance < CREDITS_PER_BRANCH) {
      return reply.nonField(
        `A scan of one branch costs ${CREDITS_PER_BRANCH} source code credits and the balance is ${balance}. Top up credits first.`,
      );
    }
    const scan = queueSimulatedScan(db, app.id, branch, CREDITS_PER_BRANCH);
    db.creditTransactions.push({
      id: newId("creditTransactions"),
      company_id: company,
      amount: -CREDITS_PER_BRANCH,
      transaction_type: "SOURCECODE",
      operator: fullName(ctx.viewer.user),
      created_at: scan.created_at,
      transaction_action: "SPENDING",
      reference: {
        kind: "SOURCE_CODE_VA",
        id: app.id,
        scan_id: scan.id,
        target_id: null,
        label: asset?.repository_name ?? "",
      },
    });
    return ctx.created(sourceScan(db, scan));
  }),

  // Static mode takes any non-empty file: no report is read in a browser, and recognising formats is
  // the server's; the simulated scan that follows finds nothing new.
  typedHttp.post("/api/v1/sourcecode/applications/{id}/imports/", async (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const app = visibleApp(db, ctx.viewer, ctx.params.id);
    if (!app) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const form = await ctx.formData();
    const file = form?.get("file");
    if (!(file instanceof Blob)) return reply.field("file", "No file was submitted.");
    if (file.size === 0) return reply.field("file", "The submitted file is empty.");
    const asset = byId(db.sourceAssets, app.asset_id);
    const named = form?.get("branch");
    const branch = typeof named === "string" ? named : (asset?.branches[0] ?? "main");
    const invalid = branchRefusal(asset, branch);
    if (invalid) return invalid;
    return ctx.created(sourceScan(db, queueSimulatedScan(db, app.id, branch, 0)));
  }),

  typedHttp.post("/api/v1/sourcecode/scans/{id}/abort/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    if (scan.status !== "QUEUED" && scan.status !== "SCANNING") {
      return reply.error(409, {
        detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
      });
    }
    const at = iso(now());
    scan.status = "FAILED";
    scan.failure_reason = `Aborted by ${ctx.viewer.user.email}.`;
    const app = byId(db.sourceApps, scan.app_id);
    if (app && (scan.price ?? 0) > 0) {
      db.creditTransactions.push({
        id: newId("creditTransactions"),
        company_id: appCompany(db, app),
        amount: scan.price ?? 0,
        transaction_type: "SOURCECODE",
        operator: fullName(ctx.viewer.user),
        created_at: at,
        transaction_action: "REFUND",
        reference: {
          kind: "SOURCE_CODE_VA",
          id: app.id,
          scan_id: scan.id,
          target_id: null,
          label: byId(db.sourceAssets, app.asset_id)?.repository_name ?? "",
        },
      });
    }
    return ctx.ok(sourceScan(db, scan));
  }),

  typedHttp.get("/api/v1/sourcecode/scans/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
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
    return ctx.paged(
      findingsOf(db, "sourcecode", scan.id)
        .sort(bySeverity)
        .map((f) => sourceCodeFindingRow(db, f)),
    );
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
