import type { components } from "../../generated/schema.ts";
import { revokeAllOf } from "../auth.ts";
import { iso, now } from "../clock.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbCompany, DbUser } from "../db-types.ts";
import { byId } from "../lookup.ts";
import { ROLE_LABEL, type Role } from "../schema-types.ts";
import { canSee, isStaff, matches } from "../scope.ts";
import { company, user } from "../serialize.ts";
import { type ErrorReply, reply, typedHttp, type Viewer } from "../typed.ts";
import { isEmail, oneOf, requireFields } from "../validate.ts";

const ROLES = Object.keys(ROLE_LABEL) as Role[];
const ASSIGNABLE: readonly Role[] = ["CLIENT_ADMIN", "ANALYST", "CLIENT"];

/** Super admins manage every company; a client admin manages their own. */
const canManage = (viewer: Viewer, companyId: number) =>
  viewer.user.role === "SUPER_ADMIN" || (viewer.user.role === "CLIENT_ADMIN" && viewer.user.company_id === companyId);

function visibleCompany(db: Db, viewer: Viewer, id: number): DbCompany | undefined {
  const c = byId(db.companies, id);
  return c && canSee(viewer, c.id) ? c : undefined;
}

function validateCompanyFields(db: Db, body: Partial<components["schemas"]["CompanyUpdate"]>, selfId: number | null) {
  const errors: Record<string, string[]> = {};
  if (body.name !== undefined) {
    const name = String(body.name).trim();
    if (!name) errors.name = ["This field may not be blank."];
    else if (db.companies.some((c) => c.id !== selfId && c.name.toLowerCase() === name.toLowerCase())) {
      errors.name = ["company with this name already exists."];
    }
  }
  if (body.email !== undefined && !isEmail(body.email)) errors.email = ["Enter a valid email address."];
  return Object.keys(errors).length ? reply.badRequest(errors) : null;
}

function validateMemberFields(
  db: Db,
  body: Partial<components["schemas"]["MemberCreate"]>,
  selfId: number | null,
): ErrorReply | null {
  const errors: Record<string, string[]> = {};
  if (body.role !== undefined) {
    if (!oneOf(body.role, ROLES)) errors.role = [`"${String(body.role)}" is not a valid choice.`];
    else if (!ASSIGNABLE.includes(body.role)) errors.role = ["A super admin cannot be assigned to a company."];
  }
  if (body.email !== undefined) {
    if (!isEmail(body.email)) errors.email = ["Enter a valid email address."];
    else if (db.users.some((u) => u.id !== selfId && u.email.toLowerCase() === String(body.email).toLowerCase())) {
      errors.email = ["user with this email already exists."];
    }
  }
  for (const field of ["first_name", "last_name"] as const) {
    if (body[field] !== undefined && !String(body[field]).trim()) errors[field] = ["This field may not be blank."];
  }
  return Object.keys(errors).length ? reply.badRequest(errors) : null;
}

/** Which roles a caller may change (and so act on), as on the server: never above their own. */
const MANAGEABLE: Record<Role, readonly Role[]> = {
  SUPER_ADMIN: ["CLIENT_ADMIN", "ANALYST", "CLIENT"],
  CLIENT_ADMIN: ["CLIENT_ADMIN", "CLIENT"],
  ANALYST: [],
  CLIENT: [],
};

/**
 * The member a lifecycle action (deactivate, reactivate, resend, 2FA reset) is for, or the refusal:
 * 404 outside what the caller sees, 403 for a role that may not manage members or this member.
 */
function managedMember(viewer: Viewer, companyId: number, memberId: number): DbUser | ErrorReply {
  const db = getDb();
  const c = visibleCompany(db, viewer, companyId);
  const member = byId(db.users, memberId);
  if (!c || member?.company_id !== c.id) return reply.notFound();
  if (!canManage(viewer, c.id)) return reply.forbidden();
  if (!MANAGEABLE[viewer.user.role].includes(member.role)) {
    return reply.forbidden(`You do not have permission to change a member with the ${ROLE_LABEL[member.role]} role.`);
  }
  return member;
}

const isReply = (found: DbUser | ErrorReply): found is ErrorReply => found instanceof Response;

const memberOrder = (a: DbUser, b: DbUser) =>
  ASSIGNABLE.indexOf(a.role) - ASSIGNABLE.indexOf(b.role) ||
  `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`) ||
  a.id - b.id;

export const companyHandlers = [
  typedHttp.get("/api/v1/company/my-company/", (ctx) => {
    const db = getDb();
    const own = isStaff(ctx.viewer.user) ? undefined : byId(db.companies, ctx.viewer.user.company_id);
    return own ? ctx.ok(company(db, own)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/company/", (ctx) => {
    const db = getDb();
    const search = ctx.query("search");
    const rows = db.companies
      .filter((c) => canSee(ctx.viewer, c.id) && matches(search, c.name, c.email, c.description))
      .sort((a, b) => a.name.localeCompare(b.name));
    return ctx.paged(rows.map((c) => company(db, c)));
  }),

  typedHttp.post("/api/v1/company/", async (ctx) => {
    if (ctx.viewer.user.role !== "SUPER_ADMIN") return reply.forbidden();
    const db = getDb();
    const body = await ctx.body();
    const invalid = requireFields(body, ["name", "email"]) ?? (body && validateCompanyFields(db, body, null));
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    const at = iso(now());
    const row: DbCompany = {
      id: newId("companies"),
      name: String(body.name).trim(),
      email: String(body.email),
      domain: String(body.email).split("@")[1] ?? "example.com",
      description: typeof body.description === "string" ? body.description : null,
      created_at: at,
      updated_at: at,
    };
    db.companies.push(row);
    return ctx.created(company(db, row));
  }),

  typedHttp.get("/api/v1/company/{id}/", (ctx) => {
    const db = getDb();
    const c = visibleCompany(db, ctx.viewer, ctx.params.id);
    return c ? ctx.ok(company(db, c)) : reply.notFound();
  }),

  typedHttp.patch("/api/v1/company/{id}/", async (ctx) => {
    const db = getDb();
    const c = visibleCompany(db, ctx.viewer, ctx.params.id);
    if (!c) return reply.notFound();
    if (!canManage(ctx.viewer, c.id)) return reply.forbidden();
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    const invalid = validateCompanyFields(db, body, c.id);
    if (invalid) return invalid;
    if (body.name !== undefined) c.name = String(body.name).trim();
    if (body.email !== undefined) c.email = String(body.email);
    if (body.description !== undefined) c.description = body.description === null ? null : String(body.description);
    c.updated_at = iso(now());
    return ctx.ok(company(db, c));
  }),

  typedHttp.get(
    "/api/v1/company/{id}/member/",
    (ctx) => {
      const db = getDb();
      const c = visibleCompany(db, ctx.viewer, ctx.params.id);
      if (!c) return reply.notFound();
      const search = ctx.query("search");
      const rows = db.users
        .filter((u) => u.company_id === c.id && matches(search, u.first_name, u.last_name, u.email, u.username))
        .sort(memberOrder);
      return ctx.paged(rows.map((u) => user(db, u)));
    },
    { pageSizeParam: "limit" },
  ),

  typedHttp.post("/api/v1/company/{id}/member/", async (ctx) => {
    const db = getDb();
    const c = visibleCompany(db, ctx.viewer, ctx.params.id);
    if (!c) return reply.notFound();
    if (!canManage(ctx.viewer, c.id)) return reply.forbidden();
    const body = await ctx.body();
    const invalid =
      requireFields(body, ["first_name", "last_name", "email", "role"]) ??
      (body && validateMemberFields(db, body, null));
    if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
    const at = iso(now());
    const email = String(body.email);
    const row: DbUser = {
      id: newId("users"),
      first_name: String(body.first_name).trim(),
      last_name: String(body.last_name).trim(),
      username: typeof body.username === "string" && body.username ? body.username : email,
      email,
      // The real backend e-mails an invitation; in static mode the new member can sign in with the demo password.
      password: "demo",
      role: body.role as Role,
      is_superuser: false,
      last_login: null,
      two_fa: "INACTIVE",
      phone_number: typeof body.phone_number === "string" ? body.phone_number : null,
      company_id: c.id,
      created_at: at,
      updated_at: at,
      invitation_pending: true,
    };
    db.users.push(row);
    c.updated_at = at;
    return ctx.created(user(db, row));
  }),

  typedHttp.get("/api/v1/company/{id}/member/{member_id}/", (ctx) => {
    const db = getDb();
    const c = visibleCompany(db, ctx.viewer, ctx.params.id);
    const member = byId(db.users, ctx.params.member_id);
    return c && member?.company_id === c.id ? ctx.ok(user(db, member)) : reply.notFound();
  }),

  typedHttp.patch("/api/v1/company/{id}/member/{member_id}/", async (ctx) => {
    const db = getDb();
    const c = visibleCompany(db, ctx.viewer, ctx.params.id);
    const member = byId(db.users, ctx.params.member_id);
    if (!c || member?.company_id !== c.id) return reply.notFound();
    if (!canManage(ctx.viewer, c.id)) return reply.forbidden();
    const body = await ctx.body();
    if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
    const invalid = validateMemberFields(db, body, member.id);
    if (invalid) return invalid;
    if (body.first_name !== undefined) member.first_name = String(body.first_name).trim();
    if (body.last_name !== undefined) member.last_name = String(body.last_name).trim();
    if (body.phone_number !== undefined)
      member.phone_number = body.phone_number === null ? null : String(body.phone_number);
    if (body.role !== undefined) member.role = body.role as Role;
    member.updated_at = iso(now());
    return ctx.ok(user(db, member));
  }),

  typedHttp.post("/api/v1/company/{id}/member/{member_id}/deactivate/", (ctx) => {
    const member = managedMember(ctx.viewer, ctx.params.id, ctx.params.member_id);
    if (isReply(member)) return member;
    if (member.id === ctx.viewer.user.id) return reply.nonField("You cannot deactivate your own account.");
    if (member.is_active !== false) {
      member.is_active = false;
      member.updated_at = iso(now());
      revokeAllOf(member.id);
    }
    return ctx.ok(user(getDb(), member));
  }),

  typedHttp.post("/api/v1/company/{id}/member/{member_id}/reactivate/", (ctx) => {
    const member = managedMember(ctx.viewer, ctx.params.id, ctx.params.member_id);
    if (isReply(member)) return member;
    if (member.is_active === false) {
      member.is_active = true;
      member.updated_at = iso(now());
    }
    return ctx.ok(user(getDb(), member));
  }),

  typedHttp.post("/api/v1/company/{id}/member/{member_id}/resend-invitation/", (ctx) => {
    const member = managedMember(ctx.viewer, ctx.params.id, ctx.params.member_id);
    if (isReply(member)) return member;
    if (member.is_active === false) return reply.nonField("Reactivate this member before sending their invitation.");
    if (member.invitation_pending !== true) return reply.nonField("This member has already chosen a password.");
    // Static mode sends no mail; the answer is what the server gives once the mail is queued.
    return ctx.noContent();
  }),

  typedHttp.post("/api/v1/company/{id}/member/{member_id}/reset-2fa/", (ctx) => {
    const member = managedMember(ctx.viewer, ctx.params.id, ctx.params.member_id);
    if (isReply(member)) return member;
    if (member.id === ctx.viewer.user.id) {
      return reply.nonField("You cannot reset your own two-factor authentication here.");
    }
    if (member.two_fa === "INACTIVE") return reply.nonField("This member has not turned on two-factor authentication.");
    member.two_fa = "SETUP";
    member.updated_at = iso(now());
    revokeAllOf(member.id);
    return ctx.ok(user(getDb(), member));
  }),
];
