import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { ApiError, fieldError, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { balanceOf, lockCompanyCredits } from "./credits.ts";
import { CREDIT_PRICE, newInvoiceCode, paymentById } from "./payments.ts";
import {
  type ConfigState,
  configById,
  configState,
  DOMAIN_TYPE_LABEL,
  type Estimate,
  scoped,
  selectedHosts,
  unselectableHosts,
} from "./queries.ts";
import { queueThreatScan, type ScanStarter } from "./scanRuns.ts";

/** Credits one inspected endpoint costs (spec §9), and the fee per configuration (none). */
export const CREDITS_PER_ENDPOINT = 10;
export const APPLICATION_FEE = 0;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The company a caller may act in: their own (clients), any (staff: null). */
export const ownCompany = (caller: Caller): number | null =>
  caller.scope.companies === "all" ? null : caller.scope.companies;

interface Actor {
  caller: Caller;
  requestId: string;
}

export async function createConfig(
  tx: Tx,
  { caller, requestId }: Actor,
  body: { name: string; exposure_detection_target: number },
) {
  const name = body.name.trim();
  if (!name) throw fieldError("name", "This field may not be blank.");
  const company = ownCompany(caller);
  // The target's company owns the configuration; a target the caller may not see does not exist.
  const rows = await sql<{ id: number; name: string; exposure_detection_target: number; company_id: number }>`
    insert into threat_configs (company_id, name, exposure_target_id)
    select ea.company_id, ${name}, ea.target_id from exposure_assets ea
     where ea.target_id = ${body.exposure_detection_target} and ${scoped("ea.company_id", company)}
    returning id, name, exposure_target_id as exposure_detection_target, company_id`.execute(tx);
  const created = rows.rows[0];
  if (!created) {
    throw fieldError(
      "exposure_detection_target",
      `Invalid pk "${body.exposure_detection_target}" - object does not exist.`,
    );
  }
  const { company_id, ...wire } = created;
  await audit(tx, {
    companyId: company_id,
    actorId: caller.id,
    action: "threat.config.create",
    entity: "threat_config",
    entityId: created.id,
    before: null,
    after: wire,
    requestId,
  });
  return wire;
}

async function lockedConfig(tx: Tx, caller: Caller, id: number): Promise<ConfigState> {
  const config = await configState(tx, id, ownCompany(caller), true);
  if (!config) throw notFound();
  return config;
}

export async function updateEndpoints(tx: Tx, { caller, requestId }: Actor, id: number, endpoints: number[]) {
  const config = await lockedConfig(tx, caller, id);
  if (config.paid_invoice) throw nonField("This configuration is paid; create a new one to inspect other endpoints.");
  const unknown = await unselectableHosts(tx, id, endpoints);
  if (unknown.length > 0) throw fieldError("endpoints", `Invalid pk "${unknown[0]}" - object does not exist.`);
  const selection = [...new Set(endpoints)];
  // A different selection needs a new price: the estimate awaiting payment is dropped.
  const keepEstimate = config.estimate !== null && sameIds(config.estimate.host_ids, selection);
  await sql`update threat_configs set selected_host_ids = ${selection}::int[],
              estimate = ${keepEstimate ? sql`estimate` : sql`null`}, updated_at = now()
            where id = ${id}`.execute(tx);
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "threat.config.endpoints",
    entity: "threat_config",
    entityId: id,
    before: { selected_host_ids: config.selected_host_ids, estimate: config.estimate },
    after: { selected_host_ids: selection, estimate: keepEstimate ? config.estimate : null },
    requestId,
  });
  return await configById(tx, id, null);
}

export async function estimatePrice(
  tx: Tx,
  { caller, requestId }: Actor,
  id: number,
  body: { scan_frequency: string; scan_time?: string },
) {
  const config = await lockedConfig(tx, caller, id);
  if (config.paid_invoice) throw nonField("This configuration is already paid.");
  const scanTime = body.scan_time === undefined ? Date.now() : Date.parse(body.scan_time);
  if (Number.isNaN(scanTime)) throw fieldError("scan_time", "Datetime has wrong format.");
  const hosts = await selectedHosts(tx, id);
  if (hosts.length === 0) throw nonField("Select at least one endpoint before estimating the price.");
  const hostIds = hosts.map((h) => h.id);
  const previous = config.estimate;
  // Estimating the same selection again keeps the invoice number, so a client retry cannot fork invoices.
  const invoiceNumber =
    previous && sameIds(previous.host_ids, hostIds) && previous.scan_frequency === body.scan_frequency
      ? previous.invoice_number
      : newInvoiceCode();
  const estimate: Estimate = {
    invoice_number: invoiceNumber,
    date: new Date().toISOString(),
    scan_frequency: body.scan_frequency,
    scan_time: new Date(scanTime).toISOString(),
    host_ids: hostIds,
    grand_total: hostIds.length * CREDITS_PER_ENDPOINT + APPLICATION_FEE,
  };
  await sql`update threat_configs set estimate = ${JSON.stringify(estimate)}::jsonb,
              scan_frequency = ${body.scan_frequency}, updated_at = now()
            where id = ${id}`.execute(tx);
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "threat.config.estimate",
    entity: "threat_config",
    entityId: id,
    before: { estimate: previous },
    after: { estimate },
    requestId,
  });
  return {
    charge_summary: {
      group_name: config.name,
      invoice_number: estimate.invoice_number,
      date: estimate.date,
      total_endpoints: hostIds.length,
      scan_frequency: estimate.scan_frequency,
      scan_time: estimate.scan_time,
      endpoints: hosts.map((h) => ({
        host: {
          name: h.name,
          domains: h.domains.map((d) => ({
            name: d.name,
            domain_type: d.domain_type,
            domain_type_display: DOMAIN_TYPE_LABEL[d.domain_type] ?? d.domain_type,
          })),
        },
        credit: CREDITS_PER_ENDPOINT,
      })),
      grand_total: estimate.grand_total,
    },
  };
}

/**
 * The purchase: spends the estimate's credits from the ledger, records the payment, marks the
 * configuration paid, queues its first scan and makes its hosts threat inspection assets, in the
 * caller's one transaction. The company's credits are locked first, so concurrent purchases take
 * turns and each sees the balance the previous one left; the check and the debit are therefore one
 * step, and no balance goes below zero.
 */
export async function processPurchase(
  tx: Tx,
  { caller, requestId }: Actor,
  id: number,
  body: { invoice_id: string; amount_paid: number },
  starter: ScanStarter,
) {
  // The configuration's company decides which credits are locked; it never changes, so it may be
  // read before the lock. Then the lock, then the configuration itself, locked and read again.
  const seen = await configState(tx, id, ownCompany(caller));
  if (!seen) throw notFound();
  refuseMember(caller, "credits");
  await lockCompanyCredits(tx, seen.company_id);
  const config = await lockedConfig(tx, caller, id);

  // Paying the same invoice again (a retry after a lost response) returns the first result, charging nothing.
  if (config.paid_invoice) {
    const paid = config.payment_id === null ? null : await paymentById(tx, config.payment_id);
    if (config.paid_invoice === body.invoice_id && paid) {
      return { configuration: await configById(tx, id, null), payment: paid };
    }
    throw fieldError("invoice_id", "This configuration is already paid.");
  }
  const estimate = config.estimate;
  if (!estimate || estimate.invoice_number !== body.invoice_id) {
    throw fieldError("invoice_id", "Unknown invoice. Estimate the price again.");
  }
  if (body.amount_paid !== estimate.grand_total) {
    throw fieldError("amount_paid", `The amount does not match the invoice total of ${estimate.grand_total} credits.`);
  }
  const available = await balanceOf(tx, config.company_id, "THREATINSPECTION");
  if (available < estimate.grand_total) {
    throw nonField(
      `Insufficient credit balance: ${estimate.grand_total} threat inspection credits needed, ${available} available.`,
    );
  }

  const total = estimate.grand_total;
  const operator = sql`(select first_name || ' ' || last_name from users where id = ${caller.id})`;
  const inserted = await sql<{ id: number }>`
    insert into payments (company_id, kind, invoice_code, status, total_credit_amount, total_paid_amount,
                          payment_method, items, metadata, expired_at, user_id)
    values (${config.company_id}, 'SPENDING', ${estimate.invoice_number}, 'PAID', ${total}, ${total * CREDIT_PRICE},
            'BANK_TRANSFER',
            jsonb_build_array(jsonb_build_object('id', nextval('payment_item_id_seq'), 'amount', ${total}::numeric,
                                                 'transaction_type', 'THREATINSPECTION',
                                                 'created_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
            jsonb_build_array(jsonb_build_object('amount', ${total}::numeric, 'credit_price', ${CREDIT_PRICE}::numeric,
                                                 'transaction_type', 'THREATINSPECTION')),
            now() + interval '1 hour', ${caller.id})
    returning id`.execute(tx);
  const paymentId = inserted.rows[0]?.id;
  if (paymentId === undefined) throw new Error("the payment insert returned no row");
  // The debit names its invoice; whatever fails after it rolls it back with the rest of the purchase.
  const reference = { kind: "PAYMENT", id: paymentId, scan_id: null, target_id: null, label: estimate.invoice_number };
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${config.company_id}, ${-total}, 'THREATINSPECTION', 'SPENDING', coalesce(${operator}, 'System'),
                    ${JSON.stringify(reference)}::jsonb)`.execute(tx);
  await sql`update threat_configs set paid_invoice = ${estimate.invoice_number}, payment_id = ${paymentId},
              updated_at = now() where id = ${id}`.execute(tx);
  // The purchase pays for the first scan: it is queued with its price, refunded for what it cannot check.
  const hosts = await selectedHosts(tx, id);
  const scan = (
    await sql<{ id: number }>`insert into threat_scans (company_id, config_id, status, scanned_by, price)
              values (${config.company_id}, ${id}, 'QUEUED', ${caller.id}, ${hosts.length * CREDITS_PER_ENDPOINT})
              returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  await queueThreatScan(tx, starter, {
    id: scan.id,
    companyId: config.company_id,
    hostIds: hosts.map((h) => h.id),
    domains: hosts.reduce((n, h) => n + h.domains.length, 0),
  });
  // The inspected hosts become threat inspection assets of the target's product: an existing asset
  // of a host moves to this configuration, a host without one gets one.
  await sql`update threat_assets set config_id = ${id}, updated_at = now()
            where host_id = any(${config.selected_host_ids}::int[]) and company_id = ${config.company_id}`.execute(tx);
  await sql`insert into threat_assets (company_id, product_id, name, host_id, config_id)
            select ea.company_id, ea.product_id, h.name, h.id, ${id}
              from unnest(${config.selected_host_ids}::int[]) with ordinality as sel(id, n)
              join exposure_hosts h on h.id = sel.id
              join exposure_assets ea on ea.target_id = ${config.exposure_target_id}
             where not exists (select 1 from threat_assets a where a.host_id = h.id)
             order by sel.n`.execute(tx);
  const payment = await paymentById(tx, paymentId);
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "threat.config.process",
    entity: "threat_config",
    entityId: id,
    before: { paid_invoice: null, balance_threat_inspection: available },
    after: {
      paid_invoice: estimate.invoice_number,
      payment_id: paymentId,
      spent: total,
      balance_threat_inspection: available - total,
    },
    requestId,
  });
  return { configuration: await configById(tx, id, null), payment };
}

/** Why a paid configuration is not discarded (static mode says the same). */
export const PAID_NOT_DISCARDABLE = "This purchase is paid and cannot be discarded.";

/**
 * Discards a draft purchase: a configuration never paid, so nothing was charged, scanned or made an
 * asset for it. It is locked first, so a payment that is under way finishes (and the draft is then
 * paid, 409) or waits for the discard (and then finds nothing, 404).
 */
export async function discardDraft(tx: Tx, { caller, requestId }: Actor, id: number): Promise<void> {
  const config = await lockedConfig(tx, caller, id);
  if (config.paid_invoice) throw new ApiError(409, { detail: PAID_NOT_DISCARDABLE });
  // An asset that once pointed at this draft keeps its host; it just no longer names the draft.
  await sql`update threat_assets set config_id = null, updated_at = now() where config_id = ${id}`.execute(tx);
  await sql`delete from threat_configs where id = ${id} and paid_invoice is null`.execute(tx);
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "threat.config.discard",
    entity: "threat_config",
    entityId: id,
    before: { name: config.name, selected_host_ids: config.selected_host_ids, estimate: config.estimate },
    after: null,
    requestId,
  });
}
