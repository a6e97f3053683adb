import { refuseMember } from "../../auth/memberRights.ts";
import { withScope } from "../../db/pool.ts";
import { notFound } from "../../http/errors.ts";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import { readReportUpload } from "../network/scanImports.ts";
import { ownCompany } from "../network/sql.ts";
import { webAppById } from "../sourcecode/webQueries.ts";
import { importWebReport } from "./scanImports.ts";
import { abortWebScan, runWebScan } from "./scanRuns.ts";
import { type CreateWebApplicationsBody, createWebApplications } from "./targetWrites.ts";

/** The route checked the `{id}` path value (an integer of PostgreSQL's range) before the handler runs. */
const idOf = (params: Record<string, number>): number => {
  const id = params.id;
  if (id === undefined) throw notFound();
  return id;
};

/** Web application scans that run and reports that are imported (issue 29). */
export const webAppScanHandlers: HandlerMap = {
  createWebApplications: handle<CreateWebApplicationsBody>(async ({ services, caller, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        createWebApplications(tx, { caller, requestId }, services.config.scanning, body, ownCompany(caller)),
      ),
      201,
    ),
  ),
  runWebScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        runWebScan(
          tx,
          { caller, requestId },
          services.config.scanning,
          services.jobs,
          idOf(params),
          ownCompany(caller),
        ),
      ),
      201,
    ),
  ),
  importWebScanReport: handle(async ({ services, caller, params, request, requestId }) => {
    // Another company's application is 404 and a member's send 403 before any upload is read.
    await withScope(services.db, caller.scope, async (tx) => {
      if (!(await webAppById(tx, idOf(params), ownCompany(caller)))) throw notFound();
      refuseMember(caller, "scans");
    });
    const report = await readReportUpload(request, services.config.bodyLimit);
    return ok(
      await withScope(services.db, caller.scope, (tx) =>
        importWebReport(
          tx,
          { caller, requestId },
          services.config.scanning,
          services.jobs,
          idOf(params),
          ownCompany(caller),
          report,
        ),
      ),
      201,
    );
  }),
  abortWebScan: handle(async ({ services, caller, params, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        abortWebScan(tx, { caller, requestId }, idOf(params), ownCompany(caller)),
      ),
    ),
  ),
};
