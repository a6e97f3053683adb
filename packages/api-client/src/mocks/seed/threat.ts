import { DAY, HOUR, iso, MINUTE } from "../clock.ts";
import type { DbPayment, DbThreatConfig } from "../db-types.ts";
import {
  CREDIT_PRICE,
  CREDITS_PER_ENDPOINT,
  FREQUENCIES,
  SCAN_STATUSES,
  type ScanFrequency,
  type ScanStatus,
} from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, takeId } from "./context.ts";
import { latestCompletedExposureScan } from "./exposure.ts";
import { addFindings, servicesCover } from "./findings.ts";
import { adminsOf, fullName } from "./people.ts";
import { failureReason, timing, unitStatus } from "./scans.ts";

/**
 * Threat inspection: per company, configurations over the hosts of its exposure scans (paid ones with
 * their spending payment, credit spending, scans, endpoints and findings; unpaid drafts at each stage),
 * then the threat assets.
 */
export function addThreatInspection(ctx: SeedContext): void {
  addConfigsAndScans(ctx);
  addThreatAssets(ctx);
}

function spendingPayment(
  { db, at }: SeedContext,
  companyId: number,
  userId: number,
  credits: number,
  createdMs: number,
  code: string,
): DbPayment {
  const created = at(createdMs);
  return {
    id: takeId(db, "payments"),
    company_id: companyId,
    kind: "SPENDING",
    items: [
      { id: takeId(db, "paymentItems"), amount: credits, transaction_type: "THREATINSPECTION", created_at: created },
    ],
    invoice_code: code,
    total_credit_amount: credits,
    total_paid_amount: credits * CREDIT_PRICE,
    status: "PAID",
    payment_method: "BANK_TRANSFER",
    payment_method_bank_name: null,
    payment_method_bank_account_name: null,
    payment_method_bank_account_number: null,
    metadata: [{ amount: credits, credit_price: CREDIT_PRICE, transaction_type: "THREATINSPECTION" }],
    expired_at: iso(createdMs + HOUR),
    user: userId,
    is_deleted: false,
    deleted_at: null,
    restored_at: null,
    created_at: created,
    updated_at: created,
  };
}

function addConfigsAndScans(ctx: SeedContext): void {
  const { rng, db, now, at } = ctx;
  let threatIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const exposureConfigs = db.exposureConfigs.filter((c) => c.company_id === company.id);
    const withHosts = exposureConfigs.filter((c) => latestCompletedExposureScan(db, c.id));
    const paidCount = large ? 34 : Math.min(withHosts.length, rng.int(3, 5));
    const unpaidCount = large ? 3 : 1;
    for (let i = 0; i < paidCount + unpaidCount; i++) {
      const paid = i < paidCount;
      const exposureConfig = withHosts[i % withHosts.length];
      if (!exposureConfig) break;
      const exposureAsset = db.exposureAssets.find((a) => a.id === exposureConfig.asset_id);
      const exposureScan = latestCompletedExposureScan(db, exposureConfig.id);
      if (!exposureAsset || !exposureScan) continue;
      const hosts = db.exposureHosts.filter((h) => h.scan_id === exposureScan.id);
      const first = large && i === 0;
      const unpaidStage = paid ? -1 : i - paidCount;
      const selected = first
        ? hosts.slice(0, 34)
        : unpaidStage === 0
          ? []
          : rng.sample(hosts, rng.int(2, Math.min(5, hosts.length)));
      const frequency: ScanFrequency | null = paid ? cycle(FREQUENCIES, i) : unpaidStage === 2 ? "MONTHLY" : null;
      const createdMs = paid ? now - rng.int(20, 300) * DAY : now - rng.int(1, 6) * DAY;
      const buyer = rng.pick(adminsOf(db, company.id));
      const grandTotal = selected.length * CREDITS_PER_ENDPOINT;
      const code = ctx.invoice();
      const config: DbThreatConfig = {
        id: takeId(db, "threatConfigs"),
        company_id: company.id,
        name: first ? "Perimeter watch" : `${exposureAsset.name} ${paid ? "inspection" : "draft"}`,
        exposure_target_id: exposureAsset.target.id,
        selected_host_ids: selected.map((h) => h.id),
        scan_frequency: frequency,
        estimate:
          paid || unpaidStage === 2
            ? {
                invoice_number: code,
                date: at(createdMs),
                scan_frequency: frequency ?? "MONTHLY",
                scan_time: at(createdMs + HOUR),
                host_ids: selected.map((h) => h.id),
                grand_total: grandTotal,
              }
            : null,
        paid_invoice: paid ? code : null,
        payment_id: null,
        created_at: at(createdMs),
        updated_at: at(createdMs + 10 * MINUTE),
      };
      db.threatConfigs.push(config);
      if (!paid) continue;
      const payment = spendingPayment(ctx, company.id, buyer.id, grandTotal, createdMs + 10 * MINUTE, code);
      db.payments.push(payment);
      config.payment_id = payment.id;
      ctx.pendingTransactions.push({
        company_id: company.id,
        amount: -grandTotal,
        transaction_type: "THREATINSPECTION",
        operator: fullName(buyer),
        created_at: payment.created_at,
        transaction_action: "SPENDING",
        reference: { kind: "PAYMENT", id: payment.id, scan_id: null, target_id: null, label: code },
      });

      const gap = frequency === "WEEKLY" ? 7 : frequency === "MONTHLY" ? 30 : 90;
      const scanCount = Math.max(1, Math.min(3, Math.floor((now - createdMs) / (gap * DAY)) + 1));
      const latest: ScanStatus = first ? "COMPLETED" : cycle(SCAN_STATUSES, threatIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : "COMPLETED";
        const startMs = Math.max(createdMs + HOUR, now - (s * gap + rng.int(0, 3)) * DAY - rng.int(30, 400) * MINUTE);
        const t = timing(rng, status, startMs, selected.length);
        const scanId = takeId(db, "threatScans");
        const scan = {
          id: scanId,
          config_id: config.id,
          status,
          start_scan: t.start === null ? null : at(t.start),
          end_scan: t.end === null ? null : at(t.end),
          progress: t.progress,
          scanned_by: rng.chance(0.5) ? null : buyer.id,
          completed_count: t.completed,
          failed_count: t.failed,
          failure_reason: failureReason("threat", status, scanId),
        };
        db.threatScans.push(scan);
        if (status === "PENDING" || status === "QUEUED") continue;
        selected.forEach((host, index) => {
          const endpointStatus = unitStatus(status, index, t);
          const endpoint = {
            id: takeId(db, "threatEndpoints"),
            scan_id: scan.id,
            host_id: host.id,
            status: endpointStatus,
            created_at: scan.start_scan ?? at(startMs),
            updated_at: scan.end_scan ?? scan.start_scan ?? at(startMs),
          };
          db.threatEndpoints.push(endpoint);
          if (endpointStatus !== "COMPLETED") return;
          const cover = first && s === 0 && index === 0;
          const found = addFindings(
            ctx,
            "threat",
            endpoint.id,
            company.id,
            cover ? 12 : rng.int(0, 4),
            t.end ?? startMs,
            { host: { id: endpoint.id, host: host.name }, asset_id: null, branch: null },
            cover,
          );
          servicesCover(ctx, host.services, found);
        });
      }
    }
  }
}

/** The hosts of each company's first paid threat inspection configuration, plus a few unassigned. */
function addThreatAssets(ctx: SeedContext): void {
  const { rng, db, ago } = ctx;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const config = db.threatConfigs.find((c) => c.company_id === company.id && c.paid_invoice);
    const exposureAsset = db.exposureAssets.find((a) => a.target.id === config?.exposure_target_id);
    if (!config || !exposureAsset) continue;
    const exposureConfig = db.exposureConfigs.find((c) => c.asset_id === exposureAsset.id);
    const scan = exposureConfig ? latestCompletedExposureScan(db, exposureConfig.id) : undefined;
    const hosts = scan ? db.exposureHosts.filter((h) => h.scan_id === scan.id) : [];
    const lastScan = db.threatScans
      .filter((s) => s.config_id === config.id && s.end_scan)
      .sort((a, b) => (b.end_scan ?? "").localeCompare(a.end_scan ?? ""))[0];
    hosts.slice(0, large ? 36 : 6).forEach((host) => {
      const assigned = config.selected_host_ids.includes(host.id);
      const created = rng.int(30, 200);
      db.threatAssets.push({
        id: takeId(db, "threatAssets"),
        product_id: exposureAsset.product_id,
        name: host.name,
        host_id: host.id,
        config_id: assigned ? config.id : null,
        last_scanned: assigned ? (lastScan?.end_scan ?? null) : null,
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      });
    });
  }
}
