import {
  type CreditCsvRow,
  creditCsvFilename,
  creditCsvHead,
  creditCsvRows,
  creditDescription,
} from "@sentinel/api-client/mocks/credits";
import type { DbCreditReference } from "@sentinel/api-client/mocks/db-types";
import { type RawBuilder, sql } from "kysely";
import { type Tx, withScope } from "../../db/pool.ts";
import { streamCursorFile } from "../../http/cursorFile.ts";
import { type AuthedCtx, handle, ok } from "../../http/handler.ts";
import { companyFilter, pageOf, pageWindow } from "../../http/paging.ts";
import { scoped } from "./queries.ts";

/** Rows read (and held) at a time while the CSV is written, as the findings export does. */
const EXPORT_BATCH = 500;

/**
 * Serialises everything that spends a company's credits: the caller holds its company's row until
 * the transaction ends, so a second purchase reads the balance only after the first one's debit is
 * committed (or rolled back). The company row is the lock because every area that spends credits
 * can take it without agreeing on an advisory-lock number; `no key update` does not block inserts
 * that reference the company.
 */
export async function lockCompanyCredits(tx: Tx, companyId: number): Promise<void> {
  await sql`select 1 from companies where id = ${companyId} for no key update`.execute(tx);
}

/** A company's balance of one credit type: the ledger's sum, nothing stored beside it. */
export async function balanceOf(tx: Tx, companyId: number, type: string): Promise<number> {
  const row = (
    await sql<{ balance: number }>`select coalesce(sum(amount), 0) as balance from credit_transactions
                                   where company_id = ${companyId} and transaction_type = ${type}`.execute(tx)
  ).rows[0];
  return row?.balance ?? 0;
}

type TransactionQuery = {
  company?: number;
  page?: number;
  page_size?: number;
  transaction_action?: string;
  transaction_type?: string;
};

/** The list's and the export's one selection: the caller's scope and the filters. */
function transactionsWhere(caller: AuthedCtx["caller"], query: TransactionQuery): RawBuilder<unknown> {
  return sql`${scoped("t.company_id", companyFilter(caller, query))}
    and (${query.transaction_action ?? null}::text is null or t.transaction_action = ${query.transaction_action ?? null})
    and (${query.transaction_type ?? null}::text is null or t.transaction_type = ${query.transaction_type ?? null})`;
}

/** The contract's CreditTransaction, without its description (written from the row, as static mode does). */
const transactionSelect = sql`t.id, json_build_object('id', c.id, 'name', c.name) as company, t.amount,
  t.transaction_type, t.operator, t.created_at, t.transaction_action, t.reference`;

type TransactionRow = CreditCsvRow & { reference: DbCreditReference | null };

/** Adds what the transaction was for, in the words static mode uses (the same function writes both). */
const described = (rows: Array<Record<string, unknown>>) =>
  (rows as unknown as TransactionRow[]).map((row) => ({
    ...row,
    description: creditDescription({
      transaction_action: row.transaction_action as never,
      transaction_type: row.transaction_type as never,
      reference: row.reference,
    }),
  }));

export const creditHandlers = {
  getCreditBalance: handle<unknown, { company?: number }>(async ({ services, caller, query }) => {
    const company = companyFilter(caller, query);
    const row = await withScope(services.db, caller.scope, async (tx) => {
      // The total is the sum of the five credit types' balances, so the tiles always add up to it.
      const result = await sql<Record<string, number>>`
        select coalesce(sum(amount) filter (where transaction_type = 'NETWORKVA'), 0) as balance_network_va,
               coalesce(sum(amount) filter (where transaction_type = 'APPLICATIONVA'), 0) as balance_application_va,
               coalesce(sum(amount) filter (where transaction_type = 'SOURCECODE'), 0) as balance_source_code,
               coalesce(sum(amount) filter (where transaction_type = 'THREATINSPECTION'), 0) as balance_threat_inspection,
               coalesce(sum(amount) filter (where transaction_type = 'EXPOSUREDETECTION'), 0) as balance_exposure_detection,
               coalesce(sum(amount), 0) as balance
          from credit_transactions t
         where ${scoped("t.company_id", company)}`.execute(tx);
      return result.rows[0];
    });
    return ok(row);
  }),

  listCreditTransactions: handle<unknown, TransactionQuery>(async ({ services, caller, query, request }) => {
    const window = pageWindow(query);
    const where = transactionsWhere(caller, query);
    const { count, rows } = await withScope(services.db, caller.scope, async (tx) => {
      const total = await sql<{
        n: number;
      }>`select count(*)::int as n from credit_transactions t where ${where}`.execute(tx);
      const page = await sql<Record<string, unknown>>`
        select ${transactionSelect}
          from credit_transactions t join companies c on c.id = t.company_id where ${where}
         order by t.created_at desc, t.id desc
         limit ${window.limit} offset ${window.offset}`.execute(tx);
      return { count: total.rows[0]?.n ?? 0, rows: page.rows };
    });
    return ok(pageOf(request, window, count, described(rows)));
  }),

  /**
   * `GET /credit/credit-transactions/export/`: the list's selection in its order, without paging,
   * written from a cursor one batch at a time with backpressure (as the findings export). A client's
   * scope is its own company whatever `company` says; row-level security holds it as well.
   */
  exportCreditTransactions: handle<unknown, TransactionQuery>(async (ctx) => {
    const { services, caller, query } = ctx;
    const where = transactionsWhere(caller, query);
    await withScope(services.db, caller.scope, async (tx) => {
      await sql`declare credit_export no scroll cursor for
        select ${transactionSelect}
          from credit_transactions t join companies c on c.id = t.company_id where ${where}
         order by t.created_at desc, t.id desc`.execute(tx);
      await streamCursorFile<Record<string, unknown>>(ctx, tx, {
        cursor: "credit_export",
        batch: EXPORT_BATCH,
        contentType: "text/csv; charset=utf-8; header=present",
        filename: creditCsvFilename(new Date().toISOString()),
        head: creditCsvHead(),
        encode: (rows) => creditCsvRows(described(rows)),
        what: "credit transactions export",
      });
    });
    // The file was written to the connection; nothing is left for the router to send.
    return null;
  }),

  getCreditTransactionGraph: handle<unknown, { company?: number }>(async ({ services, caller, query }) => {
    const company = companyFilter(caller, query);
    const months = await withScope(services.db, caller.scope, async (tx) => {
      // Twelve calendar months (UTC) ending with the current one, or with the newest transaction if
      // one is dated later, as static mode's monthWindow; spending per service in each.
      const result = await sql<{
        label: string;
        networkva: number;
        exposure_detection: number;
        threat_inspection: number;
        web: number;
        sourcecode: number;
      }>`
        with last as (
          select date_trunc('month', greatest(now(), (select max(created_at) from credit_transactions)) at time zone 'UTC') as month
        ), months as (
          select generate_series(last.month - interval '11 months', last.month, interval '1 month') as month from last
        )
        select to_char(m.month, 'Mon YYYY') as label,
               coalesce(-sum(t.amount) filter (where t.transaction_type = 'NETWORKVA'), 0) as networkva,
               coalesce(-sum(t.amount) filter (where t.transaction_type = 'EXPOSUREDETECTION'), 0) as exposure_detection,
               coalesce(-sum(t.amount) filter (where t.transaction_type = 'THREATINSPECTION'), 0) as threat_inspection,
               coalesce(-sum(t.amount) filter (where t.transaction_type = 'APPLICATIONVA'), 0) as web,
               coalesce(-sum(t.amount) filter (where t.transaction_type = 'SOURCECODE'), 0) as sourcecode
          from months m
          left join credit_transactions t
            on t.transaction_action = 'SPENDING'
           and t.created_at >= m.month at time zone 'UTC'
           and t.created_at < (m.month + interval '1 month') at time zone 'UTC'
           and ${scoped("t.company_id", company)}
         group by m.month
         order by m.month`.execute(tx);
      return result.rows;
    });
    return ok({
      date_labels: months.map((m) => m.label),
      networkva: months.map((m) => m.networkva),
      exposure_detection: months.map((m) => m.exposure_detection),
      threat_inspection: months.map((m) => m.threat_inspection),
      web: months.map((m) => m.web),
      sourcecode: months.map((m) => m.sourcecode),
    });
  }),
};
