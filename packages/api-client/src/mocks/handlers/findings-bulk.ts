import { getDb } from "../db.ts";
import { bulkChangeStatus, undoBatch } from "../findings/batches.ts";
import { bulkAssign } from "../findings/ownership.ts";
import { typedHttp } from "../typed.ts";

/** Bulk status changes and assignments and their undo (issues 16, 28); the rules live in findings/batches.ts and ownership.ts. */
export const findingsBulkHandlers = [
  typedHttp.post("/api/v1/findings/bulk-status/", async (ctx) => {
    const result = bulkChangeStatus(getDb(), ctx.viewer, (await ctx.body()) as Record<string, unknown> | null);
    return result instanceof Response ? result : ctx.ok(result);
  }),

  typedHttp.post("/api/v1/findings/bulk-assign/", async (ctx) => {
    const result = bulkAssign(getDb(), ctx.viewer, (await ctx.body()) as Record<string, unknown> | null);
    return result instanceof Response ? result : ctx.ok(result);
  }),

  typedHttp.post("/api/v1/findings/batches/{batch_id}/undo/", async (ctx) => {
    const result = undoBatch(
      getDb(),
      ctx.viewer,
      ctx.params.batch_id,
      (await ctx.body()) as Record<string, unknown> | null,
    );
    return result instanceof Response ? result : ctx.ok(result);
  }),
];
