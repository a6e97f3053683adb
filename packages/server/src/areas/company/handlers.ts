import type { components } from "@sentinel/api-client/schema";
import { withScope } from "../../db/pool.ts";
import { loadContract, type Operation } from "../../http/contract.ts";
import { fieldErrors } from "../../http/errors.ts";
import { type AuthedCtx, type HandlerMap, handle, ok } from "../../http/handler.ts";
import { addScanRange, listScanRanges, removeScanRange } from "./scanScope.ts";
import * as company from "./service.ts";

type S = components["schemas"];

/**
 * A POST on one member (`/company/{id}/member/{member_id}/…`) without a body: the action gets the two
 * ids and answers the member as it is now, or nothing (204).
 */
function memberAction(action: (ctx: AuthedCtx, ids: { company: number; member: number }) => Promise<unknown>) {
  return handle(async (ctx) => {
    const answer = await action(ctx, { company: ctx.params.id ?? 0, member: ctx.params.member_id ?? 0 });
    return answer === null ? null : ok(answer);
  });
}

const declaredFields = new Map<string, ReadonlySet<string>>();

/** The properties the operation's request schema declares. */
function fieldsOf(op: Operation): ReadonlySet<string> {
  const known = declaredFields.get(op.operationId);
  if (known) return known;
  const { resolve } = loadContract();
  const body = resolve((op.raw.requestBody ?? {}) as Record<string, unknown>);
  const content = (body.content ?? {}) as Record<string, { schema?: Record<string, unknown> }>;
  const schema = resolve(content["application/json"]?.schema ?? {});
  const fields = new Set(Object.keys((schema.properties ?? {}) as object));
  declaredFields.set(op.operationId, fields);
  return fields;
}

/**
 * The request schemas leave extra properties open, so a field the contract does not declare
 * (is_superuser, company, assigned_company, password…) is refused by name here rather than
 * silently dropped: a client must never believe it set a staff-only field.
 */
function declaredOnly<Body>(ctx: AuthedCtx<Body>): Body {
  const allowed = fieldsOf(ctx.op);
  const extra = Object.keys(ctx.body as object).filter((k) => !allowed.has(k));
  if (extra.length > 0) throw fieldErrors(Object.fromEntries(extra.map((k) => [k, ["This field is not allowed."]])));
  return ctx.body;
}

export const companyHandlers: HandlerMap = {
  getMyCompany: handle(async (ctx) => ok(await company.myCompany(ctx.services, ctx.caller))),

  listCompanies: handle(async (ctx) =>
    ok(await company.listCompanies(ctx.services, ctx.caller, ctx.request, ctx.query)),
  ),

  createCompany: handle<S["CompanyCreate"]>(async (ctx) =>
    ok(await company.createCompany(ctx.services, ctx.caller, declaredOnly(ctx), ctx.requestId), 201),
  ),

  getCompany: handle(async (ctx) => ok(await company.getCompany(ctx.services, ctx.caller, ctx.params.id ?? 0))),

  updateCompany: handle<S["CompanyUpdate"]>(async (ctx) =>
    ok(await company.updateCompany(ctx.services, ctx.caller, ctx.params.id ?? 0, declaredOnly(ctx), ctx.requestId)),
  ),

  listCompanyMembers: handle(async (ctx) =>
    ok(await company.listMembers(ctx.services, ctx.caller, ctx.request, ctx.params.id ?? 0, ctx.query)),
  ),

  createCompanyMember: handle<S["MemberCreate"]>(async (ctx) =>
    ok(await company.createMember(ctx.services, ctx.caller, ctx.params.id ?? 0, declaredOnly(ctx), ctx.requestId), 201),
  ),

  getCompanyMember: handle(async (ctx) =>
    ok(await company.getMember(ctx.services, ctx.caller, ctx.params.id ?? 0, ctx.params.member_id ?? 0)),
  ),

  updateCompanyMember: handle<S["MemberUpdate"]>(async (ctx) =>
    ok(
      await company.updateMember(
        ctx.services,
        ctx.caller,
        ctx.params.id ?? 0,
        ctx.params.member_id ?? 0,
        declaredOnly(ctx),
        ctx.requestId,
      ),
    ),
  ),

  deactivateCompanyMember: memberAction((ctx, ids) =>
    company.setMemberActive(ctx.services, ctx.caller, ids.company, ids.member, false, ctx.requestId),
  ),

  reactivateCompanyMember: memberAction((ctx, ids) =>
    company.setMemberActive(ctx.services, ctx.caller, ids.company, ids.member, true, ctx.requestId),
  ),

  resendCompanyMemberInvitation: memberAction(async (ctx, ids) => {
    await company.resendInvitation(ctx.services, ctx.caller, ids.company, ids.member, ctx.requestId);
    return null;
  }),

  resetCompanyMemberTwoFactor: memberAction((ctx, ids) =>
    company.resetMemberTwoFactor(ctx.services, ctx.caller, ids.company, ids.member, ctx.requestId),
  ),

  listCompanyScanRanges: handle(async (ctx) =>
    ok(await withScope(ctx.services.db, ctx.caller.scope, (tx) => listScanRanges(tx, ctx.caller, ctx.params.id ?? 0))),
  ),

  addCompanyScanRange: handle<S["CompanyScanRangeCreate"]>(async (ctx) =>
    ok(
      await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
        addScanRange(tx, ctx.caller, ctx.params.id ?? 0, ctx.body, ctx.requestId),
      ),
      201,
    ),
  ),

  removeCompanyScanRange: handle(async (ctx) => {
    await withScope(ctx.services.db, ctx.caller.scope, (tx) =>
      removeScanRange(tx, ctx.caller, ctx.params.id ?? 0, ctx.params.range_id ?? 0, ctx.requestId),
    );
    return null;
  }),
};
