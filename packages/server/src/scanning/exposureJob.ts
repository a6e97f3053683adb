import { sql } from "kysely";
import { type ExposureImportJob, type ExposureScanJob, refundExposureScan } from "../areas/network/exposureScans.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, withScope } from "../db/pool.ts";
import { dnsreconCommand, nmapDiscoveryCommand } from "./exposureEngines.ts";
import {
  type DiscoveredHost,
  type Discovery,
  discoveryStored,
  type ExposureRun,
  finishExposureScan,
  storeDiscovery,
  storeDiscoveryFailure,
  storeHostServices,
} from "./exposureStore.ts";
import { reportParser } from "./formats/index.ts";
import { readReport } from "./parse.ts";
import { type ParsedItem, type ParsedService, ReportError, type ReportTool } from "./report.ts";
import { runEngine } from "./run.ts";
import { outOfScope, widenedRanges } from "./scope.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;

export interface ExposureScanDeps {
  db: Db;
  scanning: ScanningConfig;
}

const within = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);

/**
 * What a report's items say about a configuration's domain: its subdomains, the addresses with names
 * under it (and their services, when the report has them), and the name servers that gave the zone
 * away. Names and hosts outside the domain are not the organisation's and are left out.
 */
export function discoveryOf(domain: string, items: ParsedItem[], withServices: boolean): Discovery {
  const subdomains = new Set<string>();
  const hosts = new Map<string, DiscoveredHost>();
  const services = new Map<string, ParsedService[]>();
  const transfers = new Set<string>();
  for (const item of items) {
    if (item.kind === "domain" && within(item.name, domain) && item.name !== domain) subdomains.add(item.name);
    if (item.kind === "host") {
      const names = item.hostnames.map((n) => n.toLowerCase().replace(/\.$/, "")).filter((n) => within(n, domain));
      if (names.length === 0) continue;
      const host = hosts.get(item.address) ?? { address: item.address, hostnames: [], services: null };
      host.hostnames = [...new Set([...host.hostnames, ...names])].sort();
      hosts.set(item.address, host);
      for (const name of names) if (name !== domain) subdomains.add(name);
    }
    if (item.kind === "service") services.set(item.host, [...(services.get(item.host) ?? []), item]);
    if (item.kind === "finding" && item.tool === "dnsrecon" && item.ruleId === "axfr" && item.host) {
      transfers.add(item.host);
    }
  }
  for (const host of hosts.values()) host.services = withServices ? (services.get(host.address) ?? []) : null;
  return {
    domain,
    subdomains: [...subdomains].sort(),
    hosts: [...hosts.values()].sort((a, b) => a.address.localeCompare(b.address)),
    zoneTransferServers: [...transfers].sort(),
  };
}

/** Starts (or resumes) the scan; answers its domain, or null when it has ended (aborted meanwhile). */
async function start(db: Db, scope: { companies: number; userId: null }, scanId: number) {
  return await withScope(db, scope, async (tx) => {
    const scan = (
      await sql<{ domain: string }>`
        update exposure_scans s set status = 'RUNNING', start_scan = coalesce(start_scan, now())
        from exposure_configs c join exposure_assets a on a.id = c.asset_id
        where s.id = ${scanId} and c.id = s.config_id and s.status in ('QUEUED', 'RUNNING')
        returning a.target_name as domain`.execute(tx)
    ).rows[0];
    return scan ? scan.domain.trim().toLowerCase().replace(/\.$/, "") : null;
  });
}

/**
 * Runs a queued exposure detection scan: dnsrecon over the domain (stored once), then nmap over
 * each address its names point at that this server may scan, each host stored as it finishes, then
 * the scan's end (and a refund when it failed). Safe to run again for the same scan: the discovery
 * and finished hosts are not run twice; a scan that has ended is left alone.
 *
 * `claim` is the queue's signal that this worker no longer holds the job (its heartbeat lapsed and
 * another worker took the retry, or the worker is stopping): the engine's process group is killed and
 * nothing more is stored or ended here; the attempt that holds the job finishes the scan.
 */
export async function runExposureScanJob(deps: ExposureScanDeps, job: ExposureScanJob, claim?: AbortSignal) {
  const scope = { companies: job.companyId, userId: null };
  const domain = await start(deps.db, scope, job.scanId);
  if (domain === null) return;

  const abort = new AbortController();
  const watcher = setInterval(() => {
    withScope(deps.db, scope, (tx) =>
      sql<{ status: string }>`select status from exposure_scans where id = ${job.scanId}`.execute(tx),
    )
      .then((r) => {
        if (r.rows[0]?.status !== "RUNNING") abort.abort();
      })
      .catch(() => {});
  }, ABORT_POLL_MS);
  const signal = claim ? AbortSignal.any([abort.signal, claim]) : abort.signal;
  try {
    const discovered = await withScope(deps.db, scope, (tx) => discoveryStored(tx, job.scanId));
    if (!discovered && !(await discover(deps, scope, job.scanId, domain, signal))) return;
    await scanHosts(deps, scope, job.scanId, signal);
  } finally {
    clearInterval(watcher);
  }
  if (signal.aborted) return;
  await withScope(deps.db, scope, (tx) => finishExposureScan(tx, job.scanId));
}

/** dnsrecon over the domain; false when the scan was aborted or the discovery failed (and the scan ended). */
async function discover(
  deps: ExposureScanDeps,
  scope: { companies: number; userId: null },
  scanId: number,
  domain: string,
  signal: AbortSignal,
): Promise<boolean> {
  const startedAt = new Date();
  const ran = await runEngine(dnsreconCommand(domain, deps.scanning, signal));
  if (ran.outcome === "ABORTED") return false;
  const failed = async (detail: string) => {
    const run: ExposureRun = {
      engine: "dnsrecon",
      engineVersion: null,
      report: null,
      exitCode: ran.exitCode,
      startedAt,
      outcome: "FAILED",
      detail,
    };
    await withScope(deps.db, scope, async (tx) => {
      await storeDiscoveryFailure(tx, scanId, run);
      await finishExposureScan(tx, scanId);
    });
    return false;
  };
  if (ran.outcome === "FAILED") return await failed(`DNS enumeration failed: ${ran.reason ?? "the engine failed."}`);
  let parsed: Awaited<ReturnType<typeof readReport>>;
  try {
    parsed = await readReport("dnsrecon-json", ran.report);
  } catch (error) {
    return await failed(`dnsrecon's report could not be read: ${(error as Error).message}`);
  }
  const run: ExposureRun = {
    engine: "dnsrecon",
    engineVersion: parsed.tool.version,
    report: {
      sha256: ran.sha256,
      parserVersion: parsed.parserVersion,
      content: { format: "dnsrecon-json", bytes: ran.report },
    },
    exitCode: ran.exitCode,
    startedAt,
    outcome: "COMPLETED",
    detail: null,
  };
  const found = discoveryOf(domain, parsed.items, false);
  // Nothing at all: the domain does not exist or its name servers do not answer; a clean empty result would mislead.
  if (found.hosts.length === 0 && found.subdomains.length === 0) {
    return await failed(
      `No DNS records were found for ${domain}. Check that the domain is spelled right and that its name servers answer.`,
    );
  }
  await withScope(deps.db, scope, (tx) => storeDiscovery(tx, scanId, run, found));
  return true;
}

/** nmap over each host still PENDING; an address outside the server's scope is SKIPPED, still listed. */
async function scanHosts(
  deps: ExposureScanDeps,
  scope: { companies: number; userId: null },
  scanId: number,
  signal: AbortSignal,
) {
  const pending = await withScope(
    deps.db,
    scope,
    async (tx) =>
      (
        await sql<{ id: number; name: string }>`
          select id, name from exposure_hosts where scan_id = ${scanId} and service_scan = 'PENDING' order by id`.execute(
          tx,
        )
      ).rows,
  );
  for (const host of pending) {
    if (signal.aborted) return;
    // Checked when the scan runs: the domain's names may point anywhere, the server's own network
    // included. The company's widened ranges are read afresh for each host: staff may narrow them mid-scan.
    const widened = await withScope(deps.db, scope, (tx) => widenedRanges(tx, scope.companies));
    const refused = outOfScope(host.name, deps.scanning.allowedRanges, widened);
    if (refused) {
      await withScope(deps.db, scope, (tx) =>
        storeHostServices(tx, scanId, host.id, { state: "SKIPPED", services: [], note: refused }, null),
      );
      continue;
    }
    const startedAt = new Date();
    const ran = await runEngine(nmapDiscoveryCommand(host.name, deps.scanning, signal));
    if (ran.outcome === "ABORTED") return;
    let services: ParsedService[] = [];
    let version: string | null = null;
    let detail = ran.reason;
    let parserVersion = reportParser("nmap-xml").version;
    if (ran.outcome === "COMPLETED") {
      try {
        const parsed = await readReport("nmap-xml", ran.report);
        services = parsed.items.filter((i): i is ParsedService => i.kind === "service" && i.host === host.name);
        version = parsed.tool.version;
        parserVersion = parsed.parserVersion;
      } catch (error) {
        detail = `nmap's report could not be read: ${(error as Error).message}`;
      }
    }
    const completed = ran.outcome === "COMPLETED" && detail === null;
    const run: ExposureRun = {
      engine: "nmap",
      engineVersion: version,
      report: completed
        ? { sha256: ran.sha256, parserVersion, content: { format: "nmap-xml", bytes: ran.report } }
        : null,
      exitCode: ran.exitCode,
      startedAt,
      outcome: completed ? "COMPLETED" : "FAILED",
      detail,
    };
    await withScope(deps.db, scope, (tx) =>
      storeHostServices(
        tx,
        scanId,
        host.id,
        { state: completed ? "COMPLETED" : "FAILED", services, note: completed ? null : detail },
        run,
      ),
    );
  }
}

/** Bytes read from the stored report at a time. */
const SLICE_BYTES = 1024 * 1024;

/**
 * Reads an imported report into its scan: streamed out of PostgreSQL into its parser, then the hosts
 * under the configuration's domain (with the services the report lists) stored once, as a scan's
 * discovery is. Safe to run again.
 */
export async function runExposureImportJob(db: Db, job: ExposureImportJob) {
  const scope = { companies: job.companyId, userId: null };
  const domain = await start(db, scope, job.scanId);
  if (domain === null) return;
  if (await withScope(db, scope, (tx) => discoveryStored(tx, job.scanId))) {
    await withScope(db, scope, (tx) => finishExposureScan(tx, job.scanId));
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
    }
  }
  const parser = reportParser(job.format);
  const startedAt = new Date();
  const items: ParsedItem[] = [];
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
      // Only what the store keeps is held: names, addresses and services.
      if (next.value.kind !== "verdict") items.push(next.value);
    }
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    failure = `The report could not be read: ${error.message}`;
  }
  const run: ExposureRun = {
    engine: `import:${tool.name}`,
    engineVersion: tool.version,
    report: { sha256: job.sha256, parserVersion: parser.version },
    exitCode: null,
    startedAt,
    outcome: failure ? "FAILED" : "COMPLETED",
    detail: failure,
  };
  await withScope(db, scope, async (tx) => {
    if (failure) await storeDiscoveryFailure(tx, job.scanId, run);
    else await storeDiscovery(tx, job.scanId, run, discoveryOf(domain, items, true));
    await finishExposureScan(tx, job.scanId);
  });
}

/**
 * Ends a scan or import whose job failed every retry (the worker crashed on it each time): FAILED with
 * the reason, hosts nmap never reached closed, and a run's price refunded once (an import cost nothing).
 * A scan that ended meanwhile is left alone.
 */
export async function failAbandonedExposureScan(db: Db, job: ExposureScanJob): Promise<void> {
  await withScope(db, { companies: job.companyId, userId: null }, async (tx) => {
    const scan = await sql<{ status: string; price: string }>`
      select status, price from exposure_scans where id = ${job.scanId} for update`.execute(tx);
    const status = scan.rows[0]?.status;
    if (status !== "QUEUED" && status !== "RUNNING") return;
    const reason =
      Number(scan.rows[0]?.price) > 0
        ? "The scan stopped unexpectedly, and every retry failed. It was refunded."
        : "The import stopped unexpectedly, and every retry failed. Import the report again.";
    await sql`update exposure_hosts set service_scan = 'FAILED', service_note = 'The scan ended before this host was scanned.'
              where scan_id = ${job.scanId} and service_scan = 'PENDING'`.execute(tx);
    // QUEUED cannot become FAILED directly: the scan passes through RUNNING, as its job did.
    if (status === "QUEUED")
      await sql`update exposure_scans set status = 'RUNNING' where id = ${job.scanId}`.execute(tx);
    await sql`update exposure_scans set status = 'FAILED', end_scan = now(), progress = 100, failure_reason = ${reason}
              where id = ${job.scanId}`.execute(tx);
    await refundExposureScan(tx, job.scanId, "System");
  });
}
