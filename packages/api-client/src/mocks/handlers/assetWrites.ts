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
  type GitRepository,
  productHoldsAssets,
  providerUrl,
} from "../../assetRules.ts";
import { iso, now } from "../clock.ts";
import { getDb, newId } from "../db.ts";
import type { Db, DbProduct } from "../db-types.ts";
import { byId, childrenOf } from "../lookup.ts";
import { canSee } from "../scope.ts";
import { product } from "../serialize.ts";
import { type ErrorReply, reply, typedHttp, type Viewer } from "../typed.ts";
import { oneOf, REQUIRED } from "../validate.ts";
import { exposureAsset, networkAsset, sourceAsset, webAsset } from "./asset.ts";

/**
 * Static mode's add, edit and remove of products and assets, with the server's rules, order and words
 * (packages/server/src/areas/network/assetWrites.ts; docs/decisions.md "Assets you can add, edit and
 * remove"): 404 for a record the viewer cannot see, then 403 for members and analysts, then every field
 * error at once, then duplicates. A refused write changes nothing.
 */

type Body = Record<string, unknown>;
type Errors = Record<string, string[]>;

const refusal = (viewer: Viewer): ErrorReply | null =>
  viewer.user.role === "CLIENT_ADMIN" || viewer.user.role === "SUPER_ADMIN"
    ? null
    : reply.forbidden(ASSET_WRITE_REFUSAL);

const noSuchRecord = (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`;

const liveProduct = (db: Db, viewer: Viewer, id: unknown): DbProduct | undefined => {
  const p = typeof id === "number" ? byId(db.products, id) : undefined;
  return p && !p.archived_at && canSee(viewer, p.company_id) ? p : undefined;
};

const GIT_PROVIDERS = ["GITHUB", "GITLAB", "BITBUCKET", "AZURE_DEVOPS"] as const;

/**
 * What the server's contract check refuses before any rule: a field the schema does not declare (by
 * name, not dropped) and a required one that is missing.
 */
function schemaErrors(body: Body, allowed: readonly string[], required: readonly string[]): ErrorReply | null {
  const out: Errors = {};
  for (const key of Object.keys(body)) if (!allowed.includes(key)) out[key] = ["This field is not allowed."];
  for (const key of required) if (body[key] === undefined) out[key] = [REQUIRED];
  return hasErrors(out) ? reply.badRequest(out) : null;
}

function checkAll(body: Body, checks: Record<string, (raw: unknown) => Checked<unknown>>) {
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

const hasErrors = (errors: Errors) => Object.keys(errors).length > 0;

// ------------------------------------------------------------------------------------------ kinds

type Row = { id: number; product_id: number; created_at: string; archived_at?: string };

interface Kind<R extends Row> {
  rows: (db: Db) => R[];
  checks: Record<string, (raw: unknown) => Checked<unknown>>;
  required: string[];
  /** The value compared for duplicates, of a stored row and of checked values. */
  key: (row: R) => string;
  newKey: (values: Record<string, unknown>) => string | undefined;
  duplicate: { field: string; message: string };
  apply: (row: R, values: Record<string, unknown>) => void;
  make: (db: Db, base: Row, values: Record<string, unknown>) => R;
  wire: (db: Db, row: R) => unknown;
}

// The server's contract check words an enum this way (http/contract.ts).
const gitProvider = (raw: unknown): Checked<unknown> =>
  oneOf(raw, GIT_PROVIDERS)
    ? { ok: true, value: raw }
    : { ok: false, error: `Must be one of: ${GIT_PROVIDERS.join(", ")}.` };

const repositoryOf = (row: Db["sourceAssets"][number]) =>
  row.repository_url ?? providerUrl(row.git_provider, row.username, row.repository_name);

const KINDS = {
  network: {
    rows: (db) => db.networkAssets,
    checks: { target: checkIpTarget },
    required: ["target"],
    key: (row) => row.target,
    newKey: (v) => (v.target as { target: string } | undefined)?.target,
    duplicate: { field: "target", message: DUPLICATE.target },
    apply: (row, v) => {
      const t = v.target as { target: string; kind: "IP_ADDRESS" | "IP_RANGE" } | undefined;
      if (t) Object.assign(row, { target: t.target, kind: t.kind });
    },
    make: (_db, base, v) => {
      const t = v.target as { target: string; kind: "IP_ADDRESS" | "IP_RANGE" };
      return { ...base, target: t.target, kind: t.kind, last_scanned: null };
    },
    wire: networkAsset,
  } satisfies Kind<Db["networkAssets"][number]>,
  webapp: {
    rows: (db) => db.webAssets,
    checks: { application_name: checkName, url: checkWebUrl },
    required: ["application_name", "url"],
    key: (row) => row.url,
    newKey: (v) => v.url as string | undefined,
    duplicate: { field: "url", message: DUPLICATE.url },
    apply: (row, v) => {
      if (v.application_name !== undefined) row.application_name = String(v.application_name);
      if (v.url !== undefined) row.url = String(v.url);
    },
    make: (_db, base, v) => ({ ...base, application_name: String(v.application_name), url: String(v.url) }),
    wire: webAsset,
  } satisfies Kind<Db["webAssets"][number]>,
  sourcecode: {
    rows: (db) => db.sourceAssets,
    checks: { git_provider: gitProvider, repository_url: checkGitUrl, branch: checkBranches },
    required: ["git_provider", "repository_url", "branch"],
    key: repositoryOf,
    newKey: (v) => (v.repository_url as GitRepository | undefined)?.repository_url,
    duplicate: { field: "repository_url", message: DUPLICATE.repository },
    apply: (row, v) => {
      if (v.git_provider !== undefined) row.git_provider = v.git_provider as (typeof GIT_PROVIDERS)[number];
      if (v.repository_url !== undefined) Object.assign(row, v.repository_url as GitRepository);
      if (v.branch !== undefined) row.branches = v.branch as string[];
    },
    make: (_db, base, v) => ({
      ...base,
      git_provider: v.git_provider as (typeof GIT_PROVIDERS)[number],
      ...(v.repository_url as GitRepository),
      branches: v.branch as string[],
    }),
    wire: sourceAsset,
  } satisfies Kind<Db["sourceAssets"][number]>,
  exposure: {
    rows: (db) => db.exposureAssets,
    checks: { name: checkDomain },
    required: ["name"],
    key: (row) => row.target.name,
    newKey: (v) => v.name as string | undefined,
    duplicate: { field: "name", message: DUPLICATE.domain },
    apply: (row, v) => {
      if (v.name !== undefined) {
        row.name = String(v.name);
        row.target = { ...row.target, name: String(v.name) };
      }
    },
    make: (_db, base, v) => ({
      ...base,
      name: String(v.name),
      target: { id: newId("exposureTargets"), name: String(v.name) },
    }),
    wire: exposureAsset,
  } satisfies Kind<Db["exposureAssets"][number]>,
} as const;

type KindName = keyof typeof KINDS;
const PATHS: Record<KindName, string> = {
  sourcecode: "sourcecode",
  webapp: "webapp",
  network: "networkva",
  exposure: "exposure-detection",
};

// Each kind's functions are typed over its own row; the table above is read through this view.
const kindOf = (name: KindName) => KINDS[name] as unknown as Kind<Row>;

function duplicateOf(db: Db, name: KindName, productId: number, values: Record<string, unknown>, except: number) {
  const kind = kindOf(name);
  const key = kind.newKey(values);
  if (key === undefined) return null;
  const clash = childrenOf(kind.rows(db), "product_id", productId).some(
    (r) => !r.archived_at && r.id !== except && kind.key(r).toLowerCase() === key.toLowerCase(),
  );
  return clash ? reply.field(kind.duplicate.field, kind.duplicate.message) : null;
}

/** The viewer's live asset of a kind. */
function liveAsset(db: Db, viewer: Viewer, name: KindName, id: unknown): Row | undefined {
  const row = typeof id === "number" ? byId(kindOf(name).rows(db), id) : undefined;
  if (!row || row.archived_at) return undefined;
  const p = byId(db.products, row.product_id);
  return p && canSee(viewer, p.company_id) ? row : undefined;
}

const UPDATE_FIELDS: Record<KindName, string[]> = {
  network: ["target"],
  webapp: ["application_name", "url"],
  sourcecode: ["git_provider", "repository_url", "branch"],
  exposure: ["name"],
};

function assetHandlersOf(name: KindName) {
  const base = `/api/v1/asset/${PATHS[name]}/`;
  const kind = kindOf(name);
  return [
    typedHttp.post(base as "/api/v1/asset/networkva/", async (ctx) => {
      const db = getDb();
      const body = ((await ctx.body()) ?? {}) as Body;
      // The server's contract check runs first: undeclared and missing fields answer before the role.
      const shape = schemaErrors(body, ["product", ...UPDATE_FIELDS[name]], ["product", ...kind.required]);
      if (shape) return shape;
      const forbidden = refusal(ctx.viewer);
      if (forbidden) return forbidden;
      const { errors, values } = checkAll(body, kind.checks);
      const p = liveProduct(db, ctx.viewer, body.product);
      if (!p) errors.product = [noSuchRecord(body.product)];
      if (hasErrors(errors) || !p) return reply.badRequest(errors);
      const duplicate = duplicateOf(db, name, p.id, values, 0);
      if (duplicate) return duplicate;
      const row = kind.make(db, { id: newId(tableOf(name)), product_id: p.id, created_at: iso(now()) }, values);
      kind.rows(db).push(row);
      return ctx.created(kind.wire(db, row) as never);
    }),

    typedHttp.patch(`${base}{id}/` as "/api/v1/asset/networkva/{id}/", async (ctx) => {
      const db = getDb();
      const body = ((await ctx.body()) ?? {}) as Body;
      const shape = schemaErrors(body, UPDATE_FIELDS[name], []);
      if (shape) return shape;
      const row = liveAsset(db, ctx.viewer, name, ctx.params.id);
      if (!row) return reply.notFound();
      const forbidden = refusal(ctx.viewer);
      if (forbidden) return forbidden;
      const { errors, values } = checkAll(body, kind.checks);
      if (hasErrors(errors)) return reply.badRequest(errors);
      const duplicate = duplicateOf(db, name, row.product_id, values, row.id);
      if (duplicate) return duplicate;
      kind.apply(row, values);
      return ctx.ok(kind.wire(db, row) as never);
    }),

    typedHttp.delete(`${base}{id}/` as "/api/v1/asset/networkva/{id}/", (ctx) => {
      const db = getDb();
      const row = liveAsset(db, ctx.viewer, name, ctx.params.id);
      if (!row) return reply.notFound();
      const forbidden = refusal(ctx.viewer);
      if (forbidden) return forbidden;
      row.archived_at = iso(now());
      return ctx.noContent();
    }),
  ];
}

const TABLE: Record<KindName, string> = {
  network: "networkAssets",
  webapp: "webAssets",
  sourcecode: "sourceAssets",
  exposure: "exposureAssets",
};
const tableOf = (name: KindName) => TABLE[name];

/** What a product still holds, by kind, as the 409 names it. */
function held(db: Db, productId: number): Record<string, number> {
  const live = (rows: ReadonlyArray<{ archived_at?: string }>) => rows.filter((r) => !r.archived_at).length;
  return {
    network: live(childrenOf(db.networkAssets, "product_id", productId)),
    webapp: live(childrenOf(db.webAssets, "product_id", productId)),
    sourcecode: live(childrenOf(db.sourceAssets, "product_id", productId)),
    exposure: live(childrenOf(db.exposureAssets, "product_id", productId)),
    threat: childrenOf(db.threatAssets, "product_id", productId).length,
  };
}

function productNameTaken(db: Db, companyId: number, name: string, except: number): boolean {
  return db.products.some(
    (p) =>
      p.company_id === companyId && !p.archived_at && p.id !== except && p.name.toLowerCase() === name.toLowerCase(),
  );
}

export const assetWriteHandlers = [
  typedHttp.post("/api/v1/asset/product/", async (ctx) => {
    const db = getDb();
    const body = ((await ctx.body()) ?? {}) as Body;
    const shape = schemaErrors(body, ["name", "company"], ["name"]);
    if (shape) return shape;
    const forbidden = refusal(ctx.viewer);
    if (forbidden) return forbidden;
    const errors: Errors = {};
    const name = checkName(body.name);
    if (!name.ok) errors.name = [name.error];
    let companyId = ctx.viewer.user.company_id;
    if (ctx.viewer.user.role === "SUPER_ADMIN") {
      if (body.company === undefined) errors.company = [REQUIRED];
      else if (!byId(db.companies, body.company as number)) errors.company = [noSuchRecord(body.company)];
      else companyId = body.company as number;
    } else if (body.company !== undefined && body.company !== companyId) {
      errors.company = [noSuchRecord(body.company)];
    }
    if (hasErrors(errors) || !name.ok || companyId === null || companyId === undefined) return reply.badRequest(errors);
    if (productNameTaken(db, companyId, name.value, 0)) return reply.field("name", DUPLICATE.productName);
    const at = iso(now());
    const row: DbProduct = {
      id: newId("products"),
      name: name.value,
      company_id: companyId,
      created_at: at,
      updated_at: at,
    };
    db.products.push(row);
    return ctx.created(product(db, row));
  }),

  typedHttp.patch("/api/v1/asset/product/{id}/", async (ctx) => {
    const db = getDb();
    const body = ((await ctx.body()) ?? {}) as Body;
    const shape = schemaErrors(body, ["name"], []);
    if (shape) return shape;
    const p = liveProduct(db, ctx.viewer, ctx.params.id);
    if (!p) return reply.notFound();
    const forbidden = refusal(ctx.viewer);
    if (forbidden) return forbidden;
    const name = body.name === undefined ? null : checkName(body.name);
    if (name && !name.ok) return reply.field("name", name.error);
    if (name?.ok) {
      if (productNameTaken(db, p.company_id, name.value, p.id)) return reply.field("name", DUPLICATE.productName);
      p.name = name.value;
      p.updated_at = iso(now());
    }
    return ctx.ok(product(db, p));
  }),

  typedHttp.delete("/api/v1/asset/product/{id}/", (ctx) => {
    const db = getDb();
    const p = liveProduct(db, ctx.viewer, ctx.params.id);
    if (!p) return reply.notFound();
    const forbidden = refusal(ctx.viewer);
    if (forbidden) return forbidden;
    const counts = held(db, p.id);
    if (Object.values(counts).some((n) => n > 0)) return reply.error(409, { detail: productHoldsAssets(counts) });
    p.archived_at = iso(now());
    p.updated_at = iso(now());
    return ctx.noContent();
  }),

  ...assetHandlersOf("sourcecode"),
  ...assetHandlersOf("webapp"),
  ...assetHandlersOf("network"),
  ...assetHandlersOf("exposure"),
];
