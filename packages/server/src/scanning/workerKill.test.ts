import { type ChildProcess, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { exited, workerProcesses } from "../../test/workerProcess.ts";

/**
 * A worker killed mid-scan (issue 29): a real worker process (the server's entry with the worker
 * role) scans a configuration's two loopback endpoints with nmap; the first endpoint's results are
 * stored, and the second endpoint's engine waits on a gate the test never opens. The test kills the
 * worker and its engine with SIGKILL, starts a second worker, and checks that the job came back
 * through pg-boss's heartbeat, that the scan ended COMPLETED, and that nothing (engine runs,
 * findings, credits) was stored twice.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const idle = (configId: number) =>
  !seed.networkScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const config = seed.networkConfigs.find((c) => c.company_id === OWN && c.targets.length === 2 && idle(c.id));
const HOSTS = ["127.0.0.1", "127.0.0.2"];

/** A weak web server (no security headers, an exposed .git) on one loopback address. */
function weakWeb() {
  return http.createServer((req, res) => {
    const headers = { "Content-Type": "text/html", Server: "Apache/2.4.49 (Unix)" };
    if (req.url === "/.git/HEAD") {
      res.writeHead(200, { ...headers, "Content-Type": "text/plain" }).end("ref: refs/heads/main\n");
      return;
    }
    res.writeHead(200, headers).end("<html><head><title>Orders</title></head><body>Orders portal</body></html>");
  });
}
const webs = HOSTS.map(() => weakWeb());
const listen = (server: http.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

/**
 * The first worker's nmap: its first run is the real nmap; the next records its process id and then
 * waits to read a FIFO nobody writes to, so that engine is surely running when the test kills it.
 * The engine's environment is only PATH, HOME and LANG, so the gate's paths are written into the script.
 */
const gate = mkdtempSync(path.join(tmpdir(), "sentinel-worker-kill-"));
const realNmap = execFileSync("sh", ["-c", "command -v nmap"], { encoding: "utf8" }).trim();
const heldPidFile = path.join(gate, "held.pid");
function writeGatedNmap() {
  execFileSync("mkfifo", [path.join(gate, "release")]);
  writeFileSync(
    path.join(gate, "nmap"),
    `#!/bin/sh
if [ -e '${gate}/passed' ]; then
  echo $$ > '${gate}/held.tmp' && mv '${gate}/held.tmp' '${heldPidFile}'
  exec cat '${gate}/release'
fi
: > '${gate}/passed'
exec '${realNmap}' "$@"
`,
  );
  chmodSync(path.join(gate, "nmap"), 0o755);
}

let server: TestServer;
let token = "";
let ports: number[] = [];
const processes = workerProcesses(() => server.databaseUrl);
const workers = processes.children;
const workerOutput = processes.output;

/** The server's real entry as a worker-only process on the test's database. */
const startWorker = (extraPath: string | null): ChildProcess =>
  processes.start(
    {
      SCAN_ALLOWED_RANGES: "127.0.0.0/8",
      SCAN_PORTS: ports.join(","),
      SCAN_ENGINE_TIMEOUT_SECONDS: "120",
      SCAN_JOB_HEARTBEAT_SECONDS: "10",
    },
    extraPath,
  );

beforeAll(async () => {
  ports = [
    await listen(webs[0] as http.Server, HOSTS[0] as string),
    await listen(webs[1] as http.Server, HOSTS[1] as string),
  ];
  writeGatedNmap();
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.0.0/8",
    SCAN_PORTS: ports.join(","),
    SCAN_JOB_HEARTBEAT_SECONDS: "10",
  });
  token = (await server.signIn(ADMIN)).access;
});
afterAll(async () => {
  for (const child of workers) child.kill("SIGTERM");
  await Promise.all(workers.map(exited));
  await server?.close();
  for (const web of webs) web.close();
  rmSync(gate, { recursive: true, force: true });
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Polls until `ready` answers a value; a worker that exits meanwhile fails the test with its output. */
async function until<T>(what: string, ready: () => Promise<T | undefined>, watch: ChildProcess): Promise<T> {
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (watch.exitCode !== null || watch.signalCode !== null) {
      throw new Error(`the worker exited while waiting for ${what}:\n${workerOutput.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface EndpointRow {
  id: number;
  host: string;
  status: string;
}
const endpointsOf = (scanId: number) =>
  rows<EndpointRow>(sql`
    select se.id, e.host, se.status from scan_endpoints se join network_endpoints e on e.id = se.endpoint_id
    where se.scan_id = ${scanId} order by se.id`);
const engineRunsOf = (scanId: number) =>
  rows<{ part_id: number; outcome: string }>(sql`
    select part_id, outcome from scan_engine_runs where area = 'network' and scan_id = ${scanId} order by id`);
const statusOf = async (scanId: number) =>
  (await rows<{ status: string }>(sql`select status from network_scans where id = ${scanId}`))[0]?.status;

describe("a worker killed mid-scan", () => {
  it("runs the scan again in another worker, and stores its results exactly once", { timeout: 600_000 }, async () => {
    if (!config) throw new Error("the seed has no idle two-target configuration");
    await Promise.all(
      config.targets.map(
        async (t, i) =>
          await sql`update network_endpoints set host = ${HOSTS[i] ?? ""} where id = ${t.endpoint_id}`.execute(db()),
      ),
    );
    const queued = await server.call("POST", `/api/v1/networkva/scan-configuration/${config.id}/scans/`, { token });
    expect(queued.statusCode, queued.body).toBe(201);
    const scanId = (queued.json() as { id: number }).id;

    // The first worker stores one endpoint, then holds the other's engine.
    const first = startWorker(gate);
    const midRun = await until(
      "one endpoint stored and the other's engine running",
      async () => {
        if (!existsSync(heldPidFile) || (await statusOf(scanId)) !== "RUNNING") return undefined;
        const endpoints = await endpointsOf(scanId);
        const statuses = endpoints.map((e) => e.status).sort();
        return statuses.join() === "COMPLETED,RUNNING" ? endpoints : undefined;
      },
      first,
    );
    const done = midRun.find((e) => e.status === "COMPLETED") as EndpointRow;
    const held = midRun.find((e) => e.status === "RUNNING") as EndpointRow;
    expect(await engineRunsOf(scanId)).toEqual([{ part_id: done.id, outcome: "COMPLETED" }]);
    const findingsBefore = await rows<{ fingerprint: string }>(
      sql`select fingerprint from findings where area = 'network' and parent_id = ${done.id}`,
    );
    expect(findingsBefore.length).toBeGreaterThan(0);

    // kill -9 the worker and its engine's process group (runEngine starts the engine in its own group).
    const heldPid = Number(readFileSync(heldPidFile, "utf8").trim());
    expect(Number(execFileSync("ps", ["-o", "pgid=", "-p", String(heldPid)], { encoding: "utf8" }).trim())).toBe(
      heldPid,
    );
    process.kill(first.pid as number, "SIGKILL");
    process.kill(-heldPid, "SIGKILL");
    await exited(first);
    expect(await statusOf(scanId)).toBe("RUNNING");

    // A second worker, with the real nmap, takes the job once its heartbeat has lapsed.
    const second = startWorker(null);
    const status = await until(
      "the scan to end",
      async () => {
        const s = await statusOf(scanId);
        return s === "QUEUED" || s === "RUNNING" ? undefined : s;
      },
      second,
    );
    expect(status).toBe("COMPLETED");

    const [job] = await rows<{ state: string; retry_count: number }>(sql`
      select state, retry_count from pgboss.job
      where name = 'scan.network' and (data ->> 'scanId')::int = ${scanId}`);
    expect(job?.state).toBe("completed");
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);

    expect((await endpointsOf(scanId)).map((e) => e.status)).toEqual(["COMPLETED", "COMPLETED"]);
    // One engine run per endpoint: the stored one was not run again, the killed one left no row.
    const runs = await engineRunsOf(scanId);
    expect(runs.map((r) => r.part_id).sort()).toEqual([done.id, held.id].sort());
    expect(runs.map((r) => r.outcome)).toEqual(["COMPLETED", "COMPLETED"]);

    // Each endpoint's findings once: the first endpoint's are the ones stored before the kill.
    for (const endpoint of [done, held]) {
      const findings = await rows<{ fingerprint: string; vulnerability_id: number }>(
        sql`select fingerprint, vulnerability_id from findings where area = 'network' and parent_id = ${endpoint.id}`,
      );
      expect(findings.length, endpoint.host).toBeGreaterThan(0);
      expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(findings.length);
      expect(new Set(findings.map((f) => f.vulnerability_id)).size).toBe(findings.length);
    }
    const findingsAfter = await rows<{ fingerprint: string }>(
      sql`select fingerprint from findings where area = 'network' and parent_id = ${done.id}`,
    );
    expect(findingsAfter.map((f) => f.fingerprint).sort()).toEqual(findingsBefore.map((f) => f.fingerprint).sort());

    // Debited once when queued (two endpoints at 10), nothing refunded.
    const credits = await rows<{ action: string; amount: number }>(sql`
      select transaction_action as action, amount from credit_transactions
      where (reference ->> 'scan_id')::int = ${scanId} and reference ->> 'kind' = 'NETWORK_VA'
        and created_at > now() - interval '1 hour'`);
    expect(credits).toEqual([{ action: "SPENDING", amount: -20 }]);
  });
});
