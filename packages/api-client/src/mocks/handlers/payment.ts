import { HOUR, iso, now } from "../clock.ts";
import { getDb, newId, newInvoiceCode } from "../db.ts";
import type { DbPayment } from "../db-types.ts";
import { byId, newestFirst } from "../lookup.ts";
import { memberRefusal } from "../memberRights.ts";
import { CREDIT_PRICE, CREDIT_TYPES, type CreditType, type PaymentMethod } from "../schema-types.ts";
import { companyScope, inScope, isStaff } from "../scope.ts";
import { payment } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";

const METHODS: readonly PaymentMethod[] = ["BANK_TRANSFER", "CREDIT_CARD"];

export const paymentHandlers = [
  typedHttp.get("/api/v1/payment/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.payments.filter((p) => inScope(scope, p.company_id)),
      (p) => p.created_at,
    );
    return ctx.paged(rows.map((p) => payment(db, p)));
  }),

  typedHttp.get("/api/v1/payment/topup-credit/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const rows = newestFirst(
      db.payments.filter((p) => p.kind === "TOPUP" && inScope(scope, p.company_id)),
      (p) => p.created_at,
    );
    return ctx.paged(rows.map((p) => payment(db, p)));
  }),

  typedHttp.get("/api/v1/payment/{id}/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const row = byId(db.payments, ctx.params.id);
    // Another company's payment answers 404, as if it did not exist.
    return row && inScope(scope, row.company_id) ? ctx.ok(payment(db, row)) : reply.notFound();
  }),

  typedHttp.post("/api/v1/payment/topup-credit/", async (ctx) => {
    const db = getDb();
    const buyer = ctx.viewer.user;
    if (isStaff(buyer) || buyer.company_id === null) return reply.forbidden("Credits are bought by a company's users.");
    const refused = memberRefusal(ctx.viewer, "credits");
    if (refused) return refused;
    const body = await ctx.body();
    const invalid = requireFields(body, ["items", "payment_method"]);
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    if (!oneOf(body.payment_method, METHODS)) return reply.field("payment_method", choiceError(body.payment_method));
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) return reply.field("items", "Add at least one credit type.");
    const lines: Array<{ type: CreditType; amount: number }> = [];
    for (const item of items) {
      const type: unknown = item?.transaction_type;
      const amount = Number(item?.amount);
      if (!oneOf(type, CREDIT_TYPES)) return reply.field("items", `transaction_type: ${choiceError(type)}`);
      if (!Number.isFinite(amount) || amount <= 0)
        return reply.field("items", "amount: Enter a number greater than 0.");
      lines.push({ type, amount });
    }
    const company = byId(db.companies, buyer.company_id);
    const at = now();
    const created = iso(at);
    const bank = body.payment_method === "BANK_TRANSFER";
    const row: DbPayment = {
      id: newId("payments"),
      company_id: buyer.company_id,
      kind: "TOPUP",
      items: lines.map((l) => ({
        id: newId("paymentItems"),
        amount: l.amount,
        transaction_type: l.type,
        created_at: created,
      })),
      invoice_code: newInvoiceCode(),
      total_credit_amount: lines.reduce((n, l) => n + l.amount, 0),
      total_paid_amount: 0,
      status: "UNPAID",
      payment_method: body.payment_method,
      payment_method_bank_name: bank ? "Example National Bank" : null,
      payment_method_bank_account_name: bank ? (company?.name ?? null) : null,
      payment_method_bank_account_number: bank ? `0042-${String(1000 + buyer.company_id * 37).padStart(6, "0")}` : null,
      metadata: lines.map((l) => ({ amount: l.amount, credit_price: CREDIT_PRICE, transaction_type: l.type })),
      expired_at: iso(at + HOUR),
      user: buyer.id,
      is_deleted: false,
      deleted_at: null,
      restored_at: null,
      created_at: created,
      updated_at: created,
    };
    db.payments.push(row);
    return ctx.created(payment(db, row));
  }),
];
