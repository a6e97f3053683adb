import { sql } from "kysely";
import { withScope } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import { companyFilter, pageOf, pageWindow } from "../../http/paging.ts";
import { creditHandlers } from "./credits.ts";
import { paymentHandlers } from "./payments.ts";
import { createConfig, discardDraft, estimatePrice, ownCompany, processPurchase, updateEndpoints } from "./purchase.ts";
import {
  configById,
  configState,
  configsWhere,
  countConfigs,
  endpointById,
  endpointReputationsOfScan,
  endpointSelection,
  endpointsOfScan,
  scanDetail,
  scanDomains,
  scanState,
  scansOfConfig,
  scoped,
  storedDomainReputationsOfScan,
  targets,
} from "./queries.ts";
import { domainReputations } from "./reputation.ts";
import { abortThreatScan, runThreatScan } from "./scanRuns.ts";

type PagedQuery = { company?: number; page?: number; page_size?: number };

/** PostgreSQL's unique_violation of the invoice code: the code is already a payment's. */
const isInvoiceClash = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  (error as { code?: unknown }).code === "23505" &&
  (error as { constraint?: unknown }).constraint === "payments_invoice_code_key";

export const threatHandlers: HandlerMap = {
  ...creditHandlers,
  ...paymentHandlers,

  // Paid configurations only: unpaid ones are drafts, listed by un-paid/.
  listThreatInspectionConfigurations: handle<unknown, PagedQuery>(async ({ services, caller, query, request }) => {
    const window = pageWindow(query);
    const where = sql`tc.paid_invoice is not null and ${scoped("tc.company_id", companyFilter(caller, query))}`;
    const { count, rows } = await withScope(services.db, caller.scope, async (tx) => ({
      count: await countConfigs(tx, where),
      rows: await configsWhere(tx, where, window),
    }));
    return ok(pageOf(request, window, count, rows));
  }),

  // The contract declares no `company` here, so the route leaves it a string; staff narrow by it
  // all the same, as in static mode.
  listUnpaidThreatInspectionConfigurations: handle<unknown, { company?: unknown }>(
    async ({ services, caller, query }) => {
      const company = /^[1-9]\d{0,8}$/.test(String(query.company)) ? Number(query.company) : undefined;
      const where = sql`tc.paid_invoice is null and ${scoped("tc.company_id", companyFilter(caller, { company }))}`;
      return ok(await withScope(services.db, caller.scope, (tx) => configsWhere(tx, where)));
    },
  ),

  createThreatInspectionConfiguration: handle<{ name: string; exposure_detection_target: number }>(
    async ({ services, caller, body, requestId }) =>
      ok(await withScope(services.db, caller.scope, (tx) => createConfig(tx, { caller, requestId }, body)), 201),
  ),

  getThreatInspectionConfiguration: async ({ services, caller, params }) =>
    ok(
      await withScope(
        services.db,
        caller.scope,
        async (tx) => (await configById(tx, params.id ?? 0, ownCompany(caller))) ?? Promise.reject(notFound()),
      ),
    ),

  discardThreatInspectionConfiguration: async ({ services, caller, params, requestId }) => {
    await withScope(services.db, caller.scope, (tx) => discardDraft(tx, { caller, requestId }, params.id ?? 0));
    return null;
  },

  updateThreatInspectionEndpoints: handle<{ endpoints: number[] }>(
    async ({ services, caller, body, params, requestId }) =>
      ok(
        await withScope(services.db, caller.scope, (tx) =>
          updateEndpoints(tx, { caller, requestId }, params.id ?? 0, body.endpoints),
        ),
      ),
  ),

  estimateThreatInspectionPrice: handle<{ scan_frequency: string; scan_time?: string }>(
    async ({ services, caller, body, params, requestId }) =>
      ok(
        await withScope(services.db, caller.scope, (tx) =>
          estimatePrice(tx, { caller, requestId }, params.id ?? 0, body),
        ),
      ),
  ),

  processThreatInspectionConfiguration: handle<{ invoice_id: string; amount_paid: number }>(
    async ({ services, caller, body, params, requestId }) => {
      try {
        return ok(
          await withScope(services.db, caller.scope, (tx) =>
            processPurchase(tx, { caller, requestId }, params.id ?? 0, body, {
              jobs: services.jobs,
              scanning: services.config.scanning,
            }),
          ),
        );
      } catch (error) {
        // The whole purchase was rolled back (the debit too); the estimate needs a fresh invoice.
        if (isInvoiceClash(error)) {
          throw fieldError("invoice_id", "This invoice number is already taken. Estimate the price again.");
        }
        throw error;
      }
    },
  ),

  listThreatInspectionTargets: handle<unknown, PagedQuery>(async ({ services, caller, query, params, request }) => {
    const window = pageWindow(query);
    const { count, rows } = await withScope(services.db, caller.scope, async (tx) => {
      const config = await configState(tx, params.id ?? 0, ownCompany(caller));
      if (!config) throw notFound();
      return await targets(tx, config.id, window);
    });
    return ok(pageOf(request, window, count, rows));
  }),

  getThreatInspectionEndpointSelection: async ({ services, caller, params }) =>
    ok(
      await withScope(services.db, caller.scope, async (tx) => {
        const config = await configState(tx, params.id ?? 0, ownCompany(caller));
        const selection = config ? await endpointSelection(tx, config.id, params.exposure_scan_id ?? 0) : null;
        if (!selection) throw notFound();
        return selection;
      }),
    ),

  listThreatInspectionScans: handle<unknown, PagedQuery>(async ({ services, caller, query, params, request }) => {
    const window = pageWindow(query);
    const { count, rows } = await withScope(services.db, caller.scope, async (tx) => {
      const config = await configState(tx, params.id ?? 0, ownCompany(caller));
      if (!config) throw notFound();
      return await scansOfConfig(tx, config.id, window);
    });
    return ok(pageOf(request, window, count, rows));
  }),

  runThreatInspectionScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        runThreatScan(
          tx,
          { caller, requestId },
          { jobs: services.jobs, scanning: services.config.scanning },
          params.id ?? 0,
        ),
      ),
      201,
    ),
  ),

  abortThreatInspectionScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        abortThreatScan(tx, { caller, requestId }, { configId: params.id ?? 0, scanId: params.scan_id ?? 0 }),
      ),
    ),
  ),

  getThreatInspectionScan: async ({ services, caller, params }) =>
    ok(
      await withScope(services.db, caller.scope, async (tx) => {
        const scan = await scanState(tx, params.id ?? 0, ownCompany(caller));
        const detail = scan ? await scanDetail(tx, scan.id) : null;
        if (!detail) throw notFound();
        return detail;
      }),
    ),

  listThreatInspectionScanEndpoints: handle<unknown, PagedQuery>(
    async ({ services, caller, query, params, request }) => {
      const window = pageWindow(query);
      const { count, rows } = await withScope(services.db, caller.scope, async (tx) => {
        const scan = await scanState(tx, params.id ?? 0, ownCompany(caller));
        if (!scan) throw notFound();
        return await endpointsOfScan(tx, scan.id, window);
      });
      return ok(pageOf(request, window, count, rows));
    },
  ),

  getThreatInspectionEndpoint: async ({ services, caller, params }) =>
    ok(
      await withScope(
        services.db,
        caller.scope,
        async (tx) => (await endpointById(tx, params.id ?? 0, ownCompany(caller))) ?? Promise.reject(notFound()),
      ),
    ),

  listThreatInspectionEndpointReputations: async ({ services, caller, params }) =>
    ok(
      await withScope(services.db, caller.scope, async (tx) => {
        const scan = await scanState(tx, params.id ?? 0, ownCompany(caller));
        if (!scan) throw notFound();
        return await endpointReputationsOfScan(tx, scan.id);
      }),
    ),

  listThreatInspectionDomainReputations: async ({ services, caller, params }) =>
    ok(
      await withScope(services.db, caller.scope, async (tx) => {
        const scan = await scanState(tx, params.id ?? 0, ownCompany(caller));
        if (!scan) throw notFound();
        return (
          (await storedDomainReputationsOfScan(tx, scan.id)) ??
          domainReputations(scan, await scanDomains(tx, scan.config_id))
        );
      }),
    ),
};
