import { refuseMember } from "../../auth/memberRights.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { notFound } from "../../http/errors.ts";
import { type AuthedCtx, type HandlerMap, handle, ok } from "../../http/handler.ts";
import { companyFilter, type PageWindow, pageOf, pageWindow } from "../../http/paging.ts";
import { sourceAppById, sourceAppPage, sourceScanDetail, sourceScanPage } from "./queries.ts";
import { importSourceReport, readSourceUpload } from "./scanImports.ts";
import { abortSourceScan, runSourceScan } from "./scanRuns.ts";
import { createSourceApp } from "./service.ts";
import { detailCompany } from "./summaries.ts";
import { webAppById, webAppPage, webScanById, webScanPage } from "./webQueries.ts";

/** page, page_size and company are read by the paging helpers; search is the source code list's. */
interface ListQuery extends Record<string, unknown> {
  search?: string;
}

/** The route checked the `{id}` path value (an integer ≥ 1) before the handler runs. */
const idOf = (params: Record<string, number>): number => {
  const id = params.id;
  if (id === undefined) throw notFound();
  return id;
};

/** A record, or 404 when it does not exist or belongs to another company than the caller's. */
const found = <T>(row: T | null): T => {
  if (row === null) throw notFound();
  return row;
};

/** A page of one parent's children: 404 first when the parent is not the caller's to see. */
async function childPage<T>(
  ctx: AuthedCtx<unknown, ListQuery>,
  parent: (tx: Tx, company: number | null) => Promise<unknown>,
  page: (tx: Tx, window: PageWindow) => Promise<{ count: number; rows: T[] }>,
) {
  const window = pageWindow(ctx.query);
  const { count, rows } = await withScope(ctx.services.db, ctx.caller.scope, async (tx) => {
    found(await parent(tx, detailCompany(ctx.caller.scope)));
    return await page(tx, window);
  });
  return ok(pageOf(ctx.request, window, count, rows));
}

/** Source code VA and web application VA: applications and their scans (findings live elsewhere). */
export const sourceCodeHandlers: HandlerMap = {
  listSourceCodeApplications: handle<unknown, ListQuery>(async ({ services, caller, query, request }) => {
    const window = pageWindow(query);
    const { count, rows } = await withScope(services.db, caller.scope, (tx) =>
      sourceAppPage(tx, companyFilter(caller, query), query.search ?? null, window),
    );
    return ok(pageOf(request, window, count, rows));
  }),

  createSourceCodeApplication: handle<{ asset: number }>(async ({ services, caller, body, requestId }) =>
    ok(
      await createSourceApp(
        services.db,
        { jobs: services.jobs, scanning: services.config.scanning },
        caller,
        body.asset,
        requestId,
      ),
      201,
    ),
  ),

  getSourceCodeApplication: async ({ services, caller, params }) =>
    ok(
      found(
        await withScope(services.db, caller.scope, (tx) =>
          sourceAppById(tx, idOf(params), detailCompany(caller.scope)),
        ),
      ),
    ),

  listSourceCodeScans: handle<unknown, ListQuery>((ctx) =>
    childPage(
      ctx,
      (tx, company) => sourceAppById(tx, idOf(ctx.params), company),
      (tx, window) => sourceScanPage(tx, idOf(ctx.params), window),
    ),
  ),

  runSourceCodeScan: handle<{ branch: string }>(async ({ services, caller, params, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        runSourceScan(
          tx,
          { caller, requestId },
          services.config.scanning,
          services.jobs,
          idOf(params),
          detailCompany(caller.scope),
          body,
        ),
      ),
      201,
    ),
  ),

  importSourceCodeScanReport: handle(async ({ services, caller, params, request, requestId }) => {
    // Another company's application is 404 and a member's send 403 before any upload is read.
    await withScope(services.db, caller.scope, async (tx) => {
      found(await sourceAppById(tx, idOf(params), detailCompany(caller.scope)));
      refuseMember(caller, "scans");
    });
    const upload = await readSourceUpload(request, services.config.bodyLimit);
    return ok(
      await withScope(services.db, caller.scope, (tx) =>
        importSourceReport(tx, { caller, requestId }, services.jobs, idOf(params), detailCompany(caller.scope), upload),
      ),
      201,
    );
  }),

  abortSourceCodeScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        abortSourceScan(tx, { caller, requestId }, idOf(params), detailCompany(caller.scope)),
      ),
    ),
  ),

  getSourceCodeScan: async ({ services, caller, params }) =>
    ok(
      found(
        await withScope(services.db, caller.scope, (tx) =>
          sourceScanDetail(tx, idOf(params), detailCompany(caller.scope)),
        ),
      ),
    ),

  listWebApplications: handle<unknown, ListQuery>(async ({ services, caller, query, request }) => {
    const window = pageWindow(query);
    const { count, rows } = await withScope(services.db, caller.scope, (tx) =>
      webAppPage(tx, companyFilter(caller, query), window),
    );
    return ok(pageOf(request, window, count, rows));
  }),

  getWebApplication: async ({ services, caller, params }) =>
    ok(
      found(
        await withScope(services.db, caller.scope, (tx) => webAppById(tx, idOf(params), detailCompany(caller.scope))),
      ),
    ),

  listWebScans: handle<unknown, ListQuery>((ctx) =>
    childPage(
      ctx,
      (tx, company) => webAppById(tx, idOf(ctx.params), company),
      (tx, window) => webScanPage(tx, idOf(ctx.params), window),
    ),
  ),

  getWebScan: async ({ services, caller, params }) =>
    ok(
      found(
        await withScope(services.db, caller.scope, (tx) => webScanById(tx, idOf(params), detailCompany(caller.scope))),
      ),
    ),
};
