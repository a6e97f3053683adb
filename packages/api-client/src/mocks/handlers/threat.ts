import { HOUR, iso, now } from "../clock.ts";
import { balancesOf } from "../credits.ts";
import { getDb, newId, newInvoiceCode } from "../db.ts";
import type { Db, DbExposureHost, DbPayment, DbThreatConfig, DbThreatScan } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import {
  APPLICATION_FEE,
  CREDIT_PRICE,
  CREDITS_PER_ENDPOINT,
  DOMAIN_TYPE_LABEL,
  FREQUENCIES,
} from "../schema-types.ts";
import { canSee, companyScope, inScope } from "../scope.ts";
import {
  bySeverity,
  domainReputations,
  endpointReputation,
  exposureAssetOfTarget,
  finding,
  findingsOf,
  fullName,
  hostDomains,
  payment,
  threatConfig,
  threatEndpoint,
  threatScan,
  threatScanDetail,
  threatTarget,
} from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";
import { changeFindingStatus } from "./finding-status.ts";

/** How long static mode's simulated scan waits in the queue, then runs (no blocklist is asked in a browser). */
const SIMULATED_QUEUE_MS = 2_000;
const SIMULATED_RUN_MS = 20_000;

/**
 * Static mode's scans run or bought from the app advance with the clock, as the server's worker would
 * move them: queued, then running with progress, then completed. Advanced when read, so nothing runs
 * in the background of a story.
 */
function advanceSimulatedScans(db: Db): void {
  const at = now();
  for (const scan of db.threatScans) {
    if (scan.simulated_from === undefined || (scan.status !== "QUEUED" && scan.status !== "RUNNING")) continue;
    const elapsed = at - scan.simulated_from;
    if (elapsed < SIMULATED_QUEUE_MS) continue;
    const endpoints = childrenOf(db.threatEndpoints, "scan_id", scan.id);
    const ran = Math.min(1, (elapsed - SIMULATED_QUEUE_MS) / SIMULATED_RUN_MS);
    const done = Math.floor(ran * endpoints.length);
    scan.status = ran >= 1 ? "COMPLETED" : "RUNNING";
    scan.start_scan ??= iso(scan.simulated_from + SIMULATED_QUEUE_MS);
    scan.progress = Math.floor(ran * 100);
    scan.completed_count = done;
    endpoints.forEach((endpoint, index) => {
      const status = index < done ? "COMPLETED" : "RUNNING";
      if (endpoint.status !== status) endpoint.updated_at = iso(at);
      endpoint.status = status;
    });
    if (ran >= 1) scan.end_scan = iso(scan.simulated_from + SIMULATED_QUEUE_MS + SIMULATED_RUN_MS);
  }
}

/** A queued scan of the configuration's hosts, which the clock then moves along. */
function queueSimulatedScan(db: Db, config: DbThreatConfig, userId: number, hosts: DbExposureHost[], price: number) {
  const at = now();
  const created = iso(at);
  const scan: DbThreatScan = {
    id: newId("threatScans"),
    config_id: config.id,
    status: "QUEUED",
    start_scan: null,
    end_scan: null,
    progress: 0,
    scanned_by: userId,
    completed_count: 0,
    failed_count: 0,
    failure_reason: null,
    price,
    simulated_from: at,
  };
  db.threatScans.push(scan);
  for (const host of hosts) {
    db.threatEndpoints.push({
      id: newId("threatEndpoints"),
      scan_id: scan.id,
      host_id: host.id,
      status: "QUEUED",
      created_at: created,
      updated_at: created,
    });
  }
  return scan;
}

/** Why a paid configuration is not discarded, as the server words it. */
export const PAID_NOT_DISCARDABLE = "This purchase is paid and cannot be discarded.";

function visibleConfig(db: Db, viewer: Viewer, id: number): DbThreatConfig | undefined {
  const c = byId(db.threatConfigs, id);
  return c && canSee(viewer, c.company_id) ? c : undefined;
}

function visibleScan(db: Db, viewer: Viewer, id: number) {
  const scan = byId(db.threatScans, id);
  return scan && visibleConfig(db, viewer, scan.config_id) ? scan : undefined;
}

function visibleEndpoint(db: Db, viewer: Viewer, id: number) {
  const endpoint = byId(db.threatEndpoints, id);
  return endpoint && visibleScan(db, viewer, endpoint.scan_id) ? endpoint : undefined;
}

/** The exposure detection configuration behind a threat inspection configuration's target. */
function exposureConfigOf(db: Db, config: DbThreatConfig) {
  const asset = exposureAssetOfTarget(db, config.exposure_target_id);
  return asset ? childrenOf(db.exposureConfigs, "asset_id", asset.id)[0] : undefined;
}

/** Hosts found by any scan of the configuration's exposure target: what may be selected. */
function selectableHosts(db: Db, config: DbThreatConfig): DbExposureHost[] {
  const exposure = exposureConfigOf(db, config);
  if (!exposure) return [];
  return childrenOf(db.exposureScans, "config_id", exposure.id).flatMap((s) =>
    childrenOf(db.exposureHosts, "scan_id", s.id),
  );
}

const selectedHosts = (db: Db, config: DbThreatConfig) =>
  config.selected_host_ids.flatMap((id) => {
    const h = byId(db.exposureHosts, id);
    return h ? [h] : [];
  });

function chargeSummary(db: Db, config: DbThreatConfig) {
  const estimate = config.estimate;
  if (!estimate) return null;
  return {
    group_name: config.name,
    invoice_number: estimate.invoice_number,
    date: estimate.date,
    total_endpoints: estimate.host_ids.length,
    scan_frequency: estimate.scan_frequency,
    scan_time: estimate.scan_time,
    endpoints: estimate.host_ids.flatMap((id) => {
      const host = byId(db.exposureHosts, id);
      if (!host) return [];
      return [
        {
          host: {
            name: host.name,
            domains: hostDomains(db, host).map((d) => ({
              name: d.name,
              domain_type: d.domain_type,
              domain_type_display: DOMAIN_TYPE_LABEL[d.domain_type],
            })),
          },
          credit: CREDITS_PER_ENDPOINT,
        },
      ];
    }),
    grand_total: estimate.grand_total,
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

export const threatHandlers = [
  typedHttp.get("/api/v1/threat-inspection/scan-configuration/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scope = companyScope(ctx.viewer, ctx.url);
    // Unpaid configurations are drafts: they are listed by un-paid/, not here.
    const rows = newestFirst(
      db.threatConfigs.filter((c) => c.paid_invoice !== null && inScope(scope, c.company_id)),
      (c) => c.created_at,
    );
    return ctx.paged(rows.map((c) => threatConfig(db, c)));
  }),

  typedHttp.post("/api/v1/threat-inspection/scan-configuration/", async (ctx) => {
    const db = getDb();
    const body = await ctx.body();
    const invalid = requireFields(body, ["name", "exposure_detection_target"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    const targetId = Number(body.exposure_detection_target);
    const asset = Number.isInteger(targetId) ? exposureAssetOfTarget(db, targetId) : undefined;
    const companyId = asset ? (byId(db.products, asset.product_id)?.company_id ?? null) : null;
    if (!asset || companyId === null || !canSee(ctx.viewer, companyId)) {
      return reply.field(
        "exposure_detection_target",
        `Invalid pk "${String(body.exposure_detection_target)}" - object does not exist.`,
      );
    }
    const at = iso(now());
    const row: DbThreatConfig = {
      id: newId("threatConfigs"),
      company_id: companyId,
      name: String(body.name).trim(),
      exposure_target_id: targetId,
      selected_host_ids: [],
      scan_frequency: null,
      estimate: null,
      paid_invoice: null,
      payment_id: null,
      created_at: at,
      updated_at: at,
    };
    db.threatConfigs.push(row);
    return ctx.created({ id: row.id, name: row.name, exposure_detection_target: row.exposure_target_id });
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/un-paid/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.threatConfigs.filter((c) => c.paid_invoice === null && inScope(scope, c.company_id)),
      (c) => c.created_at,
    );
    return ctx.ok(rows.map((c) => threatConfig(db, c)));
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    return config ? ctx.ok(threatConfig(db, config)) : reply.notFound();
  }),

  typedHttp.delete("/api/v1/threat-inspection/scan-configuration/{id}/", (ctx) => {
    const db = getDb();
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    // A paid configuration is a purchase (a payment, scans, assets), never a draft.
    if (config.paid_invoice !== null) return reply.error(409, { detail: PAID_NOT_DISCARDABLE });
    db.threatConfigs = db.threatConfigs.filter((c) => c.id !== config.id);
    for (const asset of db.threatAssets) if (asset.config_id === config.id) asset.config_id = null;
    return ctx.noContent();
  }),

  typedHttp.put("/api/v1/threat-inspection/scan-configuration/{id}/update-endpoint/", async (ctx) => {
    const db = getDb();
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    if (config.paid_invoice)
      return reply.nonField("This configuration is paid; create a new one to inspect other endpoints.");
    const body = await ctx.body();
    const invalid = requireFields(body, ["endpoints"]);
    if (invalid) return invalid;
    const ids = body?.endpoints;
    if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id))) {
      return reply.field("endpoints", "Expected a list of endpoint ids.");
    }
    const allowed = new Set(selectableHosts(db, config).map((h) => h.id));
    const unknown = ids.filter((id) => !allowed.has(id));
    if (unknown.length) return reply.field("endpoints", `Invalid pk "${unknown[0]}" - object does not exist.`);
    config.selected_host_ids = [...new Set(ids)];
    // A different selection needs a new price.
    if (config.estimate && !sameIds(config.estimate.host_ids, config.selected_host_ids)) config.estimate = null;
    config.updated_at = iso(now());
    return ctx.ok(threatConfig(db, config));
  }),

  typedHttp.post("/api/v1/threat-inspection/scan-configuration/{id}/estimate-price/", async (ctx) => {
    const db = getDb();
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    if (config.paid_invoice) return reply.nonField("This configuration is already paid.");
    const body = await ctx.body();
    const invalid = requireFields(body, ["scan_frequency"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.scan_frequency, FREQUENCIES))
      return reply.field("scan_frequency", choiceError(body.scan_frequency));
    const scanTime = body.scan_time === undefined ? now() : Date.parse(String(body.scan_time));
    if (Number.isNaN(scanTime)) return reply.field("scan_time", "Datetime has wrong format.");
    const hosts = selectedHosts(db, config);
    if (hosts.length === 0) return reply.nonField("Select at least one endpoint before estimating the price.");
    const hostIds = hosts.map((h) => h.id);
    const previous = config.estimate;
    // Estimating the same selection again keeps the invoice number, so a client retry cannot fork invoices.
    const invoiceNumber =
      previous && sameIds(previous.host_ids, hostIds) && previous.scan_frequency === body.scan_frequency
        ? previous.invoice_number
        : newInvoiceCode();
    config.estimate = {
      invoice_number: invoiceNumber,
      date: iso(now()),
      scan_frequency: body.scan_frequency,
      scan_time: iso(scanTime),
      host_ids: hostIds,
      grand_total: hostIds.length * CREDITS_PER_ENDPOINT + APPLICATION_FEE,
    };
    config.scan_frequency = body.scan_frequency;
    config.updated_at = iso(now());
    const summary = chargeSummary(db, config);
    return summary ? ctx.ok({ charge_summary: summary }) : reply.nonField("Could not estimate the price.");
  }),

  typedHttp.post("/api/v1/threat-inspection/scan-configuration/{id}/process/", async (ctx) => {
    const db = getDb();
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "credits");
    if (refused) return refused;
    const body = await ctx.body();
    const invalid = requireFields(body, ["invoice_id", "amount_paid"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");

    // Paying the same invoice again (a retry after a lost response) returns the first result, charging nothing.
    if (config.paid_invoice) {
      const paid = byId(db.payments, config.payment_id);
      if (config.paid_invoice === body.invoice_id && paid) {
        return ctx.ok({ configuration: threatConfig(db, config), payment: payment(db, paid) });
      }
      return reply.field("invoice_id", "This configuration is already paid.");
    }
    const estimate = config.estimate;
    if (!estimate || estimate.invoice_number !== body.invoice_id) {
      return reply.field("invoice_id", "Unknown invoice. Estimate the price again.");
    }
    const amount = Number(body.amount_paid);
    if (!Number.isFinite(amount) || amount !== estimate.grand_total) {
      return reply.field(
        "amount_paid",
        `The amount does not match the invoice total of ${estimate.grand_total} credits.`,
      );
    }
    const available = balancesOf(db, config.company_id).balance_threat_inspection;
    if (available < estimate.grand_total) {
      return reply.nonField(
        `Insufficient credit balance: ${estimate.grand_total} threat inspection credits needed, ${available} available.`,
      );
    }

    const at = now();
    const created = iso(at);
    const buyer = ctx.viewer.user;
    const row: DbPayment = {
      id: newId("payments"),
      company_id: config.company_id,
      kind: "SPENDING",
      items: [
        {
          id: newId("paymentItems"),
          amount: estimate.grand_total,
          transaction_type: "THREATINSPECTION",
          created_at: created,
        },
      ],
      invoice_code: estimate.invoice_number,
      total_credit_amount: estimate.grand_total,
      total_paid_amount: estimate.grand_total * CREDIT_PRICE,
      status: "PAID",
      payment_method: "BANK_TRANSFER",
      payment_method_bank_name: null,
      payment_method_bank_account_name: null,
      payment_method_bank_account_number: null,
      metadata: [{ amount: estimate.grand_total, credit_price: CREDIT_PRICE, transaction_type: "THREATINSPECTION" }],
      expired_at: iso(at + HOUR),
      user: buyer.id,
      is_deleted: false,
      deleted_at: null,
      restored_at: null,
      created_at: created,
      updated_at: created,
    };
    db.payments.push(row);
    db.creditTransactions.push({
      id: newId("creditTransactions"),
      company_id: config.company_id,
      amount: -estimate.grand_total,
      transaction_type: "THREATINSPECTION",
      operator: fullName(buyer),
      created_at: created,
      transaction_action: "SPENDING",
      reference: { kind: "PAYMENT", id: row.id, scan_id: null, target_id: null, label: estimate.invoice_number },
    });
    config.paid_invoice = estimate.invoice_number;
    config.payment_id = row.id;
    config.updated_at = created;
    // The purchase pays for the first scan, which then runs as one started with Run scan does.
    queueSimulatedScan(
      db,
      config,
      buyer.id,
      selectedHosts(db, config),
      selectedHosts(db, config).length * CREDITS_PER_ENDPOINT,
    );
    // The inspected hosts become threat inspection assets of the target's product.
    const productId = exposureAssetOfTarget(db, config.exposure_target_id)?.product_id;
    for (const host of selectedHosts(db, config)) {
      const existing = db.threatAssets.find((a) => a.host_id === host.id);
      if (existing) {
        existing.config_id = config.id;
        existing.updated_at = created;
      } else if (productId !== undefined) {
        db.threatAssets.push({
          id: newId("threatAssets"),
          product_id: productId,
          name: host.name,
          host_id: host.id,
          config_id: config.id,
          last_scanned: null,
          created_at: created,
          updated_at: created,
        });
      }
    }
    return ctx.ok({ configuration: threatConfig(db, config), payment: payment(db, row) });
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/{id}/targets/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    return ctx.paged(selectedHosts(db, config).map((h) => threatTarget(db, config, h)));
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/{id}/endpoint-select/{exposure_scan_id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    const exposure = config ? exposureConfigOf(db, config) : undefined;
    const scan = byId(db.exposureScans, ctx.params.exposure_scan_id);
    if (!config || !exposure || scan?.config_id !== exposure.id) return reply.notFound();
    const hosts = childrenOf(db.exposureHosts, "scan_id", scan.id);
    const selected = new Set(config.selected_host_ids);
    return ctx.ok({
      endpoints_count: hosts.length,
      services_count: hosts.reduce((n, h) => n + h.services.length, 0),
      endpoints: hosts.map((h) => ({
        id: h.id,
        name: h.name,
        is_new: h.is_new,
        country: h.country,
        services: h.services,
        service_count: h.services.length,
        assigned: selected.has(h.id),
      })),
    });
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/{id}/scans/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    const rows = newestFirst(childrenOf(db.threatScans, "config_id", config.id), (s) => s.start_scan ?? "9999");
    return ctx.paged(rows.map((s) => threatScan(db, s)));
  }),

  typedHttp.post("/api/v1/threat-inspection/scan-configuration/{id}/scans/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    if (!config) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    if (!config.paid_invoice) {
      return reply.nonField(
        "This configuration is not paid yet. Estimate its price and pay it; the payment starts its first scan.",
      );
    }
    const busy = childrenOf(db.threatScans, "config_id", config.id).some(
      (s) => s.status === "QUEUED" || s.status === "RUNNING",
    );
    if (busy) {
      return reply.error(409, {
        detail: "A scan of this configuration is already queued or running. Wait for it, or abort it.",
      });
    }
    const hosts = selectedHosts(db, config);
    if (hosts.length === 0) return reply.nonField("This configuration has no endpoints left to inspect.");
    const price = hosts.length * CREDITS_PER_ENDPOINT;
    const balance = balancesOf(db, config.company_id).balance_threat_inspection;
    if (balance < price) {
      return reply.nonField(
        `This scan costs ${price} threat inspection credits (${CREDITS_PER_ENDPOINT} for each of its ${hosts.length} endpoints) and the balance is ${balance}. Top up credits first.`,
      );
    }
    const scan = queueSimulatedScan(db, config, ctx.viewer.user.id, hosts, price);
    db.creditTransactions.push({
      id: newId("creditTransactions"),
      company_id: config.company_id,
      amount: -price,
      transaction_type: "THREATINSPECTION",
      operator: fullName(ctx.viewer.user),
      created_at: iso(now()),
      transaction_action: "SPENDING",
      reference: { kind: "THREAT_INSPECTION", id: config.id, scan_id: scan.id, target_id: null, label: config.name },
    });
    return ctx.created(threatScan(db, scan));
  }),

  typedHttp.post("/api/v1/threat-inspection/scan-configuration/{id}/scans/{scan_id}/abort/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const config = visibleConfig(db, ctx.viewer, ctx.params.id);
    const scan = byId(db.threatScans, ctx.params.scan_id);
    if (!config || scan?.config_id !== config.id) return reply.notFound();
    const refused = memberRefusal(ctx.viewer, "scans");
    if (refused) return refused;
    if (scan.status !== "PENDING" && scan.status !== "QUEUED" && scan.status !== "RUNNING") {
      return reply.error(409, {
        detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
      });
    }
    const at = iso(now());
    const endpoints = childrenOf(db.threatEndpoints, "scan_id", scan.id);
    for (const endpoint of endpoints) {
      if (endpoint.status === "COMPLETED" || endpoint.status === "FAILED") continue;
      endpoint.status = "ABORTED";
      endpoint.updated_at = at;
    }
    scan.status = "ABORTED";
    scan.end_scan = at;
    scan.failure_reason = `Aborted by ${ctx.viewer.user.email}.`;
    const unchecked = endpoints.filter((e) => e.status !== "COMPLETED").length;
    if ((scan.price ?? 0) > 0 && unchecked > 0) {
      db.creditTransactions.push({
        id: newId("creditTransactions"),
        company_id: config.company_id,
        amount: Math.min(scan.price ?? 0, unchecked * CREDITS_PER_ENDPOINT),
        transaction_type: "THREATINSPECTION",
        operator: fullName(ctx.viewer.user),
        created_at: at,
        transaction_action: "REFUND",
        reference: { kind: "THREAT_INSPECTION", id: config.id, scan_id: scan.id, target_id: null, label: config.name },
      });
    }
    return ctx.ok(threatScan(db, scan));
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/scans/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    return scan ? ctx.ok(threatScanDetail(db, scan)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoints/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    return ctx.paged(childrenOf(db.threatEndpoints, "scan_id", scan.id).map((e) => threatEndpoint(db, e)));
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/endpoints/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const endpoint = visibleEndpoint(db, ctx.viewer, ctx.params.id);
    return endpoint ? ctx.ok(threatEndpoint(db, endpoint)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/endpoints/{id}/findings/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const endpoint = visibleEndpoint(db, ctx.viewer, ctx.params.id);
    if (!endpoint) return reply.notFound();
    return ctx.paged(
      findingsOf(db, "threat", endpoint.id)
        .sort(bySeverity)
        .map((f) => finding(db, f)),
    );
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/findings/{id}/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const f = byId(db.findings, ctx.params.id);
    return f?.area === "threat" && visibleEndpoint(db, ctx.viewer, f.parent_id)
      ? ctx.ok(finding(db, f))
      : reply.notFound();
  }),

  typedHttp.patch("/api/v1/threat-inspection/scan-configuration/findings/{id}/", async (ctx) => {
    const db = getDb();
    const f = byId(db.findings, ctx.params.id);
    if (f?.area !== "threat" || !visibleEndpoint(db, ctx.viewer, f.parent_id)) return reply.notFound();
    const invalid = changeFindingStatus(db, f, await ctx.body(), ctx.viewer);
    return invalid ?? ctx.ok(finding(db, f));
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/scans/{id}/endpoint-reputation/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    if (!scan) return reply.notFound();
    return ctx.ok(
      childrenOf(db.threatEndpoints, "scan_id", scan.id).flatMap((e) => {
        const r = endpointReputation(db, e);
        return r ? [r] : [];
      }),
    );
  }),

  typedHttp.get("/api/v1/threat-inspection/scan-configuration/scans/{id}/domain-reputation/", (ctx) => {
    const db = getDb();
    advanceSimulatedScans(db);
    const scan = visibleScan(db, ctx.viewer, ctx.params.id);
    return scan ? ctx.ok(domainReputations(db, scan)) : reply.notFound();
  }),
];
