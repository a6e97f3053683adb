import { sql } from "kysely";
import { refundWebScan, type WebScanJob } from "../areas/webapp/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, withScope } from "../db/pool.ts";
import { type WebEngine, wapiti } from "./engines.ts";
import { reportParser } from "./formats/index.ts";
import { readReport } from "./parse.ts";
import { type ParsedFinding, ReportError, type ReportTool } from "./report.ts";
import { runEngine } from "./run.ts";
import { widenedRanges } from "./scope.ts";
import { webOutOfScopeNow, webTarget } from "./webScope.ts";
import { storeWebResult, type WebResult } from "./webStore.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;
/** Bytes read from a stored report at a time: a large report is never held whole by the job. */
const SLICE_BYTES = 1024 * 1024;

export interface WebScanDeps {
  db: Db;
  scanning: ScanningConfig;
  engine?: WebEngine;
}

/**
 * Runs a queued web scan: Wapiti over the application's URL, or the reading of an uploaded report;
 * then the result is stored and the scan ended in one transaction. Safe to run again for the same
 * scan (a retried job): the store happens once, and a scan that has ended (aborted meanwhile) is left
 * alone.
 *
 * `claim` is the queue's signal that this worker no longer holds the job (its heartbeat lapsed and
 * another worker took the retry, or the worker is stopping): the engine's process group is killed and
 * nothing more is stored or ended here; the attempt that holds the job finishes the scan.
 */
export async function runWebScanJob(deps: WebScanDeps, job: WebScanJob, claim?: AbortSignal) {
  const scope = { companies: job.companyId, userId: null };
  const url = await withScope(deps.db, scope, async (tx) => {
    const started = await sql<{ url: string }>`
      update web_scans s set status = 'RUNNING', start_time = coalesce(s.start_time, now()), progress = greatest(s.progress, 1)
      from web_apps a join web_assets w on w.id = a.asset_id
      where a.id = s.app_id and s.id = ${job.scanId} and s.status in ('QUEUED', 'RUNNING')
      returning w.url`.execute(tx);
    return started.rows[0]?.url ?? null;
  });
  if (url === null) return;

  const result = job.report
    ? await readImport(deps.db, scope, job, job.report, url)
    : await runEngineOver(deps, scope, job.scanId, url, claim);
  if (!result || claim?.aborted) return;
  await withScope(deps.db, scope, (tx) => storeWebResult(tx, job.scanId, result));
}

/** The engine over the application; null when the scan was aborted meanwhile. */
async function runEngineOver(
  deps: WebScanDeps,
  scope: { companies: number; userId: null },
  scanId: number,
  url: string,
  claim?: AbortSignal,
): Promise<WebResult | null> {
  const engine = deps.engine ?? wapiti;
  const startedAt = new Date();
  const failed = (detail: string): WebResult => ({
    engine: engine.id,
    engineVersion: null,
    report: null,
    exitCode: null,
    startedAt,
    outcome: "FAILED",
    detail,
    findings: [],
  });
  // The scope is checked again when the scan runs, on the addresses the name has now and the
  // company's widened ranges as they are now (staff may have narrowed them since the scan was queued).
  const widened = await withScope(deps.db, scope, (tx) => widenedRanges(tx, scope.companies));
  const refused = await webOutOfScopeNow(url, deps.scanning, widened);
  if (refused) return failed(refused);

  const abort = new AbortController();
  const watcher = setInterval(() => {
    withScope(deps.db, scope, (tx) =>
      sql<{ status: string }>`select status from web_scans where id = ${scanId}`.execute(tx),
    )
      .then((r) => {
        if (r.rows[0]?.status !== "RUNNING") abort.abort();
      })
      .catch(() => {});
  }, ABORT_POLL_MS);
  let ran: Awaited<ReturnType<typeof runEngine>>;
  try {
    const signal = claim ? AbortSignal.any([abort.signal, claim]) : abort.signal;
    ran = await runEngine(engine.command(url, deps.scanning, signal));
  } finally {
    clearInterval(watcher);
  }
  if (ran.outcome === "ABORTED") return null;
  if (ran.outcome === "FAILED") return { ...failed(ran.reason ?? "The engine failed."), exitCode: ran.exitCode };
  try {
    const parsed = await readReport(engine.format, ran.report);
    return {
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
      findings: parsed.items.filter((item): item is ParsedFinding => item.kind === "finding"),
    };
  } catch (error) {
    return failed(`The engine's report could not be read: ${(error as Error).message}`);
  }
}

/**
 * An uploaded report, streamed out of PostgreSQL a slice at a time into its parser. Findings about
 * another site than the application's (a ZAP report covers every site the proxy saw) are left out;
 * findings without a host (SARIF locations, Wapiti's relative places) are the application's.
 */
async function readImport(
  db: Db,
  scope: { companies: number; userId: null },
  job: WebScanJob,
  report: NonNullable<WebScanJob["report"]>,
  url: string,
): Promise<WebResult> {
  const size = await withScope(db, scope, async (tx) =>
    Number(
      (
        await sql<{ size: number }>`select size from scan_reports where company_id = ${job.companyId}
                                    and sha256 = ${report.sha256}`.execute(tx)
      ).rows[0]?.size ?? 0,
    ),
  );
  async function* slices(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < size; offset += SLICE_BYTES) {
      const slice = await withScope(db, scope, (tx) =>
        sql<{ bytes: Buffer }>`select substring(content from ${offset + 1} for ${SLICE_BYTES}) as bytes
                               from scan_reports where company_id = ${job.companyId} and sha256 = ${report.sha256}`.execute(
          tx,
        ),
      );
      const bytes = slice.rows[0]?.bytes;
      if (!bytes) return;
      yield bytes;
      const progress = Math.min(99, Math.max(1, Math.floor((100 * (offset + bytes.length)) / Math.max(size, 1))));
      await withScope(db, scope, (tx) =>
        sql`update web_scans set progress = greatest(progress, ${progress}) where id = ${job.scanId}`.execute(tx),
      );
    }
  }

  const target = webTarget(url);
  const host = "refused" in target ? null : target.host;
  const parser = reportParser(report.format);
  const startedAt = new Date();
  const findings: ParsedFinding[] = [];
  let elsewhere = 0;
  let tool: ReportTool = { name: report.format, version: null };
  let failure: string | null = null;
  try {
    const reading = parser.parse(slices());
    for (;;) {
      const next = await reading.next();
      if (next.done) {
        tool = next.value;
        break;
      }
      const item = next.value;
      if (item.kind !== "finding") continue;
      if (item.host !== null && host !== null && item.host.toLowerCase() !== host) elsewhere++;
      else findings.push(item);
    }
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    failure = `The report could not be read: ${error.message}`;
  }
  if (failure === null && findings.length === 0 && elsewhere > 0) {
    failure = `The report does not cover this application: its ${elsewhere} findings are about other sites than ${host}.`;
  }
  return {
    engine: `import:${tool.name}`,
    engineVersion: tool.version,
    report: { sha256: report.sha256, parserVersion: parser.version },
    exitCode: null,
    startedAt,
    outcome: failure === null ? "COMPLETED" : "FAILED",
    detail: failure,
    findings: failure === null ? findings : [],
  };
}

/**
 * Ends a web scan whose job failed every retry (the worker crashed on it each time): FAILED with the
 * reason, and refunded. A scan that ended meanwhile is left alone.
 */
export async function failAbandonedWebScan(db: Db, job: WebScanJob) {
  await withScope(db, { companies: job.companyId, userId: null }, async (tx) => {
    const scan = await sql<{
      status: string;
    }>`select status from web_scans where id = ${job.scanId} for update`.execute(tx);
    const status = scan.rows[0]?.status;
    if (status !== "QUEUED" && status !== "RUNNING") return;
    // QUEUED cannot become FAILED directly: the scan passes through RUNNING, as its job did.
    if (status === "QUEUED") await sql`update web_scans set status = 'RUNNING' where id = ${job.scanId}`.execute(tx);
    await sql`update web_scans set status = 'FAILED', end_time = now(), progress = 100,
                                   failure_reason = 'The scan stopped unexpectedly, and every retry failed. It was refunded.'
              where id = ${job.scanId}`.execute(tx);
    await refundWebScan(tx, job.scanId, "System");
  });
}
