import { sql } from "kysely";
import { refundUnscanned } from "../areas/network/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, type Tx, withScope } from "../db/pool.ts";
import { type NetworkEngine, nmap } from "./engines.ts";
import { type EndpointResult, storeEndpointResult } from "./networkStore.ts";
import { readReport } from "./parse.ts";
import type { ParsedFinding, ParsedService } from "./report.ts";
import { runEngine } from "./run.ts";
import { outOfScope, widenedRanges } from "./scope.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;

export interface NetworkScanDeps {
  db: Db;
  scanning: ScanningConfig;
  engines?: NetworkEngine[];
}

/**
 * Runs a queued network scan: each unfinished endpoint through each engine, its results stored as
 * the endpoint finishes, then the scan's end and the refund of what was not scanned. Safe to run
 * again for the same scan (a retried job): finished endpoints are skipped and results are stored
 * once; a scan that has ended (aborted meanwhile) is left alone.
 */
export async function runNetworkScanJob(deps: NetworkScanDeps, job: { scanId: number; companyId: number }) {
  const scope = { companies: job.companyId, userId: null };
  const engines = deps.engines ?? [nmap];
  const started = await withScope(deps.db, scope, async (tx) => {
    const scan = await sql<{ id: number }>`
      update network_scans set status = 'RUNNING', start_time = coalesce(start_time, now())
      where id = ${job.scanId} and status in ('QUEUED', 'RUNNING') returning id`.execute(tx);
    if (scan.rows.length === 0) return [];
    return (
      await sql<{ id: number; host: string }>`
        select se.id, e.host from scan_endpoints se join network_endpoints e on e.id = se.endpoint_id
        where se.scan_id = ${job.scanId} and se.status in ('QUEUED', 'RUNNING') order by se.id`.execute(tx)
    ).rows;
  });

  const abort = new AbortController();
  const watcher = setInterval(() => {
    withScope(deps.db, scope, (tx) =>
      sql<{ status: string }>`select status from network_scans where id = ${job.scanId}`.execute(tx),
    )
      .then((r) => {
        if (r.rows[0]?.status !== "RUNNING") abort.abort();
      })
      .catch(() => {});
  }, ABORT_POLL_MS);
  try {
    for (const endpoint of started) {
      if (abort.signal.aborted) break;
      await withScope(deps.db, scope, (tx) =>
        sql`update scan_endpoints set status = 'RUNNING', updated_at = now()
            where id = ${endpoint.id} and status = 'QUEUED'`.execute(tx),
      );
      // The company's widened ranges are read afresh for each endpoint: staff may narrow them mid-scan.
      const widened = await withScope(deps.db, scope, (tx) => widenedRanges(tx, job.companyId));
      const result = await scanEndpoint(deps, engines, endpoint, abort.signal, widened);
      if (!result) break;
      await withScope(deps.db, scope, (tx) => storeEndpointResult(tx, job.scanId, result));
    }
  } finally {
    clearInterval(watcher);
  }
  await withScope(deps.db, scope, (tx) => finishNetworkScan(tx, job.scanId));
}

/** One endpoint through every engine; null when the scan was aborted meanwhile. */
async function scanEndpoint(
  deps: NetworkScanDeps,
  engines: NetworkEngine[],
  endpoint: { id: number; host: string },
  signal: AbortSignal,
  widened: Parameters<typeof outOfScope>[2] = [],
): Promise<EndpointResult | null> {
  const startedAt = new Date();
  const failed = (engine: string, detail: string): EndpointResult => ({
    scanEndpointId: endpoint.id,
    engine,
    engineVersion: null,
    report: null,
    exitCode: null,
    startedAt,
    outcome: "FAILED",
    detail,
    services: [],
    findings: [],
  });
  // The scope is checked again when the scan runs: the configuration may have changed since it was queued.
  const refused = outOfScope(endpoint.host, deps.scanning.allowedRanges, widened);
  if (refused) return failed(engines[0]?.id ?? "none", refused);

  const services: ParsedService[] = [];
  const findings: ParsedFinding[] = [];
  let last: EndpointResult | null = null;
  for (const engine of engines) {
    const ran = await runEngine(engine.command(endpoint.host, deps.scanning, signal));
    if (ran.outcome === "ABORTED") return null;
    if (ran.outcome === "FAILED") return failed(engine.id, ran.reason ?? "The engine failed.");
    let parsed: Awaited<ReturnType<typeof readReport>>;
    try {
      parsed = await readReport(engine.format, ran.report);
    } catch (error) {
      return failed(engine.id, `The engine's report could not be read: ${(error as Error).message}`);
    }
    for (const item of parsed.items) {
      if (item.kind === "service") services.push(item);
      if (item.kind === "finding") findings.push(item);
    }
    last = {
      scanEndpointId: endpoint.id,
      engine: engine.id,
      engineVersion: parsed.tool.version,
      report: {
        sha256: ran.sha256,
        parserVersion: parsed.parserVersion,
        content: { format: engine.format, bytes: ran.report },
      },
      exitCode: ran.exitCode,
      startedAt,
      outcome: "COMPLETED",
      detail: null,
      services,
      findings,
    };
  }
  return last;
}

/**
 * Ends a scan that is still RUNNING: COMPLETED when an endpoint completed, FAILED (with the first
 * endpoint's reason) when none did; then refunds its endpoints that did not complete.
 */
export async function finishNetworkScan(tx: Tx, scanId: number) {
  const scan = await sql<{ status: string }>`select status from network_scans where id = ${scanId} for update`.execute(
    tx,
  );
  if (scan.rows[0]?.status !== "RUNNING") return;
  await sql`
    with counts as (
      select count(*) filter (where status = 'COMPLETED') as completed,
             count(*) filter (where status in ('QUEUED', 'RUNNING')) as unfinished
      from scan_endpoints where scan_id = ${scanId}
    ),
    unfinished as (
      update scan_endpoints set status = 'FAILED', updated_at = now()
      where scan_id = ${scanId} and status in ('QUEUED', 'RUNNING')
    )
    update network_scans s
    set status = case when counts.completed > 0 then 'COMPLETED' else 'FAILED' end,
        end_time = now(), progress = 100,
        failure_reason = case when counts.completed > 0 then null else coalesce(
          (select r.detail from scan_engine_runs r where r.area = 'network' and r.scan_id = s.id
             and r.outcome = 'FAILED' order by r.id limit 1),
          'No endpoint could be scanned.') end
    from counts
    where s.id = ${scanId}`.execute(tx);
  await refundUnscanned(tx, scanId, "System");
}
