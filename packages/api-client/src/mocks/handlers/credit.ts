import { balancesOf } from "../credits.ts";
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
    const { balance_exposure_detection: _exposure, ...wire } = balancesOf(getDb(), companyScope(ctx.viewer, ctx.url));
    return ctx.ok(wire);
  }),

  typedHttp.get("/api/v1/credit/credit-transactions/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const action = choiceFilter("transaction_action", ctx.query("transaction_action"), TRANSACTION_ACTIONS);
    if (!action.ok) return action.error;
    const type = choiceFilter("transaction_type", ctx.query("transaction_type"), CREDIT_TYPES);
    if (!type.ok) return type.error;
    const rows = newestFirst(
      db.creditTransactions.filter(
        (t) =>
          inScope(scope, t.company_id) &&
          (action.value === null || t.transaction_action === action.value) &&
          (type.value === null || t.transaction_type === type.value),
      ),
      (t) => t.created_at,
    );
    return ctx.paged(rows.map(creditTransaction));
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
