import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { companyIs, type ListParts, type ListQuery, listPage, searchIn } from "./sql.ts";

/** The contract's Product: its asset counters are counts of each asset table, per product. */
const productSelect = sql`
  p.id, p.name, p.company_id as company, p.created_at, p.updated_at,
  n.network + n.exposure + n.threat as endpoint_count,
  n.web as url_count,
  n.source as repository_count,
  n.network + n.exposure + n.threat + n.web + n.source as assets_count`;

const productCounters = sql`
  cross join lateral (
    select (select count(*) from network_assets a where a.product_id = p.id) as network,
           (select count(*) from exposure_assets a where a.product_id = p.id) as exposure,
           (select count(*) from threat_assets a where a.product_id = p.id) as threat,
           (select count(*) from web_assets a where a.product_id = p.id) as web,
           (select count(*) from source_assets a where a.product_id = p.id) as source
  ) n`;

export interface ProductWire {
  id: number;
  name: string;
  company: number;
  endpoint_count: number;
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
      where: sql`${companyIs("p.company_id", company)} and ${searchIn(query.search, "p.name")}`,
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
                                      where p.id = ${id} and ${companyIs("p.company_id", company)}`.execute(tx);
  return rows.rows[0];
}

/**
 * The parts every asset list shares: one asset table `a` with its product `p`, the caller's company (or
 * a staff member's every company), an optional product, newest first.
 */
function assetList(table: string, company: number | null, query: ListQuery, select: ListParts["select"]) {
  return {
    from: sql`${sql.table(table)} a join products p on p.id = a.product_id`,
    where: sql`${companyIs("a.company_id", company)} and ${
      query.product === undefined ? sql`true` : sql`a.product_id = ${query.product}`
    }`,
    select: sql`a.id, json_build_object('id', p.id, 'name', p.name) as product, ${select}`,
    order: sql`a.created_at desc, a.id desc`,
  } satisfies ListParts;
}

type AssetRow<T> = { id: number; product: { id: number; name: string } } & T;
const asIs = <T>(row: T) => row;

export function listSourceCodeAssets(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  return listPage(
    tx,
    request,
    query,
    assetList(
      "source_assets",
      company,
      query,
      sql`a.git_provider, a.repository_name, a.username, a.branches as branch,
          exists (select 1 from source_apps app where app.asset_id = a.id) as registered,
          (select max(s.created_at) from source_apps app join source_scans s on s.app_id = app.id
            where app.asset_id = a.id and s.status = 'DONE') as last_scanned`,
    ),
    asIs<AssetRow<{ registered: boolean; last_scanned: string | null }>>,
  );
}

export function listWebAppAssets(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  return listPage(
    tx,
    request,
    query,
    assetList(
      "web_assets",
      company,
      query,
      sql`a.application_name, a.url,
          exists (select 1 from web_apps app where app.asset_id = a.id) as registered,
          (select max(s.created_at) from web_apps app join web_scans s on s.app_id = app.id
            where app.asset_id = a.id and s.status = 'COMPLETED') as last_scanned`,
    ),
    asIs<AssetRow<{ registered: boolean; last_scanned: string | null }>>,
  );
}

export function listThreatInspectionAssets(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
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
  return listPage(
    tx,
    request,
    query,
    {
      ...parts,
      joins: sql`join exposure_hosts h on h.id = a.host_id left join threat_configs tc on tc.id = a.config_id`,
    },
    asIs<AssetRow<{ name: string }>>,
  );
}

export function listNetworkAssets(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  const parts = assetList("network_assets", company, query, sql`a.target, a.last_scanned`);
  return listPage(
    tx,
    request,
    query,
    { ...parts, where: sql`${parts.where} and ${searchIn(query.search, "a.target", "p.name")}` },
    asIs<AssetRow<{ target: string }>>,
  );
}

export function listExposureAssets(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  const parts = assetList(
    "exposure_assets",
    company,
    query,
    sql`a.name, json_build_object('id', a.target_id, 'asset', a.id, 'name', a.target_name) as target,
        -- The newest end of a finished scan of the asset's (first) configuration.
        (select max(s.end_scan) from exposure_scans s
          where s.config_id = (select min(c.id) from exposure_configs c where c.asset_id = a.id)) as last_scanned`,
  );
  return listPage(
    tx,
    request,
    query,
    { ...parts, where: sql`${parts.where} and ${searchIn(query.search, "a.name", "p.name")}` },
    asIs<AssetRow<{ name: string }>>,
  );
}
