import { sql } from "kysely";
import { refundUncheckedEndpoints } from "../areas/threat/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, type Tx, withScope } from "../db/pool.ts";
import { DEFAULT_REPUTATION, type EngineVerdict, ReputationAggregator } from "./reputation/aggregator.ts";
import { DNSBL_ENGINES, ENGINE_LIST_VERSION } from "./reputation/engines.ts";
import { type SubjectVerdicts, storeThreatEndpointResult, type ThreatEndpointResult } from "./threatStore.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;

/** The engine name of every threat check's `scan_engine_runs` row. */
export const AGGREGATOR_ENGINE = "dnsbl-aggregator";

export interface ThreatScanDeps {
  db: Db;
  scanning: ScanningConfig;
  /** One per worker process, so an engine's circuit breaker remembers failures across scans. */
  aggregator?: ReputationAggregator;
}

export const reputationAggregator = (scanning: ScanningConfig) =>
  new ReputationAggregator(DNSBL_ENGINES, scanning.reputation ?? DEFAULT_REPUTATION);

/**
 * Runs a queued threat inspection scan: each unfinished endpoint's address (or name) and domains
 * through the blocklists, its verdicts stored as the endpoint finishes, then the scan's end and the
 * refund of what was not checked. Safe to run again for the same scan (a retried job): finished
 * endpoints are skipped and verdicts are stored once; a scan that has ended is left alone.
 *
 * Unlike nmap, a blocklist query sends nothing to the host: it asks DNS servers what they know
 * about it. The allowed-ranges guard therefore does not apply; the hosts are the company's own (the
 * exposure scans of its targets found them).
 *
 * `claim` is the queue's signal that this worker no longer holds the job (its heartbeat lapsed and
 * another worker took the retry, or the worker is stopping): the engine's process group is killed and
 * nothing more is stored or ended here; the attempt that holds the job finishes the scan.
 */
export async function runThreatScanJob(
  deps: ThreatScanDeps,
  job: { scanId: number; companyId: number },
  claim?: AbortSignal,
) {
  const scope = { companies: job.companyId, userId: null };
  const aggregator = deps.aggregator ?? reputationAggregator(deps.scanning);
  const started = await withScope(deps.db, scope, async (tx) => {
    const scan = await sql<{ id: number }>`
      update threat_scans set status = 'RUNNING', start_scan = coalesce(start_scan, now())
      where id = ${job.scanId} and status in ('QUEUED', 'RUNNING') returning id`.execute(tx);
    if (scan.rows.length === 0) return [];
    return (
      await sql<{ id: number; host: string; domains: string[] }>`
        select e.id, h.name as host,
               coalesce(array(select d.name from unnest(h.domain_ids) with ordinality as o(id, n)
                              join exposure_domains d on d.id = o.id order by o.n), '{}') as domains
        from threat_endpoints e join exposure_hosts h on h.id = e.host_id
        where e.scan_id = ${job.scanId} and e.status in ('QUEUED', 'RUNNING') order by e.id`.execute(tx)
    ).rows;
  });

  const abort = new AbortController();
  const watcher = setInterval(() => {
    withScope(deps.db, scope, (tx) =>
      sql<{ status: string }>`select status from threat_scans where id = ${job.scanId}`.execute(tx),
    )
      .then((r) => {
        if (r.rows[0]?.status !== "RUNNING") abort.abort();
      })
      .catch(() => {});
  }, ABORT_POLL_MS);
  const signal = claim ? AbortSignal.any([abort.signal, claim]) : abort.signal;
  try {
    for (const endpoint of started) {
      if (signal.aborted) break;
      await withScope(deps.db, scope, (tx) =>
        sql`update threat_endpoints set status = 'RUNNING', updated_at = now()
            where id = ${endpoint.id} and status = 'QUEUED'`.execute(tx),
      );
      const result = await checkEndpoint(aggregator, endpoint, signal);
      if (!result) break;
      await withScope(deps.db, scope, (tx) => storeThreatEndpointResult(tx, job.scanId, result));
    }
  } finally {
    clearInterval(watcher);
  }
  if (claim?.aborted) return;
  await withScope(deps.db, scope, (tx) => finishThreatScan(tx, job.scanId));
}

/** One endpoint's subjects through the aggregator; null when the scan was aborted meanwhile. */
async function checkEndpoint(
  aggregator: ReputationAggregator,
  endpoint: { id: number; host: string; domains: string[] },
  signal: AbortSignal,
): Promise<ThreatEndpointResult | null> {
  const startedAt = new Date();
  const subjects: SubjectVerdicts[] = [];
  const domains = [...new Set(endpoint.domains.map((d) => d.toLowerCase()))];
  for (const [subject, kind] of [[endpoint.host, "ENDPOINT"] as const, ...domains.map((d) => [d, "DOMAIN"] as const)]) {
    const verdicts = await aggregator.check(subject, signal);
    if (signal.aborted) return null;
    subjects.push({ subject, kind, verdicts });
  }
  const asked = subjects.flatMap((s) => s.verdicts);
  const answered = asked.some((v) => v.verdict !== "NO_ANSWER");
  return {
    endpointId: endpoint.id,
    engine: AGGREGATOR_ENGINE,
    engineVersion: ENGINE_LIST_VERSION,
    startedAt,
    outcome: answered ? "COMPLETED" : "FAILED",
    detail: answered
      ? null
      : asked.length === 0
        ? `No blocklist takes "${endpoint.host}": it is neither an IP address nor a domain name.`
        : `No blocklist answered. ${reasonOf(asked)} Check the DNS servers the reputation checks use.`,
    subjects,
  };
}

/** Why nothing answered: a list's own failure rather than the breaker's "resting", which only repeats one. */
const reasonOf = (verdicts: EngineVerdict[]) =>
  (verdicts.find((v) => v.detail && !v.detail.startsWith("Skipped")) ?? verdicts.find((v) => v.detail))?.detail ?? "";

/**
 * Ends a scan that is still RUNNING: COMPLETED when an endpoint completed, FAILED (with the first
 * endpoint's reason) when none did; then refunds its endpoints that did not complete.
 */
export async function finishThreatScan(tx: Tx, scanId: number) {
  const scan = await sql<{ status: string }>`select status from threat_scans where id = ${scanId} for update`.execute(
    tx,
  );
  if (scan.rows[0]?.status !== "RUNNING") return;
  await sql`
    with counts as (
      select count(*) filter (where status = 'COMPLETED') as completed,
             count(*) filter (where status in ('QUEUED', 'RUNNING')) as unfinished
      from threat_endpoints where scan_id = ${scanId}
    ),
    unfinished as (
      update threat_endpoints set status = 'FAILED', updated_at = now()
      where scan_id = ${scanId} and status in ('QUEUED', 'RUNNING')
    )
    update threat_scans s
    set status = case when counts.completed > 0 then 'COMPLETED' else 'FAILED' end,
        end_scan = now(), progress = 100,
        failure_reason = case when counts.completed > 0 then null else left(coalesce(
          (select r.detail from scan_engine_runs r where r.area = 'threat' and r.scan_id = s.id
             and r.outcome = 'FAILED' order by r.id limit 1),
          'No endpoint could be checked.'), 500) end
    from counts
    where s.id = ${scanId}`.execute(tx);
  await sql`update threat_assets a set last_scanned = now(), updated_at = now()
            from threat_endpoints e where e.scan_id = ${scanId} and e.status = 'COMPLETED' and a.host_id = e.host_id
              and a.company_id = e.company_id`.execute(tx);
  await refundUncheckedEndpoints(tx, scanId, "System");
}

/**
 * A scan whose job failed every retry (a worker that kept dying, a bug): ended FAILED with a reason
 * the client can act on, its unfinished endpoints closed, and what it did not check refunded. A scan
 * that ended meanwhile is left alone.
 */
export async function failAbandonedThreatScan(db: Db, job: { scanId: number; companyId: number }) {
  await withScope(db, { companies: job.companyId, userId: null }, async (tx) => {
    const scan = await sql<{ status: string }>`
      select status from threat_scans where id = ${job.scanId} for update`.execute(tx);
    const status = scan.rows[0]?.status;
    if (status !== "QUEUED" && status !== "RUNNING") return;
    const reason = "The scan stopped unexpectedly, and every retry failed. Its unchecked endpoints were refunded.";
    await sql`
      update threat_endpoints set status = case when status = 'RUNNING' then 'FAILED' else 'ABORTED' end,
                                  updated_at = now()
      where scan_id = ${job.scanId} and status in ('QUEUED', 'RUNNING')`.execute(tx);
    // QUEUED cannot become FAILED directly: the scan passes through RUNNING, as its job did.
    if (status === "QUEUED") await sql`update threat_scans set status = 'RUNNING' where id = ${job.scanId}`.execute(tx);
    await sql`update threat_scans set status = 'FAILED', end_scan = now(), failure_reason = ${reason}
              where id = ${job.scanId}`.execute(tx);
    await refundUncheckedEndpoints(tx, job.scanId, "System");
  });
}
