import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { companyIs, type ListQuery, listPage, progressOf, scannedBy } from "./sql.ts";

/** A configuration's scans newest first; a scan not started yet (no start) is the newest. */
const newestScanFirst = sql`s.start_scan desc nulls first, s.id desc`;

export function listExposureConfigurations(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`exposure_configs c`,
      where: companyIs("c.company_id", company),
      joins: sql`join exposure_assets a on a.id = c.asset_id join companies co on co.id = c.company_id`,
      select: sql`
        c.id, c.scheduled_scan, c.created_at, c.updated_at, a.target_name as domain,
        json_build_object('id', a.target_id, 'asset', a.id, 'name', a.target_name) as target,
        json_build_object('id', co.id, 'name', co.name) as company,
        ${progressOf(sql`(select s.status from exposure_scans s where s.config_id = c.id order by ${newestScanFirst} limit 1)`)} as status,
        -- The end of the newest scan that has ended (newest by start, as the scan list orders them).
        (select s.end_scan from exposure_scans s where s.config_id = c.id and s.end_scan is not null
          order by ${newestScanFirst} limit 1) as last_scanned`,
      order: sql`c.created_at desc, c.id desc`,
    },
    (row: { id: number }) => row,
  );
}

export async function exposurePathExists(
  tx: Tx,
  ids: { configId: number; scanId?: number },
  company: number | null,
): Promise<boolean> {
  const scan =
    ids.scanId === undefined ? sql`` : sql`join exposure_scans s on s.config_id = c.id and s.id = ${ids.scanId}`;
  const rows = await sql`select 1 from exposure_configs c ${scan}
                         where c.id = ${ids.configId} and ${companyIs("c.company_id", company)}`.execute(tx);
  return rows.rows.length > 0;
}

export function listExposureScans(tx: Tx, request: FastifyRequest, query: ListQuery, configId: number) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`exposure_scans s`,
      where: sql`s.config_id = ${configId}`,
      select: sql`s.id, s.start_scan, s.end_scan, s.status, ${scannedBy("s.scanned_by")} as scanned_by, s.failure_reason,
                  s.progress, s.zone_transfer_servers`,
      order: newestScanFirst,
    },
    (row: { id: number }) => row,
  );
}

export function listExposureHosts(tx: Tx, request: FastifyRequest, query: ListQuery, scanId: number) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`exposure_hosts h`,
      where: sql`h.scan_id = ${scanId}`,
      joins: sql`join exposure_scans s on s.id = h.scan_id`,
      select: sql`
        h.id, h.name, h.is_new, h.country, h.country_code, h.services,
        jsonb_array_length(h.services) as service_count,
        ${scannedBy("s.scanned_by")} as scanned_by,
        -- The host's domains in the order the host lists them.
        coalesce((
          select json_agg(json_build_object('id', d.id, 'name', d.name, 'domain_type', d.domain_type)
                 order by listed.position)
          from unnest(h.domain_ids) with ordinality as listed (domain_id, position)
          join exposure_domains d on d.id = listed.domain_id), '[]'::json) as domains`,
      order: sql`h.id`,
    },
    (row: { id: number }) => row,
  );
}

export function listExposureDomains(tx: Tx, request: FastifyRequest, query: ListQuery, scanId: number) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`exposure_domains d`,
      where: sql`d.scan_id = ${scanId}`,
      select: sql`d.id, d.name, d.domain_type`,
      // Domains before subdomains, each by name (static mode's localeCompare; see listProducts).
      order: sql`d.domain_type = 'DOMAIN' desc, lower(d.name), d.name, d.id`,
    },
    (row: { id: number }) => row,
  );
}
