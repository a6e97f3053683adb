import { randomInt } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import { audit } from "../../db/audit.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { type AuthedCtx, handle, isStaffRole, ok } from "../../http/handler.ts";
import { companyFilter, pageOf, pageWindow } from "../../http/paging.ts";
import { scoped } from "./queries.ts";

/** Price of one credit, in the product's currency (spec: 10). */
export const CREDIT_PRICE = 10;

const INVOICE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * `INV-` and 8 characters, as the contract's pattern. Random rather than counted: 40 bits make a
 * clash unlikely, and payments.invoice_code is unique, so a clash fails its insert instead of
 * recording two payments under one code.
 */
export function newInvoiceCode(): string {
  let code = "INV-";
  for (let i = 0; i < 8; i++) code += INVOICE_ALPHABET[randomInt(INVOICE_ALPHABET.length)];
  return code;
}

/** The contract's Payment, one row per payment (`user` is the creator's id). */
export const paymentSelect = sql`
  p.id, p.items, p.invoice_code, p.total_credit_amount, p.total_paid_amount, p.status, p.payment_method,
  p.payment_method_bank_name, p.payment_method_bank_account_name, p.payment_method_bank_account_number,
  coalesce(p.metadata, '[]'::jsonb) as metadata, p.expired_at, p.user_id as "user", p.is_deleted, p.deleted_at,
  p.restored_at, p.created_at, p.updated_at, json_build_object('id', c.id, 'name', c.name) as company`;

export async function paymentById(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
  const rows = await sql<Record<string, unknown>>`
    select ${paymentSelect} from payments p join companies c on c.id = p.company_id where p.id = ${id}`.execute(tx);
  return rows.rows[0] ?? null;
}

type PagedQuery = { company?: number; page?: number; page_size?: number };

/** One page of the payments the caller may see, newest first; `only` narrows them (top-ups). */
async function paymentPage(
  { services, caller, query, request }: AuthedCtx<unknown, PagedQuery>,
  only: RawBuilder<unknown>,
) {
  const window = pageWindow(query);
  const where = sql`${scoped("p.company_id", companyFilter(caller, query))} and ${only}`;
  const { count, rows } = await withScope(services.db, caller.scope, async (tx) => {
    const total = await sql<{ n: number }>`select count(*)::int as n from payments p where ${where}`.execute(tx);
    const page = await sql`select ${paymentSelect} from payments p join companies c on c.id = p.company_id
                            where ${where} order by p.created_at desc, p.id desc
                            limit ${window.limit} offset ${window.offset}`.execute(tx);
    return { count: total.rows[0]?.n ?? 0, rows: page.rows };
  });
  return ok(pageOf(request, window, count, rows));
}

interface TopupBody {
  items: Array<{ transaction_type: string; amount: number }>;
  payment_method: "BANK_TRANSFER" | "CREDIT_CARD";
}

export const paymentHandlers = {
  listPayments: handle<unknown, PagedQuery>(async (ctx) => await paymentPage(ctx, sql`true`)),

  listTopupPayments: handle<unknown, PagedQuery>(async (ctx) => await paymentPage(ctx, sql`p.kind = 'TOPUP'`)),

  // Row-level security leaves another company's payment out, so it answers 404 as a missing one.
  getPayment: handle(async ({ services, caller, params }) => {
    const row = await withScope(services.db, caller.scope, async (tx) => await paymentById(tx, params.id ?? 0));
    if (!row) throw notFound();
    return ok(row);
  }),

  createTopupPayment: handle<TopupBody>(async ({ services, caller, body, requestId }) => {
    const companyId = caller.companyId;
    if (isStaffRole(caller.role) || companyId === null) throw forbidden("Credits are bought by a company's users.");
    refuseMember(caller, "credits");
    const items = JSON.stringify(body.items.map((i) => ({ transaction_type: i.transaction_type, amount: i.amount })));
    const bank = body.payment_method === "BANK_TRANSFER";
    const row = await withScope(services.db, caller.scope, async (tx) => {
      // One statement: the items get their ids from payment_item_id_seq and the same timestamp as
      // the payment; the metadata snapshots the credit price of the moment.
      const inserted = await sql<{ id: number }>`
        with lines as (
          select l.ordinality, l.transaction_type, l.amount
            from rows from (jsonb_to_recordset(${items}::jsonb) as (transaction_type text, amount numeric))
                 with ordinality as l(transaction_type, amount, ordinality)
        )
        insert into payments (company_id, kind, invoice_code, status, total_credit_amount, total_paid_amount,
                              payment_method, payment_method_bank_name, payment_method_bank_account_name,
                              payment_method_bank_account_number, items, metadata, expired_at, user_id)
        select c.id, 'TOPUP', ${newInvoiceCode()}, 'UNPAID', (select sum(amount) from lines), 0,
               ${body.payment_method},
               ${bank ? "Example National Bank" : null},
               ${bank ? sql`c.name` : sql`null`},
               ${bank ? `0042-${String(1000 + companyId * 37).padStart(6, "0")}` : null},
               (select jsonb_agg(jsonb_build_object('id', nextval('payment_item_id_seq'), 'amount', amount,
                                                    'transaction_type', transaction_type,
                                                    'created_at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                                 order by ordinality) from lines),
               (select jsonb_agg(jsonb_build_object('amount', amount, 'credit_price', ${CREDIT_PRICE}::numeric,
                                                    'transaction_type', transaction_type) order by ordinality) from lines),
               now() + interval '1 hour', ${caller.id}
          from companies c where c.id = ${companyId}
        returning id`.execute(tx);
      const id = inserted.rows[0]?.id;
      if (id === undefined) throw notFound();
      const created = await paymentById(tx, id);
      await audit(tx, {
        companyId,
        actorId: caller.id,
        action: "payment.topup.create",
        entity: "payment",
        entityId: id,
        before: null,
        after: created,
        requestId,
      });
      return created;
    });
    return ok(row, 201);
  }),
};
