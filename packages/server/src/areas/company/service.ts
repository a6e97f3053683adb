import { randomBytes } from "node:crypto";
import { ROLE_LABEL } from "@sentinel/api-client/mocks/labels";
import type { FastifyRequest } from "fastify";
import { hashPassword } from "../../auth/passwords.ts";
import { hashToken, newOpaqueToken } from "../../auth/tokens.ts";
import { audit } from "../../db/audit.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { fieldError, fieldErrors, forbidden, nonField, notFound } from "../../http/errors.ts";
import type { Caller, Services } from "../../http/handler.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";
import { QUEUES } from "../../jobs/queue.ts";
import type { UserWire } from "../users/queries.ts";
import type { CompanyFields, CompanyScope, CompanyWire, MemberFields, MemberState, Role } from "./queries.ts";
import * as q from "./queries.ts";

/** An invitation is read days later, unlike a reset link someone just asked for. */
const INVITATION_DAYS = 7;
/** The companies table's check; said here so the answer is a field error, not a 500. */
const COMPANY_NAME_MAX = 200;
/** The member list's `limit`, capped like every other page size. */
const MEMBER_PAGE_CAP = 100;

/**
 * Which roles a caller may give (and so which members they may change): nobody grants a role above
 * their own or a staff role they do not hold the keys to. Super admins are never made here.
 */
const GRANTABLE: Record<Role, readonly Role[]> = {
  SUPER_ADMIN: ["CLIENT_ADMIN", "ANALYST", "CLIENT"],
  CLIENT_ADMIN: ["CLIENT_ADMIN", "CLIENT"],
  ANALYST: [],
  CLIENT: [],
};
const ROLE_NAME: Record<Role, string> = ROLE_LABEL;

/** A unique index's violation is the same field error the pre-checks would give, whoever won a race. */
const UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  companies_name_key: ["name", "company with this name already exists."],
  users_email_key: ["email", "user with this email already exists."],
};

const BLANK = "This field may not be blank.";

const scopeOf = (caller: Caller): CompanyScope => (caller.scope.companies === "all" ? null : caller.scope.companies);

/** Super admins manage every company; a client admin manages their own. Analysts only read. */
const mayManage = (caller: Caller, companyId: number) =>
  caller.role === "SUPER_ADMIN" || (caller.role === "CLIENT_ADMIN" && caller.companyId === companyId);

/**
 * Other companies' rows are invisible to a client (RLS), so a duplicate e-mail or company name among
 * them is found by the unique index; either way the answer is a field error.
 */
async function uniqueAsFieldError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const e = error as { code?: unknown; constraint?: unknown };
    const field = e.code === "23505" && typeof e.constraint === "string" ? UNIQUE_FIELDS[e.constraint] : undefined;
    if (field) throw fieldError(...field);
    throw error;
  }
}

class Problems {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }
  /** Every problem at once, as DRF answers them. */
  throwIfAny() {
    if (Object.keys(this.errors).length > 0) throw fieldErrors(this.errors);
  }
}

/** A trimmed, non-blank text field, or the problem recorded. */
function text(problems: Problems, field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") problems.add(field, BLANK);
  return trimmed;
}

function companyPatch(body: CompanyFields): CompanyFields {
  const problems = new Problems();
  const patch: CompanyFields = {};
  const name = text(problems, "name", body.name);
  if (name !== undefined) {
    if (name.length > COMPANY_NAME_MAX)
      problems.add("name", `Ensure this field has no more than ${COMPANY_NAME_MAX} characters.`);
    patch.name = name;
  }
  if (body.email !== undefined) patch.email = body.email.trim();
  if (body.description !== undefined) patch.description = body.description;
  problems.throwIfAny();
  return patch;
}

/** The role a caller asks to give, checked against what they may give. */
function checkRole(problems: Problems, caller: Caller, role: Role | undefined) {
  if (role === undefined) return;
  if (role === "SUPER_ADMIN") problems.add("role", "A super admin cannot be assigned to a company.");
  else if (!GRANTABLE[caller.role].includes(role))
    problems.add("role", `Only a super admin can grant the ${ROLE_NAME[role]} role.`);
}

export async function myCompany(services: Services, caller: Caller): Promise<CompanyWire> {
  // Staff have no company of their own, even an analyst assigned to one (the mock's rule).
  if (caller.companyId === null || caller.scope.companies === "all") throw notFound();
  const companyId = caller.companyId;
  const found = await withScope(services.db, caller.scope, (tx) => q.companyById(tx, companyId, companyId));
  if (!found) throw notFound();
  return found;
}

export async function listCompanies(
  services: Services,
  caller: Caller,
  request: FastifyRequest,
  query: Record<string, unknown>,
) {
  const window = pageWindow(query);
  const { count, results } = await withScope(services.db, caller.scope, (tx) =>
    q.companyPage(tx, scopeOf(caller), query.search, window),
  );
  return pageOf(request, window, count, results);
}

export async function getCompany(services: Services, caller: Caller, id: number): Promise<CompanyWire> {
  const found = await withScope(services.db, caller.scope, (tx) => q.companyById(tx, scopeOf(caller), id));
  if (!found) throw notFound();
  return found;
}

export async function createCompany(
  services: Services,
  caller: Caller,
  body: { name: string; email: string; description?: string | null },
  requestId: string,
): Promise<CompanyWire> {
  if (caller.role !== "SUPER_ADMIN") throw forbidden();
  const patch = companyPatch(body);
  const values = { name: patch.name ?? "", email: patch.email ?? "", description: patch.description ?? null };
  return await uniqueAsFieldError(
    withScope(services.db, caller.scope, async (tx) => {
      const id = await q.insertCompany(tx, values);
      await audit(tx, {
        companyId: id,
        actorId: caller.id,
        action: "company.create",
        entity: "company",
        entityId: id,
        before: null,
        after: values,
        requestId,
      });
      return (await q.companyById(tx, null, id)) ?? Promise.reject(notFound());
    }),
  );
}

export async function updateCompany(
  services: Services,
  caller: Caller,
  id: number,
  body: CompanyFields,
  requestId: string,
): Promise<CompanyWire> {
  const scope = scopeOf(caller);
  return await uniqueAsFieldError(
    withScope(services.db, caller.scope, async (tx) => {
      const before = await q.companyFields(tx, scope, id);
      if (!before) throw notFound();
      if (!mayManage(caller, id)) throw forbidden();
      const patch = companyPatch(body);
      // An empty PATCH changes nothing, so it writes nothing (no audit row for a non-change).
      if (Object.keys(patch).length > 0) {
        await q.updateCompanyRow(tx, scope, id, patch);
        await audit(tx, {
          companyId: id,
          actorId: caller.id,
          action: "company.update",
          entity: "company",
          entityId: id,
          before: pick(before, patch),
          after: patch,
          requestId,
        });
      }
      return (await q.companyById(tx, scope, id)) ?? Promise.reject(notFound());
    }),
  );
}

/** The `before` values of the fields a patch changes. */
function pick<T extends object>(row: T, patch: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.keys(patch).map((k) => [k, row[k as keyof T]])) as Partial<T>;
}

export async function listMembers(
  services: Services,
  caller: Caller,
  request: FastifyRequest,
  companyId: number,
  query: Record<string, unknown>,
) {
  const limit = typeof query.limit === "number" ? Math.min(query.limit, MEMBER_PAGE_CAP) : undefined;
  const window = pageWindow({ ...query, limit }, "limit");
  const { count, results } = await withScope(services.db, caller.scope, async (tx) => {
    if (!(await q.visibleCompany(tx, scopeOf(caller), companyId))) throw notFound();
    return await q.memberPage(tx, companyId, query.search, window);
  });
  return pageOf(request, window, count, results);
}

export async function getMember(
  services: Services,
  caller: Caller,
  companyId: number,
  memberId: number,
): Promise<UserWire> {
  const found = await withScope(services.db, caller.scope, async (tx) =>
    (await q.visibleCompany(tx, scopeOf(caller), companyId)) ? await q.memberById(tx, companyId, memberId) : null,
  );
  if (!found) throw notFound();
  return found;
}

export interface NewMember {
  first_name: string;
  last_name: string;
  email: string;
  username?: string;
  phone_number?: string | null;
  role: Role;
}

/**
 * A new member with an unusable password and an invitation mailed in the same transaction; its link
 * opens the reset-password screen, which sets the first password.
 */
export async function createMember(
  services: Services,
  caller: Caller,
  companyId: number,
  body: NewMember,
  requestId: string,
): Promise<UserWire> {
  return await uniqueAsFieldError(
    withScope(services.db, caller.scope, async (tx) => {
      const company = await q.visibleCompany(tx, scopeOf(caller), companyId, true);
      if (!company) throw notFound();
      if (!mayManage(caller, companyId)) throw forbidden();
      const problems = new Problems();
      const firstName = text(problems, "first_name", body.first_name) ?? "";
      const lastName = text(problems, "last_name", body.last_name) ?? "";
      checkRole(problems, caller, body.role);
      problems.throwIfAny();

      const email = body.email.trim();
      const values = {
        companyId,
        firstName,
        lastName,
        email,
        username: body.username?.trim() || email,
        phoneNumber: body.phone_number ?? null,
        role: body.role,
        // Nobody knows this password: the account opens only through the invitation link.
        passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      };
      const id = await q.insertMember(tx, values);
      const token = newOpaqueToken();
      await q.insertInvitation(tx, id, hashToken(token), INVITATION_DAYS);
      await services.jobs.sendInTx(tx, QUEUES.mail, {
        to: email,
        subject: `You are invited to ${company.name} on Sentinel`,
        text: `${firstName}, you have been added to ${company.name} on Sentinel. To choose your password and sign in, open this link within ${INVITATION_DAYS} days:\n\n${services.config.publicOrigin}/auth/reset-password/${token}\n\nIf you did not expect this message, ignore it.`,
      });
      await q.touchCompany(tx, companyId);
      const { passwordHash: _secret, ...recorded } = values;
      await audit(tx, {
        companyId,
        actorId: caller.id,
        action: "member.create",
        entity: "user",
        entityId: id,
        before: null,
        after: recorded,
        requestId,
      });
      return (await q.memberById(tx, companyId, id)) ?? Promise.reject(notFound());
    }),
  );
}

export async function updateMember(
  services: Services,
  caller: Caller,
  companyId: number,
  memberId: number,
  body: MemberFields,
  requestId: string,
): Promise<UserWire> {
  return await withScope(services.db, caller.scope, async (tx) => {
    if (!(await q.visibleCompany(tx, scopeOf(caller), companyId))) throw notFound();
    const before = await q.memberFields(tx, companyId, memberId);
    if (!before) throw notFound();
    if (!mayManage(caller, companyId)) throw forbidden();
    if (!GRANTABLE[caller.role].includes(before.role)) {
      throw forbidden(`You do not have permission to change a member with the ${ROLE_NAME[before.role]} role.`);
    }
    const problems = new Problems();
    const patch: MemberFields = {};
    const firstName = text(problems, "first_name", body.first_name);
    if (firstName !== undefined) patch.first_name = firstName;
    const lastName = text(problems, "last_name", body.last_name);
    if (lastName !== undefined) patch.last_name = lastName;
    if (body.phone_number !== undefined) patch.phone_number = body.phone_number;
    if (body.role !== undefined && body.role !== before.role) {
      checkRole(problems, caller, body.role);
      // A client admin demoting themselves could leave the company with no one to manage it.
      if (memberId === caller.id) problems.add("role", "You cannot change your own role.");
      patch.role = body.role;
    }
    problems.throwIfAny();
    if (Object.keys(patch).length > 0) {
      await q.updateMemberRow(tx, companyId, memberId, patch);
      await audit(tx, {
        companyId,
        actorId: caller.id,
        action: "member.update",
        entity: "user",
        entityId: memberId,
        before: pick(before, patch),
        after: patch,
        requestId,
      });
    }
    return (await q.memberById(tx, companyId, memberId)) ?? Promise.reject(notFound());
  });
}

/**
 * The member a lifecycle action (deactivate, reactivate, resend, 2FA reset) is for, locked: 404
 * outside the caller's companies, 403 for a role that may not manage members or this member's role
 * (a client admin never acts on staff).
 */
async function managedMember(tx: Tx, caller: Caller, companyId: number, memberId: number): Promise<MemberState> {
  if (!(await q.visibleCompany(tx, scopeOf(caller), companyId))) throw notFound();
  const member = await q.memberState(tx, companyId, memberId);
  if (!member) throw notFound();
  if (!mayManage(caller, companyId)) throw forbidden("Only an admin of this company can manage its members.");
  if (!GRANTABLE[caller.role].includes(member.role)) {
    throw forbidden(`You do not have permission to change a member with the ${ROLE_NAME[member.role]} role.`);
  }
  return member;
}

/**
 * Deactivates or reactivates a member. Deactivation ends every sign-in in the same transaction, and
 * the account's access tokens stop at once (each request re-reads `is_active`). Asking for the state
 * a member is already in changes nothing and writes no audit row.
 */
export async function setMemberActive(
  services: Services,
  caller: Caller,
  companyId: number,
  memberId: number,
  active: boolean,
  requestId: string,
): Promise<UserWire> {
  return await withScope(services.db, caller.scope, async (tx) => {
    const member = await managedMember(tx, caller, companyId, memberId);
    // A client admin locking themselves out could leave the company with nobody to manage it.
    if (!active && memberId === caller.id) throw nonField("You cannot deactivate your own account.");
    if (member.is_active !== active) {
      await q.setActive(tx, companyId, memberId, active);
      if (!active) await q.endSessions(tx, memberId);
      await q.touchCompany(tx, companyId);
      await audit(tx, {
        companyId,
        actorId: caller.id,
        action: active ? "member.reactivate" : "member.deactivate",
        entity: "user",
        entityId: memberId,
        before: { is_active: member.is_active },
        after: { is_active: active },
        requestId,
      });
    }
    return (await q.memberById(tx, companyId, memberId)) ?? Promise.reject(notFound());
  });
}

/** A new invitation link, mailed in the transaction; the earlier links stop working. */
export async function resendInvitation(
  services: Services,
  caller: Caller,
  companyId: number,
  memberId: number,
  requestId: string,
): Promise<void> {
  await withScope(services.db, caller.scope, async (tx) => {
    const company = await q.visibleCompany(tx, scopeOf(caller), companyId);
    const member = await managedMember(tx, caller, companyId, memberId);
    if (!member.is_active) throw nonField("Reactivate this member before sending their invitation.");
    if (!member.invitation_pending) throw nonField("This member has already chosen a password.");
    await q.expireInvitations(tx, memberId);
    const token = newOpaqueToken();
    await q.insertInvitation(tx, memberId, hashToken(token), INVITATION_DAYS);
    const companyName = company?.name ?? "";
    await services.jobs.sendInTx(tx, QUEUES.mail, {
      to: member.email,
      subject: `You are invited to ${companyName} on Sentinel`,
      text: `${member.first_name}, you have been added to ${companyName} on Sentinel. To choose your password and sign in, open this link within ${INVITATION_DAYS} days:\n\n${services.config.publicOrigin}/auth/reset-password/${token}\n\nAny earlier invitation link no longer works. If you did not expect this message, ignore it.`,
    });
    await audit(tx, {
      companyId,
      actorId: caller.id,
      action: "member.invitation_resend",
      entity: "user",
      entityId: memberId,
      before: null,
      after: null,
      requestId,
    });
  });
}

/**
 * Forgets a member's authenticator (lost phone): `two_fa` becomes SETUP, so their next sign-in enrols
 * a new one, and their sign-ins end, since whoever holds the old authenticator may be signed in.
 */
export async function resetMemberTwoFactor(
  services: Services,
  caller: Caller,
  companyId: number,
  memberId: number,
  requestId: string,
): Promise<UserWire> {
  return await withScope(services.db, caller.scope, async (tx) => {
    const member = await managedMember(tx, caller, companyId, memberId);
    // Your own authenticator is changed with your password and a code (account settings), not here.
    if (memberId === caller.id) throw nonField("You cannot reset your own two-factor authentication here.");
    if (member.two_fa === "INACTIVE") throw nonField("This member has not turned on two-factor authentication.");
    await q.resetTwoFactor(tx, companyId, memberId);
    await q.endSessions(tx, memberId);
    await audit(tx, {
      companyId,
      actorId: caller.id,
      action: "member.reset_2fa",
      entity: "user",
      entityId: memberId,
      before: { two_fa: member.two_fa },
      after: { two_fa: "SETUP" },
      requestId,
    });
    return (await q.memberById(tx, companyId, memberId)) ?? Promise.reject(notFound());
  });
}
