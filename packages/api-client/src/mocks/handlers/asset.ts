import { providerUrl } from "../../assetRules.ts";
import type { components } from "../../generated/schema.ts";
import { getDb } from "../db.ts";
import type { Db } from "../db-types.ts";
import { byId, childrenOf, newestFirst } from "../lookup.ts";
import { DOMAIN_TYPE_LABEL } from "../schema-types.ts";
import { canSee, companyScope, inScope, matches } from "../scope.ts";
import { companyOfProduct, product, productRef } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";

type S = components["schemas"];

export function sourceAsset(db: Db, a: Db["sourceAssets"][number]): S["SourceCodeAsset"] {
  const app = childrenOf(db.sourceApps, "asset_id", a.id)[0];
  const last = app
    ? newestFirst(
        childrenOf(db.sourceScans, "app_id", app.id).filter((s) => s.status === "DONE"),
        (s) => s.created_at,
      )[0]
    : undefined;
  return {
    id: a.id,
    registered: app !== undefined,
    git_provider: a.git_provider,
    repository_name: a.repository_name,
    username: a.username,
    repository_url: a.repository_url ?? providerUrl(a.git_provider, a.username, a.repository_name),
    product: productRef(db, a.product_id),
    last_scanned: last?.created_at ?? null,
    branch: a.branches,
  };
}

export function webAsset(db: Db, a: Db["webAssets"][number]): S["WebAppAsset"] {
  const app = childrenOf(db.webApps, "asset_id", a.id)[0];
  const last = app
    ? newestFirst(
        childrenOf(db.webScans, "app_id", app.id).filter((s) => s.status === "COMPLETED"),
        (s) => s.created_at,
      )[0]
    : undefined;
  return {
    id: a.id,
    registered: app !== undefined,
    application_name: a.application_name,
    url: a.url,
    product: productRef(db, a.product_id),
    last_scanned: last?.created_at ?? null,
  };
}

function threatAsset(db: Db, a: Db["threatAssets"][number]): S["ThreatInspectionAsset"] {
  const host = byId(db.exposureHosts, a.host_id);
  const config = byId(db.threatConfigs, a.config_id);
  const domains = (host?.domain_ids ?? []).flatMap((id) => {
    const d = byId(db.exposureDomains, id);
    if (!d) return [];
    const main = d.domain_type === "SUBDOMAIN" ? d.name.split(".").slice(1).join(".") : null;
    return [
      {
        id: d.id,
        name: d.name,
        domain_type: d.domain_type,
        domain_type_display: DOMAIN_TYPE_LABEL[d.domain_type],
        main_domain: main,
      },
    ];
  });
  return {
    id: a.id,
    name: a.name,
    target: { id: host?.id ?? 0, country: host?.country ?? null, name: host?.name ?? a.name, domains },
    product: productRef(db, a.product_id),
    last_scanned: a.last_scanned,
    scan_configuration: config ? { id: config.id, name: config.name } : null,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export function networkAsset(db: Db, a: Db["networkAssets"][number]): S["NetworkAsset"] {
  return { id: a.id, product: productRef(db, a.product_id), target: a.target, last_scanned: a.last_scanned };
}

export function exposureAsset(db: Db, a: Db["exposureAssets"][number]): S["ExposureAsset"] {
  const config = childrenOf(db.exposureConfigs, "asset_id", a.id)[0];
  const last = config
    ? newestFirst(
        childrenOf(db.exposureScans, "config_id", config.id).filter((s) => s.end_scan),
        (s) => s.end_scan,
      )[0]
    : undefined;
  return {
    id: a.id,
    name: a.name,
    target: { id: a.target.id, asset: a.id, name: a.target.name },
    product: productRef(db, a.product_id),
    last_scanned: last?.end_scan ?? null,
  };
}

/**
 * Live rows of an asset table the viewer may see, optionally of one product (`?product=`). Removed
 * (archived) assets are left out, as the product's counts leave them out.
 */
function assetRows<T extends { product_id: number; created_at: string; id: number; archived_at?: string }>(
  db: Db,
  rows: readonly T[],
  scope: number | null,
  productFilter: string | null,
): T[] {
  const productId = productFilter && /^\d+$/.test(productFilter) ? Number(productFilter) : null;
  return newestFirst(
    rows.filter(
      (r) =>
        !r.archived_at &&
        inScope(scope, companyOfProduct(db, r.product_id)) &&
        (productId === null || r.product_id === productId),
    ),
    (r) => r.created_at,
  );
}

export const assetHandlers = [
  typedHttp.get("/api/v1/asset/product/", (ctx) => {
    const db = getDb();
    const scope = companyScope(ctx.viewer, ctx.url);
    const search = ctx.query("search");
    const rows = db.products
      .filter((p) => !p.archived_at && inScope(scope, p.company_id) && matches(search, p.name))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return ctx.paged(rows.map((p) => product(db, p)));
  }),

  typedHttp.get("/api/v1/asset/product/{id}/", (ctx) => {
    const db = getDb();
    const p = byId(db.products, ctx.params.id);
    return p && !p.archived_at && canSee(ctx.viewer, p.company_id) ? ctx.ok(product(db, p)) : reply.notFound();
  }),

  typedHttp.get("/api/v1/asset/sourcecode/", (ctx) => {
    const db = getDb();
    const rows = assetRows(db, db.sourceAssets, companyScope(ctx.viewer, ctx.url), ctx.query("product"));
    return ctx.paged(rows.map((a) => sourceAsset(db, a)));
  }),

  typedHttp.get("/api/v1/asset/webapp/", (ctx) => {
    const db = getDb();
    const rows = assetRows(db, db.webAssets, companyScope(ctx.viewer, ctx.url), ctx.query("product"));
    return ctx.paged(rows.map((a) => webAsset(db, a)));
  }),

  typedHttp.get("/api/v1/asset/threat-inspection/", (ctx) => {
    const db = getDb();
    const rows = assetRows(db, db.threatAssets, companyScope(ctx.viewer, ctx.url), ctx.query("product"));
    return ctx.paged(rows.map((a) => threatAsset(db, a)));
  }),

  typedHttp.get("/api/v1/asset/networkva/", (ctx) => {
    const db = getDb();
    const search = ctx.query("search");
    const rows = assetRows(db, db.networkAssets, companyScope(ctx.viewer, ctx.url), ctx.query("product")).filter((a) =>
      matches(search, a.target, byId(db.products, a.product_id)?.name),
    );
    return ctx.paged(rows.map((a) => networkAsset(db, a)));
  }),

  typedHttp.get("/api/v1/asset/exposure-detection/", (ctx) => {
    const db = getDb();
    const search = ctx.query("search");
    const rows = assetRows(db, db.exposureAssets, companyScope(ctx.viewer, ctx.url), ctx.query("product")).filter((a) =>
      matches(search, a.name, byId(db.products, a.product_id)?.name),
    );
    return ctx.paged(rows.map((a) => exposureAsset(db, a)));
  }),
];
