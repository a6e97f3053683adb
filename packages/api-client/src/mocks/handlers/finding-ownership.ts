import { getDb } from "../db.ts";
import { assigneeCandidates, assignFinding, setSla, slaAnswer } from "../findings/ownership.ts";
import { byId } from "../lookup.ts";
import { canSee } from "../scope.ts";
import { finding } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";

/** A finding's assignee, the company's finding SLA and who may be assigned (issue 28); rules in findings/ownership.ts. */
export const findingOwnershipHandlers = [
  typedHttp.put("/api/v1/findings/{id}/assignee/", async (ctx) => {
    const db = getDb();
    const result = assignFinding(db, ctx.viewer, ctx.params.id, (await ctx.body()) as Record<string, unknown> | null);
    return result instanceof Response ? result : ctx.ok(finding(db, result));
  }),

  typedHttp.get("/api/v1/company/{id}/finding-sla/", (ctx) => {
    const db = getDb();
    if (!byId(db.companies, ctx.params.id) || !canSee(ctx.viewer, ctx.params.id)) return reply.notFound();
    return ctx.ok(slaAnswer(db, ctx.params.id));
  }),

  typedHttp.put("/api/v1/company/{id}/finding-sla/", async (ctx) => {
    const db = getDb();
    if (!byId(db.companies, ctx.params.id) || !canSee(ctx.viewer, ctx.params.id)) return reply.notFound();
    const result = setSla(db, ctx.viewer, ctx.params.id, (await ctx.body()) as Record<string, unknown> | null);
    return result instanceof Response ? result : ctx.ok(result);
  }),

  typedHttp.get("/api/v1/company/{id}/finding-assignees/", (ctx) => {
    const db = getDb();
    if (!byId(db.companies, ctx.params.id) || !canSee(ctx.viewer, ctx.params.id)) return reply.notFound();
    return ctx.ok(assigneeCandidates(db, ctx.params.id));
  }),
];
