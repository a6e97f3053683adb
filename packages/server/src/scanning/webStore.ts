import { sql } from "kysely";
import { refundWebScan } from "../areas/webapp/scanRuns.ts";
import type { Tx } from "../db/pool.ts";
import { addFindingChanges } from "./findingChanges.ts";
import type { ParsedFinding } from "./report.ts";

/** What one engine run or one imported report produced for a web scan. */
export interface WebResult {
  engine: string;
  engineVersion: string | null;
  /** The report the results came from; `content` when it is not stored yet (an engine's, not an import's). */
  report: { sha256: string; parserVersion: number; content?: { format: string; bytes: Buffer } } | null;
  exitCode: number | null;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
  findings: ParsedFinding[];
}

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/** Where a web finding is: method, URL and parameter, which the vulnerability has no columns for. */
function placeOf(f: ParsedFinding): string | null {
  const where = [f.method, f.url].filter(Boolean).join(" ");
  const place = f.parameter ? `${where} (parameter ${f.parameter})` : where;
  return place.trim() === "" ? f.affected : f.affected ? `${place}\n${f.affected}` : place;
}

/**
 * Stores a web scan's result and ends the scan, exactly once: under the scan's row lock and only
 * while it is RUNNING, so a retried job (a worker killed after the engine ran) or an abort that came
 * first leaves nothing doubled or half-written. Answers whether it stored.
 *
 * Findings are matched with the application's earlier findings by fingerprint: never seen is NEW;
 * last seen MITIGATED is REOPENED (and ACTIVE again); otherwise UNCHANGED, carrying status and
 * assignee. A fingerprinted ACTIVE or FIXING finding of the application's previous completed scan
 * that ran the same engine, and that this one did not find, becomes MITIGATED, with a System entry in
 * its history.
 */
export async function storeWebResult(tx: Tx, scanId: number, result: WebResult): Promise<boolean> {
  const scan = (
    await sql<{ company_id: number; app_id: number; asset_id: number; status: string; url: string }>`
      select s.company_id, s.app_id, a.asset_id, s.status, w.url
      from web_scans s join web_apps a on a.id = s.app_id join web_assets w on w.id = a.asset_id
      where s.id = ${scanId} for update of s`.execute(tx)
  ).rows[0];
  if (scan?.status !== "RUNNING") return false;

  const content = result.report?.content;
  if (result.report && content) {
    await sql`insert into scan_reports (company_id, sha256, format, size, content)
              values (${scan.company_id}, ${result.report.sha256}, ${content.format},
                      ${content.bytes.length}, ${content.bytes})
              on conflict do nothing`.execute(tx);
  }
  await sql`insert into scan_engine_runs (company_id, area, scan_id, part_id, engine, engine_version, report_sha256,
                                          parser_version, exit_code, outcome, detail, started_at)
            values (${scan.company_id}, 'web', ${scanId}, ${scan.app_id}, ${result.engine},
                    ${result.engineVersion}, ${result.report?.sha256 ?? null}, ${result.report?.parserVersion ?? null},
                    ${result.exitCode}, ${result.outcome}, ${clip(result.detail, 2000)}, ${result.startedAt.toISOString()})`.execute(
    tx,
  );
  if (result.outcome === "COMPLETED") {
    await storeFindings(tx, { scanId, ...scan, engine: result.engine }, result.findings);
  }
  await sql`update web_scans set status = ${result.outcome}, end_time = now(), progress = 100,
                                 failure_reason = ${result.outcome === "FAILED" ? clip(result.detail ?? "The scan failed.", 500) : null}
            where id = ${scanId}`.execute(tx);
  await refundWebScan(tx, scanId, "System");
  return true;
}

interface Target {
  scanId: number;
  company_id: number;
  app_id: number;
  asset_id: number;
  url: string;
  engine: string;
}

async function storeFindings(tx: Tx, target: Target, findings: ParsedFinding[]): Promise<void> {
  // One finding per fingerprint: a tool that reports the same check twice on one place is one finding.
  const byFingerprint = new Map<string, ParsedFinding>();
  for (const f of findings) byFingerprint.set(f.fingerprint, f);
  const host = (() => {
    try {
      return new URL(target.url).hostname;
    } catch {
      return null;
    }
  })();
  const input = [...byFingerprint.values()].map((f, ord) => ({
    ord,
    fingerprint: f.fingerprint,
    name: clip(f.name, 500),
    severity: f.severity,
    description: clip(f.description, 20_000) ?? "",
    summary: clip(f.summary, 5_000),
    insight: clip(f.insight, 5_000),
    impact: clip(f.impact, 5_000),
    affected: clip(placeOf(f), 5_000),
    mitigation: clip(f.mitigation, 5_000),
    cvss2: f.cvss2,
    cvss2_score: f.cvss2Score,
    cvss3: f.cvss3,
    cvss3_score: f.cvss3Score,
    cwe: f.cwe,
    cve: f.cve.length > 0 ? f.cve.join(", ") : null,
    refs: f.references.slice(0, 50),
    port: f.port === null ? null : String(f.port),
    protocol: f.protocol,
    evidence: clip(f.evidence, 10_000),
  }));

  // The application's previous completed scan by this engine: the scope whose absences mean mitigated.
  const previous = (
    await sql<{ id: number }>`
      select s.id from web_scans s
      where s.app_id = ${target.app_id} and s.id <> ${target.scanId} and s.status = 'COMPLETED'
        and exists (select 1 from scan_engine_runs r where r.area = 'web' and r.scan_id = s.id
                      and r.engine = ${target.engine} and r.outcome = 'COMPLETED')
      order by s.end_time desc nulls last, s.id desc limit 1`.execute(tx)
  ).rows[0];

  const stored = (
    await sql<{ change: string; severity: string }>`
    with input as (
      select i.*, nextval(pg_get_serial_sequence('vulnerabilities', 'id')) as vulnerability_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        ord int, fingerprint text, name text, severity text, description text, summary text, insight text,
        impact text, affected text, mitigation text, cvss2 text, cvss2_score numeric, cvss3 text,
        cvss3_score numeric, cwe text, cve text, refs jsonb, port text, protocol text, evidence text)
    ),
    vulnerability as (
      insert into vulnerabilities (id, area, name, severity, description, summary, insight, impact, affected,
                                   mitigation, cvss2, cvss2_score, cvss3, cvss3_score, cwe, cve, "references",
                                   port, protocol, evidence)
      select vulnerability_id, 'web', name, severity, description, summary, insight, impact, affected,
             mitigation, cvss2, cvss2_score, cvss3, cvss3_score, cwe, cve,
             array(select jsonb_array_elements_text(refs)), port, protocol, evidence
      from input
    ),
    matched as (
      select i.*, prior.id as prior_id, prior.status as prior_status, prior.assignee_id as prior_assignee
      from input i
      left join lateral (
        select f.id, f.status, f.assignee_id from findings f
        join web_scans s on s.id = f.parent_id
        where f.company_id = ${target.company_id} and f.area = 'web' and f.fingerprint = i.fingerprint
          and s.app_id = ${target.app_id} and s.id <> ${target.scanId}
        order by f.id desc limit 1
      ) prior on true
    )
    insert into findings (company_id, area, vulnerability_id, name, severity, parent_id, status, host,
                          asset_id, fingerprint, change, previous_id, assignee_id)
    select ${target.company_id}, 'web', vulnerability_id, name, severity, ${target.scanId},
           case when prior_id is null or prior_status = 'MITIGATED' then 'ACTIVE' else prior_status end,
           ${host}, ${target.asset_id}, fingerprint,
           case when prior_id is null then 'NEW' when prior_status = 'MITIGATED' then 'REOPENED' else 'UNCHANGED' end,
           prior_id, prior_assignee
    from matched order by ord
    returning change, severity`.execute(tx)
  ).rows;

  const mitigated = !previous
    ? 0
    : (
        await sql`
    with gone as (
      select f.id, f.status from findings f
      where f.area = 'web' and f.parent_id = ${previous.id} and f.status in ('ACTIVE', 'FIXING')
        and f.fingerprint is not null and f.fingerprint <> all (${input.map((i) => i.fingerprint)}::text[])
      for update
    ),
    mitigated as (
      update findings f set status = 'MITIGATED', version = f.version + 1, updated_at = now()
      from gone where f.id = gone.id
    )
    insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by)
    select ${target.company_id}, gone.id, gone.status, 'MITIGATED',
           ${`Not found by scan #${target.scanId}, which ran the same engine (${target.engine}) over this application.`}, null
    from gone
    returning finding_id`.execute(tx)
      ).rows.length;
  await addFindingChanges(tx, "web_scans", target.scanId, stored, mitigated);
}
