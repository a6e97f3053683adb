import { withScope } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import { type AuthedCtx, type HandlerMap, handle, ok } from "../../http/handler.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";
import { type ExportFormat, streamExport } from "./export.ts";
import { indexPage, requestCursor } from "./indexPage.ts";
import { type Area, type FindingStatus, isFindingStatus, readFindingQuery } from "./model.ts";
import { assigneeCandidates, assignFinding, bulkAssign, getSla, type SlaDays, setSla } from "./ownership.ts";
import { childIds, findingAt, findingRows, parentVisible } from "./queries.ts";
import { sourceCodeRow, webRow } from "./serialize.ts";
import {
  bulkChangeStatus,
  changeStatus,
  type FindingPath,
  findingBodies,
  indexItems,
  ownCompany,
  undoBatch,
} from "./service.ts";

/** Every findings operation: the cross-area index, bulk status, undo and export, and each area's screens. */

type StatusBody = { status: FindingStatus; message: string; version?: number };

const networkPath = (p: Record<string, number>) => ({
  config: p.id ?? 0,
  scan: p.scanId ?? 0,
  endpoint: p.endpointId ?? 0,
});

/** A per-area list: the parent must be the caller's, then one page of its findings as `shape` writes them. */
async function areaList(
  ctx: AuthedCtx,
  parent: Parameters<typeof parentVisible>[1],
  shape: "finding" | "sourcecode" | "web",
  filters: { status?: string; search?: string } = {},
) {
  const company = ownCompany(ctx.caller);
  const window = pageWindow(ctx.query);
  return ok(
    await withScope(ctx.services.db, ctx.caller.scope, async (tx) => {
      if (!(await parentVisible(tx, parent, company))) throw notFound();
      const area: Area = parent.area;
      const parentId = parent.area === "network" ? parent.endpoint : parent.id;
      const { count, ids } = await childIds(tx, area, parentId, company, filters, window.limit, window.offset);
      if (shape === "finding") return pageOf(ctx.request, window, count, await findingBodies(tx, ids, company));
      const rows = await findingRows(tx, ids, company);
      return pageOf(ctx.request, window, count, rows.map(shape === "web" ? webRow : sourceCodeRow));
    }),
  );
}

const detail = (path: (p: Record<string, number>) => FindingPath) =>
  handle(async (ctx) => {
    const company = ownCompany(ctx.caller);
    return ok(
      await withScope(ctx.services.db, ctx.caller.scope, async (tx) => {
        const found = await findingAt(tx, path(ctx.params), company);
        if (!found) throw notFound();
        const [body] = await findingBodies(tx, [found.id], company);
        if (!body) throw notFound();
        return body;
      }),
    );
  });

const update = (path: (p: Record<string, number>) => FindingPath) =>
  handle<StatusBody>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        changeStatus(tx, ctx.caller, path(ctx.params), ctx.body, ctx.requestId),
      ),
    ),
  );

const networkFinding = (p: Record<string, number>): FindingPath => ({
  area: "network",
  ...networkPath(p),
  finding: p.findingId ?? 0,
});
const scanFinding =
  (area: "sourcecode" | "web") =>
  (p: Record<string, number>): FindingPath => ({ area, scan: p.id ?? 0, finding: p.findingId ?? 0 });
const threatFinding = (p: Record<string, number>): FindingPath => ({ area: "threat", finding: p.id ?? 0 });

export const findingHandlers: HandlerMap = {
  // ------------------------------------------------------------ per-area screens
  listNetworkFindings: handle<unknown, { status?: string; search?: string }>(async (ctx) => {
    const status = ctx.query.status;
    // The parameter is shared with the ticket list; here only a finding status is a choice.
    if (status !== undefined && status !== "" && !isFindingStatus(status)) {
      throw fieldError("status", `Select a valid choice. ${status} is not one of the available choices.`);
    }
    return areaList(ctx as AuthedCtx, { area: "network", ...networkPath(ctx.params) }, "finding", {
      ...(status ? { status } : {}),
      ...(ctx.query.search ? { search: ctx.query.search } : {}),
    });
  }),
  getNetworkFinding: detail(networkFinding),
  updateNetworkFindingStatus: update(networkFinding),

  listSourceCodeFindings: async (ctx) => areaList(ctx, { area: "sourcecode", id: ctx.params.id ?? 0 }, "sourcecode"),
  getSourceCodeFinding: detail(scanFinding("sourcecode")),
  updateSourceCodeFindingStatus: update(scanFinding("sourcecode")),

  listWebFindings: async (ctx) => areaList(ctx, { area: "web", id: ctx.params.id ?? 0 }, "web"),
  getWebFinding: detail(scanFinding("web")),
  updateWebFindingStatus: update(scanFinding("web")),

  listThreatInspectionFindings: async (ctx) => areaList(ctx, { area: "threat", id: ctx.params.id ?? 0 }, "finding"),
  getThreatInspectionFinding: detail(threatFinding),
  updateThreatInspectionFindingStatus: update(threatFinding),

  // ------------------------------------------------------------ the index
  listFindings: async (ctx) => {
    const q = readFindingQuery(ctx.query, ctx.caller.scope.companies, ctx.caller.id);
    const cursor = requestCursor(ctx.request, ctx.query, q);
    const window = pageWindow(ctx.query);
    const company = ownCompany(ctx.caller);
    return ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        indexPage(tx, ctx.request, q, window, cursor, (ids) => indexItems(tx, ids, company)),
      ),
    );
  },

  bulkUpdateFindingStatus: handle<Parameters<typeof bulkChangeStatus>[2]>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        bulkChangeStatus(tx, ctx.caller, ctx.body, ctx.requestId),
      ),
    ),
  ),

  undoFindingBatch: handle<{ reason?: string }>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        undoBatch(tx, ctx.caller, ctx.params.batch_id ?? 0, ctx.body ?? {}, ctx.requestId),
      ),
    ),
  ),

  assignFinding: handle<{ assignee: number | null }>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        assignFinding(tx, ctx.caller, ctx.params.id ?? 0, ctx.body.assignee, ctx.requestId),
      ),
    ),
  ),

  bulkAssignFindings: handle<Parameters<typeof bulkAssign>[2]>(async (ctx) =>
    ok(await withScope(ctx.services.db, ctx.caller.scope, (tx) => bulkAssign(tx, ctx.caller, ctx.body, ctx.requestId))),
  ),

  getFindingSla: async (ctx) =>
    ok(await withScope(ctx.services.db, ctx.caller.scope, (tx) => getSla(tx, ctx.params.id ?? 0))),

  updateFindingSla: handle<{ days: SlaDays }>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        setSla(tx, ctx.caller, ctx.params.id ?? 0, ctx.body.days, ctx.requestId),
      ),
    ),
  ),

  listFindingAssignees: async (ctx) =>
    ok(await withScope(ctx.services.db, ctx.caller.scope, (tx) => assigneeCandidates(tx, ctx.params.id ?? 0))),

  exportFindings: handle<unknown, { format: ExportFormat }>(async (ctx) => {
    const q = readFindingQuery(ctx.query, ctx.caller.scope.companies, ctx.caller.id);
    await streamExport(ctx as AuthedCtx, ctx.query.format, q);
    // The file was written to the connection; nothing is left for the router to send.
    return null;
  }),
};
