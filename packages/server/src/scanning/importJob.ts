import { sql } from "kysely";
import type { ReportImportJob } from "../areas/network/scanImports.ts";
import { type Db, withScope } from "../db/pool.ts";
import { reportParser } from "./formats/index.ts";
import { finishNetworkScan } from "./networkJob.ts";
import { type EndpointResult, storeEndpointResult } from "./networkStore.ts";
import { type ParsedFinding, type ParsedService, ReportError, type ReportTool } from "./report.ts";

/** Bytes read from the stored report at a time: a large report is never held whole by the job. */
const SLICE_BYTES = 1024 * 1024;

/**
 * Reads an imported report into its scan: the report is streamed out of PostgreSQL a slice at a
 * time into its format's parser, each of the configuration's hosts gets what the report says of it
 * (matched with earlier scans as an engine run's results are), hosts the report does not cover are
 * marked failed, and hosts that are not the configuration's targets are left out. Safe to run again:
 * what was stored is stored once.
 */
export async function runReportImportJob(db: Db, job: ReportImportJob) {
  const scope = { companies: job.companyId, userId: null };
  const endpoints = await withScope(db, scope, async (tx) => {
    const started = await sql`update network_scans set status = 'RUNNING', start_time = coalesce(start_time, now())
                              where id = ${job.scanId} and status in ('QUEUED', 'RUNNING') returning id`.execute(tx);
    if (started.rows.length === 0) return [];
    // Every host is read in the one pass over the report, so all of them run at once.
    return (
      await sql<{ id: number; host: string }>`
        update scan_endpoints se set status = 'RUNNING', updated_at = now()
        from network_endpoints e
        where e.id = se.endpoint_id and se.scan_id = ${job.scanId} and se.status in ('QUEUED', 'RUNNING')
        returning se.id, e.host`.execute(tx)
    ).rows;
  });
  if (endpoints.length === 0) {
    await withScope(db, scope, (tx) => finishNetworkScan(tx, job.scanId));
    return;
  }

  const size = await withScope(db, scope, async (tx) =>
    Number(
      (
        await sql<{ size: number }>`select size from scan_reports where company_id = ${job.companyId}
                                    and sha256 = ${job.sha256}`.execute(tx)
      ).rows[0]?.size ?? 0,
    ),
  );
  async function* slices(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < size; offset += SLICE_BYTES) {
      const slice = await withScope(db, scope, (tx) =>
        sql<{ bytes: Buffer }>`select substring(content from ${offset + 1} for ${SLICE_BYTES}) as bytes
                               from scan_reports where company_id = ${job.companyId} and sha256 = ${job.sha256}`.execute(
          tx,
        ),
      );
      const bytes = slice.rows[0]?.bytes;
      if (!bytes) return;
      yield bytes;
      const progress = Math.min(99, Math.floor((100 * (offset + bytes.length)) / Math.max(size, 1)));
      await withScope(db, scope, (tx) =>
        sql`update network_scans set progress = greatest(progress, ${progress}) where id = ${job.scanId}`.execute(tx),
      );
    }
  }

  const byHost = new Map(
    endpoints.map((e) => [e.host, { services: [] as ParsedService[], findings: [] as ParsedFinding[], seen: false }]),
  );
  const parser = reportParser(job.format);
  const startedAt = new Date();
  let tool: ReportTool = { name: job.format, version: null };
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
      const host =
        item.kind === "service"
          ? item.host
          : item.kind === "finding"
            ? item.host
            : item.kind === "host"
              ? item.address
              : null;
      const target = host === null ? undefined : byHost.get(host);
      if (!target) continue;
      target.seen = true;
      if (item.kind === "service") target.services.push(item);
      if (item.kind === "finding") target.findings.push(item);
    }
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    failure = `The report could not be read: ${error.message}`;
  }

  const engine = `import:${tool.name}`;
  for (const endpoint of endpoints) {
    const found = byHost.get(endpoint.host);
    const covered = failure === null && found?.seen === true;
    const result: EndpointResult = {
      scanEndpointId: endpoint.id,
      engine,
      engineVersion: tool.version,
      report: { sha256: job.sha256, parserVersion: parser.version },
      exitCode: null,
      startedAt,
      outcome: covered ? "COMPLETED" : "FAILED",
      detail: covered ? null : (failure ?? "The report does not cover this host."),
      services: covered ? (found?.services ?? []) : [],
      findings: covered ? (found?.findings ?? []) : [],
    };
    await withScope(db, scope, (tx) => storeEndpointResult(tx, job.scanId, result));
  }
  await withScope(db, scope, (tx) => finishNetworkScan(tx, job.scanId));
}
