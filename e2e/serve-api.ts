// The API for the e2e run against the server: a throw-away PostgreSQL (Debian's, as the server tests
// use), one database seeded with the demo data, and one server process on E2E_API_PORT. nginx
// (serve.mjs) proxies /api/ to it, as deploy/nginx.conf does in production.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTestCluster } from "../packages/server/test/postgres.ts";
import { allowedRanges, REPUTATION_DNS_SERVER, SCAN_FIXTURE_PORTS, SCAN_NAME_SERVER } from "./scan-scope.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_API_PORT ?? 8091);

const cluster = await startTestCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sentinel-e2e-"));

const server = spawn(process.execPath, [path.join(root, "packages/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    // The cluster is the run's own: its default database holds the product.
    DATABASE_URL: cluster.adminUrl,
    SEED_DEMO: "true",
    // Every display text carries a script payload: the walk proves none of it runs (static mode's
    // hostile dataset, served by the server this time).
    SEED_DATASET: "hostile",
    PORT: String(port),
    LOG_LEVEL: "warn",
    SENTINEL_DATA_DIR: dataDir,
    // The API and the scan workers in this one process (server-scans.spec.ts runs real scans).
    SENTINEL_ROLES: "api,worker",
    // Scans reach this machine's own network address only (see scan-scope.ts), on the few ports the
    // spec's fixtures use, with short engine limits and a shallow crawl: a scan takes seconds.
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
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
server.on("exit", (code) => void stop(code ?? 1));
