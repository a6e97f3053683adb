import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";
import { addFindingChanges } from "./findingChanges.ts";
import type { ParsedFinding, ParsedService } from "./report.ts";

/**
 * A service engine's run (ssh-audit, sslscan) over one service the endpoint's engine found: its
 * report, its outcome and, when it completed, its findings.
 */
export interface ServiceRunResult {
  engine: string;
  engineVersion: string | null;
  report: { sha256: string; parserVersion: number; content?: { format: string; bytes: Buffer } } | null;
  exitCode: number | null;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
  /** The service's port: what this run covered, and so where its absent findings mean mitigated. */
  port: number;
  findings: ParsedFinding[];
}

/** What one engine's run over one endpoint of a network scan produced. */
export interface EndpointResult {
  scanEndpointId: number;
  engine: string;
  engineVersion: string | null;
  /** The report the results came from; `content` when it is not stored yet (an engine's, not an import's). */
  report: { sha256: string; parserVersion: number; content?: { format: string; bytes: Buffer } } | null;
  exitCode: number | null;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
  services: ParsedService[];
  findings: ParsedFinding[];
  /** The service engines that ran after it, over services it found; stored only when it completed. */
  serviceRuns?: ServiceRunResult[];
}

/** Longest text kept per field: a report's text is the target's, and an attacker's, to make long. */
const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/**
 * Stores one endpoint's results exactly once: under the scan's row lock, and only while the scan is
 * RUNNING and the endpoint not yet finished, so a retried job (a worker killed after the engine ran)
 * or an abort that came first leaves nothing doubled or half-written. Answers whether it stored.
 *
 * Each finding is matched with the same host's earlier findings by fingerprint: never seen is NEW;
 * last seen MITIGATED is REOPENED (and ACTIVE again); otherwise UNCHANGED, and it carries the triage
 * (status and assignee) of the finding it continues. A fingerprinted finding of the endpoint's
 * previous completed run of the same engine that this run did not find becomes MITIGATED, with a
 * System entry in its history: the same scope was covered by the same engine, so its absence means
 * something. Service engines (ssh-audit, sslscan) count engine by engine and port by port: one that
 * did not run, or failed, this time mitigates nothing.
 */
export async function storeEndpointResult(tx: Tx, scanId: number, result: EndpointResult): Promise<boolean> {
  const target = (
    await sql<{ company_id: number; endpoint_id: number; host: string; asset_id: number; scan_status: string }>`
      select se.company_id, se.endpoint_id, e.host, e.asset_id, s.status as scan_status
      from network_scans s join scan_endpoints se on se.scan_id = s.id and se.id = ${result.scanEndpointId}
      join network_endpoints e on e.id = se.endpoint_id
      where s.id = ${scanId} and se.status in ('QUEUED', 'RUNNING')
      for update of s, se`.execute(tx)
  ).rows[0];
  if (target?.scan_status !== "RUNNING") return false;

  const serviceRuns = result.outcome === "COMPLETED" ? (result.serviceRuns ?? []) : [];
  const runs = [{ ...result, port: null as number | null }, ...serviceRuns];
  for (const run of runs) {
    const content = run.report?.content;
    if (!run.report || !content) continue;
    // One row per report (an endpoint's engine and a few service runs): bytea values do not travel through jsonb.
    await sql`insert into scan_reports (company_id, sha256, format, size, content)
              values (${target.company_id}, ${run.report.sha256}, ${content.format},
                      ${content.bytes.length}, ${content.bytes})
              on conflict do nothing`.execute(tx);
  }
  const runRows = runs.map((run, ord) => ({
    ord,
    engine: run.engine,
    engine_version: run.engineVersion,
    report_sha256: run.report?.sha256 ?? null,
    parser_version: run.report?.parserVersion ?? null,
    exit_code: run.exitCode,
    outcome: run.outcome,
    detail: clip(run.detail, 2000),
    started_at: run.startedAt.toISOString(),
  }));
  await sql`
    insert into scan_engine_runs (company_id, area, scan_id, part_id, engine, engine_version, report_sha256,
                                  parser_version, exit_code, outcome, detail, started_at)
    select ${target.company_id}, 'network', ${scanId}, ${result.scanEndpointId}, r.engine, r.engine_version,
           r.report_sha256, r.parser_version, r.exit_code, r.outcome, r.detail, r.started_at
    from jsonb_to_recordset(${JSON.stringify(runRows)}::jsonb) as r(
      ord int, engine text, engine_version text, report_sha256 text, parser_version int, exit_code int,
      outcome text, detail text, started_at timestamptz)
    order by r.ord`.execute(tx);

  if (result.outcome === "COMPLETED") {
    await storeFindings(
      tx,
      { scanId, ...target, scanEndpointId: result.scanEndpointId, engine: result.engine },
      result,
      serviceRuns,
    );
  }
  const services = uniqueServices(result.services);
  await sql`update scan_endpoints set status = ${result.outcome}, updated_at = now(),
                                      services = ${JSON.stringify(services)}::jsonb
            where id = ${result.scanEndpointId}`.execute(tx);
  await sql`
    update network_scans s set completed_count = c.completed, failed_count = c.failed,
                               progress = least(99, (100 * (c.completed + c.failed)) / greatest(c.total, 1))
    from (select count(*) filter (where status = 'COMPLETED') as completed,
                 count(*) filter (where status = 'FAILED') as failed, count(*) as total
          from scan_endpoints where scan_id = ${scanId}) c
    where s.id = ${scanId}`.execute(tx);
  return true;
}

/** The contract's Service list: one per port and protocol, numbered from 1 within the endpoint. */
function uniqueServices(services: ParsedService[]) {
  const seen = new Map<string, ParsedService>();
  for (const s of services) seen.set(`${s.protocol}/${s.port}`, s);
  return [...seen.values()]
    .sort((a, b) => a.port - b.port || a.protocol.localeCompare(b.protocol))
    .map((s, i) => ({ id: i + 1, port: s.port, protocol: s.protocol, secure: s.secure }));
}

interface Target {
  scanId: number;
  company_id: number;
  endpoint_id: number;
  host: string;
  asset_id: number;
  scanEndpointId: number;
  engine: string;
}

async function storeFindings(
  tx: Tx,
  target: Target,
  result: EndpointResult,
  serviceRuns: ServiceRunResult[],
): Promise<void> {
  // One finding per fingerprint: an engine that reports the same check twice on one host is one finding.
  const byFingerprint = new Map<string, { finding: ParsedFinding; engine: string }>();
  for (const f of result.findings) byFingerprint.set(f.fingerprint, { finding: f, engine: result.engine });
  for (const run of serviceRuns) {
    if (run.outcome !== "COMPLETED") continue;
    for (const f of run.findings) byFingerprint.set(f.fingerprint, { finding: f, engine: run.engine });
  }
  const input = [...byFingerprint.values()].map(({ finding: f, engine }, ord) => ({
    ord,
    fingerprint: f.fingerprint,
    engine,
    name: clip(f.name, 500),
    severity: f.severity,
    description: clip(f.description, 20_000) ?? "",
    summary: clip(f.summary, 5_000),
    insight: clip(f.insight, 5_000),
    impact: clip(f.impact, 5_000),
    affected: clip(f.affected, 5_000),
    mitigation: clip(f.mitigation, 5_000),
    cvss2: f.cvss2,
    cvss2_score: f.cvss2Score,
    cvss3: f.cvss3,
    cvss3_score: f.cvss3Score,
    cwe: f.cwe,
    cve: f.cve.length > 0 ? f.cve.join(", ") : null,
    refs: f.references.slice(0, 50),
    qod: f.qod,
    port: f.port === null ? null : String(f.port),
    protocol: f.protocol,
    evidence: clip(f.evidence, 10_000),
  }));

  const stored = (
    await sql<{ change: string; severity: string }>`
    with input as (
      select i.*, nextval(pg_get_serial_sequence('vulnerabilities', 'id')) as vulnerability_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        ord int, fingerprint text, engine text, name text, severity text, description text, summary text, insight text,
        impact text, affected text, mitigation text, cvss2 text, cvss2_score numeric, cvss3 text,
        cvss3_score numeric, cwe text, cve text, refs jsonb, qod int, port text, protocol text, evidence text)
    ),
    vulnerability as (
      insert into vulnerabilities (id, area, name, severity, description, summary, insight, impact, affected,
                                   mitigation, cvss2, cvss2_score, cvss3, cvss3_score, cwe, cve, "references", qod,
                                   port, protocol, evidence)
      select vulnerability_id, 'network', name, severity, description, summary, insight, impact, affected,
             mitigation, cvss2, cvss2_score, cvss3, cvss3_score, cwe, cve,
             array(select jsonb_array_elements_text(refs)), qod, port, protocol, evidence
      from input
    ),
    matched as (
      select i.*, prior.id as prior_id, prior.status as prior_status, prior.assignee_id as prior_assignee
      from input i
      left join lateral (
        select f.id, f.status, f.assignee_id from findings f
        join scan_endpoints se on se.id = f.parent_id
        where f.company_id = ${target.company_id} and f.area = 'network' and f.fingerprint = i.fingerprint
          and se.endpoint_id = ${target.endpoint_id} and se.id <> ${target.scanEndpointId}
        order by f.id desc limit 1
      ) prior on true
    )
    insert into findings (company_id, area, vulnerability_id, name, severity, parent_id, status, host_id, host,
                          asset_id, fingerprint, change, previous_id, assignee_id, engine)
    select ${target.company_id}, 'network', vulnerability_id, name, severity, ${target.scanEndpointId},
           case when prior_id is null or prior_status = 'MITIGATED' then 'ACTIVE' else prior_status end,
           ${target.scanEndpointId}, ${target.host}, ${target.asset_id}, fingerprint,
           case when prior_id is null then 'NEW' when prior_status = 'MITIGATED' then 'REOPENED' else 'UNCHANGED' end,
           prior_id, prior_assignee, engine
    from matched order by ord
    returning change, severity`.execute(tx)
  ).rows;

  // What this run covered, engine by engine: the endpoint's engine the whole host, a service engine the
  // ports it completed on. Each is compared with that engine's previous completed run over this
  // endpoint; a finding it made there that it did not make now is mitigated, but only on what it
  // covered both times. A port where one of its runs failed (another host of a block, a run left out)
  // is not covered. Findings stored before engines were recorded (null) are the endpoint engine's.
  const portsWhere = (engine: string, outcome: ServiceRunResult["outcome"]) =>
    new Set(serviceRuns.filter((run) => run.engine === engine && run.outcome === outcome).map((run) => run.port));
  const covered = [
    { engine: target.engine, ports: null as string[] | null },
    ...[...new Set(serviceRuns.map((run) => run.engine))].map((engine) => {
      const failed = portsWhere(engine, "FAILED");
      return {
        engine,
        ports: [...portsWhere(engine, "COMPLETED")].filter((port) => !failed.has(port)).map(String),
      };
    }),
  ];
  const mitigated = (
    await sql`
    with covered as (
      select * from jsonb_to_recordset(${JSON.stringify(covered)}::jsonb) as c(engine text, ports text[])
    ),
    previous as (
      select c.engine, c.ports, (
        select se.id from scan_endpoints se join network_scans s on s.id = se.scan_id
        where se.endpoint_id = ${target.endpoint_id} and se.id <> ${target.scanEndpointId} and se.status = 'COMPLETED'
          and exists (select 1 from scan_engine_runs r where r.area = 'network' and r.part_id = se.id
                        and r.engine = c.engine and r.outcome = 'COMPLETED')
        order by s.end_time desc nulls last, se.id desc limit 1) as part_id
      from covered c
    ),
    gone as (
      select f.id, f.status, p.engine from findings f
      join previous p on f.parent_id = p.part_id
      join vulnerabilities v on v.id = f.vulnerability_id
      where f.area = 'network' and f.status in ('ACTIVE', 'FIXING')
        and f.fingerprint is not null and f.fingerprint <> all (${input.map((i) => i.fingerprint)}::text[])
        and (f.engine = p.engine or (f.engine is null and p.engine = ${target.engine}))
        and (p.ports is null or v.port = any (p.ports))
      for update of f
    ),
    mitigated as (
      update findings f set status = 'MITIGATED', version = f.version + 1, updated_at = now()
      from gone where f.id = gone.id
    )
    insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by)
    select ${target.company_id}, gone.id, gone.status, 'MITIGATED',
           'Not found by scan #' || ${target.scanId} || ', which ran the same engine (' || gone.engine
             || ') over this host.', null
    from gone
    returning finding_id`.execute(tx)
  ).rows.length;
  await addFindingChanges(tx, "network_scans", target.scanId, stored, mitigated);
}
