import { iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbNetworkConfig, DbNetworkScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import { CREDITS_PER_ENDPOINT, FINDING_STATUSES, FREQUENCIES, SCHEDULE_TYPES } from "../schema-types.ts";
import { canSee, companyScope, inScope, matches } from "../scope.ts";
import {
  bySeverity,
  finding,
  findingsOf,
  fullName,
  networkConfig,
  networkScan,
  scanEndpoint,
  template,
} from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { choiceError, choiceFilter, oneOf, requireFields } from "../validate.ts";
import { changeFindingStatus } from "./finding-status.ts";

/** Resolves a nested network path, each level belonging to the one above; undefined → 404. */
function resolve(
  db: Db,
  viewer: Viewer,
  ids: { id: number; scanId?: number; endpointId?: number; findingId?: number },
) {
  const config = byId(db.networkConfigs, ids.id);
  if (!config || !canSee(viewer, config.company_id)) return undefined;
  const scan = ids.scanId === undefined ? undefined : byId(db.networkScans, ids.scanId);
  if (ids.scanId !== undefined && scan?.config_id !== config.id) return undefined;
  const endpoint = ids.endpointId === undefined ? undefined : byId(db.scanEndpoints, ids.endpointId);
  if (ids.endpointId !== undefined && (!scan || endpoint?.scan_id !== scan.id)) return undefined;
  const found = ids.findingId === undefined ? undefined : byId(db.findings, ids.findingId);
  if (ids.findingId !== undefined && (!endpoint || found?.area !== "network" || found.parent_id !== endpoint.id)) {
    return undefined;
  }
  return { config, scan, endpoint, finding: found };
}

/** How long static mode's simulated scan waits in the queue, then runs (no engine runs in a browser). */
const SIMULATED_QUEUE_MS = 2_000;
const SIMULATED_RUN_MS = 20_000;

/**
 * Static mode's scans started from the app advance with the clock, as the server's worker would
 * move them: queued, then running with progress, then completed. Advanced when read, so nothing
 * runs in the background of a story.
 */
function advanceSimulatedScans(db: Db): void {
  const at = now();
  for (const scan of db.networkScans) {
    if (scan.simulated_from === undefined || (scan.status !== "QUEUED" && scan.status !== "RUNNING")) continue;
    const elapsed = at - scan.simulated_from;
    if (elapsed < SIMULATED_QUEUE_MS) continue;
    const endpoints = childrenOf(db.scanEndpoints, "scan_id", scan.id);
    const ran = Math.min(1, (elapsed - SIMULATED_QUEUE_MS) / SIMULATED_RUN_MS);
    const done = Math.floor(ran * endpoints.length);
    scan.status = ran >= 1 ? "COMPLETED" : "RUNNING";
    scan.start_time ??= iso(scan.simulated_from + SIMULATED_QUEUE_MS);
    scan.progress = Math.floor(ran * 100);
    scan.completed_count = done;
    endpoints.forEach((endpoint, index) => {
      const status = index < done ? "COMPLETED" : "RUNNING";
      if (endpoint.status !== status) endpoint.updated_at = iso(at);
      endpoint.status = status;
    });
    if (ran >= 1) scan.end_time = iso(scan.simulated_from + SIMULATED_QUEUE_MS + SIMULATED_RUN_MS);
  }
}

/** The configuration's endpoints a scan covers: its targets' hosts, without removed assets. */
function liveEndpointIds(db: Db, config: DbNetworkConfig): number[] {
  const live = config.targets.filter((t) => !byId(db.networkAssets, t.asset_id)?.archived_at);
  return [...new Set(live.map((t) => t.endpoint_id))].sort((a, b) => a - b);
}

/** A queued scan of the configuration and its endpoints, which the clock then moves along. */
function queueSimulatedScan(db: Db, config: DbNetworkConfig, userId: number, endpointIds: number[], price: number) {
  const at = now();
  const created = iso(at);
  const scans = childrenOf(db.networkScans, "config_id", config.id);
  const scan: DbNetworkScan = {
    id: newId("networkScans"),
    config_id: config.id,
    status: "QUEUED",
    scan_time: { id: Math.max(0, ...scans.map((s) => s.scan_time.id)) + 1, schedulle: created },
    schedulle_type: config.schedulle_type,
    start_time: null,
    end_time: null,
    scanned_by: userId,
    progress: 0,
    completed_count: 0,
    failed_count: 0,
    created_at: created,
    failure_reason: null,
    price,
    simulated_from: at,
  };
  db.networkScans.push(scan);
  for (const endpointId of endpointIds) {
    db.scanEndpoints.push({
      id: newId("scanEndpoints"),
      scan_id: scan.id,
      endpoint_id: endpointId,
      status: "QUEUED",
      services: [],
      created_at: created,
      updated_at: created,
    });
  }
  return scan;
}

export const networkHandlers = [
  typedHttp.get("/api/v1/networkva/scan-configuration/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.networkConfigs.filter((c) => inScope(scope, c.company_id)),
      (c) => c.created_at,
    );
    return ctx.paged(rows.map((c) => networkConfig(db, c)));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    return found ? ctx.ok(networkConfig(db, found.config)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found) return reply.notFound();
    const rows = newestFirst(childrenOf(db.networkScans, "config_id", found.config.id), (s) => s.scan_time.schedulle);
    return ctx.paged(rows.map((s) => networkScan(db, s)));
  }),

  typedHttp.post("/api/v1/networkva/scan-configuration/{id}/scans/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const config = found.config;
    const busy = childrenOf(db.networkScans, "config_id", config.id).some(
      (s) => s.status === "QUEUED" || s.status === "RUNNING",
    );
    if (busy) {
      return reply.error(409, {
        detail: "A scan of this configuration is already queued or running. Wait for it, or abort it.",
      });
    }
    const endpointIds = liveEndpointIds(db, config);
    if (endpointIds.length === 0)
      return reply.nonField("This configuration has no targets to scan. Add a target first.");
    const price = endpointIds.length * CREDITS_PER_ENDPOINT;
    const balance = balancesOf(db, config.company_id).balance_network_va;
    if (balance < price) {
      return reply.nonField(
        `This scan costs ${price} network credits (${CREDITS_PER_ENDPOINT} for each of its ${endpointIds.length} endpoints) and the balance is ${balance}. Top up credits first.`,
      );
    }
    const scan = queueSimulatedScan(db, config, ctx.viewer.user.id, endpointIds, price);
    db.creditTransactions.push({
      id: newId("creditTransactions"),
      company_id: config.company_id,
      amount: -price,
      transaction_type: "NETWORKVA",
      operator: fullName(ctx.viewer.user),
      created_at: scan.created_at,
      transaction_action: "SPENDING",
      reference: {
        kind: "NETWORK_VA",
        id: config.id,
        scan_id: scan.id,
        target_id: null,
        label: byId(db.products, config.product_id)?.name ?? "",
      },
    });
    return ctx.created(networkScan(db, scan));
  }),

  // Static mode takes any non-empty file: no report is read in a browser, so the simulated scan that
  // follows finds what a run would (nothing new), and recognising formats is the server's.
  typedHttp.post("/api/v1/networkva/scan-configuration/{id}/imports/", async (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const file = (await ctx.formData())?.get("file");
    if (!(file instanceof Blob)) return reply.field("file", "No file was submitted.");
    if (file.size === 0) return reply.field("file", "The submitted file is empty.");
    const config = found.config;
    const scan = queueSimulatedScan(db, config, ctx.viewer.user.id, liveEndpointIds(db, config), 0);
    return ctx.created(networkScan(db, scan));
  }),

  typedHttp.post("/api/v1/networkva/scan-configuration/{id}/scans/{scan_id}/abort/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, { id: ctx.params.id, scanId: ctx.params.scan_id });
    if (!found?.scan) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    const scan = found.scan;
    if (scan.status !== "PENDING" && scan.status !== "QUEUED" && scan.status !== "RUNNING") {
      return reply.error(409, {
        detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
      });
    }
    const at = iso(now());
    const endpoints = childrenOf(db.scanEndpoints, "scan_id", scan.id);
    for (const endpoint of endpoints) {
      if (endpoint.status === "COMPLETED" || endpoint.status === "FAILED") continue;
      endpoint.status = "ABORTED";
      endpoint.updated_at = at;
    }
    scan.status = "ABORTED";
    scan.end_time = at;
    scan.failure_reason = `Aborted by ${ctx.viewer.user.email}.`;
    const unscanned = endpoints.filter((e) => e.status !== "COMPLETED").length;
    if ((scan.price ?? 0) > 0 && unscanned > 0) {
      db.creditTransactions.push({
        id: newId("creditTransactions"),
        company_id: found.config.company_id,
        amount: unscanned * CREDITS_PER_ENDPOINT,
        transaction_type: "NETWORKVA",
        operator: fullName(ctx.viewer.user),
        created_at: at,
        transaction_action: "REFUND",
        reference: {
          kind: "NETWORK_VA",
          id: found.config.id,
          scan_id: scan.id,
          target_id: null,
          label: byId(db.products, found.config.product_id)?.name ?? "",
        },
      });
    }
    return ctx.ok(networkScan(db, scan));
  }),

  typedHttp.put("/api/v1/networkva/scan-configuration/{id}/scans/{scan_id}/update-schedule/", async (ctx) => {
    const db = getDb();
    const found = resolve(db, ctx.viewer, { id: ctx.params.id, scanId: ctx.params.scan_id });
    if (!found?.scan) return reply.notFound();
    const body = await ctx.body();
    const invalid = requireFields(body, ["schedulle_type", "scan_time"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.schedulle_type, SCHEDULE_TYPES))
      return reply.field("schedulle_type", choiceError(body.schedulle_type));
    const when = Date.parse(String(body.scan_time));
    if (Number.isNaN(when)) {
      return reply.field(
        "scan_time",
        "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
      );
    }
    const frequency = body.frequency_type ?? null;
    if (body.schedulle_type === "AUTOMATIC_SCHEDULLE") {
      if (frequency === null) return reply.field("frequency_type", "A continuous scan needs a frequency.");
      if (!oneOf(frequency, FREQUENCIES)) return reply.field("frequency_type", choiceError(frequency));
    } else if (frequency !== null) {
      return reply.field("frequency_type", "Only a continuous scan has a frequency.");
    }
    const at = iso(now());
    found.scan.schedulle_type = body.schedulle_type;
    found.scan.scan_time = { id: found.scan.scan_time.id, schedulle: new Date(when).toISOString() };
    found.config.schedulle_type = body.schedulle_type;
    found.config.frequency_type = body.schedulle_type === "AUTOMATIC_SCHEDULLE" ? frequency : null;
    found.config.updated_at = at;
    return ctx.ok(networkScan(db, found.scan));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    if (!found?.scan) return reply.notFound();
    const rows = childrenOf(db.scanEndpoints, "scan_id", found.scan.id);
    return ctx.paged(rows.map((se) => scanEndpoint(db, se)));
  }),

  typedHttp.get("/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const found = resolve(db, ctx.viewer, ctx.params);
    return found?.endpoint ? ctx.ok(scanEndpoint(db, found.endpoint)) : reply.notFound();
  }),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      if (!found?.endpoint) return reply.notFound();
      const status = choiceFilter("status", ctx.query("status"), FINDING_STATUSES);
      if (!status.ok) return status.error;
      const search = ctx.query("search");
      const rows = findingsOf(db, "network", found.endpoint.id)
        .filter((f) => (status.value === null || f.status === status.value) && matchesFinding(search, f))
        .sort(bySeverity);
      return ctx.paged(rows.map((f) => finding(db, f)));
    },
  ),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/services/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      return found?.endpoint ? ctx.ok(found.endpoint.services) : reply.notFound();
    },
  ),

  typedHttp.get(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
    (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      return found?.finding ? ctx.ok(finding(db, found.finding)) : reply.notFound();
    },
  ),

  typedHttp.patch(
    "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
    async (ctx) => {
      const db = getDb();
      const found = resolve(db, ctx.viewer, ctx.params);
      if (!found?.finding) return reply.notFound();
      const invalid = changeFindingStatus(db, found.finding, await ctx.body(), ctx.viewer);
      return invalid ?? ctx.ok(finding(db, found.finding));
    },
  ),
];

export function matchesFinding(search: string | null, f: Db["findings"][number]): boolean {
  const t = template(f);
  return matches(search, t.name, t.description, t.cve, t.cwe, f.host?.host);
}
