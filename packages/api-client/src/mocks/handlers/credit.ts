import { iso, now } from "../clock.ts";
import { balancesOf, creditCsvFilename, creditCsvHead, creditCsvRows } from "../credits.ts";
import { getDb } from "../db.ts";
import { newestFirst } from "../lookup.ts";
import { CREDIT_TYPES, TRANSACTION_ACTIONS } from "../schema-types.ts";
import { companyScope, inScope } from "../scope.ts";
import { creditTransaction } from "../serialize.ts";
import { typedHttp } from "../typed.ts";
import { choiceFilter } from "../validate.ts";
import { monthWindow, spendingByService } from "./dashboard.ts";

export const creditHandlers = [
  typedHttp.get("/api/v1/credit/credit-transactions/credit-balance/", (ctx) => {
    return ctx.ok(balancesOf(getDb(), companyScope(ctx.viewer, ctx.url)));
  }),

  typedHttp.get("/api/v1/credit/credit-transactions/", (ctx) => {
    const db = getDb();
    const rows = selectTransactions(ctx);
    if (!Array.isArray(rows)) return rows;
    return ctx.paged(rows.map((t) => creditTransaction(db, t)));
  }),

  typedHttp.get("/api/v1/credit/credit-transactions/export/", (ctx) => {
    const db = getDb();
    const rows = selectTransactions(ctx);
    if (!Array.isArray(rows)) return rows;
    const generatedAt = iso(now());
    const body = creditCsvHead() + creditCsvRows(rows.map((t) => creditTransaction(db, t)));
    const response = new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": `attachment; filename="${creditCsvFilename(generatedAt)}"`,
      },
    });
    // A file, not a JSON reply: typed as the route's reply so it type-checks, as the findings export does.
    return response as unknown as ReturnType<typeof ctx.ok>;
  }),

  typedHttp.get("/api/v1/credit/credit-transactions/credit-transaction-graph/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const months = monthWindow(db);
    const series = months.map((m) => spendingByService(db, scope, m.start, m.end));
    return ctx.ok({
      date_labels: months.map((m) => m.label),
      networkva: series.map((s) => s.networkva),
      exposure_detection: series.map((s) => s.exposure_detection),
      threat_inspection: series.map((s) => s.threat_inspection),
      web: series.map((s) => s.web),
      sourcecode: series.map((s) => s.sourcecode),
    });
  }),
];

type QueryCtx = { viewer: Parameters<typeof companyScope>[0]; url: URL };

/** The list's and the export's one selection: the caller's scope and filters, newest first. */
function selectTransactions(ctx: QueryCtx) {
  const db = getDb();
  const scope = companyScope(ctx.viewer, ctx.url);
  const params = ctx.url.searchParams;
  const action = choiceFilter("transaction_action", params.get("transaction_action"), TRANSACTION_ACTIONS);
  if (!action.ok) return action.error;
  const type = choiceFilter("transaction_type", params.get("transaction_type"), CREDIT_TYPES);
  if (!type.ok) return type.error;
  return newestFirst(
    db.creditTransactions.filter(
      (t) =>
        inScope(scope, t.company_id) &&
        (action.value === null || t.transaction_action === action.value) &&
        (type.value === null || t.transaction_type === type.value),
    ),
    (t) => t.created_at,
  );
}
