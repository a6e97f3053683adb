import { alreadyInScope, checkWidenedRange, SCOPE_ADMINS_AND_STAFF, SCOPE_SUPER_ADMIN_ONLY } from "../../scanRanges.ts";
import { iso, now } from "../clock.ts";
import { getDb, newId } from "../db.ts";
import type { DbCompanyScanRange } from "../db-types.ts";
import { byId } from "../lookup.ts";
import { canSee } from "../scope.ts";
import { fullName } from "../serialize.ts";
import { reply, typedHttp, type Viewer } from "../typed.ts";
import { REQUIRED } from "../validate.ts";

/**
 * A company's widened scan scope (issue 29), as the server answers it
 * (packages/server/src/areas/company/scanScope.ts): a super admin changes it, staff and the company's
 * admins read it, members 403, another company's 404 before any 403.
 */
const wire = ({ company_id, ...row }: DbCompanyScanRange) => ({ ...row, company: company_id });

function visible(viewer: Viewer, companyId: number): boolean {
  return Boolean(byId(getDb().companies, companyId)) && canSee(viewer, companyId);
}

export const companyScopeHandlers = [
  typedHttp.get("/api/v1/company/{id}/scan-scope/", (ctx) => {
    if (!visible(ctx.viewer, ctx.params.id)) return reply.notFound();
    if (ctx.viewer.user.role === "CLIENT") return reply.forbidden(SCOPE_ADMINS_AND_STAFF);
    const rows = (getDb().companyScanRanges ?? []).filter((r) => r.company_id === ctx.params.id);
    return ctx.ok(rows.sort((a, b) => a.added_at.localeCompare(b.added_at) || a.id - b.id).map(wire));
  }),

  typedHttp.post("/api/v1/company/{id}/scan-scope/", async (ctx) => {
    const db = getDb();
    if (!visible(ctx.viewer, ctx.params.id)) return reply.notFound();
    if (ctx.viewer.user.role !== "SUPER_ADMIN") return reply.forbidden(SCOPE_SUPER_ADMIN_ONLY);
    const body = ((await ctx.body()) ?? {}) as { range?: unknown; note?: unknown };
    if (typeof body.range !== "string") return reply.field("range", REQUIRED);
    const checked = checkWidenedRange(body.range);
    if (!checked.ok) return reply.field("range", checked.error);
    db.companyScanRanges ??= [];
    if (db.companyScanRanges.some((r) => r.company_id === ctx.params.id && r.range === checked.cidr)) {
      return reply.field("range", alreadyInScope(checked.cidr));
    }
    const row: DbCompanyScanRange = {
      id: newId("companyScanRanges"),
      company_id: ctx.params.id,
      range: checked.cidr,
      note: typeof body.note === "string" ? body.note.trim() : "",
      added_by: ctx.viewer.user.id,
      added_by_name: fullName(ctx.viewer.user).trim() || ctx.viewer.user.email,
      added_at: iso(now()),
    };
    db.companyScanRanges.push(row);
    return ctx.created(wire(row));
  }),

  typedHttp.delete("/api/v1/company/{id}/scan-scope/{range_id}/", (ctx) => {
    const db = getDb();
    if (!visible(ctx.viewer, ctx.params.id)) return reply.notFound();
    if (ctx.viewer.user.role !== "SUPER_ADMIN") return reply.forbidden(SCOPE_SUPER_ADMIN_ONLY);
    const index = (db.companyScanRanges ?? []).findIndex(
      (r) => r.id === ctx.params.range_id && r.company_id === ctx.params.id,
    );
    if (index < 0) return reply.notFound();
    db.companyScanRanges?.splice(index, 1);
    return ctx.noContent();
  }),
];
