import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throw-away PostgreSQL cluster for the tests: Debian's PostgreSQL (15 on bookworm), started as
 * `nobody` when the tests run as root, on a free loopback port, with trust authentication on
 * loopback only. TEST_DATABASE_URL skips all this and uses a server you already run.
 */
export interface TestCluster {
  adminUrl: string;
  /** Stops PostgreSQL and keeps its data, for a test of a database restart under load. */
  shutDown(): Promise<void>;
  /** Starts it again on the same port and data after `shutDown`. */
  startUp(): Promise<void>;
  /** Stops it for good and removes its data. */
  stop(): Promise<void>;
}

function debianPostgres(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const bin = path.join(root, v, "bin");
    if (existsSync(path.join(bin, "postgres"))) return bin;
  }
  throw new Error(
    "No PostgreSQL server under /usr/lib/postgresql: run `node scripts/ensure-system.mjs postgresql-15` (apt) or set TEST_DATABASE_URL.",
  );
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function startTestCluster(): Promise<TestCluster> {
  const bin = debianPostgres();
  const root = process.getuid?.() === 0;
  const owner = root ? { uid: 65534, gid: 65534 } : {};
  const dir = mkdtempSync(path.join(os.tmpdir(), "sentinel-pg-"));
  if (root) chownSync(dir, 65534, 65534);
  const data = path.join(dir, "data");
  const init = spawnSync(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"],
    {
      ...owner,
      encoding: "utf8",
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let child = await runPostgres(bin, data, dir, port, owner);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async shutDown() {
      await stopPostgres(child);
    },
    async startUp() {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await runPostgres(bin, data, dir, port, owner);
    },
    async stop() {
      await stopPostgres(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fast shutdown (SIGINT): open sessions are ended, as in a restart under load. */
async function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGINT");
  await exited;
}

async function runPostgres(
  bin: string,
  data: string,
  dir: string,
  port: number,
  owner: { uid?: number; gid?: number },
): Promise<ChildProcess> {
  // Durability is not under test: fsync off makes a cluster of throw-away databases several times faster.
  const child = spawn(
    path.join(bin, "postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=300",
    ],
    { ...owner, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  child.stdout?.on("data", (c: Buffer) => (log += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!/ready to accept connections/.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}
