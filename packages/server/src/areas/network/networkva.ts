import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { type FindingChangesWire, findingChangesColumn } from "../../scanning/findingChanges.ts";
import {
  companyIs,
  FREQUENCY_LABEL,
  type Frequency,
  isoText,
  type ListQuery,
  listPage,
  PROGRESS_LABEL,
  progressOf,
  SCAN_STATUS_LABEL,
  SCHEDULE_LABEL,
  type ScanStatus,
  type ScheduleType,
  scannedBy,
  TARGET_TYPE_LABEL,
  type TargetType,
} from "./sql.ts";

// ------------------------------------------------------------------ configurations

const configSelect = sql`
  c.id, c.schedulle_type, c.frequency_type, c.target_type, c.created_at, c.updated_at,
  json_build_object('id', co.id, 'name', co.name) as company,
  ${progressOf(sql`(select s.status from network_scans s where s.config_id = c.id
                     order by s.scan_time_schedulle desc, s.id desc limit 1)`)} as status,
  coalesce((select json_agg(json_build_object(
                     'id', t.id, 'target_type', t.target_type, 'asset', t.asset_id,
                     'endpoint', json_build_object('id', e.id, 'host', e.host),
                     'created_at', ${isoText("t.created_at")}, 'updated_at', ${isoText("t.updated_at")})
                   order by t.id)
            from network_targets t join network_endpoints e on e.id = t.endpoint_id
            where t.config_id = c.id), '[]'::json) as target`;

interface ConfigRow {
  id: number;
  schedulle_type: ScheduleType;
  frequency_type: Frequency | null;
  target_type: TargetType;
  status: keyof typeof PROGRESS_LABEL;
  target: unknown[];
  company: { id: number; name: string };
  created_at: string;
  updated_at: string;
}

const configWire = (row: ConfigRow) => ({
  ...row,
  schedulle_type_display: SCHEDULE_LABEL[row.schedulle_type],
  frequency_type_display: row.frequency_type ? FREQUENCY_LABEL[row.frequency_type] : null,
  target_type_display: TARGET_TYPE_LABEL[row.target_type],
  status_display: PROGRESS_LABEL[row.status],
});

export function listConfigurations(tx: Tx, request: FastifyRequest, query: ListQuery, company: number | null) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`network_configs c`,
      where: companyIs("c.company_id", company),
      joins: sql`join companies co on co.id = c.company_id`,
      select: configSelect,
      order: sql`c.created_at desc, c.id desc`,
    },
    configWire,
  );
}

export async function configurationById(tx: Tx, id: number, company: number | null) {
  const rows =
    await sql<ConfigRow>`select ${configSelect} from network_configs c join companies co on co.id = c.company_id
                                    where c.id = ${id} and ${companyIs("c.company_id", company)}`.execute(tx);
  const row = rows.rows[0];
  return row ? configWire(row) : undefined;
}

// ------------------------------------------------------------------ path resolution

/**
 * Whether a nested path names real rows of the caller's, each under the one before it: a scan of
 * another configuration, or an endpoint of another scan, is not found.
 */
export async function pathExists(
  tx: Tx,
  ids: { configId: number; scanId: number; endpointId?: number },
  company: number | null,
): Promise<boolean> {
  const endpoint =
    ids.endpointId === undefined
      ? sql``
      : sql`join scan_endpoints se on se.scan_id = s.id and se.id = ${ids.endpointId}`;
  const rows = await sql`select 1 from network_configs c join network_scans s on s.config_id = c.id ${endpoint}
                         where c.id = ${ids.configId} and s.id = ${ids.scanId}
                           and ${companyIs("c.company_id", company)}`.execute(tx);
  return rows.rows.length > 0;
}

export async function configurationExists(tx: Tx, id: number, company: number | null): Promise<boolean> {
  const rows = await sql`select 1 from network_configs c
                         where c.id = ${id} and ${companyIs("c.company_id", company)}`.execute(tx);
  return rows.rows.length > 0;
}

// ------------------------------------------------------------------ scans

/** Findings per severity as the contract's SeveritySummary, from a `findings f` aggregate. */
const severityCounts = sql`
  count(*) filter (where f.severity = 'HIGH') as high,
  count(*) filter (where f.severity = 'MEDIUM') as medium,
  count(*) filter (where f.severity = 'LOW') as low,
  count(*) filter (where f.severity = 'INFO') as info,
  count(*) filter (where f.severity = 'LOG') as log`;

const scanSelect = sql`
  s.id, s.status, s.start_time, s.end_time, s.progress, s.completed_count, s.failed_count, s.schedulle_type,
  s.failure_reason, c.target_type, s.scan_time_id, s.scan_time_schedulle, ${scannedBy("s.scanned_by")} as scanned_by,
  s.finding_high as high, s.finding_medium as medium, s.finding_low as low, s.finding_info as info,
  s.finding_log as log, ${findingChangesColumn(["COMPLETED", "FAILED", "ABORTED"])}`;

/**
 * A scan's configuration. Its findings per severity (those of its endpoints) are counted on the scan
 * row by the store (migration 0300), not on each read.
 */
const scanConfig = sql`join network_configs c on c.id = s.config_id`;

interface ScanRow {
  id: number;
  status: ScanStatus;
  start_time: string | null;
  end_time: string | null;
  progress: number;
  completed_count: number;
  failed_count: number;
  schedulle_type: ScheduleType;
  target_type: TargetType;
  scan_time_id: number;
  scan_time_schedulle: string;
  scanned_by: unknown;
  failure_reason: string | null;
  finding_changes: FindingChangesWire | null;
  high: number;
  medium: number;
  low: number;
  info: number;
  log: number;
}

const scanWire = (row: ScanRow) => ({
  id: row.id,
  status: row.status,
  status_display: SCAN_STATUS_LABEL[row.status],
  scan_time: { id: row.scan_time_id, schedulle: row.scan_time_schedulle },
  start_time: row.start_time,
  end_time: row.end_time,
  severity: { high: row.high, medium: row.medium, low: row.low, info: row.info, log: row.log },
  scanned_by: row.scanned_by,
  progress: row.progress,
  completed_count: row.completed_count,
  failed_count: row.failed_count,
  target_type: row.target_type,
  target_type_display: TARGET_TYPE_LABEL[row.target_type],
  schedulle_type: row.schedulle_type,
  schedulle_type_display: SCHEDULE_LABEL[row.schedulle_type],
  failure_reason: row.failure_reason,
  finding_changes: row.finding_changes,
});

/** A configuration's scans, newest schedule first (the configuration was checked to be the caller's). */
export function listScans(tx: Tx, request: FastifyRequest, query: ListQuery, configId: number) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`network_scans s`,
      where: sql`s.config_id = ${configId}`,
      joins: scanConfig,
      select: scanSelect,
      order: sql`s.scan_time_schedulle desc, s.id desc`,
    },
    scanWire,
  );
}

export async function scanById(tx: Tx, id: number) {
  const rows = await sql<ScanRow>`select ${scanSelect} from network_scans s ${scanConfig} where s.id = ${id}`.execute(
    tx,
  );
  const row = rows.rows[0];
  return row ? scanWire(row) : undefined;
}

// ------------------------------------------------------------------ scan endpoints

const endpointSelect = sql`
  se.id, e.host, se.status, se.created_at, se.updated_at, s.schedulle_type, c.target_type,
  json_build_object('id', p.id, 'name', p.name) as product,
  ${scannedBy("s.scanned_by")} as scanned_by,
  s.scan_time_id, s.scan_time_schedulle,
  jsonb_array_length(se.services) as services_count,
  fc.finding_total, fc.high as finding_high, fc.medium as finding_medium, fc.low as finding_low,
  fc.log as finding_log, fc.info as finding_info,
  fc.finding_active, fc.finding_fixing, fc.finding_mitigated, fc.finding_tolerated, fc.finding_false_positive`;

/** The endpoint's host, scan, configuration and product, and its finding counters by severity and status. */
const endpointJoins = sql`
  join network_scans s on s.id = se.scan_id
  join network_configs c on c.id = s.config_id
  join network_endpoints e on e.id = se.endpoint_id
  join network_assets a on a.id = e.asset_id
  join products p on p.id = a.product_id
  cross join lateral (
    select count(*) as finding_total, ${severityCounts},
           count(*) filter (where f.status = 'ACTIVE') as finding_active,
           count(*) filter (where f.status = 'FIXING') as finding_fixing,
           count(*) filter (where f.status = 'MITIGATED') as finding_mitigated,
           count(*) filter (where f.status = 'TOLERATED') as finding_tolerated,
           count(*) filter (where f.status = 'FALSE_POSITIVE') as finding_false_positive
    from findings f where f.area = 'network' and f.parent_id = se.id
  ) fc`;

interface EndpointRow {
  scan_time_id: number;
  scan_time_schedulle: string;
}

const endpointWire = ({ scan_time_id, scan_time_schedulle, ...row }: EndpointRow) => ({
  ...row,
  scan_time: { id: scan_time_id, schedulle: scan_time_schedulle },
});

/** A scan's endpoints in their order (the path was checked to be the caller's). */
export function listScanEndpoints(tx: Tx, request: FastifyRequest, query: ListQuery, scanId: number) {
  return listPage(
    tx,
    request,
    query,
    {
      from: sql`scan_endpoints se`,
      where: sql`se.scan_id = ${scanId}`,
      joins: endpointJoins,
      select: endpointSelect,
      order: sql`se.id`,
    },
    endpointWire,
  );
}

export async function scanEndpointById(tx: Tx, id: number) {
  const rows = await sql<EndpointRow>`select ${endpointSelect} from scan_endpoints se ${endpointJoins}
                                      where se.id = ${id}`.execute(tx);
  const row = rows.rows[0];
  return row ? endpointWire(row) : undefined;
}

export async function scanEndpointServices(tx: Tx, id: number): Promise<unknown[]> {
  const rows = await sql<{ services: unknown[] }>`select services from scan_endpoints where id = ${id}`.execute(tx);
  return rows.rows[0]?.services ?? [];
}
