import { sql } from "kysely";
import { refundSourceScan } from "../areas/sourcecode/scanRuns.ts";
import type { Tx } from "../db/pool.ts";
import { addFindingChanges } from "./findingChanges.ts";
import type { ParsedFinding } from "./report.ts";

/** One engine's run over a source scan's clone, or an import's reading of its report. */
export interface SourceEngineRun {
  engine: string;
  engineVersion: string | null;
  /** The report the results came from; `content` when it is not stored yet (an engine's, not an import's). */
  report: { sha256: string; parserVersion: number; content?: { format: string; bytes: Buffer } } | null;
  exitCode: number | null;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
}

/** A finding with what the source code area keeps beside the parsed fields. */
export interface SourceFinding {
  finding: ParsedFinding;
  /** The run that found it (`SourceEngineRun.engine`). */
  engine: string;
  /** The contract's sourcecode_finding_type: SAST, SECRET or DEPENDENCY. */
  type: string;
  /** The lines around it, "41 | text", as the contract's code_snippets; empty for secrets. */
  codeSnippets: string[];
}

/** What a whole source scan produced: stored in one transaction, or not at all. */
export interface SourceScanResult {
  commitSha: string | null;
  runs: SourceEngineRun[];
  findings: SourceFinding[];
  /** Why nothing ran (the clone failed, the host is out of scope); the runs' reasons otherwise. */
  failure: string | null;
}

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/**
 * Stores a source scan's results exactly once: under the scan's row lock, and only while it is
 * SCANNING, so a retried job (a worker killed after its engines ran) or an abort that came first
 * leaves nothing doubled or half-written. The scan ends in the same transaction: DONE when an engine
 * completed, else FAILED with the reason and its price refunded. Answers whether it stored.
 *
 * Findings are matched with the same application and branch's earlier findings by fingerprint:
 * never seen is NEW; last seen MITIGATED is REOPENED (and ACTIVE again); otherwise UNCHANGED, carrying
 * the triage (status and assignee) of the finding it continues. A finding of the branch's previous
 * DONE scan that this scan did not find becomes MITIGATED only when the engine that found it completed
 * in both scans.
 */
export async function storeSourceResult(tx: Tx, scanId: number, result: SourceScanResult): Promise<boolean> {
  const scan = (
    await sql<{ company_id: number; app_id: number; branch: string; asset_id: number; status: string }>`
      select s.company_id, s.app_id, s.branch, a.asset_id, s.status
      from source_scans s join source_apps a on a.id = s.app_id
      where s.id = ${scanId} for update of s`.execute(tx)
  ).rows[0];
  if (scan?.status !== "SCANNING") return false;

  const reports = result.runs.flatMap((run) =>
    run.report?.content
      ? [{ sha256: run.report.sha256, format: run.report.content.format, bytes: run.report.content.bytes }]
      : [],
  );
  for (const report of reports) {
    // One row per engine that ran (four at most): bytea values do not travel through jsonb.
    await sql`insert into scan_reports (company_id, sha256, format, size, content)
              values (${scan.company_id}, ${report.sha256}, ${report.format}, ${report.bytes.length}, ${report.bytes})
              on conflict do nothing`.execute(tx);
  }
  const runs = result.runs.map((run) => ({
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
    select ${scan.company_id}, 'sourcecode', ${scanId}, ${scanId}, r.engine, r.engine_version, r.report_sha256,
           r.parser_version, r.exit_code, r.outcome, r.detail, r.started_at
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as r(
      engine text, engine_version text, report_sha256 text, parser_version int, exit_code int, outcome text,
      detail text, started_at timestamptz)`.execute(tx);

  const completed = result.runs.filter((run) => run.outcome === "COMPLETED").map((run) => run.engine);
  if (completed.length === 0) {
    const reason =
      result.failure ?? result.runs.find((run) => run.detail)?.detail ?? "No analyser could scan this branch.";
    await sql`update source_scans set status = 'FAILED', end_time = now(), commit_sha = ${result.commitSha},
                                      failure_reason = ${clip(reason, 500)}
              where id = ${scanId}`.execute(tx);
    await refundSourceScan(tx, scanId, "System");
    return true;
  }

  await storeFindings(tx, { scanId, ...scan }, result, completed);
  await sql`update source_scans set status = 'DONE', end_time = now(), commit_sha = ${result.commitSha},
                                    failure_reason = null
            where id = ${scanId}`.execute(tx);
  return true;
}

interface Target {
  scanId: number;
  company_id: number;
  app_id: number;
  branch: string;
  asset_id: number;
}

async function storeFindings(tx: Tx, target: Target, result: SourceScanResult, completed: string[]) {
  // One finding per fingerprint: two engines (or one rule twice) on one line are one place.
  const byFingerprint = new Map<string, SourceFinding>();
  for (const f of result.findings) if (completed.includes(f.engine)) byFingerprint.set(f.finding.fingerprint, f);
  const input = [...byFingerprint.values()].map(({ finding: f, engine, type, codeSnippets }, ord) => ({
    ord,
    fingerprint: f.fingerprint,
    engine,
    name: clip(f.name, 500),
    severity: f.severity,
    description: clip(f.description, 20_000) ?? "",
    summary: clip(f.summary, 5_000),
    insight: clip(f.insight, 5_000),
    mitigation: clip(f.mitigation, 5_000),
    affected: clip(f.affected, 5_000),
    cvss3: f.cvss3,
    cvss3_score: f.cvss3Score,
    cwe: f.cwe,
    cve: f.cve.length > 0 ? f.cve.join(", ") : null,
    refs: f.references.slice(0, 50),
    qod: f.qod,
    type,
    component: clip(f.file, 2_000),
    line: f.line,
    evidence: clip(f.evidence, 10_000),
    snippets: codeSnippets.slice(0, 20).map((s) => s.slice(0, 500)),
  }));

  // The branch's previous DONE scan: the scope whose absences mean mitigated, engine by engine.
  const previous = (
    await sql<{ id: number }>`
      select s.id from source_scans s
      where s.app_id = ${target.app_id} and s.branch = ${target.branch} and s.id <> ${target.scanId}
        and s.status = 'DONE'
      order by s.end_time desc nulls last, s.id desc limit 1`.execute(tx)
  ).rows[0];

  const stored = (
    await sql<{ change: string; severity: string }>`
    with input as (
      select i.*, nextval(pg_get_serial_sequence('vulnerabilities', 'id')) as vulnerability_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        ord int, fingerprint text, engine text, name text, severity text, description text, summary text,
        insight text, mitigation text, affected text, cvss3 text, cvss3_score numeric, cwe text, cve text,
        refs jsonb, qod int, type text, component text, line int, evidence text, snippets jsonb)
    ),
    vulnerability as (
      insert into vulnerabilities (id, area, name, severity, description, summary, insight, mitigation, affected,
                                   cvss3, cvss3_score, cwe, cve, "references", qod, sourcecode_finding_type,
                                   component, line, evidence, code_snippets)
      select vulnerability_id, 'sourcecode', name, severity, description, summary, insight, mitigation, affected,
             cvss3, cvss3_score, cwe, cve, array(select jsonb_array_elements_text(refs)), qod, type, component,
             line, evidence, array(select jsonb_array_elements_text(snippets))
      from input
    ),
    matched as (
      select i.*, prior.id as prior_id, prior.status as prior_status, prior.assignee_id as prior_assignee
      from input i
      left join lateral (
        select f.id, f.status, f.assignee_id from findings f
        join source_scans s on s.id = f.parent_id
        where f.company_id = ${target.company_id} and f.area = 'sourcecode' and f.fingerprint = i.fingerprint
          and s.app_id = ${target.app_id} and s.branch = ${target.branch} and s.id <> ${target.scanId}
        order by f.id desc limit 1
      ) prior on true
    )
    insert into findings (company_id, area, vulnerability_id, name, severity, parent_id, status, asset_id, branch,
                          line, fingerprint, change, previous_id, assignee_id, engine)
    select ${target.company_id}, 'sourcecode', vulnerability_id, name, severity, ${target.scanId},
           case when prior_id is null or prior_status = 'MITIGATED' then 'ACTIVE' else prior_status end,
           ${target.asset_id}, ${target.branch}, line, fingerprint,
           case when prior_id is null then 'NEW' when prior_status = 'MITIGATED' then 'REOPENED' else 'UNCHANGED' end,
           prior_id, prior_assignee, engine
    from matched order by ord
    returning change, severity`.execute(tx)
  ).rows;

  const mitigated = !previous
    ? 0
    : (
        await sql`
    with gone as (
      select f.id, f.status, f.engine from findings f
      where f.area = 'sourcecode' and f.parent_id = ${previous.id} and f.status in ('ACTIVE', 'FIXING')
        and f.fingerprint is not null and f.fingerprint <> all (${input.map((i) => i.fingerprint)}::text[])
        and f.engine = any (${completed}::text[])
        and exists (select 1 from scan_engine_runs r where r.area = 'sourcecode' and r.scan_id = ${previous.id}
                      and r.engine = f.engine and r.outcome = 'COMPLETED')
      for update of f
    ),
    mitigated as (
      update findings f set status = 'MITIGATED', version = f.version + 1, updated_at = now()
      from gone where f.id = gone.id
    )
    insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by)
    select ${target.company_id}, gone.id, gone.status, 'MITIGATED',
           'Not found by scan #' || ${target.scanId} || ', which ran the same analyser (' || gone.engine
             || ') over this branch.', null
    from gone
    returning finding_id`.execute(tx)
      ).rows.length;
  await addFindingChanges(tx, "source_scans", target.scanId, stored, mitigated);
}
