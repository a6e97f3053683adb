import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { severityDrift, storedTotal } from "../../test/severityCounts.ts";
import { startScanWorkers } from "../server.ts";
import { type NetworkEngine, type ServiceEngine, sshAudit, sslscan } from "./engines.ts";
import { runNetworkScanJob } from "./networkJob.ts";

/**
 * A network scan that really runs (issue 29): nmap against a weak web server, a TLS 1.0 server and an
 * old SSH server this test starts on loopback, then ssh-audit on the SSH service and sslscan on the TLS
 * one, through the job queue and its worker; findings matched across
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

/** SSH name-list: a length, then the names joined by commas. */
const nameList = (names: string[]) => {
  const bytes = Buffer.from(names.join(","));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};
/** An SSH binary packet without encryption or MAC (RFC 4253 section 6), padded to 8 bytes. */
const sshPacket = (payload: Buffer) => {
  let padding = 8 - ((payload.length + 5) % 8);
  if (padding < 4) padding += 8;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length + padding + 1);
  return Buffer.concat([length, Buffer.from([padding]), payload, Buffer.alloc(padding)]);
};
/**
 * An old SSH server, as far as a scanner sees one: the banner of OpenSSH 7.2p2 and a KEXINIT offering
 * weak algorithms (arcfour too, unless hardened); it hangs up when the client goes on to a key
 * exchange, which ssh-audit and nmap take as the end of what they can learn.
 */
const oldSsh = net.createServer((socket) => {
  socket.on("error", () => {});
  socket.write("SSH-2.0-OpenSSH_7.2p2 Ubuntu-4ubuntu2.8\r\n");
  const ciphers = ["aes128-ctr", "aes128-cbc", "3des-cbc", ...(hardened ? [] : ["arcfour"])];
  const kexinit = Buffer.concat([
    Buffer.from([20]),
    Buffer.alloc(16, 7),
    nameList(["curve25519-sha256@libssh.org", "diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1"]),
    nameList(["ssh-rsa", "ssh-dss"]),
    nameList(ciphers),
    nameList(ciphers),
    nameList(["hmac-sha2-256", "hmac-md5", "hmac-sha1"]),
    nameList(["hmac-sha2-256", "hmac-md5", "hmac-sha1"]),
    nameList(["none"]),
    nameList(["none"]),
    nameList([]),
    nameList([]),
    Buffer.from([0]),
    Buffer.alloc(4),
  ]);
  let received = 0;
  socket.on("data", () => {
    received += 1;
    if (received === 1) socket.write(sshPacket(kexinit));
    else socket.destroy();
  });
});

const listen = (server: http.Server | tls.Server | net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

let server: TestServer;
let stopScheduler = () => {};
let token = "";
let webPort = 0;
let tlsPort = 0;
let sshPort = 0;

beforeAll(async () => {
  webPort = await listen(web);
  tlsPort = await listen(weakTls);
  sshPort = await listen(oldSsh);
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.0.0/8",
    SCAN_PORTS: `${webPort},${tlsPort},${sshPort}`,
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
  oldSsh.close();
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
  engine: string | null;
}
const findingsOf = (scanId: number) =>
  rows<FindingRow>(sql`
    select f.id, f.name, f.status, f.change, f.fingerprint, f.previous_id, v.port, f.engine
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
    expect(endpoint?.services).toEqual(
      [webPort, tlsPort, sshPort]
        .sort((a, b) => a - b)
        .map((port, i) => ({ id: i + 1, port, protocol: "tcp", secure: port === tlsPort })),
    );
    const found = await findingsOf(first);
    const names = found.map((f) => f.name);
    expect(names).toContain("Missing HTTP security header X-Frame-Options");
    expect(names).toContain("Exposed Git repository");
    expect(names).toContain("Deprecated protocol TLSv1.0 offered");
    expect(names).toContain("Self-signed TLS certificate");
    // ssh-audit on the SSH service: the version's CVEs and the weak algorithms it offers.
    expect(names).toContain("OpenSSH 7.2p2: CVE-2016-6515");
    expect(names).toContain("Weak SSH key exchange algorithm diffie-hellman-group1-sha1 offered");
    expect(names).toContain("Weak SSH cipher arcfour offered");
    expect(names).not.toContain("Weak SSH cipher aes128-ctr offered");
    // sslscan on the TLS service.
    expect(names).toContain("TLSv1.0 enabled");
    expect(names).toContain("TLS certificate is self-signed");
    const ports = (prefix: string) => new Set(found.filter((f) => f.name.startsWith(prefix)).map((f) => f.port));
    expect(ports("Weak SSH")).toEqual(new Set([String(sshPort)]));
    expect(ports("TLSv1.0 enabled")).toEqual(new Set([String(tlsPort)]));
    expect(new Set(found.map((f) => f.engine))).toEqual(new Set(["nmap", "ssh-audit", "sslscan"]));
    expect(new Set(found.map((f) => f.change))).toEqual(new Set(["NEW"]));
    expect(new Set(found.map((f) => f.status))).toEqual(new Set(["ACTIVE"]));

    // The raw report is kept, content-addressed, with the run that produced it.
    const [report] = await rows<{ engine: string; outcome: string; format: string; size: number; sha256: string }>(sql`
      select r.engine, r.outcome, p.format, p.size, p.sha256 from scan_engine_runs r
      join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
      where r.area = 'network' and r.scan_id = ${first} order by r.id`);
    expect(report).toMatchObject({ engine: "nmap", outcome: "COMPLETED", format: "nmap-xml" });
    expect(report?.size).toBeGreaterThan(500);
    // Each service engine's run is recorded with its own report.
    const runs = await rows<{ engine: string; outcome: string; format: string | null; exit_code: number | null }>(sql`
      select r.engine, r.outcome, p.format, r.exit_code from scan_engine_runs r
      left join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
      where r.area = 'network' and r.scan_id = ${first} order by r.id`);
    expect(runs).toEqual([
      { engine: "nmap", outcome: "COMPLETED", format: "nmap-xml", exit_code: 0 },
      // ssh-audit exits 3 when an algorithm fails its checks.
      { engine: "ssh-audit", outcome: "COMPLETED", format: "ssh-audit-text", exit_code: 3 },
      { engine: "sslscan", outcome: "COMPLETED", format: "sslscan-xml", exit_code: 0 },
    ]);

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
    // Each scan's counts per severity, kept on its row by the store (migration 0300), are a live count's.
    expect(await storedTotal(db(), "network_scans", first)).toBe(found.length);
    expect(await storedTotal(db(), "network_scans", second)).toBe(again.length);
    expect(await severityDrift(db(), "network_scans")).toEqual([]);

    // The headers are fixed, and arcfour is no longer offered: the same engine over the same host (ssh-audit
    // over the same service) no longer finds them, so they are mitigated.
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
    const arcfour = again.find((f) => f.name === "Weak SSH cipher arcfour offered");
    const arcfourLogs = await rows<{ status: string; message: string }>(sql`
      select f.status, l.message from findings f join finding_logs l on l.finding_id = f.id where f.id = ${arcfour?.id ?? 0}`);
    expect(arcfourLogs).toEqual([
      {
        status: "MITIGATED",
        message: `Not found by scan #${third}, which ran the same engine (ssh-audit) over this host.`,
      },
    ]);
    // Only what was fixed: every other ssh-audit and sslscan finding carried on.
    const stillThere = afterFix.filter((f) => /SSH|TLS/.test(f.name)).map((f) => f.change);
    expect(new Set(stillThere)).toEqual(new Set(["UNCHANGED"]));

    // The headers are gone again: the finding comes back REOPENED and ACTIVE.
    hardened = false;
    const fourth = await run(configId);
    expect((await ended(fourth)).status).toBe("COMPLETED");
    const fourthFindings = await findingsOf(fourth);
    const reopened = fourthFindings.find((f) => f.name === "Missing HTTP security header X-Frame-Options");
    expect(reopened).toMatchObject({ change: "REOPENED", status: "ACTIVE" });
    expect(fourthFindings.find((f) => f.name === "Weak SSH cipher arcfour offered")).toMatchObject({
      change: "REOPENED",
      status: "ACTIVE",
    });

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

  it("records a service engine that fails, keeps the endpoint's other results, and mitigates nothing for it", {
    timeout: 300_000,
  }, async () => {
    const real = { db: db(), scanning: server.services.config.scanning };
    const before = await queued(4);
    await runNetworkScanJob(real, { scanId: before, companyId: OWN });
    const earlier = (await findingsOf(before)).filter((f) => f.engine === "ssh-audit");
    expect(earlier.length).toBeGreaterThan(0);

    // ssh-audit fails this time (as if the service dropped the connection): the scan still completes.
    const failingSshAudit: ServiceEngine = {
      ...sshAudit,
      command: (_host, _port, _scanning, signal) => ({
        command: "false",
        args: () => [],
        timeoutMs: 60_000,
        memoryBytes: 512 * 1024 ** 2,
        maxReportBytes: 1024 ** 2,
        signal,
      }),
    };
    const scanId = await queued(4);
    await runNetworkScanJob({ ...real, serviceEngines: [failingSshAudit, sslscan] }, { scanId, companyId: OWN });
    const [scan] = await rows<{ status: string }>(sql`select status from network_scans where id = ${scanId}`);
    expect(scan?.status).toBe("COMPLETED");
    const runs = await rows<{ engine: string; outcome: string; detail: string | null }>(sql`
      select engine, outcome, detail from scan_engine_runs where scan_id = ${scanId} and area = 'network' order by id`);
    expect(runs).toEqual([
      { engine: "nmap", outcome: "COMPLETED", detail: null },
      { engine: "ssh-audit", outcome: "FAILED", detail: "The engine stopped with an error (exit code 1)." },
      { engine: "sslscan", outcome: "COMPLETED", detail: null },
    ]);
    const now = await findingsOf(scanId);
    expect(now.map((f) => f.name)).toContain("Exposed Git repository");
    expect(now.map((f) => f.name)).toContain("TLSv1.0 enabled");
    expect(now.filter((f) => f.engine === "ssh-audit")).toEqual([]);
    // ssh-audit did not cover the SSH service this time, so its earlier findings are not taken as fixed.
    const statuses = await rows<{ status: string }>(
      sql`select distinct status from findings where id = any (${earlier.map((f) => f.id)}::int[])`,
    );
    expect(statuses).toEqual([{ status: "ACTIVE" }]);
    expect(await refunds(scanId)).toEqual([]);
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
    const runs = await rows<{ engine: string }>(
      sql`select engine from scan_engine_runs where scan_id = ${scanId} and area = 'network' order by id`,
    );
    expect(runs.map((r) => r.engine)).toEqual(["nmap", "ssh-audit", "sslscan"]);
    const fingerprints = (await findingsOf(scanId)).map((f) => f.fingerprint);
    expect(fingerprints.length).toBeGreaterThan(0);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});
