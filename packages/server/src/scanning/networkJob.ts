import { addressSpan } from "@sentinel/api-client/asset-rules";
import { sql } from "kysely";
import { refundUnscanned } from "../areas/network/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, type Tx, withScope } from "../db/pool.ts";
import { type NetworkEngine, nmap, type ServiceEngine, sshAudit, sslscan } from "./engines.ts";
import { type EndpointResult, type ServiceRunResult, storeEndpointResult } from "./networkStore.ts";
import { readReport } from "./parse.ts";
import type { ParsedFinding, ParsedService } from "./report.ts";
import { runEngine } from "./run.ts";
import { outOfScope, widenedRanges } from "./scope.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;

/**
 * How many services of one endpoint each service engine looks at: an endpoint may be a whole block
 * of addresses, and a scan's time should go to its hosts, not to the hundredth identical SSH daemon.
 */
export const MAX_SERVICE_RUNS = 32;

export interface NetworkScanDeps {
  db: Db;
  scanning: ScanningConfig;
  engines?: NetworkEngine[];
  /** Run after the endpoint's engines, on the services they found; default ssh-audit and sslscan. */
  serviceEngines?: ServiceEngine[];
}

/**
 * Runs a queued network scan: each unfinished endpoint through each engine, its results stored as
 * the endpoint finishes, then the scan's end and the refund of what was not scanned. Safe to run
 * again for the same scan (a retried job): finished endpoints are skipped and results are stored
 * once; a scan that has ended (aborted meanwhile) is left alone.
 *
 * `claim` is the queue's signal that this worker no longer holds the job (its heartbeat lapsed and
 * another worker took the retry, or the worker is stopping): the engine is stopped and the scan is
 * left RUNNING for the job's next attempt to finish, not ended here with its endpoints half done.
 */
export async function runNetworkScanJob(
  deps: NetworkScanDeps,
  job: { scanId: number; companyId: number },
  claim?: AbortSignal,
) {
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
      if (abort.signal.aborted || claim?.aborted) break;
      await withScope(deps.db, scope, (tx) =>
        sql`update scan_endpoints set status = 'RUNNING', updated_at = now()
            where id = ${endpoint.id} and status = 'QUEUED'`.execute(tx),
      );
      const signal = claim ? AbortSignal.any([abort.signal, claim]) : abort.signal;
      // The company's widened ranges are read afresh for each endpoint: staff may narrow them mid-scan.
      const widened = await withScope(deps.db, scope, (tx) => widenedRanges(tx, job.companyId));
      const result = await scanEndpoint(deps, engines, endpoint, signal, widened);
      if (!result) break;
      await withScope(deps.db, scope, (tx) => storeEndpointResult(tx, job.scanId, result));
    }
  } finally {
    clearInterval(watcher);
  }
  if (claim?.aborted) return;
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
  if (!last) return last;
  const serviceRuns = await scanServices(deps, endpoint.host, services, signal, widened);
  return serviceRuns && { ...last, serviceRuns };
}

/**
 * Each service engine over each service it wants among those found (ssh-audit on SSH, sslscan on
 * TLS), one run per host and port; null when the scan was aborted meanwhile. A run that fails is
 * recorded with its reason and leaves the endpoint's other results as they are.
 */
async function scanServices(
  deps: NetworkScanDeps,
  target: string,
  services: ParsedService[],
  signal: AbortSignal,
  widened: Parameters<typeof outOfScope>[2],
): Promise<ServiceRunResult[] | null> {
  const runs: ServiceRunResult[] = [];
  for (const engine of deps.serviceEngines ?? [sshAudit, sslscan]) {
    const seen = new Set<string>();
    const wanted = services.filter((service) => {
      const key = `${service.host} ${service.port}`;
      if (seen.has(key) || !engine.wants(service)) return false;
      seen.add(key);
      return true;
    });
    // Beyond the limit, one failed run per port says what was left out, so that port's earlier findings
    // are not taken as fixed.
    const leftOut = new Set(wanted.slice(MAX_SERVICE_RUNS).map((service) => service.port));
    for (const port of leftOut) {
      runs.push({
        engine: engine.id,
        engineVersion: null,
        report: null,
        exitCode: null,
        startedAt: new Date(),
        outcome: "FAILED",
        detail: `Not run on every host's port ${port}: at most ${MAX_SERVICE_RUNS} services per endpoint.`,
        port,
        findings: [],
      });
    }
    for (const service of wanted.slice(0, MAX_SERVICE_RUNS)) {
      const startedAt = new Date();
      const failed = (detail: string, exitCode: number | null = null): ServiceRunResult => ({
        engine: engine.id,
        engineVersion: null,
        report: null,
        exitCode,
        startedAt,
        outcome: "FAILED",
        detail,
        port: service.port,
        findings: [],
      });
      // Checked again for this address: the engine before reported it, and a report is not trusted
      // to stay within the endpoint or the server's scope.
      const refused = within(service.host, target)
        ? outOfScope(service.host, deps.scanning.allowedRanges, widened)
        : `${service.host} is not part of the endpoint ${target}.`;
      if (refused) {
        runs.push(failed(refused));
        continue;
      }
      const ran = await runEngine(engine.command(service.host, service.port, deps.scanning, signal));
      if (ran.outcome === "ABORTED") return null;
      if (ran.outcome === "FAILED") {
        runs.push(failed(ran.reason ?? "The engine failed.", ran.exitCode));
        continue;
      }
      try {
        const parsed = await readReport(engine.format, ran.report);
        runs.push({
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
          port: service.port,
          // Only what is about this service: a report is the target's to fill.
          findings: parsed.items.filter(
            (item): item is ParsedFinding => item.kind === "finding" && item.port === service.port,
          ),
        });
      } catch (error) {
        runs.push(failed(`The engine's report could not be read: ${(error as Error).message}`, ran.exitCode));
      }
    }
  }
  return runs;
}

/** Whether an address lies inside an endpoint's address, block or range. */
function within(address: string, target: string): boolean {
  const inner = addressSpan(address);
  const outer = addressSpan(target);
  return !!inner && !!outer && inner.family === outer.family && outer.first <= inner.first && inner.last <= outer.last;
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
