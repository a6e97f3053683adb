import {
  ASSET_WRITE_REFUSAL,
  type Checked,
  checkBranches,
  checkDomain,
  checkGitUrl,
  checkIpTarget,
  checkName,
  checkWebUrl,
  DUPLICATE,
  productHoldsAssets,
} from "@sentinel/api-client/asset-rules";
import { sql } from "kysely";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { ApiError, fieldErrors, forbidden, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { assetById, productById, repositoryUrl, type WritableKind } from "./assets.ts";
import { ownCompany } from "./sql.ts";

/**
 * Adding, editing and removing products and assets (issue 28; docs/decisions.md "Assets you can add,
 * edit and remove"). Each write is one transaction that first locks the product it changes, so two
 * requests adding the same target to one product cannot both pass the duplicate check. A refused
 * write throws before anything is written, so it changes nothing.
 */

export interface Actor {
  caller: Caller;
  requestId: string | null;
}

/** Client admins in their own company, super admins anywhere; members and analysts read only. */
function refuseReaders(caller: Caller): void {
  if (caller.role !== "CLIENT_ADMIN" && caller.role !== "SUPER_ADMIN") throw forbidden(ASSET_WRITE_REFUSAL);
}

/** DRF's answer for a related id that is missing or not the caller's: the same, so it tells nothing. */
const noSuchProduct = (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`;

type Errors = Record<string, string[]>;

/** Runs each present field's check, gathering every failure; the values of those that passed. */
function checkFields(body: Record<string, unknown>, checks: Record<string, (raw: unknown) => Checked<unknown>>) {
  const errors: Errors = {};
  const values: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(checks)) {
    if (body[field] === undefined) continue;
    const result = check(body[field]);
    if (result.ok) values[field] = result.value;
    else errors[field] = [result.error];
  }
  return { errors, values };
}

function throwIfAny(errors: Errors): void {
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

interface LockedProduct {
  id: number;
  company_id: number;
  name: string;
}

/** The caller's live product, locked for the rest of the transaction. */
async function lockProduct(tx: Tx, caller: Caller, id: number): Promise<LockedProduct | undefined> {
  const company = ownCompany(caller);
  const rows = await sql<LockedProduct>`select id, company_id, name from products
     where id = ${id} and archived_at is null and (${company}::int is null or company_id = ${company})
     for update`.execute(tx);
  return rows.rows[0];
}

// ------------------------------------------------------------------------------------------ products

export async function createProduct(tx: Tx, { caller, requestId }: Actor, body: { name: string; company?: number }) {
  refuseReaders(caller);
  const errors: Errors = {};
  const name = checkName(body.name);
  if (!name.ok) errors.name = [name.error];
  let companyId = caller.companyId;
  if (caller.role === "SUPER_ADMIN") {
    if (body.company === undefined) errors.company = ["This field is required."];
    else {
      const found = await sql`select 1 from companies where id = ${body.company}`.execute(tx);
      if (found.rows.length === 0) errors.company = [noSuchProduct(body.company)];
      companyId = body.company;
    }
  } else if (body.company !== undefined && body.company !== caller.companyId) {
    // Another company is not the caller's to name: the same words as a company that does not exist.
    errors.company = [noSuchProduct(body.company)];
  }
  throwIfAny(errors);
  if (!name.ok || companyId === null) throw notFound();
  // Two admins naming products at once: the company row's lock orders them, so the check holds.
  await sql`select 1 from companies where id = ${companyId} for update`.execute(tx);
  await refuseDuplicateProduct(tx, companyId, name.value, null);
  const inserted = await sql<{ id: number }>`insert into products (company_id, name)
     values (${companyId}, ${name.value}) returning id`.execute(tx);
  const id = inserted.rows[0]?.id ?? 0;
  await audit(tx, {
    companyId,
    actorId: caller.id,
    action: "product.create",
    entity: "product",
    entityId: id,
    before: null,
    after: { name: name.value },
    requestId,
  });
  return (await productById(tx, id, null)) ?? Promise.reject(notFound());
}

async function refuseDuplicateProduct(tx: Tx, companyId: number, name: string, except: number | null) {
  const clash = await sql`select 1 from products where company_id = ${companyId} and archived_at is null
     and lower(name) = lower(${name}) and id <> ${except ?? 0}`.execute(tx);
  if (clash.rows.length > 0) throw fieldErrors({ name: [DUPLICATE.productName] });
}

export async function updateProduct(tx: Tx, { caller, requestId }: Actor, id: number, body: { name?: string }) {
  const product = await lockProduct(tx, caller, id);
  if (!product) throw notFound();
  refuseReaders(caller);
  if (body.name !== undefined) {
    const name = checkName(body.name);
    if (!name.ok) throw fieldErrors({ name: [name.error] });
    await sql`select 1 from companies where id = ${product.company_id} for update`.execute(tx);
    await refuseDuplicateProduct(tx, product.company_id, name.value, id);
    await sql`update products set name = ${name.value}, updated_at = now() where id = ${id}`.execute(tx);
    await audit(tx, {
      companyId: product.company_id,
      actorId: caller.id,
      action: "product.update",
      entity: "product",
      entityId: id,
      before: { name: product.name },
      after: { name: name.value },
      requestId,
    });
  }
  return (await productById(tx, id, null)) ?? Promise.reject(notFound());
}

/** What a product still holds, by kind: removing it is refused while any is non-zero. */
async function heldAssets(tx: Tx, productId: number): Promise<Record<string, number>> {
  const rows = await sql<Record<string, number>>`select
      (select count(*)::int from network_assets where product_id = ${productId} and archived_at is null) as network,
      (select count(*)::int from web_assets where product_id = ${productId} and archived_at is null) as webapp,
      (select count(*)::int from source_assets where product_id = ${productId} and archived_at is null) as sourcecode,
      (select count(*)::int from exposure_assets where product_id = ${productId} and archived_at is null) as exposure,
      (select count(*)::int from threat_assets where product_id = ${productId}) as threat`.execute(tx);
  return rows.rows[0] ?? {};
}

export async function deleteProduct(tx: Tx, { caller, requestId }: Actor, id: number): Promise<void> {
  const product = await lockProduct(tx, caller, id);
  if (!product) throw notFound();
  refuseReaders(caller);
  const held = await heldAssets(tx, id);
  if (Object.values(held).some((n) => n > 0)) throw new ApiError(409, { detail: productHoldsAssets(held) });
  // Archived, not deleted: scan configurations and archived assets still name the product.
  await sql`update products set archived_at = now(), updated_at = now() where id = ${id}`.execute(tx);
  await audit(tx, {
    companyId: product.company_id,
    actorId: caller.id,
    action: "product.remove",
    entity: "product",
    entityId: id,
    before: { name: product.name },
    after: null,
    requestId,
  });
}

// ------------------------------------------------------------------------------------------ assets

interface KindRules {
  table: string;
  /** The checks of each writable field. */
  checks: Record<string, (raw: unknown) => Checked<unknown>>;
  /** Columns from checked values (all of them on create, the sent ones on update). */
  columns(values: Record<string, unknown>): Record<string, unknown>;
  /** The column compared for duplicates, with the field that answers and its value. */
  duplicate(values: Record<string, unknown>): { column: string; field: string; value: string } | null;
  required: string[];
}

const RULES: Record<WritableKind, KindRules> = {
  network: {
    table: "network_assets",
    checks: { target: checkIpTarget },
    required: ["target"],
    columns: (v) => {
      const t = v.target as { target: string; kind: string } | undefined;
      return t ? { target: t.target, kind: t.kind } : {};
    },
    duplicate: (v) => {
      const t = v.target as { target: string } | undefined;
      return t ? { column: "target", field: "target", value: t.target } : null;
    },
  },
  webapp: {
    table: "web_assets",
    checks: { application_name: checkName, url: checkWebUrl },
    required: ["application_name", "url"],
    columns: (v) => ({
      ...(v.application_name === undefined ? {} : { application_name: v.application_name }),
      ...(v.url === undefined ? {} : { url: v.url }),
    }),
    duplicate: (v) => (v.url === undefined ? null : { column: "url", field: "url", value: String(v.url) }),
  },
  sourcecode: {
    table: "source_assets",
    checks: {
      repository_url: checkGitUrl,
      branch: checkBranches,
      // The contract's enum already checked it.
      git_provider: (raw) => ({ ok: true, value: raw }),
    },
    required: ["git_provider", "repository_url", "branch"],
    columns: (v) => {
      const repo = v.repository_url as
        | { repository_url: string; username: string; repository_name: string }
        | undefined;
      return {
        ...(v.git_provider === undefined ? {} : { git_provider: v.git_provider }),
        ...(repo ?? {}),
        ...(v.branch === undefined ? {} : { branches: v.branch }),
      };
    },
    duplicate: (v) => {
      const repo = v.repository_url as { repository_url: string } | undefined;
      return repo ? { column: "repository_url", field: "repository_url", value: repo.repository_url } : null;
    },
  },
  exposure: {
    table: "exposure_assets",
    checks: { name: checkDomain },
    required: ["name"],
    columns: (v) => (v.name === undefined ? {} : { name: v.name, target_name: v.name }),
    duplicate: (v) => (v.name === undefined ? null : { column: "target_name", field: "name", value: String(v.name) }),
  },
};

const DUPLICATE_MESSAGE: Record<WritableKind, string> = {
  network: DUPLICATE.target,
  webapp: DUPLICATE.url,
  sourcecode: DUPLICATE.repository,
  exposure: DUPLICATE.domain,
};

async function refuseDuplicateAsset(
  tx: Tx,
  kind: WritableKind,
  productId: number,
  values: Record<string, unknown>,
  except: number | null,
) {
  const rules = RULES[kind];
  const dup = rules.duplicate(values);
  if (!dup) return;
  // Compared case-insensitively: every stored form is already normalised (hosts lower case). A
  // repository added before URLs were stored compares as the address its list shows.
  const column = kind === "sourcecode" ? repositoryUrl : sql.ref(`a.${dup.column}`);
  const clash = await sql`select 1 from ${sql.table(rules.table)} a where a.product_id = ${productId}
      and a.archived_at is null and lower(${column}) = lower(${dup.value}) and a.id <> ${except ?? 0}`.execute(tx);
  if (clash.rows.length > 0) throw fieldErrors({ [dup.field]: [DUPLICATE_MESSAGE[kind]] });
}

async function writeAudit(
  tx: Tx,
  actor: Actor,
  kind: WritableKind,
  companyId: number,
  id: number,
  action: "create" | "update" | "remove",
  before: unknown,
  after: unknown,
) {
  await audit(tx, {
    companyId,
    actorId: actor.caller.id,
    action: `asset.${kind}.${action}`,
    entity: RULES[kind].table,
    entityId: id,
    before,
    after,
    requestId: actor.requestId,
  });
}

export async function createAsset(tx: Tx, actor: Actor, kind: WritableKind, body: Record<string, unknown>) {
  refuseReaders(actor.caller);
  const rules = RULES[kind];
  const { errors, values } = checkFields(body, rules.checks);
  const product = typeof body.product === "number" ? await lockProduct(tx, actor.caller, body.product) : undefined;
  if (!product) errors.product = [noSuchProduct(body.product)];
  throwIfAny(errors);
  if (!product) throw notFound();
  await refuseDuplicateAsset(tx, kind, product.id, values, null);
  const columns = { company_id: product.company_id, product_id: product.id, ...rules.columns(values) };
  const names = Object.keys(columns);
  const inserted = await sql<{ id: number }>`insert into ${sql.table(rules.table)}
      (${sql.join(names.map((n) => sql.ref(n)))})
      values (${sql.join(names.map((n) => columnValue(n, columns[n as keyof typeof columns])))})
      returning id`.execute(tx);
  const id = inserted.rows[0]?.id ?? 0;
  await writeAudit(tx, actor, kind, product.company_id, id, "create", null, rules.columns(values));
  return (await assetById(tx, kind, id, null)) ?? Promise.reject(notFound());
}

/** Branches are a text[]; everything else binds as it is. */
const columnValue = (name: string, value: unknown) =>
  name === "branches" ? sql`${value as string[]}::text[]` : sql`${value}`;

/** The caller's live asset of a kind, with its product locked. */
async function lockAsset(tx: Tx, caller: Caller, kind: WritableKind, id: number) {
  const company = ownCompany(caller);
  const table = sql.table(RULES[kind].table);
  const found = await sql<{ id: number; product_id: number; company_id: number }>`select id, product_id, company_id
      from ${table} where id = ${id} and archived_at is null
       and (${company}::int is null or company_id = ${company})`.execute(tx);
  const row = found.rows[0];
  if (!row) return undefined;
  const product = await lockProduct(tx, caller, row.product_id);
  const again = await sql<Record<string, unknown>>`select * from ${table}
      where id = ${id} and archived_at is null for update`.execute(tx);
  return product && again.rows[0] ? { product, row: again.rows[0] } : undefined;
}

export async function updateAsset(tx: Tx, actor: Actor, kind: WritableKind, id: number, body: Record<string, unknown>) {
  const locked = await lockAsset(tx, actor.caller, kind, id);
  if (!locked) throw notFound();
  refuseReaders(actor.caller);
  const rules = RULES[kind];
  const { errors, values } = checkFields(body, rules.checks);
  throwIfAny(errors);
  const columns = rules.columns(values);
  const names = Object.keys(columns);
  if (names.length > 0) {
    await refuseDuplicateAsset(tx, kind, locked.product.id, values, id);
    const set = sql.join(names.map((n) => sql`${sql.ref(n)} = ${columnValue(n, columns[n])}`));
    await sql`update ${sql.table(rules.table)} set ${set} where id = ${id}`.execute(tx);
    const before = Object.fromEntries(names.map((n) => [n, locked.row[n]]));
    await writeAudit(tx, actor, kind, locked.product.company_id, id, "update", before, columns);
  }
  return (await assetById(tx, kind, id, null)) ?? Promise.reject(notFound());
}

export async function deleteAsset(tx: Tx, actor: Actor, kind: WritableKind, id: number): Promise<void> {
  const locked = await lockAsset(tx, actor.caller, kind, id);
  if (!locked) throw notFound();
  refuseReaders(actor.caller);
  await sql`update ${sql.table(RULES[kind].table)} set archived_at = now() where id = ${id}`.execute(tx);
  await writeAudit(tx, actor, kind, locked.product.company_id, id, "remove", { id }, null);
}
