import { PROGRESS_STATUS_LABEL } from "@sentinel/api-client/mocks/labels";
import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { severitySummary } from "../../scanning/severityCounts.ts";
import {
  endpointReputation,
  type StoredVerdict,
  storedDomainReputations,
  storedEndpointReputation,
} from "./reputation.ts";

/**
 * SQL of the threat inspection screens. Every query names the company it may read (`company`, null
 * for staff) besides row-level security; a record of another company is simply not found.
 */

const PROGRESS_LABEL: Record<string, string> = PROGRESS_STATUS_LABEL;
const FREQUENCY_LABEL: Record<string, string> = { WEEKLY: "Weekly", MONTHLY: "Monthly", QUARTERLY: "Quarterly" };
export const DOMAIN_TYPE_LABEL: Record<string, string> = { DOMAIN: "Domain", SUBDOMAIN: "Subdomain" };

/** Only this company's rows when a number; every company's (staff without `?company=`) when null. */
export const scoped = (column: string, company: number | null): RawBuilder<unknown> =>
  company === null ? sql`true` : sql`${sql.ref(column)} = ${company}`;

/** The user reference the contract calls UserSummary, or null. */
const userSummary = (alias: string) => sql`case when ${sql.ref(`${alias}.id`)} is null then null
  else json_build_object('id', ${sql.ref(`${alias}.id`)}, 'email', ${sql.ref(`${alias}.email`)},
                         'fullname', ${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}) end`;

/** A host's domains in the order the host lists them, as the contract's ExposureDomain. */
const hostDomains = (host: string) => sql`coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'domain_type', d.domain_type) order by o.n)
    from unnest(${sql.ref(`${host}.domain_ids`)}) with ordinality as o(id, n)
    join exposure_domains d on d.id = o.id), '[]'::json)`;

// ------------------------------------------------------------------ configurations

interface ConfigRow {
  id: number;
  name: string;
  progress: string;
  targets_count: number;
  services_count: number;
  scan_frequency: string | null;
  domain_target: string | null;
  company: { id: number; name: string };
  exposure_detection_target: { id: number; name: string };
  created_at: string;
  updated_at: string;
}

/**
 * The contract's ThreatInspectionConfiguration. Status: a configuration not paid yet is on
 * progress; a paid one is on progress while its newest scan (by start, a scan not started yet
 * counting as the oldest, as static mode orders them) has not finished.
 */
const configSelect = sql`
  tc.id, tc.name, tc.scan_frequency, tc.created_at, tc.updated_at, ea.target_name as domain_target,
  json_build_object('id', c.id, 'name', c.name) as company,
  json_build_object('id', tc.exposure_target_id, 'name', coalesce(ea.target_name, '')) as exposure_detection_target,
  hosts.targets_count, hosts.services_count,
  case when tc.paid_invoice is null or latest.status in ('PENDING', 'QUEUED', 'RUNNING') then 'ON_PROGRESS'
       else 'COMPLETED' end as progress`;

const configFrom = sql`
  threat_configs tc
  join companies c on c.id = tc.company_id
  left join exposure_assets ea on ea.target_id = tc.exposure_target_id
  cross join lateral (
    select count(*)::int as targets_count, coalesce(sum(jsonb_array_length(h.services)), 0)::int as services_count
      from unnest(tc.selected_host_ids) as sel(id) join exposure_hosts h on h.id = sel.id) hosts
  left join lateral (
    select s.status from threat_scans s where s.config_id = tc.id
     order by s.start_scan desc nulls last, s.id desc limit 1) latest on true`;

function configWire(row: ConfigRow) {
  const { progress, ...rest } = row;
  return {
    ...rest,
    status: progress,
    status_display: PROGRESS_LABEL[progress] ?? progress,
    scan_frequency_display: row.scan_frequency ? (FREQUENCY_LABEL[row.scan_frequency] ?? null) : null,
  };
}
export type ConfigWire = ReturnType<typeof configWire>;

export async function configsWhere(
  tx: Tx,
  where: RawBuilder<unknown>,
  page?: { limit: number; offset: number },
): Promise<ConfigWire[]> {
  const rows = await sql<ConfigRow>`select ${configSelect} from ${configFrom} where ${where}
    order by tc.created_at desc, tc.id desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(tx);
  return rows.rows.map(configWire);
}

export async function countConfigs(tx: Tx, where: RawBuilder<unknown>): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from threat_configs tc where ${where}`.execute(tx);
  return rows.rows[0]?.n ?? 0;
}

export async function configById(tx: Tx, id: number, company: number | null): Promise<ConfigWire | null> {
  return (await configsWhere(tx, sql`tc.id = ${id} and ${scoped("tc.company_id", company)}`))[0] ?? null;
}

/** What a configuration's writes need: its state and the estimate awaiting payment. */
export interface ConfigState {
  id: number;
  company_id: number;
  name: string;
  exposure_target_id: number;
  selected_host_ids: number[];
  estimate: Estimate | null;
  paid_invoice: string | null;
  payment_id: number | null;
}

export interface Estimate {
  invoice_number: string;
  date: string;
  scan_frequency: string;
  scan_time: string;
  host_ids: number[];
  grand_total: number;
}

/** The configuration's row, locked until the transaction ends when `lock` (writes). */
export async function configState(
  tx: Tx,
  id: number,
  company: number | null,
  lock = false,
): Promise<ConfigState | null> {
  const rows = await sql<ConfigState>`
    select id, company_id, name, exposure_target_id, selected_host_ids, estimate, paid_invoice, payment_id
      from threat_configs tc where tc.id = ${id} and ${scoped("tc.company_id", company)}
      ${lock ? sql`for update` : sql``}`.execute(tx);
  return rows.rows[0] ?? null;
}

/**
 * The exposure detection configuration behind a threat configuration's target: the first one of
 * the target's asset, as static mode picks it. Its scans' hosts are what may be selected.
 */
const exposureConfigOf = (config: string) => sql`(
  select ec.id from exposure_assets ea join exposure_configs ec on ec.asset_id = ea.id
   where ea.target_id = ${sql.ref(`${config}.exposure_target_id`)} order by ec.id limit 1)`;

/** Which of `ids` are not hosts found by a scan of the configuration's exposure target. */
export async function unselectableHosts(tx: Tx, configId: number, ids: number[]): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select sel.id from unnest(${ids}::int[]) with ordinality as sel(id, n)
     where not exists (
       select 1 from threat_configs tc
         join exposure_scans es on es.config_id = ${exposureConfigOf("tc")}
         join exposure_hosts h on h.scan_id = es.id
        where tc.id = ${configId} and h.id = sel.id)
     order by sel.n`.execute(tx);
  return rows.rows.map((r) => r.id);
}

/** The selected hosts that exist, in selection order, with their domains (the charge summary's endpoints). */
export async function selectedHosts(
  tx: Tx,
  configId: number,
): Promise<Array<{ id: number; name: string; domains: Array<{ name: string; domain_type: string }> }>> {
  const rows = await sql<{ id: number; name: string; domains: Array<{ name: string; domain_type: string }> }>`
    select h.id, h.name, ${hostDomains("h")} as domains
      from threat_configs tc cross join lateral unnest(tc.selected_host_ids) with ordinality as sel(id, n)
      join exposure_hosts h on h.id = sel.id
     where tc.id = ${configId} order by sel.n`.execute(tx);
  return rows.rows;
}

// ------------------------------------------------------------------ targets and endpoint selection

/** The contract's ThreatInspectionTarget for a configuration's selected hosts, in selection order. */
export async function targets(
  tx: Tx,
  configId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: unknown[] }> {
  const from = sql`threat_configs tc cross join lateral unnest(tc.selected_host_ids) with ordinality as sel(id, n)
    join exposure_hosts h on h.id = sel.id`;
  const count =
    (await sql<{ n: number }>`select count(*)::int as n from ${from} where tc.id = ${configId}`.execute(tx)).rows[0]
      ?.n ?? 0;
  const rows = await sql`
    select h.id, h.name, json_build_object('id', h.id, 'host', h.name) as endpoint,
           (select a.id from threat_assets a where a.host_id = h.id order by a.id limit 1) as asset,
           case when ea.id is null then null else json_build_object('id', p.id, 'name', p.name) end as product,
           ${hostDomains("h")} as domains, ea.target_name as target_domain, h.country
      from ${from}
      left join exposure_assets ea on ea.target_id = tc.exposure_target_id
      left join products p on p.id = ea.product_id
     where tc.id = ${configId}
     order by sel.n limit ${page.limit} offset ${page.offset}`.execute(tx);
  return { count, rows: rows.rows };
}

/** The hosts of one exposure scan of the configuration's target, marked when already selected; null if the scan is not the target's. */
export async function endpointSelection(tx: Tx, configId: number, exposureScanId: number) {
  const rows = await sql<{
    found: boolean;
    endpoints: Array<{ services: unknown[] }>;
  }>`
    select true as found, coalesce((
             select json_agg(json_build_object('id', h.id, 'name', h.name, 'is_new', h.is_new, 'country', h.country,
                                               'services', h.services, 'service_count', jsonb_array_length(h.services),
                                               'assigned', h.id = any(tc.selected_host_ids)) order by h.id)
               from exposure_hosts h where h.scan_id = es.id), '[]'::json) as endpoints
      from threat_configs tc
      join exposure_scans es on es.id = ${exposureScanId} and es.config_id = ${exposureConfigOf("tc")}
     where tc.id = ${configId}`.execute(tx);
  const row = rows.rows[0];
  if (!row) return null;
  return {
    endpoints_count: row.endpoints.length,
    services_count: row.endpoints.reduce((n, e) => n + e.services.length, 0),
    endpoints: row.endpoints,
  };
}

// ------------------------------------------------------------------ scans

/** The contract's ThreatInspectionScan. */
const scanSelect = sql`
  s.id, s.status, s.start_scan, s.end_scan, s.progress, ${userSummary("u")} as scanned_by,
  json_build_object('id', tc.exposure_target_id, 'name', coalesce(ea.target_name, '')) as exposure_detection_target,
  s.completed_count, s.failed_count, s.failure_reason`;

const scanFrom = sql`
  threat_scans s
  join threat_configs tc on tc.id = s.config_id
  left join users u on u.id = s.scanned_by
  left join exposure_assets ea on ea.target_id = tc.exposure_target_id`;

/** A configuration's scans, newest first; a scan not started yet is the newest (static mode's order). */
export async function scansOfConfig(tx: Tx, configId: number, page: { limit: number; offset: number }) {
  const count =
    (await sql<{ n: number }>`select count(*)::int as n from threat_scans where config_id = ${configId}`.execute(tx))
      .rows[0]?.n ?? 0;
  const rows = await sql`select ${scanSelect} from ${scanFrom} where s.config_id = ${configId}
    order by s.start_scan desc nulls first, s.id desc limit ${page.limit} offset ${page.offset}`.execute(tx);
  return { count, rows: rows.rows };
}

/** One scan as the contract's ThreatInspectionScan (the caller has checked it may see it). */
export async function scanById(tx: Tx, id: number) {
  return (await sql`select ${scanSelect} from ${scanFrom} where s.id = ${id}`.execute(tx)).rows[0] ?? null;
}

/** Severity and status counts of a set of threat findings, as the contract's two summaries. */
const findingSummaries = (findings: string) => sql`
  json_build_object(
    'high', count(*) filter (where ${sql.ref(`${findings}.severity`)} = 'HIGH'),
    'medium', count(*) filter (where ${sql.ref(`${findings}.severity`)} = 'MEDIUM'),
    'low', count(*) filter (where ${sql.ref(`${findings}.severity`)} = 'LOW'),
    'info', count(*) filter (where ${sql.ref(`${findings}.severity`)} = 'INFO'),
    'log', count(*) filter (where ${sql.ref(`${findings}.severity`)} = 'LOG')) as severity_summary,
  json_build_object(
    'active', count(*) filter (where ${sql.ref(`${findings}.status`)} = 'ACTIVE'),
    'fixing', count(*) filter (where ${sql.ref(`${findings}.status`)} = 'FIXING'),
    'mitigated', count(*) filter (where ${sql.ref(`${findings}.status`)} = 'MITIGATED'),
    'tolerated', count(*) filter (where ${sql.ref(`${findings}.status`)} = 'TOLERATED'),
    'false_positive', count(*) filter (where ${sql.ref(`${findings}.status`)} = 'FALSE_POSITIVE')) as finding_status_summary`;

export interface ScanState {
  id: number;
  config_id: number;
  status: string;
  start_scan: string | null;
  end_scan: string | null;
}

export async function scanState(tx: Tx, id: number, company: number | null): Promise<ScanState | null> {
  const rows = await sql<ScanState>`select s.id, s.config_id, s.status, s.start_scan, s.end_scan
    from threat_scans s where s.id = ${id} and ${scoped("s.company_id", company)}`.execute(tx);
  return rows.rows[0] ?? null;
}

/**
 * The contract's ThreatInspectionScanDetail: the scan and the counts of its endpoints' findings, by
 * severity from the scan row (migration 0300), by status (which changes) counted here.
 */
export async function scanDetail(tx: Tx, id: number) {
  const rows = await sql`
    select ${scanSelect}, ${severitySummary("s")} as severity_summary, sums.finding_status_summary
      from ${scanFrom}
      cross join lateral (
        select ${findingSummaries("f")}
          from threat_endpoints e join findings f on f.area = 'threat' and f.parent_id = e.id
         where e.scan_id = s.id) sums
     where s.id = ${id}`.execute(tx);
  return rows.rows[0] ?? null;
}

/** The domains of the scan's configuration's selected hosts, in selection order (repeats kept). */
export async function scanDomains(tx: Tx, configId: number): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select d.name
      from threat_configs tc cross join lateral unnest(tc.selected_host_ids) with ordinality as sel(id, n)
      join exposure_hosts h on h.id = sel.id
      cross join lateral unnest(h.domain_ids) with ordinality as dom(id, m)
      join exposure_domains d on d.id = dom.id
     where tc.id = ${configId} order by sel.n, dom.m`.execute(tx);
  return rows.rows.map((r) => r.name);
}

// ------------------------------------------------------------------ endpoints

interface EndpointRow {
  id: number;
  host_id: number;
  host: string;
  status: string;
  updated_at: string;
  counters: Record<string, number>;
  runs_engines: boolean;
  verdicts: StoredVerdict[];
  [key: string]: unknown;
}

/** A threat endpoint's stored verdicts on one kind of subject, as StoredVerdict JSON in engine-list order. */
const verdictsOf = (endpoint: string, kind: "ENDPOINT" | "DOMAIN") => sql`coalesce((
  select json_agg(json_build_object('id', v.id, 'engine', v.engine, 'verdict', v.verdict, 'category', v.category,
                                    'reference', v.reference, 'elapsed', v.elapsed, 'checked_at', v.checked_at)
                  order by v.id)
    from threat_verdicts v where v.endpoint_id = ${sql.ref(endpoint)} and v.subject_kind = ${kind}), '[]'::json)`;

/**
 * The contract's ThreatInspectionEndpoint: the endpoint, its host, its findings counted in SQL, and
 * its reputation: what the blocklists answered for a scan that ran them, derived from its ids for the
 * demo data's older scans.
 */
const endpointSelect = sql`
  e.id, e.host_id, coalesce(h.name, '') as host, e.status,
  json_build_object('id', coalesce(p.id, 0), 'name', coalesce(p.name, '')) as product,
  'AUTOMATIC_SCHEDULLE' as schedulle_type, 'IP_SINGLE' as target_type, ${userSummary("u")} as scanned_by,
  null as scan_time, coalesce(jsonb_array_length(h.services), 0) as services_count, e.created_at, e.updated_at,
  json_build_object('id', tc.exposure_target_id, 'name', coalesce(ea.target_name, '')) as exposure_detection_target,
  ${hostDomains("h")} as domains, coalesce(h.services, '[]'::jsonb) as services, sums.*,
  s.runs_engines, ${verdictsOf("e.id", "ENDPOINT")} as verdicts`;

const endpointFrom = sql`
  threat_endpoints e
  join threat_scans s on s.id = e.scan_id
  join threat_configs tc on tc.id = s.config_id
  left join exposure_hosts h on h.id = e.host_id
  left join users u on u.id = s.scanned_by
  left join exposure_assets ea on ea.target_id = tc.exposure_target_id
  left join products p on p.id = ea.product_id
  cross join lateral (
    select count(*)::int as findings_count, ${findingSummaries("f")}
      from findings f where f.area = 'threat' and f.parent_id = e.id) sums`;

function endpointWire(row: EndpointRow) {
  const { host_id, severity_summary, finding_status_summary, findings_count, runs_engines, verdicts, ...rest } = row;
  const sev = severity_summary as Record<string, number>;
  const st = finding_status_summary as Record<string, number>;
  return {
    ...rest,
    finding_total: findings_count,
    finding_high: sev.high,
    finding_medium: sev.medium,
    finding_low: sev.low,
    finding_log: sev.log,
    finding_info: sev.info,
    finding_active: st.active,
    finding_fixing: st.fixing,
    finding_mitigated: st.mitigated,
    finding_tolerated: st.tolerated,
    finding_false_positive: st.false_positive,
    severity_summary,
    finding_status_summary,
    findings_count,
    endpoint_reputation: runs_engines
      ? storedEndpointReputation(
          { id: row.id, status: row.status, host_name: row.host, updated_at: row.updated_at },
          verdicts,
        )
      : endpointReputation({
          id: row.id,
          status: row.status,
          host_id,
          host_name: row.host,
          updated_at: row.updated_at,
        }),
  };
}

export async function endpointsOfScan(tx: Tx, scanId: number, page?: { limit: number; offset: number }) {
  const count =
    (await sql<{ n: number }>`select count(*)::int as n from threat_endpoints where scan_id = ${scanId}`.execute(tx))
      .rows[0]?.n ?? 0;
  const rows = await sql<EndpointRow>`select ${endpointSelect} from ${endpointFrom} where e.scan_id = ${scanId}
    order by e.id ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(tx);
  return { count, rows: rows.rows.map(endpointWire) };
}

export async function endpointById(tx: Tx, id: number, company: number | null) {
  const rows = await sql<EndpointRow>`select ${endpointSelect} from ${endpointFrom}
    where e.id = ${id} and ${scoped("e.company_id", company)}`.execute(tx);
  const row = rows.rows[0];
  return row ? endpointWire(row) : null;
}

/** The reputations of a scan's completed endpoints (no findings needed: a lighter query). */
export async function endpointReputationsOfScan(tx: Tx, scanId: number) {
  const rows = await sql<{
    id: number;
    status: string;
    host_id: number;
    host_name: string;
    updated_at: string;
    runs_engines: boolean;
    verdicts: StoredVerdict[];
  }>`
    select e.id, e.status, e.host_id, h.name as host_name, e.updated_at, s.runs_engines,
           ${verdictsOf("e.id", "ENDPOINT")} as verdicts
      from threat_endpoints e join exposure_hosts h on h.id = e.host_id join threat_scans s on s.id = e.scan_id
     where e.scan_id = ${scanId} and e.status = 'COMPLETED' order by e.id`.execute(tx);
  return rows.rows.flatMap((r) => {
    const reputation = r.runs_engines ? storedEndpointReputation(r, r.verdicts) : endpointReputation(r);
    return reputation ? [reputation] : [];
  });
}

/**
 * A scan's domain reputations from its stored verdicts, one per domain in the order the endpoints
 * checked them; null when the scan did not run the blocklists (the demo data's older scans).
 */
export async function storedDomainReputationsOfScan(tx: Tx, scanId: number) {
  const scan = (
    await sql<{ runs_engines: boolean; end_scan: string | null; start_scan: string | null }>`
      select runs_engines, end_scan, start_scan from threat_scans where id = ${scanId}`.execute(tx)
  ).rows[0];
  if (!scan?.runs_engines) return null;
  const rows = await sql<{ domain: string; verdicts: StoredVerdict[] }>`
    select d.subject as domain, (
             select json_agg(json_build_object('id', v.id, 'engine', v.engine, 'verdict', v.verdict,
                                               'category', v.category, 'reference', v.reference,
                                               'elapsed', v.elapsed, 'checked_at', v.checked_at) order by v.id)
               from threat_verdicts v
              where v.endpoint_id = d.endpoint_id and v.subject_kind = 'DOMAIN' and v.subject = d.subject) as verdicts
      from (select distinct on (v.subject) v.subject, v.endpoint_id, v.id
              from threat_verdicts v join threat_endpoints e on e.id = v.endpoint_id
             where v.scan_id = ${scanId} and v.subject_kind = 'DOMAIN' and e.status = 'COMPLETED'
             order by v.subject, v.endpoint_id, v.id) d
     order by d.endpoint_id, d.id`.execute(tx);
  return storedDomainReputations(rows.rows, scan.end_scan ?? scan.start_scan ?? "");
}
