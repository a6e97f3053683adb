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
 * A web scan's worker that loses its job (issue 29, second pass): a real worker process (the
 * server's entry with the worker role) runs a web scan whose engine waits on a gate the test never
 * opens. The test freezes that worker (SIGSTOP) until its heartbeat lapses, lets a second worker
 * take the retried job (its Wapiti held at a gate of its own), then thaws the first: its heartbeat
 * finds the claim gone, and it must kill its engine's process group while the scan is still running
 * elsewhere, and store nothing. Then the second worker's Wapiti is let through and the scan's results
 * are stored once.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const companyOfApp = (appId: number) => {
  const asset = seed.webAssets.find((w) => w.id === seed.webApps.find((a) => a.id === appId)?.asset_id);
  return seed.products.find((p) => p.id === asset?.product_id)?.company_id;
};
const idle = (appId: number) =>
  !seed.webScans.some((s) => s.app_id === appId && (s.status === "QUEUED" || s.status === "RUNNING"));
const app = seed.webApps.find((a) => companyOfApp(a.id) === OWN && idle(a.id));
const HEARTBEAT_SECONDS = 10;

/** A small application with one flaw Wapiti reports (no security headers), on loopback. */
const weak = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Orders portal</body></html>");
});

/**
 * The first worker's Wapiti: it records its process id and then waits to read a FIFO nobody writes
 * to, so that engine is surely running when the worker loses its job. The engine's environment is
 * only PATH, HOME and LANG, so the gate's paths are written into the script.
 */
const gate = mkdtempSync(path.join(tmpdir(), "sentinel-web-claim-"));
const heldPidFile = path.join(gate, "held.pid");
/** The second worker's Wapiti: it announces itself, waits for the test's word, then runs the real one. */
const gate2 = mkdtempSync(path.join(tmpdir(), "sentinel-web-claim-"));
const secondPidFile = path.join(gate2, "held.pid");
const realWapiti = execFileSync("sh", ["-c", "command -v wapiti"], { encoding: "utf8" }).trim();
function writeGatedWapiti() {
  execFileSync("mkfifo", [path.join(gate, "release")]);
  writeFileSync(
    path.join(gate, "wapiti"),
    `#!/bin/sh
echo $$ > '${gate}/held.tmp' && mv '${gate}/held.tmp' '${heldPidFile}'
exec cat '${gate}/release'
`,
  );
  chmodSync(path.join(gate, "wapiti"), 0o755);
  execFileSync("mkfifo", [path.join(gate2, "release")]);
  writeFileSync(
    path.join(gate2, "wapiti"),
    `#!/bin/sh
echo $$ > '${gate2}/held.tmp' && mv '${gate2}/held.tmp' '${secondPidFile}'
cat '${gate2}/release' > /dev/null
exec '${realWapiti}' "$@"
`,
  );
  chmodSync(path.join(gate2, "wapiti"), 0o755);
}

let server: TestServer;
let token = "";
let port = 0;
const processes = workerProcesses(() => server.databaseUrl);
const workers = processes.children;
const workerOutput = processes.output;

/** The server's real entry as a worker-only process on the test's database. */
const startWorker = (extraPath: string | null): ChildProcess =>
  processes.start(
    {
      SCAN_ALLOWED_RANGES: "127.0.0.0/8",
      SCAN_ENGINE_TIMEOUT_SECONDS: "90",
      SCAN_WEB_DEPTH: "1",
      SCAN_JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
    },
    extraPath,
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  port = await new Promise<number>((resolve) =>
    weak.listen(0, "127.0.0.1", () => resolve((weak.address() as AddressInfo).port)),
  );
  writeGatedWapiti();
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.0.0/8",
    SCAN_JOB_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
  });
  token = (await server.signIn(ADMIN)).access;
});
afterAll(async () => {
  // A failed run can leave a gated engine waiting on its FIFO: stop each engine's process group.
  for (const file of [heldPidFile, secondPidFile]) {
    if (!existsSync(file)) continue;
    try {
      process.kill(-Number(readFileSync(file, "utf8").trim()), "SIGKILL");
    } catch {
      // Already gone, as it should be.
    }
  }
  for (const child of workers) {
    child.kill("SIGCONT");
    child.kill("SIGTERM");
  }
  await Promise.all(workers.map(exited));
  await server?.close();
  weak.close();
  rmSync(gate, { recursive: true, force: true });
  rmSync(gate2, { recursive: true, force: true });
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/**
 * Polls until `ready` answers a value; a worker that exits meanwhile, or a wait longer than
 * `withinMs`, fails the test (with the workers' output).
 */
async function until<T>(
  what: string,
  ready: () => Promise<T | undefined>,
  watch: ChildProcess,
  withinMs = 300_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (watch.exitCode !== null || watch.signalCode !== null) {
      throw new Error(`the worker exited while waiting for ${what}:\n${workerOutput.join("")}`);
    }
    if (Date.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}:\n${workerOutput.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const statusOf = async (scanId: number) =>
  (await rows<{ status: string }>(sql`select status from web_scans where id = ${scanId}`))[0]?.status;
const jobOf = async (scanId: number) =>
  (
    await rows<{ state: string; retry_count: number; heartbeat_seconds: number }>(sql`
      select state, retry_count, heartbeat_seconds from pgboss.job
      where name = 'scan.web' and (data ->> 'scanId')::int = ${scanId}`)
  )[0];

describe("a web scan's worker that loses its job", () => {
  it("stops its engine, and the worker holding the job stores the results once", { timeout: 600_000 }, async () => {
    if (!app) throw new Error("the seed has no idle web application");
    await sql`update web_assets set url = ${`http://127.0.0.1:${port}/`} where id = ${app.asset_id}`.execute(db());
    const queued = await server.call("POST", `/api/v1/webapp/applications/${app.id}/scan/`, { token });
    expect(queued.statusCode, queued.body).toBe(201);
    const scanId = (queued.json() as { id: number }).id;
    // The job takes the configured heartbeat, not a fixed one.
    expect((await jobOf(scanId))?.heartbeat_seconds).toBe(HEARTBEAT_SECONDS);

    // The first worker's engine is running, held at the gate.
    const first = startWorker(gate);
    await until("the first worker's engine to run", async () => (existsSync(heldPidFile) ? true : undefined), first);
    const heldPid = Number(readFileSync(heldPidFile, "utf8").trim());
    // runEngine starts the engine in its own process group, which is what a lost claim must kill.
    expect(Number(execFileSync("ps", ["-o", "pgid=", "-p", String(heldPid)], { encoding: "utf8" }).trim())).toBe(
      heldPid,
    );
    expect(await statusOf(scanId)).toBe("RUNNING");

    // Frozen, the first worker stops beating; the second takes the retried job and starts its engine.
    first.kill("SIGSTOP");
    const second = startWorker(gate2);
    await until(
      "the second worker's engine to run",
      async () => (existsSync(secondPidFile) ? true : undefined),
      second,
    );
    const job = await jobOf(scanId);
    expect(job?.state).toBe("active");
    expect(job?.retry_count).toBeGreaterThanOrEqual(1);
    expect(alive(heldPid)).toBe(true);

    // Thawed, the first worker's heartbeat finds the claim gone: its engine is killed while the scan
    // still runs in the second worker (nothing else would stop it: the gate is never opened).
    first.kill("SIGCONT");
    await until(
      "the first worker's engine to stop",
      async () => (alive(heldPid) ? undefined : true),
      first,
      3 * HEARTBEAT_SECONDS * 1000,
    );
    expect(first.exitCode).toBeNull();
    expect(await statusOf(scanId)).toBe("RUNNING");
    const secondPid = Number(readFileSync(secondPidFile, "utf8").trim());
    expect(alive(secondPid)).toBe(true);
    expect(await rows(sql`select 1 from scan_engine_runs where area = 'web' and scan_id = ${scanId}`)).toEqual([]);

    // The second worker's Wapiti is let through, and the scan ends there.
    writeFileSync(path.join(gate2, "release"), "go\n");

    const status = await until(
      "the scan to end",
      async () => {
        const s = await statusOf(scanId);
        return s === "QUEUED" || s === "RUNNING" ? undefined : s;
      },
      second,
    );
    expect(status).toBe("COMPLETED");
    expect((await jobOf(scanId))?.state).toBe("completed");

    // One engine run (the second worker's Wapiti) and its findings once; one debit, no refund.
    const runs = await rows<{ engine: string; outcome: string }>(
      sql`select engine, outcome from scan_engine_runs where area = 'web' and scan_id = ${scanId}`,
    );
    expect(runs).toEqual([{ engine: "wapiti", outcome: "COMPLETED" }]);
    const findings = await rows<{ fingerprint: string }>(
      sql`select fingerprint from findings where area = 'web' and parent_id = ${scanId}`,
    );
    expect(findings.length).toBeGreaterThan(0);
    expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(findings.length);
    const credits = await rows<{ action: string; amount: number }>(sql`
      select transaction_action as action, amount from credit_transactions
      where (reference ->> 'scan_id')::int = ${scanId} and reference ->> 'kind' = 'APPLICATION_VA'`);
    expect(credits).toEqual([{ action: "SPENDING", amount: -10 }]);
  });
});
