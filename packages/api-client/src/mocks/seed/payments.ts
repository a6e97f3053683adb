import { DAY, HOUR, iso, MINUTE } from "../clock.ts";
import type { DbCreditReference, DbPayment } from "../db-types.ts";
import { createRng } from "../prng.ts";
import {
  CREDIT_PRICE,
  CREDITS_PER_ENDPOINT,
  type CreditType,
  type PaymentMethod,
  type PaymentStatus,
} from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, SEED, type SeedContext, takeId } from "./context.ts";
import { adminsOf, fullName, membersOf } from "./people.ts";

const METHODS: readonly PaymentMethod[] = ["BANK_TRANSFER", "CREDIT_CARD"];
const OTHER_STATUSES: readonly PaymentStatus[] = [
  "UNPAID",
  "RECEIPT_SUBMITTED",
  "PARTIALLY_PAID",
  "CANCELLED",
  "REFUNDED",
];
/** A top-up's lines, in this order (not the schema's `CREDIT_TYPES` order). */
const TOPUP_LINE_TYPES: readonly CreditType[] = [
  "NETWORKVA",
  "APPLICATIONVA",
  "SOURCECODE",
  "THREATINSPECTION",
  "EXPOSUREDETECTION",
];

/**
 * Credits and payments, last because they follow every scan: the year's spending (the listed scans,
 * failed ones refunded, and the recurring scans before them), the top-ups that paid for it, payments
 * in every other state, and finally every credit transaction numbered in date order.
 */
export function addCreditsAndPayments(ctx: SeedContext): void {
  const windowStart = ctx.now - 365 * DAY;
  addScanSpending(ctx, windowStart);
  addRecurringSpending(ctx, windowStart);
  addTopUpsAndPayments(ctx, windowStart);
  const { db, pendingTransactions } = ctx;
  pendingTransactions.sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const tx of pendingTransactions) db.creditTransactions.push({ id: takeId(db, "creditTransactions"), ...tx });
  db.payments.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

/** Books a scan's credits as spent by `userId` (or the system), unless it never started. */
function spend(
  { db, pendingTransactions }: SeedContext,
  companyId: number,
  type: CreditType,
  credits: number,
  whenIso: string | null,
  userId: number | null,
  reference: DbCreditReference,
) {
  if (!whenIso || credits <= 0) return;
  const user = userId === null ? null : db.users.find((u) => u.id === userId);
  pendingTransactions.push({
    company_id: companyId,
    amount: -credits,
    transaction_type: type,
    operator: user ? fullName(user) : "System",
    created_at: whenIso,
    transaction_action: "SPENDING",
    reference,
  });
}

function refund(
  { pendingTransactions }: SeedContext,
  companyId: number,
  type: CreditType,
  credits: number,
  whenIso: string | null,
  reference: DbCreditReference,
) {
  if (!whenIso) return;
  pendingTransactions.push({
    company_id: companyId,
    amount: credits,
    transaction_type: type,
    operator: "System",
    created_at: whenIso,
    transaction_action: "REFUND",
    reference,
  });
}

/** The page each area's scans are shown on, named as the transaction will show it. */
function scanReferences({ db }: SeedContext) {
  const productName = (id: number | undefined) => db.products.find((p) => p.id === id)?.name ?? "a removed product";
  return {
    network: (configId: number, scanId: number | null): DbCreditReference => {
      const config = db.networkConfigs.find((c) => c.id === configId);
      return {
        kind: "NETWORK_VA",
        id: configId,
        scan_id: scanId,
        target_id: null,
        label: productName(config?.product_id),
      };
    },
    web: (appId: number, scanId: number | null): DbCreditReference => {
      const app = db.webApps.find((a) => a.id === appId);
      const asset = db.webAssets.find((a) => a.id === app?.asset_id);
      return {
        kind: "APPLICATION_VA",
        id: appId,
        scan_id: scanId,
        target_id: null,
        label: asset?.application_name ?? "a removed application",
      };
    },
    source: (appId: number, scanId: number | null): DbCreditReference => {
      const app = db.sourceApps.find((a) => a.id === appId);
      const asset = db.sourceAssets.find((a) => a.id === app?.asset_id);
      return {
        kind: "SOURCE_CODE_VA",
        id: appId,
        scan_id: scanId,
        target_id: null,
        label: asset?.repository_name ?? "a removed repository",
      };
    },
    exposure: (configId: number, scanId: number | null): DbCreditReference => {
      const config = db.exposureConfigs.find((c) => c.id === configId);
      const asset = db.exposureAssets.find((a) => a.id === config?.asset_id);
      return {
        kind: "EXPOSURE_DETECTION",
        id: configId,
        scan_id: scanId,
        target_id: asset?.target.id ?? null,
        label: asset?.target.name ?? "a removed target",
      };
    },
  };
}

/** Spending follows the scans: every started scan costs credits, failed ones are refunded. */
function addScanSpending(ctx: SeedContext, windowStart: number): void {
  const { db, at } = ctx;
  const ref = scanReferences(ctx);
  const inWindow = (when: string | null) => when !== null && Date.parse(when) >= windowStart;
  for (const scan of db.networkScans) {
    const config = db.networkConfigs.find((c) => c.id === scan.config_id);
    if (!config || !scan.start_time || !inWindow(scan.start_time)) continue;
    const credits = config.targets.length * CREDITS_PER_ENDPOINT;
    const reference = ref.network(config.id, scan.id);
    spend(ctx, config.company_id, "NETWORKVA", credits, scan.start_time, scan.scanned_by, reference);
    if (scan.status === "FAILED") refund(ctx, config.company_id, "NETWORKVA", credits, scan.end_time, reference);
  }
  for (const scan of db.webScans) {
    const app = db.webApps.find((a) => a.id === scan.app_id);
    const asset = db.webAssets.find((a) => a.id === app?.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    if (!product || scan.status === "PENDING" || scan.status === "QUEUED" || !inWindow(scan.created_at)) continue;
    const reference = ref.web(scan.app_id, scan.id);
    spend(ctx, product.company_id, "APPLICATIONVA", 50, scan.created_at, null, reference);
    if (scan.status === "FAILED")
      refund(ctx, product.company_id, "APPLICATIONVA", 50, at(Date.parse(scan.created_at) + 2 * HOUR), reference);
  }
  for (const scan of db.sourceScans) {
    const app = db.sourceApps.find((a) => a.id === scan.app_id);
    const asset = db.sourceAssets.find((a) => a.id === app?.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    if (!product || scan.status === "QUEUED" || !inWindow(scan.created_at)) continue;
    const reference = ref.source(scan.app_id, scan.id);
    spend(ctx, product.company_id, "SOURCECODE", 30, scan.created_at, null, reference);
    if (scan.status === "FAILED")
      refund(ctx, product.company_id, "SOURCECODE", 30, at(Date.parse(scan.created_at) + HOUR), reference);
  }
  for (const scan of db.exposureScans) {
    const config = db.exposureConfigs.find((c) => c.id === scan.config_id);
    if (!config || !scan.start_scan || !inWindow(scan.start_scan)) continue;
    spend(
      ctx,
      config.company_id,
      "EXPOSUREDETECTION",
      20,
      scan.start_scan,
      scan.scanned_by,
      ref.exposure(config.id, scan.id),
    );
  }
}

/**
 * The listed scans are only the latest; recurring scans ran before them all year, on the same
 * cadence, so spending is steady from month to month. Their own generator keeps the rest of the seed
 * unchanged.
 */
function addRecurringSpending(ctx: SeedContext, windowStart: number): void {
  const { db, at } = ctx;
  const history = createRng(SEED + 1);
  const ref = scanReferences(ctx);
  // Recurring scans before the listed ones are not on record: their reference names the page only.
  const recurring = (
    companyId: number,
    type: CreditType,
    credits: number,
    firstListed: string | undefined,
    since: string,
    everyDays: number,
    reference: DbCreditReference,
  ) => {
    if (!firstListed) return;
    for (let k = 1; ; k++) {
      const when = Date.parse(firstListed) - k * everyDays * DAY - history.int(0, 2) * DAY;
      if (when < windowStart || when < Date.parse(since)) return;
      spend(ctx, companyId, type, credits, at(when), null, reference);
    }
  };
  const earliest = (dates: Array<string | null>) => dates.filter((d): d is string => d !== null).sort()[0];
  for (const config of db.networkConfigs) {
    if (config.schedulle_type !== "AUTOMATIC_SCHEDULLE") continue;
    const scans = db.networkScans.filter((s) => s.config_id === config.id);
    const every = config.frequency_type === "MONTHLY" ? 30 : config.frequency_type === "QUARTERLY" ? 90 : 7;
    const credits = config.targets.length * CREDITS_PER_ENDPOINT;
    recurring(
      config.company_id,
      "NETWORKVA",
      credits,
      earliest(scans.map((s) => s.start_time)),
      config.created_at,
      every,
      ref.network(config.id, null),
    );
  }
  for (const app of db.webApps) {
    const asset = db.webAssets.find((a) => a.id === app.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    const scans = db.webScans.filter((s) => s.app_id === app.id);
    if (product)
      recurring(
        product.company_id,
        "APPLICATIONVA",
        50,
        earliest(scans.map((s) => s.created_at)),
        app.created_at,
        30,
        ref.web(app.id, null),
      );
  }
  for (const app of db.sourceApps) {
    const asset = db.sourceAssets.find((a) => a.id === app.asset_id);
    const product = db.products.find((p) => p.id === asset?.product_id);
    const scans = db.sourceScans.filter((s) => s.app_id === app.id);
    if (product)
      recurring(
        product.company_id,
        "SOURCECODE",
        30,
        earliest(scans.map((s) => s.created_at)),
        app.created_at,
        30,
        ref.source(app.id, null),
      );
  }
  for (const config of db.exposureConfigs) {
    const scans = db.exposureScans.filter((s) => s.config_id === config.id);
    recurring(
      config.company_id,
      "EXPOSUREDETECTION",
      20,
      earliest(scans.map((s) => s.start_scan)),
      config.created_at,
      30,
      ref.exposure(config.id, null),
    );
  }
}

function topupPayment(
  { rng, db, at, invoice }: SeedContext,
  companyId: number,
  userId: number,
  status: PaymentStatus,
  createdMs: number,
  lines: Array<{ type: CreditType; amount: number }>,
): DbPayment {
  const method = rng.pick(METHODS);
  const company = db.companies.find((c) => c.id === companyId);
  const created = at(createdMs);
  const credits = lines.reduce((sum, l) => sum + l.amount, 0);
  const price = credits * CREDIT_PRICE;
  const paidAmount =
    status === "PAID" || status === "REFUNDED" ? price : status === "PARTIALLY_PAID" ? Math.round(price / 2) : 0;
  return {
    id: takeId(db, "payments"),
    company_id: companyId,
    kind: "TOPUP",
    items: lines.map((l) => ({
      id: takeId(db, "paymentItems"),
      amount: l.amount,
      transaction_type: l.type,
      created_at: created,
    })),
    invoice_code: invoice(),
    total_credit_amount: credits,
    total_paid_amount: paidAmount,
    status,
    payment_method: method,
    payment_method_bank_name: method === "BANK_TRANSFER" ? "Example National Bank" : null,
    payment_method_bank_account_name: method === "BANK_TRANSFER" ? (company?.name ?? null) : null,
    payment_method_bank_account_number:
      method === "BANK_TRANSFER" ? `0042-${String(1000 + companyId * 37).padStart(6, "0")}` : null,
    metadata: lines.map((l) => ({ amount: l.amount, credit_price: CREDIT_PRICE, transaction_type: l.type })),
    expired_at: iso(createdMs + HOUR),
    user: userId,
    is_deleted: false,
    deleted_at: null,
    restored_at: null,
    created_at: created,
    updated_at: at(createdMs + (status === "UNPAID" ? 0 : rng.int(5, 50) * MINUTE)),
  };
}

/**
 * Top-ups cover the year's spending plus a closing balance, bought through PAID payments; then
 * payments in every other state, which add no credits.
 */
function addTopUpsAndPayments(ctx: SeedContext, windowStart: number): void {
  const { rng, db, now, at, pendingTransactions } = ctx;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const buyer = adminsOf(db, company.id)[0] ?? rng.pick(membersOf(db, company.id));
    const spent = new Map<CreditType, number>();
    for (const tx of pendingTransactions) {
      if (tx.company_id !== company.id) continue;
      spent.set(tx.transaction_type, (spent.get(tx.transaction_type) ?? 0) - tx.amount);
    }
    // Top-ups per type: one opening purchase 12 months ago, then smaller ones spread over the year.
    const rounds = large ? 6 : 3;
    for (let r = 0; r < rounds; r++) {
      const createdMs =
        windowStart + (r === 0 ? 2 * DAY : Math.floor(((r * 330) / rounds) * DAY)) + rng.int(60, 600) * MINUTE;
      const lines = TOPUP_LINE_TYPES.map((type) => {
        const need = Math.max(0, spent.get(type) ?? 0);
        const closing = type === "EXPOSUREDETECTION" ? 200 : large ? 1500 : 500;
        const total = Math.ceil((need + closing) / 100) * 100;
        const share =
          r === 0 ? Math.ceil((total * 0.6) / 100) * 100 : Math.ceil((total * 0.4) / (rounds - 1) / 100) * 100;
        return { type, amount: Math.max(100, share) };
      });
      const payment = topupPayment(ctx, company.id, buyer.id, "PAID", createdMs, lines);
      db.payments.push(payment);
      for (const line of lines) {
        pendingTransactions.push({
          company_id: company.id,
          amount: line.amount,
          transaction_type: line.type,
          operator: fullName(buyer),
          created_at: at(createdMs + 20 * MINUTE),
          transaction_action: "TOPUP",
          reference: {
            kind: "PAYMENT",
            id: payment.id,
            scan_id: null,
            target_id: null,
            label: payment.invoice_code,
          },
        });
      }
    }
    const others = large ? 10 : 2;
    for (let k = 0; k < others; k++) {
      const status = large ? cycle(OTHER_STATUSES, k) : k === 0 ? "UNPAID" : rng.pick(OTHER_STATUSES);
      const createdMs = status === "UNPAID" ? now - rng.int(5, 30) * MINUTE : now - rng.int(2, 300) * DAY;
      const payment = topupPayment(ctx, company.id, buyer.id, status, createdMs, [
        { type: rng.pick(TOPUP_LINE_TYPES), amount: rng.pick([500, 1000, 2000]) },
      ]);
      if (status === "CANCELLED" && k % 2 === 1) {
        payment.is_deleted = true;
        payment.deleted_at = at(createdMs + 3 * HOUR);
      }
      if (status === "CANCELLED" && k % 2 === 0) {
        payment.deleted_at = at(createdMs + 2 * HOUR);
        payment.restored_at = at(createdMs + 26 * HOUR);
      }
      db.payments.push(payment);
    }
  }
}
