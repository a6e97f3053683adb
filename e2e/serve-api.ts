// The API for the e2e run against the server, as docs/deploy.md ("Several processes") runs it: a
// throw-away PostgreSQL (Debian's, as the server tests use), migrated and seeded with the demo data
// once, then two API processes (`--role=api`) and one worker (`--role=worker`) on it, each the
// server's real entry with the same settings, as one environment file gives every unit. nginx
// (serve.mjs) proxies /api/ to the two, with deploy/nginx.conf's upstream.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../packages/server/src/db/migrate.ts";
import { openDatabase } from "../packages/server/src/db/pool.ts";
import { startJobQueue } from "../packages/server/src/jobs/queue.ts";
import { seedDemo } from "../packages/server/src/seed/load.ts";
import { gitCertificates } from "../packages/server/test/gitHttpsServer.ts";
import { startTestCluster } from "../packages/server/test/postgres.ts";
import {
  allowedRanges,
  fixtureAddress,
  GIT_TLS_DIR,
  REPUTATION_DNS_SERVER,
  SCAN_FIXTURE_PORTS,
  SCAN_NAME_SERVER,
} from "./scan-scope.ts";
import { API_PROCESSES, READY_LINE } from "./topology.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const cluster = await startTestCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sentinel-e2e-"));

// Once, before any process starts, as an operator runs `migrate` and `seed` before starting the
// units: the migrations, the job queue's tables and the demo data. Every process also migrates on
// start, under an advisory lock, and finds nothing to do; the seed is not left to whichever process
// comes first.
await migrate(cluster.adminUrl);
const jobs = await startJobQueue(cluster.adminUrl);
await jobs.boss.stop({ graceful: false });
const database = openDatabase(cluster.adminUrl, 1);
// Every display text carries a script payload: the walk proves none of it runs (static mode's hostile
// dataset, served by the server this time).
await seedDemo(database.db, "hostile");
await database.close();

// The source code spec's Git server presents a certificate for this machine's address, signed by an
// authority made for the run, which the worker trusts for https clones as a deployment trusts its
// company's internal one.
rmSync(GIT_TLS_DIR, { recursive: true, force: true });
mkdirSync(GIT_TLS_DIR, { recursive: true });
const gitTls = gitCertificates(GIT_TLS_DIR, fixtureAddress().address);

/** The settings every process gets. */
const env = {
  ...process.env,
  // The cluster is the run's own: its default database holds the product.
  DATABASE_URL: cluster.adminUrl,
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  // Ticket attachments and the like: one folder for all, as processes on one host share one.
  SENTINEL_DATA_DIR: dataDir,
  // Scans reach this machine's own network address only (see scan-scope.ts), on the few ports the
  // spec's fixtures use, with short engine limits and a shallow crawl: a scan takes seconds. The
  // worker runs the engines; the API processes check targets against the same scope.
  SCAN_ALLOWED_RANGES: allowedRanges(),
  SCAN_PORTS: `${SCAN_FIXTURE_PORTS.first}-${SCAN_FIXTURE_PORTS.last}`,
  SCAN_ENGINE_TIMEOUT_SECONDS: "60",
  SCAN_WEB_DEPTH: "2",
  // Exposure detection asks the spec's own name server, never the machine's resolver.
  SCAN_NAME_SERVER,
  // Threat inspection asks the blocklists through the spec's own DNS server, and gives up on a list
  // it does not serve at once (it answers "refused").
  REPUTATION_DNS_SERVERS: REPUTATION_DNS_SERVER,
  REPUTATION_TIMEOUT_MS: "1000",
  SCAN_GIT_CA_FILE: gitTls.caFile,
};

interface Proc {
  name: string;
  child: ChildProcess;
  started: Promise<void>;
}

/** One process of the server; its output goes to stderr (Playwright shows it), each line named. */
function start(name: string, role: "api" | "worker", port?: number): Proc {
  const child = spawn(process.execPath, [path.join(root, "packages/server/src/main.ts"), `--role=${role}`], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...env, ...(port === undefined ? {} : { PORT: String(port) }) },
  });
  const startedLine = role === "worker" ? /job workers are running/ : /Sentinel is running at/;
  let seen = "";
  let onStarted = () => {};
  const started = new Promise<void>((resolve) => {
    onStarted = resolve;
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
      seen += text;
      if (startedLine.test(seen)) onStarted();
    });
  }
  return { name, child, started };
}

const procs = [...API_PROCESSES.map(({ name, port }) => start(name, "api", port)), start("worker", "worker")];

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    procs.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }),
  );
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(GIT_TLS_DIR, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
for (const { name, child } of procs) {
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${name} exited (${signal ?? `code ${code}`}): stopping the run's other processes`);
    void stop(code || 1);
  });
}

// Playwright starts the specs on this line (webServer.wait): every process is up, none still starting.
await Promise.all(procs.map((p) => p.started));
console.info(READY_LINE);
