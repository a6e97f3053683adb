import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { companyIs, type ListParts, type ListQuery, listPage, searchIn } from "./sql.ts";

/** The contract's Product: its asset counters are counts of each asset table, per product. */
const productSelect = sql`
  p.id, p.name, p.company_id as company, p.created_at, p.updated_at,
  n.network + n.exposure + n.threat as endpoint_count,
  n.network as network_count, n.exposure as exposure_count, n.threat as threat_count,
  n.web as url_count,
  n.source as repository_count,
  n.network + n.exposure + n.threat + n.web + n.source as assets_count`;

const productCounters = sql`
  cross join lateral (
    select (select count(*) from network_assets a where a.product_id = p.id and a.archived_at is null) as network,
           (select count(*) from exposure_assets a where a.product_id = p.id and a.archived_at is null) as exposure,
           (select count(*) from threat_assets a where a.product_id = p.id) as threat,
           (select count(*) from web_assets a where a.product_id = p.id and a.archived_at is null) as web,
           (select count(*) from source_assets a where a.product_id = p.id and a.archived_at is null) as source
  ) n`;

export interface ProductWire {
  id: number;
  name: string;
  company: number;
  endpoint_count: number;
  network_count: number;
  exposure_count: number;
  threat_count: number;
  url_count: number;
  repository_count: number;
  assets_count: number;
  created_at: string;
  updated_at: string;
}

export function listProducts(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`products p`,
      where: sql`${companyIs("p.company_id", company)} and p.archived_at is null and ${searchIn(query.search, "p.name")}`,
      joins: productCounters,
      select: productSelect,
      // Static mode sorts with localeCompare; lower-case first is its order for the seed's names on a
      // database of any collation.
      order: sql`lower(p.name), p.name, p.id`,
    },
    (row: ProductWire) => row,
  );
}

export async function productById(tx: Tx, id: number, company: number | null): Promise<ProductWire | undefined> {
  const rows = await sql<ProductWire>`select ${productSelect} from products p ${productCounters}
                                      where p.id = ${id} and p.archived_at is null
                                        and ${companyIs("p.company_id", company)}`.execute(tx);
  return rows.rows[0];
}

/**
 * The parts every asset list shares: one asset table `a` with its product `p`, the caller's company (or
 * a staff member's every company), an optional product, newest first. Archived (removed) assets are
 * left out; threat inspection assets are never archived (they come from purchases).
 */
function assetList(table: string, company: number | null, query: ListQuery, select: ListParts["select"]) {
  const live = table === "threat_assets" ? sql`true` : sql`a.archived_at is null`;
  return {
    from: sql`${sql.table(table)} a join products p on p.id = a.product_id`,
    where: sql`${companyIs("a.company_id", company)} and ${live} and ${
      query.product === undefined ? sql`true` : sql`a.product_id = ${query.product}`
    }`,
    select: sql`a.id, json_build_object('id', p.id, 'name', p.name) as product, ${select}`,
    order: sql`a.created_at desc, a.id desc`,
  } satisfies ListParts;
}

type AssetRow<T> = { id: number; product: { id: number; name: string } } & T;
const asIs = <T>(row: T) => row;

/** A repository added before its clone URL was asked for reads as its provider's https address. */
export const repositoryUrl = sql`coalesce(a.repository_url, 'https://' || case a.git_provider
    when 'GITHUB' then 'github.com' when 'GITLAB' then 'gitlab.com' when 'BITBUCKET' then 'bitbucket.org'
    else 'dev.azure.com' end || '/' || a.username || '/' || a.repository_name)`;

const sourceCodeParts = (company: number | null, query: ListQuery): ListParts =>
  assetList(
    "source_assets",
    company,
    query,
    sql`a.git_provider, a.repository_name, a.username, a.branches as branch, ${repositoryUrl} as repository_url,
        exists (select 1 from source_apps app where app.asset_id = a.id) as registered,
        (select max(s.created_at) from source_apps app join source_scans s on s.app_id = app.id
          where app.asset_id = a.id and s.status = 'DONE') as last_scanned`,
  );

const webAppParts = (company: number | null, query: ListQuery): ListParts =>
  assetList(
    "web_assets",
    company,
    query,
    sql`a.application_name, a.url,
        exists (select 1 from web_apps app where app.asset_id = a.id) as registered,
        (select max(s.created_at) from web_apps app join web_scans s on s.app_id = app.id
          where app.asset_id = a.id and s.status = 'COMPLETED') as last_scanned`,
  );

function threatParts(company: number | null, query: ListQuery): ListParts {
  const parts = assetList(
    "threat_assets",
    company,
    query,
    sql`a.name, a.last_scanned, a.created_at, a.updated_at,
        json_build_object(
          'id', h.id, 'country', h.country, 'name', h.name,
          -- The host's domains in the order the host lists them; a subdomain's main domain drops its
          -- first label.
          'domains', coalesce((
            select json_agg(json_build_object(
                     'id', d.id, 'name', d.name, 'domain_type', d.domain_type,
                     'domain_type_display', case d.domain_type when 'DOMAIN' then 'Domain' else 'Subdomain' end,
                     'main_domain', case when d.domain_type = 'SUBDOMAIN'
                                         then regexp_replace(d.name, '^[^.]*\\.?', '') end)
                   order by listed.position)
            from unnest(h.domain_ids) with ordinality as listed (domain_id, position)
            join exposure_domains d on d.id = listed.domain_id), '[]'::json)) as target,
        case when tc.id is null then null else json_build_object('id', tc.id, 'name', tc.name) end as scan_configuration`,
  );
  return {
    ...parts,
    joins: sql`join exposure_hosts h on h.id = a.host_id left join threat_configs tc on tc.id = a.config_id`,
  };
}

function networkParts(company: number | null, query: ListQuery): ListParts {
  const parts = assetList("network_assets", company, query, sql`a.target, a.last_scanned`);
  return { ...parts, where: sql`${parts.where} and ${searchIn(query.search, "a.target", "p.name")}` };
}

function exposureParts(company: number | null, query: ListQuery): ListParts {
  const parts = assetList(
    "exposure_assets",
    company,
    query,
    sql`a.name, json_build_object('id', a.target_id, 'asset', a.id, 'name', a.target_name) as target,
        -- The newest end of a finished scan of the asset's (first) configuration.
        (select max(s.end_scan) from exposure_scans s
          where s.config_id = (select min(c.id) from exposure_configs c where c.asset_id = a.id)) as last_scanned`,
  );
  return { ...parts, where: sql`${parts.where} and ${searchIn(query.search, "a.name", "p.name")}` };
}

export const listSourceCodeAssets = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) =>
  listPage(tx, request, query, sourceCodeParts(company, query), asIs<AssetRow<{ registered: boolean }>>);

export const listWebAppAssets = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) =>
  listPage(tx, request, query, webAppParts(company, query), asIs<AssetRow<{ registered: boolean }>>);

export const listThreatInspectionAssets = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) =>
  listPage(tx, request, query, threatParts(company, query), asIs<AssetRow<{ name: string }>>);

export const listNetworkAssets = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) =>
  listPage(tx, request, query, networkParts(company, query), asIs<AssetRow<{ target: string }>>);

export const listExposureAssets = (tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) =>
  listPage(tx, request, query, exposureParts(company, query), asIs<AssetRow<{ name: string }>>);

/** The asset kinds a client adds, edits and removes, with the list each answers as. */
export const ASSET_PARTS = {
  sourcecode: sourceCodeParts,
  webapp: webAppParts,
  network: networkParts,
  exposure: exposureParts,
} as const;
export type WritableKind = keyof typeof ASSET_PARTS;

/** One live asset as its list writes it, if the caller's company (or staff) may see it. */
export async function assetById(tx: Tx, kind: WritableKind, id: number, company: number | null) {
  const parts = ASSET_PARTS[kind](company, {});
  const rows = await sql<AssetRow<Record<string, unknown>>>`select ${parts.select} from ${parts.from}
    ${parts.joins ?? sql``} where ${parts.where} and a.id = ${id}`.execute(tx);
  return rows.rows[0];
}
