import { TARGET_WRITE_REFUSAL } from "../../assetRules.ts";
import { iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbExposureConfig, DbExposureScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import { FREQUENCIES, SCHEDULE_TYPES } from "../schema-types.ts";
import { canSee, companyScope, inScope } from "../scope.ts";
import {
  exposureConfig,
  exposureDomain,
  exposureHost,
  exposureScansNewestFirst,
  fullName,
  userSummary,
} from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";

function resolve(db: Db, viewer: Viewer, id: number, scanId?: number) {
  const config = byId(db.exposureConfigs, id);
  if (!config || !canSee(viewer, config.company_id)) return undefined;
  if (scanId === undefined) return { config, scan: undefined };
  const scan = byId(db.exposureScans, scanId);
  return scan?.config_id === config.id ? { config, scan } : undefined;
}

/** One exposure detection scan's price (the server's EXPOSURE_SCAN_PRICE). */
const EXPOSURE_SCAN_PRICE = 10;
/** How long static mode's simulated scan waits in the queue, then runs (no engine runs in a browser). */
const SIMULATED_QUEUE_MS = 2_000;
const SIMULATED_RUN_MS = 20_000;

const ended = (s: DbExposureScan) => s.status === "COMPLETED" || s.status === "FAILED" || s.status === "ABORTED";

/** The wire scan: seeded scans have no progress of their own (100 once ended). */
function exposureScan(db: Db, s: DbExposureScan) {
  return {
    id: s.id,
    start_scan: s.start_scan,
    end_scan: s.end_scan,
    status: s.status,
    scanned_by: userSummary(db, s.scanned_by),
    failure_reason: s.failure_reason,
    progress: s.progress ?? (ended(s) ? 100 : 0),
    zone_transfer_servers: s.zone_transfer_servers ?? [],
  };
}

/**
 * Static mode's scans started from the app advance with the clock, as the server's worker would
 * move them: queued, then running with progress, then completed with what the configuration's
 * previous completed scan found (nothing new). Advanced when read, so nothing runs in the background.
 */
function advanceSimulatedScans(db: Db): void {
  const at = now();
  for (const scan of db.exposureScans) {
    if (scan.simulated_at === undefined || (scan.status !== "QUEUED" && scan.status !== "RUNNING")) continue;
    const elapsed = at - scan.simulated_at;
    if (elapsed < SIMULATED_QUEUE_MS) continue;
    const ran = Math.min(1, (elapsed - SIMULATED_QUEUE_MS) / SIMULATED_RUN_MS);
    scan.status = ran >= 1 ? "COMPLETED" : "RUNNING";
    scan.start_scan ??= iso(scan.simulated_at + SIMULATED_QUEUE_MS);
    scan.progress = Math.floor(ran * 100);
    if (ran < 1) continue;
    scan.end_scan = iso(scan.simulated_at + SIMULATED_QUEUE_MS + SIMULATED_RUN_MS);
    copyPreviousFindings(db, scan);
  }
}

function copyPreviousFindings(db: Db, scan: DbExposureScan): void {
  const previous = exposureScansNewestFirst(db, scan.config_id).find(
    (s) => s.id !== scan.id && s.status === "COMPLETED",
  );
  if (!previous) return;
  const domainIds = new Map<number, number>();
  for (const d of childrenOf(db.exposureDomains, "scan_id", previous.id)) {
    const id = newId("exposureDomains");
    domainIds.set(d.id, id);
    db.exposureDomains.push({ ...d, id, scan_id: scan.id });
  }
  for (const h of childrenOf(db.exposureHosts, "scan_id", previous.id)) {
    db.exposureHosts.push({
      ...h,
      id: newId("exposureHosts"),
      scan_id: scan.id,
      is_new: false,
      domain_ids: h.domain_ids.map((id) => domainIds.get(id) ?? id),
    });
  }
}

function queueSimulatedScan(db: Db, config: DbExposureConfig, userId: number, price: number): DbExposureScan {
  const at = now();
  const scan: DbExposureScan = {
    id: newId("exposureScans"),
    config_id: config.id,
    status: "QUEUED",
    start_scan: null,
    end_scan: null,
    scanned_by: userId,
    failure_reason: null,
    progress: 0,
    zone_transfer_servers: [],
    price,
    simulated_at: at,
  };
  db.exposureScans.push(scan);
  return scan;
}

function creditReference(db: Db, config: DbExposureConfig, scanId: number) {
  const asset = byId(db.exposureAssets, config.asset_id);
  return {
    kind: "EXPOSURE_DETECTION" as const,
    id: config.id,
    scan_id: scanId,
    target_id: asset?.target.id ?? null,
    label: asset?.target.name ?? "",
  };
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

  // The server's createExposureConfigurations rules (areas/network/exposureConfigWrites.ts), but the
  // scope check: which ranges a deployment may scan is the server's configuration, which a browser lacks.
  typedHttp.post("/api/v1/exposure-detection/scan-configuration/", async (ctx) => {
    const db = getDb();
    const role = ctx.viewer.user.role;
    if (role !== "CLIENT_ADMIN" && role !== "SUPER_ADMIN") return reply.forbidden(TARGET_WRITE_REFUSAL);
    const body = await ctx.body();
    const invalid = requireFields(body, ["assets", "schedulle_type", "scan_time"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.schedulle_type, SCHEDULE_TYPES))
      return reply.field("schedulle_type", choiceError(body.schedulle_type));
    const ids = Array.isArray(body.assets) ? body.assets : [];
    if (ids.length === 0) return reply.field("assets", "Pick at least one domain.");
    const found = ids.map((id) => {
      const asset = byId(db.exposureAssets, id);
      const product = asset && byId(db.products, asset.product_id);
      return asset && product && canSee(ctx.viewer, product.company_id) ? { asset, product } : null;
    });
    const missing = ids.filter((_, i) => !found[i]);
    if (missing.length > 0) {
      return reply.notFound(`No exposure asset ${missing.join(", ")} was found. Pick domains from the list.`);
    }
    const domains = found.filter((d) => d !== null);
    const [first] = domains;
    if (!first) return reply.field("assets", "Pick at least one domain.");
    const errors: Record<string, string[]> = {};
    const assetErrors: string[] = [];
    const removed = domains.filter((d) => d.asset.archived_at || d.product.archived_at);
    if (removed.length > 0) {
      assetErrors.push(
        `${removed.map((d) => d.asset.target.name).join(", ")} was removed. Pick domains from the list.`,
      );
    }
    if (domains.some((d) => d.product.company_id !== first.product.company_id)) {
      assetErrors.push("A configuration's domains belong to one company.");
    } else {
      const other = domains.find((d) => d.product.id !== first.product.id);
      if (other) {
        assetErrors.push(
          `The domains belong to one product: ${first.asset.target.name} is in ${first.product.name}, ${other.asset.target.name} in ${other.product.name}.`,
        );
      }
    }
    const configured = domains.filter((d) => db.exposureConfigs.some((c) => c.asset_id === d.asset.id));
    if (configured.length > 0) {
      assetErrors.push(
        `${configured.map((d) => d.asset.target.name).join(", ")} already ${configured.length === 1 ? "has" : "have"} a configuration. Run or reschedule it from the list.`,
      );
    }
    if (assetErrors.length > 0) errors.assets = assetErrors;
    const frequency = body.frequency_type ?? null;
    if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
      errors.frequency_type = ["A continuous scan needs a frequency."];
    } else if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && !oneOf(frequency, FREQUENCIES)) {
      errors.frequency_type = [choiceError(frequency)];
    } else if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
      errors.frequency_type = ["Only a continuous scan has a frequency."];
    }
    const when = Date.parse(String(body.scan_time));
    if (Number.isNaN(when)) errors.scan_time = ["Datetime has wrong format."];
    else if (when <= now()) errors.scan_time = ["Choose a time in the future."];
    if (Object.keys(errors).length > 0) return reply.badRequest(errors);

    const at = iso(now());
    const made = domains.map(({ asset }) => {
      const config: DbExposureConfig = {
        id: newId("exposureConfigs"),
        company_id: first.product.company_id,
        asset_id: asset.id,
        scheduled_scan: new Date(when).toISOString(),
        created_at: at,
        updated_at: at,
      };
      db.exposureConfigs.push(config);
      return config;
    });
    return ctx.created(made.map((c) => exposureConfig(db, c)));
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scan/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id);
    if (!found) return reply.notFound();
    const rows = exposureScansNewestFirst(db, found.config.id);
    return ctx.paged(rows.map((s) => exposureScan(db, s)));
  }),

  typedHttp.post("/api/v1/exposure-detection/scan-configuration/{id}/scan/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id);
    if (!found) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const config = found.config;
    if (
      childrenOf(db.exposureScans, "config_id", config.id).some((s) => s.status === "QUEUED" || s.status === "RUNNING")
    ) {
      return reply.error(409, {
        detail: "A scan of this configuration is already queued or running. Wait for it, or abort it.",
      });
    }
    const balance = balancesOf(db, config.company_id).balance_exposure_detection;
    if (balance < EXPOSURE_SCAN_PRICE) {
      return reply.nonField(
        `This scan costs ${EXPOSURE_SCAN_PRICE} exposure detection credits and the balance is ${balance}. Top up credits first.`,
      );
    }
    const scan = queueSimulatedScan(db, config, ctx.viewer.user.id, EXPOSURE_SCAN_PRICE);
    db.creditTransactions.push({
      id: newId("creditTransactions"),
      company_id: config.company_id,
      amount: -EXPOSURE_SCAN_PRICE,
      transaction_type: "EXPOSUREDETECTION",
      operator: fullName(ctx.viewer.user),
      created_at: iso(now()),
      transaction_action: "SPENDING",
      reference: creditReference(db, config, scan.id),
    });
    return ctx.created(exposureScan(db, scan));
  }),

  // Static mode takes any non-empty file: no report is read in a browser, so the simulated scan that
  // follows finds what the last one did, and recognising formats is the server's.
  typedHttp.post("/api/v1/exposure-detection/scan-configuration/{id}/imports/", async (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id);
    if (!found) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const file = (await ctx.formData())?.get("file");
    if (!(file instanceof Blob)) return reply.field("file", "No file was submitted.");
    if (file.size === 0) return reply.field("file", "The submitted file is empty.");
    const scan = queueSimulatedScan(db, found.config, ctx.viewer.user.id, 0);
    return ctx.created(exposureScan(db, scan));
  }),

  typedHttp.post("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scan_id}/abort/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id, ctx.params.scan_id);
    if (!found?.scan) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const scan = found.scan;
    if (ended(scan)) {
      return reply.error(409, {
        detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
      });
    }
    const at = iso(now());
    scan.status = "ABORTED";
    scan.end_scan = at;
    scan.failure_reason = `Aborted by ${ctx.viewer.user.email}.`;
    const refunded = db.creditTransactions.some(
      (t) =>
        t.transaction_action === "REFUND" &&
        t.transaction_type === "EXPOSUREDETECTION" &&
        t.reference?.scan_id === scan.id,
    );
    if ((scan.price ?? 0) > 0 && !refunded) {
      db.creditTransactions.push({
        id: newId("creditTransactions"),
        company_id: found.config.company_id,
        amount: scan.price ?? 0,
        transaction_type: "EXPOSUREDETECTION",
        operator: fullName(ctx.viewer.user),
        created_at: at,
        transaction_action: "REFUND",
        reference: creditReference(db, found.config, scan.id),
      });
    }
    return ctx.ok(exposureScan(db, scan));
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id, ctx.params.scanId);
    if (!found?.scan) return reply.notFound();
    return ctx.paged(childrenOf(db.exposureHosts, "scan_id", found.scan.id).map((h) => exposureHost(db, h)));
  }),

  typedHttp.get("/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/domains", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params.id, ctx.params.scanId);
    if (!found?.scan) return reply.notFound();
    const rows = [...childrenOf(db.exposureDomains, "scan_id", found.scan.id)].sort((a, b) =>
      a.domain_type === b.domain_type ? a.name.localeCompare(b.name) : a.domain_type === "DOMAIN" ? -1 : 1,
    );
    return ctx.paged(rows.map(exposureDomain));
  }),
];
