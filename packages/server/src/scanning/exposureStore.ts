import { sql } from "kysely";
import { refundExposureScan } from "../areas/network/exposureScans.ts";
import type { Tx } from "../db/pool.ts";
import type { ParsedService } from "./report.ts";

/** An engine run or an import to record beside the results (scan_engine_runs, scan_reports). */
export interface ExposureRun {
  engine: string;
  engineVersion: string | null;
  report: { sha256: string; parserVersion: number; content?: { format: string; bytes: Buffer } } | null;
  exitCode: number | null;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
}

export interface DiscoveredHost {
  address: string;
  /** Names under the configuration's domain that point at the address. */
  hostnames: string[];
  /** Known services (an imported nmap report); null: nmap has still to run over the address. */
  services: ParsedService[] | null;
}

export interface Discovery {
  /** The configuration's domain first, then its subdomains. */
  domain: string;
  subdomains: string[];
  hosts: DiscoveredHost[];
  zoneTransferServers: string[];
}

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/** The contract's Service list: one per port and protocol, numbered from 1 within the host. */
export function serviceList(services: ParsedService[]) {
  const seen = new Map<string, ParsedService>();
  for (const s of services) seen.set(`${s.protocol}/${s.port}`, s);
  return [...seen.values()]
    .sort((a, b) => a.port - b.port || a.protocol.localeCompare(b.protocol))
    .map((s, i) => ({ id: i + 1, port: s.port, protocol: s.protocol, secure: s.secure }));
}

/** Holds the scan's row; answers its company when the scan is still RUNNING. */
async function lockRunning(tx: Tx, scanId: number): Promise<number | null> {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select company_id, status from exposure_scans where id = ${scanId} for update`.execute(tx)
  ).rows[0];
  return scan?.status === "RUNNING" ? scan.company_id : null;
}

async function recordRun(tx: Tx, companyId: number, scanId: number, partId: number, run: ExposureRun) {
  const content = run.report?.content;
  if (run.report && content) {
    await sql`insert into scan_reports (company_id, sha256, format, size, content)
              values (${companyId}, ${run.report.sha256}, ${content.format}, ${content.bytes.length}, ${content.bytes})
              on conflict do nothing`.execute(tx);
  }
  await sql`insert into scan_engine_runs (company_id, area, scan_id, part_id, engine, engine_version, report_sha256,
                                          parser_version, exit_code, outcome, detail, started_at)
            values (${companyId}, 'exposure', ${scanId}, ${partId}, ${run.engine}, ${run.engineVersion},
                    ${run.report?.sha256 ?? null}, ${run.report?.parserVersion ?? null}, ${run.exitCode},
                    ${run.outcome}, ${clip(run.detail, 2000)}, ${run.startedAt.toISOString()})`.execute(tx);
}

/** Whether the scan's discovery (its domains) is stored already: a retried job does not run it again. */
export async function discoveryStored(tx: Tx, scanId: number): Promise<boolean> {
  const rows = await sql`select 1 from exposure_domains where scan_id = ${scanId} limit 1`.execute(tx);
  return rows.rows.length > 0;
}

/** Records a discovery that failed (dnsrecon's error, an unreadable report), while the scan runs. */
export async function storeDiscoveryFailure(tx: Tx, scanId: number, run: ExposureRun): Promise<void> {
  const company = await lockRunning(tx, scanId);
  if (company === null) return;
  await recordRun(tx, company, scanId, scanId, run);
}

/**
 * Stores what the discovery found exactly once: under the scan's row lock, only while the scan is
 * RUNNING and nothing is stored for it yet. Domains and hosts are each one insert; a host is new when
 * its address was not among the hosts of the configuration's previous completed scan.
 */
export async function storeDiscovery(tx: Tx, scanId: number, run: ExposureRun, found: Discovery): Promise<boolean> {
  const company = await lockRunning(tx, scanId);
  if (company === null || (await discoveryStored(tx, scanId))) return false;
  await recordRun(tx, company, scanId, scanId, run);

  const names = [found.domain, ...found.subdomains.filter((n) => n !== found.domain)].map((n) => n.slice(0, 253));
  const types = names.map((_, i) => (i === 0 ? "DOMAIN" : "SUBDOMAIN"));
  await sql`insert into exposure_domains (company_id, scan_id, name, domain_type)
            select ${company}, ${scanId}, d.name, d.domain_type
            from unnest(${names}::text[], ${types}::text[]) with ordinality as d (name, domain_type, ord)
            order by d.ord`.execute(tx);

  const hosts = found.hosts.map((h, ord) => ({
    ord,
    name: h.address.slice(0, 255),
    hostnames: h.hostnames,
    services: h.services === null ? [] : serviceList(h.services),
    service_scan: h.services === null ? "PENDING" : "COMPLETED",
  }));
  await sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(hosts)}::jsonb)
        as i(ord int, name text, hostnames jsonb, services jsonb, service_scan text)
    ),
    previous as (
      select h.name from exposure_hosts h
      where h.scan_id = (select p.id from exposure_scans p
                         where p.config_id = (select config_id from exposure_scans where id = ${scanId})
                           and p.id <> ${scanId} and p.status = 'COMPLETED'
                         order by p.end_scan desc nulls last, p.id desc limit 1)
    )
    insert into exposure_hosts (company_id, scan_id, name, is_new, services, service_scan, domain_ids)
    select ${company}, ${scanId}, i.name, not exists (select 1 from previous p where p.name = i.name), i.services,
           i.service_scan,
           array(select d.id from jsonb_array_elements_text(i.hostnames) with ordinality as n (name, ord)
                 join exposure_domains d on d.scan_id = ${scanId} and d.name = n.name order by n.ord)
    from input i order by i.ord`.execute(tx);
  await sql`update exposure_scans set zone_transfer_servers = ${found.zoneTransferServers}::text[],
                                      progress = greatest(progress, 30)
            where id = ${scanId}`.execute(tx);
  return true;
}

/**
 * Stores one host's service scan once: while the scan runs and the host is still PENDING. A SKIPPED
 * or FAILED host keeps its (empty) services and says why in its note.
 */
export async function storeHostServices(
  tx: Tx,
  scanId: number,
  hostId: number,
  result: { state: "COMPLETED" | "SKIPPED" | "FAILED"; services: ParsedService[]; note: string | null },
  run: ExposureRun | null,
): Promise<boolean> {
  const company = await lockRunning(tx, scanId);
  if (company === null) return false;
  const updated = await sql`
    update exposure_hosts set service_scan = ${result.state}, services = ${JSON.stringify(serviceList(result.services))}::jsonb,
                              service_note = ${clip(result.note, 500)}
    where id = ${hostId} and scan_id = ${scanId} and service_scan = 'PENDING' returning id`.execute(tx);
  if (updated.rows.length === 0) return false;
  if (run) await recordRun(tx, company, scanId, hostId, run);
  await sql`
    update exposure_scans s set progress = least(99, 30 + (69 * c.done) / greatest(c.total, 1))
    from (select count(*) filter (where service_scan <> 'PENDING') as done, count(*) as total
          from exposure_hosts where scan_id = ${scanId}) c
    where s.id = ${scanId}`.execute(tx);
  return true;
}

/**
 * Ends a scan that is still RUNNING: COMPLETED when its discovery was stored, else FAILED with the
 * first failed run's reason (and refunded). Hosts nmap never reached are marked FAILED.
 */
export async function finishExposureScan(tx: Tx, scanId: number): Promise<void> {
  const company = await lockRunning(tx, scanId);
  if (company === null) return;
  await sql`update exposure_hosts set service_scan = 'FAILED', service_note = 'The scan ended before this host was scanned.'
            where scan_id = ${scanId} and service_scan = 'PENDING'`.execute(tx);
  await sql`
    update exposure_scans s
    set status = case when d.found then 'COMPLETED' else 'FAILED' end, end_scan = now(), progress = 100,
        failure_reason = case when d.found then null else left(coalesce(
          (select r.detail from scan_engine_runs r where r.area = 'exposure' and r.scan_id = s.id
             and r.outcome = 'FAILED' order by r.id limit 1),
          'The domain could not be scanned.'), 500) end
    from (select exists (select 1 from exposure_domains where scan_id = ${scanId}) as found) d
    where s.id = ${scanId}`.execute(tx);
  await refundExposureScan(tx, scanId, "System");
}
