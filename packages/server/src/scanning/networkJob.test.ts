import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { startScanWorkers } from "../server.ts";
import type { NetworkEngine } from "./engines.ts";
import { runNetworkScanJob } from "./networkJob.ts";

/**
 * A network scan that really runs (issue 29): nmap against a weak web server and a TLS 1.0 server
 * this test starts on loopback, through the job queue and its worker; findings matched across
 * rescans (NEW, UNCHANGED with triage carried, MITIGATED by absence, REOPENED); an engine that
 * fails or is aborted; a job run twice stores its results once.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const idle = (configId: number) =>
  !seed.networkScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const configs = seed.networkConfigs.filter((c) => c.company_id === OWN && c.targets.length === 1 && idle(c.id));

/** The weak web application: no security headers, unless told to send them; an exposed .git. */
let hardened = false;
const web = http.createServer((req, res) => {
  // nmap's service probes match "Server:" as real servers write it.
  const headers: Record<string, string> = { "Content-Type": "text/html", Server: "Apache/2.4.49 (Unix)" };
  if (hardened) {
    Object.assign(headers, {
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'self'",
    });
  }
  if (req.url === "/.git/HEAD") {
    res.writeHead(200, { ...headers, "Content-Type": "text/plain" }).end("ref: refs/heads/main\n");
    return;
  }
  res.writeHead(200, headers).end("<html><head><title>Orders</title></head><body>Orders portal</body></html>");
});

/** A TLS server that still offers TLS 1.0, with a self-signed certificate. */
const certDir = mkdtempSync(path.join(tmpdir(), "sentinel-tls-"));
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=orders.example.test",
    "-days",
    "2",
    "-keyout",
    path.join(certDir, "key.pem"),
    "-out",
    path.join(certDir, "cert.pem"),
  ],
  { stdio: "ignore" },
);
const weakTls = tls.createServer(
  {
    key: readFileSync(path.join(certDir, "key.pem")),
    cert: readFileSync(path.join(certDir, "cert.pem")),
    minVersion: "TLSv1",
    ciphers: "DEFAULT:@SECLEVEL=0",
  },
  (socket) => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok"),
);

const listen = (server: http.Server | tls.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

let server: TestServer;
let stopScheduler = () => {};
let token = "";
let webPort = 0;
let tlsPort = 0;

beforeAll(async () => {
  webPort = await listen(web);
  tlsPort = await listen(weakTls);
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.0.0/8",
    SCAN_PORTS: `${webPort},${tlsPort}`,
    SCAN_ENGINE_TIMEOUT_SECONDS: "120",
  });
  token = (await server.signIn(ADMIN)).access;
  stopScheduler = await startScanWorkers(server.services.jobs, {
    db: server.services.db,
    scanning: server.services.config.scanning,
  });
});
afterAll(async () => {
  stopScheduler();
  await server.close();
  web.close();
  weakTls.close();
  rmSync(certDir, { recursive: true, force: true });
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Points a configuration's one target at loopback. */
async function loopbackConfig(index: number): Promise<number> {
  const config = configs[index];
  if (!config) throw new Error("the seed has too few single-target configurations");
  await sql`update network_endpoints set host = '127.0.0.1' where id = ${config.targets[0]?.endpoint_id ?? 0}`.execute(
    db(),
  );
  return config.id;
}

async function run(configId: number): Promise<number> {
  const res = await server.call("POST", `/api/v1/networkva/scan-configuration/${configId}/scans/`, { token });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Waits for the worker to end the scan (the queue polls each second; nmap takes seconds here). */
async function ended(scanId: number): Promise<{ status: string; failure_reason: string | null; progress: number }> {
  for (;;) {
    const [scan] = await rows<{ status: string; failure_reason: string | null; progress: number }>(
      sql`select status, failure_reason, progress from network_scans where id = ${scanId}`,
    );
    if (scan && !["QUEUED", "RUNNING"].includes(scan.status)) return scan;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface FindingRow {
  id: number;
  name: string;
  status: string;
  change: string;
  fingerprint: string;
  previous_id: number | null;
  port: string | null;
}
const findingsOf = (scanId: number) =>
  rows<FindingRow>(sql`
    select f.id, f.name, f.status, f.change, f.fingerprint, f.previous_id, v.port
    from findings f join scan_endpoints se on se.id = f.parent_id and f.area = 'network'
    join vulnerabilities v on v.id = f.vulnerability_id
    where se.scan_id = ${scanId} order by f.name, v.port`);

describe("a network scan with nmap, through the queue", () => {
  it("finds the weak server's services and weaknesses, and matches them across rescans", {
    timeout: 300_000,
  }, async () => {
    const configId = await loopbackConfig(0);
    const first = await run(configId);
    expect(await ended(first)).toMatchObject({ status: "COMPLETED", failure_reason: null, progress: 100 });

    const [endpoint] = await rows<{
      status: string;
      services: Array<{ port: number; protocol: string; secure: boolean }>;
    }>(sql`select status, services from scan_endpoints where scan_id = ${first}`);
    expect(endpoint?.status).toBe("COMPLETED");
    expect(endpoint?.services).toEqual([
      { id: 1, port: Math.min(webPort, tlsPort), protocol: "tcp", secure: Math.min(webPort, tlsPort) === tlsPort },
      { id: 2, port: Math.max(webPort, tlsPort), protocol: "tcp", secure: Math.max(webPort, tlsPort) === tlsPort },
    ]);
    const found = await findingsOf(first);
    const names = found.map((f) => f.name);
    expect(names).toContain("Missing HTTP security header X-Frame-Options");
    expect(names).toContain("Exposed Git repository");
    expect(names).toContain("Deprecated protocol TLSv1.0 offered");
    expect(names).toContain("Self-signed TLS certificate");
    expect(new Set(found.map((f) => f.change))).toEqual(new Set(["NEW"]));
    expect(new Set(found.map((f) => f.status))).toEqual(new Set(["ACTIVE"]));

    // The raw report is kept, content-addressed, with the run that produced it.
    const [report] = await rows<{ engine: string; outcome: string; format: string; size: number; sha256: string }>(sql`
      select r.engine, r.outcome, p.format, p.size, p.sha256 from scan_engine_runs r
      join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
      where r.area = 'network' and r.scan_id = ${first}`);
    expect(report).toMatchObject({ engine: "nmap", outcome: "COMPLETED", format: "nmap-xml" });
    expect(report?.size).toBeGreaterThan(500);

    // Triage one finding, then rescan: everything is UNCHANGED and carries its triage.
    const gitFinding = found.find((f) => f.name === "Exposed Git repository");
    await sql`update findings set status = 'FALSE_POSITIVE' where id = ${gitFinding?.id ?? 0}`.execute(db());
    const second = await run(configId);
    expect((await ended(second)).status).toBe("COMPLETED");
    const again = await findingsOf(second);
    expect(again.map((f) => f.fingerprint).sort()).toEqual(found.map((f) => f.fingerprint).sort());
    expect(new Set(again.map((f) => f.change))).toEqual(new Set(["UNCHANGED"]));
    const gitAgain = again.find((f) => f.name === "Exposed Git repository");
    expect(gitAgain).toMatchObject({ status: "FALSE_POSITIVE", previous_id: gitFinding?.id });

    // The headers are fixed: the same engine over the same host no longer finds them, so they are mitigated.
    hardened = true;
    const third = await run(configId);
    expect((await ended(third)).status).toBe("COMPLETED");
    const afterFix = await findingsOf(third);
    expect(afterFix.map((f) => f.name)).not.toContain("Missing HTTP security header X-Frame-Options");
    const mitigated = await rows<{ status: string; message: string }>(sql`
      select f.status, l.message from findings f join finding_logs l on l.finding_id = f.id
      where f.id = ${again.find((f) => f.name === "Missing HTTP security header X-Frame-Options")?.id ?? 0}`);
    expect(mitigated).toEqual([
      { status: "MITIGATED", message: `Not found by scan #${third}, which ran the same engine (nmap) over this host.` },
    ]);

    // The headers are gone again: the finding comes back REOPENED and ACTIVE.
    hardened = false;
    const fourth = await run(configId);
    expect((await ended(fourth)).status).toBe("COMPLETED");
    const reopened = (await findingsOf(fourth)).find((f) => f.name === "Missing HTTP security header X-Frame-Options");
    expect(reopened).toMatchObject({ change: "REOPENED", status: "ACTIVE" });

    // Four completed scans of one endpoint: four debits of 10 and no refund.
    const credits = await rows<{ action: string; amount: number }>(sql`
      select transaction_action as action, amount from credit_transactions
      where (reference ->> 'scan_id')::int in (${first}, ${second}, ${third}, ${fourth})
        and reference ->> 'kind' = 'NETWORK_VA' and created_at > now() - interval '1 hour'`);
    expect(credits).toEqual(Array.from({ length: 4 }, () => ({ action: "SPENDING", amount: -10 })));
  });
});

describe("a network scan whose engine fails, hangs or runs twice", () => {
  const engine = (command: string, args: string[]): NetworkEngine => ({
    id: `test-${command}`,
    format: "nmap-xml",
    command: (_host, _scanning, signal) => ({
      command,
      args: () => args,
      timeoutMs: 60_000,
      memoryBytes: 512 * 1024 ** 2,
      maxReportBytes: 1024 ** 2,
      signal,
    }),
  });
  const deps = (engines: NetworkEngine[]) => ({ db: db(), scanning: server.services.config.scanning, engines });
  /** A scan queued through the API, taken off the queue so the test runs it itself. */
  async function queued(configIndex: number): Promise<number> {
    const scanId = await run(await loopbackConfig(configIndex));
    await sql`delete from pgboss.job where name = 'scan.network' and (data ->> 'scanId')::int = ${scanId}`.execute(
      db(),
    );
    return scanId;
  }
  const refunds = async (scanId: number) =>
    await rows<{ amount: number }>(sql`select amount from credit_transactions
      where transaction_action = 'REFUND' and (reference ->> 'scan_id')::int = ${scanId}
        and created_at > now() - interval '1 hour'`);

  it("fails with the engine's reason and refunds the endpoint", async () => {
    const scanId = await queued(1);
    await runNetworkScanJob(deps([engine("false", [])]), { scanId, companyId: OWN });
    const [scan] = await rows<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from network_scans where id = ${scanId}`,
    );
    expect(scan).toEqual({ status: "FAILED", failure_reason: "The engine stopped with an error (exit code 1)." });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("stops a running engine when the scan is aborted, and refunds once", async () => {
    const scanId = await queued(2);
    const running = runNetworkScanJob(deps([engine("sleep", ["60"])]), { scanId, companyId: OWN });
    for (;;) {
      const [row] = await rows<{ status: string }>(sql`select status from scan_endpoints where scan_id = ${scanId}`);
      if (row?.status === "RUNNING") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const started = Date.now();
    const configId = configs[2]?.id ?? 0;
    const res = await server.call("POST", `/api/v1/networkva/scan-configuration/${configId}/scans/${scanId}/abort/`, {
      token,
    });
    expect(res.statusCode).toBe(200);
    await running;
    // The sleep was killed, not waited for (it would take 60 s).
    expect(Date.now() - started).toBeLessThan(30_000);
    const [scan] = await rows<{ status: string }>(sql`select status from network_scans where id = ${scanId}`);
    expect(scan?.status).toBe("ABORTED");
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
    expect(await rows(sql`select 1 from scan_engine_runs where scan_id = ${scanId} and area = 'network'`)).toEqual([]);
  });

  it("stores the results of a job run twice (a retry after a lost worker) once", { timeout: 300_000 }, async () => {
    const scanId = await queued(3);
    // The first worker died with the scan and its endpoint RUNNING, as a killed process leaves them.
    await sql`update network_scans set status = 'RUNNING', start_time = now() where id = ${scanId}`.execute(db());
    await sql`update scan_endpoints set status = 'RUNNING' where scan_id = ${scanId}`.execute(db());
    const job = { scanId, companyId: OWN };
    const real = { db: db(), scanning: server.services.config.scanning };
    // Two workers on the same job at once (the retry and a worker that was only slow), then a late third.
    await Promise.all([runNetworkScanJob(real, job), runNetworkScanJob(real, job)]);
    await runNetworkScanJob(real, job);
    const [scan] = await rows<{ status: string }>(sql`select status from network_scans where id = ${scanId}`);
    expect(scan?.status).toBe("COMPLETED");
    const runs = await rows(sql`select 1 from scan_engine_runs where scan_id = ${scanId} and area = 'network'`);
    expect(runs).toHaveLength(1);
    const fingerprints = (await findingsOf(scanId)).map((f) => f.fingerprint);
    expect(fingerprints.length).toBeGreaterThan(0);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});
