import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";
import { toolFingerprint } from "./formats/fingerprint.ts";
import type { EngineVerdict } from "./reputation/aggregator.ts";
import type { Category } from "./reputation/engines.ts";
import { addSeverityCounts } from "./severityCounts.ts";

/** What the blocklists answered about one subject of a threat endpoint: its own address or name, or a domain. */
export interface SubjectVerdicts {
  subject: string;
  kind: "ENDPOINT" | "DOMAIN";
  verdicts: EngineVerdict[];
}

/** One threat endpoint's check: every subject's verdicts, or why it could not be checked. */
export interface ThreatEndpointResult {
  endpointId: number;
  engine: string;
  engineVersion: string;
  startedAt: Date;
  outcome: "COMPLETED" | "FAILED";
  detail: string | null;
  subjects: SubjectVerdicts[];
}

/** The format name of the raw verdict record stored in `scan_reports`. */
export const VERDICT_REPORT_FORMAT = "sentinel-dnsbl-verdicts+json";

/** A listing's severity: what it says of the host, not how often lists agree. */
export const CATEGORY_SEVERITY: Record<Category, "HIGH" | "MEDIUM" | "LOW"> = {
  malware: "HIGH",
  phishing: "HIGH",
  botnet: "HIGH",
  exploited: "HIGH",
  spam: "MEDIUM",
  abuse: "MEDIUM",
  bruteforce: "MEDIUM",
  proxy: "MEDIUM",
  backscatter: "LOW",
  suspicious: "LOW",
  tor: "LOW",
  "new-domain": "LOW",
  policy: "LOW",
  listed: "MEDIUM",
};

const CATEGORY_TEXT: Record<Category, string> = {
  malware: "serving or distributing malware",
  phishing: "hosting phishing",
  botnet: "botnet activity (a command-and-control server or an infected machine)",
  exploited: "being compromised (an infected machine, an open proxy or an exploited service)",
  spam: "sending or advertising spam",
  abuse: "abuse reported to the list",
  bruteforce: "brute-force login attempts against other hosts",
  proxy: "acting as an open proxy or anonymiser",
  backscatter: "sending backscatter (bounces to forged senders)",
  suspicious: "suspicious traffic, short of a confirmed listing",
  tor: "being a Tor relay or exit node",
  "new-domain": "being a newly registered or newly observed domain",
  policy: "being in an address range that should not send mail directly (a policy listing)",
  listed: "a listing whose return code the list does not document",
};

/** The finding's identity across scans: the list (its zone) and the subject it listed. */
export const verdictFingerprint = (zone: string, subject: string) =>
  toolFingerprint("dnsbl", zone, subject.toLowerCase());

const clip = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

/**
 * Stores one endpoint's verdicts exactly once: under the scan's and the endpoint's row locks, and only
 * while the scan is RUNNING and the endpoint unfinished, so a retried job or an abort that came first
 * leaves nothing doubled or half-written. Answers whether it stored.
 *
 * Each listing is a finding, matched by fingerprint with the same configuration's earlier findings:
 * never seen is NEW; last seen MITIGATED is REOPENED (and ACTIVE again); otherwise UNCHANGED, carrying
 * the triage of the finding it continues. An open finding of the configuration's previous completed
 * scan becomes MITIGATED only when this check asked the same list about the same subject and the list
 * answered "not listed": a list that did not answer proves nothing.
 */
export async function storeThreatEndpointResult(
  tx: Tx,
  scanId: number,
  result: ThreatEndpointResult,
): Promise<boolean> {
  const target = (
    await sql<{ company_id: number; config_id: number; host_id: number; scan_status: string; asset_id: number | null }>`
      select e.company_id, s.config_id, e.host_id, s.status as scan_status,
             (select a.id from threat_assets a where a.host_id = e.host_id order by a.id limit 1) as asset_id
      from threat_scans s join threat_endpoints e on e.scan_id = s.id and e.id = ${result.endpointId}
      where s.id = ${scanId} and e.status in ('QUEUED', 'RUNNING')
      for update of s, e`.execute(tx)
  ).rows[0];
  if (target?.scan_status !== "RUNNING") return false;

  const record = Buffer.from(
    JSON.stringify({
      format: VERDICT_REPORT_FORMAT,
      engine: result.engine,
      engine_version: result.engineVersion,
      started_at: result.startedAt.toISOString(),
      subjects: result.subjects,
    }),
  );
  const sha256 = createHash("sha256").update(record).digest("hex");
  await sql`insert into scan_reports (company_id, sha256, format, size, content)
            values (${target.company_id}, ${sha256}, ${VERDICT_REPORT_FORMAT}, ${record.length}, ${record})
            on conflict do nothing`.execute(tx);
  await sql`insert into scan_engine_runs (company_id, area, scan_id, part_id, engine, engine_version, report_sha256,
                                          parser_version, exit_code, outcome, detail, started_at)
            values (${target.company_id}, 'threat', ${scanId}, ${result.endpointId}, ${result.engine},
                    ${result.engineVersion}, ${sha256}, null, null, ${result.outcome}, ${clip(result.detail, 2000)},
                    ${result.startedAt.toISOString()})`.execute(tx);

  const rows = result.subjects.flatMap((s) =>
    s.verdicts.map((v) => ({
      subject: s.subject,
      kind: s.kind,
      engine: v.engine,
      zone: v.zone,
      verdict: v.verdict,
      category: v.category,
      answers: v.answers,
      reference: v.reference,
      detail: clip(v.detail, 500),
      elapsed: v.elapsed,
      fingerprint: verdictFingerprint(v.zone, s.subject),
    })),
  );
  await sql`
    insert into threat_verdicts (company_id, scan_id, endpoint_id, subject, subject_kind, engine, zone, verdict,
                                 category, answers, reference, detail, elapsed)
    select ${target.company_id}, ${scanId}, ${result.endpointId}, r.subject, r.kind, r.engine, r.zone, r.verdict,
           r.category, array(select jsonb_array_elements_text(r.answers)), r.reference, r.detail, r.elapsed
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      subject text, kind text, engine text, zone text, verdict text, category text, answers jsonb, reference text,
      detail text, elapsed numeric)
    on conflict (endpoint_id, subject_kind, subject, engine) do nothing`.execute(tx);

  if (result.outcome === "COMPLETED")
    await storeFindings(tx, { scanId, endpointId: result.endpointId, ...target }, rows);

  await sql`update threat_endpoints set status = ${result.outcome}, updated_at = now() where id = ${result.endpointId}`.execute(
    tx,
  );
  await sql`
    update threat_scans s set completed_count = c.completed, failed_count = c.failed,
                              progress = least(99, (100 * (c.completed + c.failed)) / greatest(c.total, 1))
    from (select count(*) filter (where status = 'COMPLETED') as completed,
                 count(*) filter (where status = 'FAILED') as failed, count(*) as total
          from threat_endpoints where scan_id = ${scanId}) c
    where s.id = ${scanId}`.execute(tx);
  return true;
}

interface Target {
  scanId: number;
  endpointId: number;
  company_id: number;
  config_id: number;
  host_id: number;
  asset_id: number | null;
}

type VerdictRow = {
  subject: string;
  engine: string;
  zone: string;
  verdict: string;
  category: Category | null;
  answers: string[];
  reference: string | null;
  fingerprint: string;
};

async function storeFindings(tx: Tx, target: Target, rows: VerdictRow[]) {
  const listed = new Map<string, VerdictRow>();
  for (const row of rows) if (row.verdict === "LISTED") listed.set(row.fingerprint, row);
  const input = [...listed.values()].map((v, ord) => {
    const category = v.category ?? "listed";
    return {
      ord,
      fingerprint: v.fingerprint,
      subject: v.subject,
      name: `Listed on ${v.engine} (${category})`,
      severity: CATEGORY_SEVERITY[category],
      description: `${v.engine} (${v.zone}) lists ${v.subject} for ${CATEGORY_TEXT[category]}.`,
      summary: `Blocklist listing: ${v.engine}, ${category}.`,
      impact:
        "Mail from or links to a listed host are rejected or flagged by the many receivers that consult this list, and the listing tells them the host may be compromised or abused.",
      mitigation: `Find and stop the cause of the listing (${CATEGORY_TEXT[category]}), then ask ${v.engine} for removal through its lookup page; a rescan confirms the delisting.`,
      refs: v.reference ? [v.reference] : [],
      evidence: `${v.zone} answered ${v.answers.join(", ")} for ${v.subject}.`,
    };
  });

  const stored = (
    await sql<{ severity: string }>`
    with input as (
      select i.*, nextval(pg_get_serial_sequence('vulnerabilities', 'id')) as vulnerability_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        ord int, fingerprint text, subject text, name text, severity text, description text, summary text,
        impact text, mitigation text, refs jsonb, evidence text)
    ),
    vulnerability as (
      insert into vulnerabilities (id, area, name, severity, description, summary, impact, mitigation, "references",
                                   evidence)
      select vulnerability_id, 'threat', name, severity, description, summary, impact, mitigation,
             array(select jsonb_array_elements_text(refs)), evidence
      from input
    ),
    matched as (
      select i.*, prior.id as prior_id, prior.status as prior_status, prior.assignee_id as prior_assignee
      from input i
      left join lateral (
        select f.id, f.status, f.assignee_id from findings f
        join threat_endpoints e on e.id = f.parent_id join threat_scans s on s.id = e.scan_id
        where f.company_id = ${target.company_id} and f.area = 'threat' and f.fingerprint = i.fingerprint
          and s.config_id = ${target.config_id} and e.id <> ${target.endpointId}
        order by f.id desc limit 1
      ) prior on true
    )
    insert into findings (company_id, area, vulnerability_id, name, severity, parent_id, status, host_id, host,
                          asset_id, fingerprint, change, previous_id, assignee_id)
    select ${target.company_id}, 'threat', vulnerability_id, name, severity, ${target.endpointId},
           case when prior_id is null or prior_status = 'MITIGATED' then 'ACTIVE' else prior_status end,
           ${target.host_id}, subject, ${target.asset_id}, fingerprint,
           case when prior_id is null then 'NEW' when prior_status = 'MITIGATED' then 'REOPENED' else 'UNCHANGED' end,
           prior_id, prior_assignee
    from matched order by ord
    returning severity`.execute(tx)
  ).rows;
  await addSeverityCounts(tx, "threat_scans", target.scanId, stored);

  // Asked again and answered "not listed": the previous completed scan's open listing is gone.
  const cleared = [...new Set(rows.filter((r) => r.verdict === "NOT_LISTED").map((r) => r.fingerprint))];
  if (cleared.length === 0) return;
  await sql`
    with previous as (
      select e.id from threat_endpoints e join threat_scans s on s.id = e.scan_id
      where s.config_id = ${target.config_id} and s.id <> ${target.scanId} and s.status = 'COMPLETED'
        and e.host_id = ${target.host_id} and e.status = 'COMPLETED'
      order by s.end_scan desc nulls last, s.id desc limit 1
    ),
    gone as (
      select f.id, f.status from findings f join previous p on p.id = f.parent_id
      where f.area = 'threat' and f.status in ('ACTIVE', 'FIXING') and f.fingerprint = any(${cleared}::text[])
      for update of f
    ),
    mitigated as (
      update findings f set status = 'MITIGATED', version = f.version + 1, updated_at = now()
      from gone where f.id = gone.id
    )
    insert into finding_logs (company_id, finding_id, old_status, new_status, message, modified_by)
    select ${target.company_id}, gone.id, gone.status, 'MITIGATED',
           ${`Scan #${target.scanId} asked the same blocklist again, and it answered "not listed".`}, null
    from gone`.execute(tx);
}
