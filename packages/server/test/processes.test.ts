import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { type Database, openDatabase } from "../src/db/pool.ts";
import { startJobQueue } from "../src/jobs/queue.ts";
import { seedDemo } from "../src/seed/load.ts";
import { startTestCluster, type TestCluster } from "./postgres.ts";

/**
 * Several server processes on one PostgreSQL (issue 30): two API processes (`--role=api`, A and B) and
 * one worker (`--role=worker`, W), each the server's real entry as a child process. The file runs on a
 * PostgreSQL of its own, because one test stops and starts it, which would break every other file's
 * database on the shared one.
 *
 * Nothing here waits on a sleep: each step waits for a condition (a log line, an answer, a row in
 * pg_stat_activity), polled and bounded; a bound that runs out fails with the processes' output.
 * The order matters: A is killed in the bulk-change test, W and B are stopped after the restart, and
 * the last test stops a process with both roles (C) while a request outlasts its bound.
 */

const ADMIN = "admin@example.com";
const THROTTLED = "member@example.com";
const JWT_SECRET = randomBytes(32).toString("hex");

interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  output: string[];
}

let cluster: TestCluster;
let database: Database;
let databaseUrl = "";
let dataDir = "";
const procs: Proc[] = [];
let smtp: net.Server;
/** Sockets of the fake SMTP server, which never greets: a mail job that reaches it stays active. */
const smtpSockets: net.Socket[] = [];
let smtpPort = 0;

const db = () => database.db;
const alive = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;
const killAll = () => {
  for (const p of procs) if (alive(p)) p.child.kill("SIGKILL");
};

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

/** Polls `check` every 50 ms until it answers a value; after `ms`, fails with every process's output. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const logs = procs.map((p) => `--- ${p.name}:\n${p.output.join("").slice(-4_000)}`).join("\n");
      throw new Error(`gave up waiting for ${what} after ${ms} ms\n${logs}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (p: Proc, ms = 15_000) =>
  until(`${p.name} to exit`, () => (alive(p) ? undefined : { code: p.child.exitCode, signal: p.child.signalCode }), ms);

/** The server's real entry, as an operator starts it, on this file's database. */
async function startProcess(
  name: string,
  role: "api" | "worker" | "all",
  env: Record<string, string> = {},
): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, "packages/server/src/main.ts"), `--role=${role}`], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      SENTINEL_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const proc: Proc = { name, child, url: `http://127.0.0.1:${port}`, output: [] };
  child.stdout?.on("data", (c: Buffer) => proc.output.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => proc.output.push(c.toString()));
  procs.push(proc);
  const started = role === "worker" ? /job workers are running/ : /Sentinel is running at/;
  await until(
    `${name} to start`,
    () => {
      if (!alive(proc)) throw new Error(`${name} exited on start:\n${proc.output.join("")}`);
      return started.test(proc.output.join("")) ? true : undefined;
      // Processes starting together take turns at the migrations' lock; a loaded machine is slow.
    },
    30_000,
  );
  return proc;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function call(
  p: Proc,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<Answer> {
  const res = await fetch(`${p.url}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  }).catch((error: unknown) => {
    throw new Error(
      `${method} ${url} on ${p.name} got no answer (${String(error)}):\n${p.output.join("").slice(-4_000)}`,
    );
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {} };
}

async function signIn(p: Proc, email: string): Promise<{ access: string; refresh: string }> {
  const res = await call(p, "POST", "/api/v1/auth/login/", { body: { email, password: "demo" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access: string; refresh: string };
}

/** A client connection of the test's own, for holding a lock while a process waits on it. */
async function lockHolder(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

let A: Proc;
let B: Proc;
let W: Proc;
/**
 * Both roles in one process, with a 1-second bound for its requests and again for its jobs. Started
 * once W has stopped (it would compete with W for W's job), while B's drain is tested.
 */
let startingC: Promise<Proc> | null = null;
const startC = () => startProcess("C", "all", { SHUTDOWN_TIMEOUT_SECONDS: "1" });

beforeAll(async () => {
  // Should the test runner itself go away, the children go with it.
  process.once("exit", killAll);
  cluster = await startTestCluster();
  databaseUrl = cluster.adminUrl;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sentinel-processes-"));
  await migrate(databaseUrl);
  // The job tables, as the test template gets them, before the seed.
  const jobs = await startJobQueue(databaseUrl);
  await jobs.boss.stop({ graceful: false });
  database = openDatabase(databaseUrl, 4);
  await seedDemo(database.db);
  smtp = net.createServer((socket) => {
    smtpSockets.push(socket);
    socket.on("error", () => {});
  });
  smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, "127.0.0.1", () => resolve((smtp.address() as net.AddressInfo).port)),
  );
  // SENTINEL_ROLES says worker: the flag wins, so A and B answer HTTP.
  [A, B, W] = await Promise.all([
    startProcess("A", "api", { SENTINEL_ROLES: "worker" }),
    startProcess("B", "api", { SENTINEL_ROLES: "worker" }),
    startProcess("W", "worker", { SHUTDOWN_TIMEOUT_SECONDS: "2" }),
  ]);
}, 60_000);

afterAll(async () => {
  killAll();
  await Promise.all(procs.map((p) => exited(p).catch(() => undefined)));
  for (const socket of smtpSockets) socket.destroy();
  smtp?.close();
  await database?.close();
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("two API processes and a worker on one PostgreSQL", () => {
  it("continues a session started on one process through the other", async () => {
    const first = await signIn(A, ADMIN);
    const onB = await call(B, "GET", "/api/v1/user/profile/", { token: first.access });
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe(ADMIN);

    const refreshed = await call(B, "POST", "/api/v1/auth/token/refresh/", { body: { refresh: first.refresh } });
    expect(refreshed.status).toBe(200);
    const onA = await call(A, "GET", "/api/v1/user/profile/", { token: String(refreshed.body.access) });
    expect(onA.status).toBe(200);
    expect(onA.body.email).toBe(ADMIN);

    // Signing out on A ends the session on B too.
    const out = await call(A, "POST", "/api/v1/auth/logout/", {
      token: String(refreshed.body.access),
      body: { refresh: refreshed.body.refresh },
    });
    expect(out.status).toBeLessThan(300);
    expect((await call(B, "GET", "/api/v1/user/profile/", { token: String(refreshed.body.access) })).status).toBe(401);
  });

  it("counts failed sign-ins on both processes against one limit", async () => {
    const body = { email: THROTTLED, password: "wrong password" };
    const statuses: number[] = [];
    // Ten failures, five on each process: neither process alone has seen more than five.
    for (let i = 0; i < 10; i++) {
      statuses.push((await call(i % 2 === 0 ? A : B, "POST", "/api/v1/auth/login/", { body })).status);
    }
    expect(statuses).toEqual(Array(10).fill(400));
    for (const p of [A, B]) {
      const refused = await call(p, "POST", "/api/v1/auth/login/", { body: { ...body, password: "demo" } });
      expect(refused.status, p.name).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("answers an Idempotency-Key sent again to the other process from memory, with one ticket", async () => {
    const { access } = await signIn(A, ADMIN);
    const name = `Across processes ${randomUUID()}`;
    const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
    const fields = { name, category: "BUG", description: "Sent twice." };
    const form = Buffer.from(
      `${Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("")}--${boundary}--\r\n`,
    );
    const key = randomUUID();
    const send = (p: Proc) =>
      call(p, "POST", "/api/v1/ticket/", {
        token: access,
        raw: form,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "idempotency-key": key },
      });
    const onA = await send(A);
    expect(onA.status, JSON.stringify(onA.body)).toBe(201);
    const onB = await send(B);
    expect(onB.status).toBe(201);
    expect(onB.body).toEqual(onA.body);

    const tickets = await sql<{ id: number }>`select id from tickets where name = ${name}`.execute(db());
    expect(tickets.rows).toHaveLength(1);
    const audits = await sql<{ n: number }>`
      select count(*)::int as n from audit_events
       where action = 'ticket.create' and entity_id = ${tickets.rows[0]?.id ?? 0}`.execute(db());
    expect(audits.rows[0]?.n).toBe(1);
  });

  it("leaves nothing of a large bulk status change whose process is killed before it commits", async () => {
    const { access } = await signIn(B, ADMIN);
    const [admin] = (
      await sql<{ id: number; company_id: number }>`select id, company_id from users where email = ${ADMIN}`.execute(
        db(),
      )
    ).rows;
    if (!admin) throw new Error("the seed has no admin");
    // A large selection: the company's active findings, copied until there are several thousand.
    await sql`
      insert into findings (application_id, area, asset_id, assignee_id, branch, change, company_id, configuration_id,
                            cvss, engine, fingerprint, host, host_id, line, name, parent_id, previous_id, product_id,
                            scan_endpoint_id, scan_id, severity, sort_host, status, target_key, threat_endpoint_id,
                            vulnerability_id)
      select application_id, area, asset_id, assignee_id, branch, change, company_id, configuration_id,
             cvss, engine, fingerprint, host, host_id, line, name, parent_id, previous_id, product_id,
             scan_endpoint_id, scan_id, severity, sort_host, status, target_key, threat_endpoint_id, vulnerability_id
        from findings, generate_series(1, 4000 / greatest(1, (select count(*) from findings
                                                                  where company_id = ${admin.company_id}
                                                                    and status = 'ACTIVE' and scan_id is not null)))
       where company_id = ${admin.company_id} and status = 'ACTIVE' and scan_id is not null`.execute(db());
    const bulk = (p: Proc, expected: number) =>
      call(p, "POST", "/api/v1/findings/bulk-status/", {
        token: access,
        body: { filter: { status: ["ACTIVE"] }, expected_count: expected, status: "FIXING" },
      });
    // The server's own count of the selection, from its refusal of a wrong one.
    const probe = await bulk(B, 0);
    expect(probe.status).toBe(409);
    const selected = Number(probe.body.current_count);
    expect(selected).toBeGreaterThan(3_000);

    const counts = async () =>
      (
        await sql<{ fixing: number; active: number; audits: number; logs: number; batches: number }>`
          select (select count(*)::int from findings where company_id = ${admin.company_id} and status = 'FIXING') as fixing,
                 (select count(*)::int from findings where company_id = ${admin.company_id} and status = 'ACTIVE') as active,
                 (select count(*)::int from audit_events where action = 'finding.bulk_status') as audits,
                 (select count(*)::int from finding_logs where new_status = 'FIXING') as logs,
                 (select count(*)::int from finding_batches) as batches`.execute(db())
      ).rows[0];
    const before = await counts();

    // The statement's foreign-key checks (the batch's and each log's user) run after all its writes,
    // at the end of the statement: holding the admin's user row makes it wait there, written but not
    // committed, for as long as the test needs.
    const holder = await lockHolder();
    try {
      await holder.query("begin");
      await holder.query("select id from users where id = $1 for update", [admin.id]);
      const holderPid = (await holder.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;

      const inFlight = bulk(A, selected).then(
        () => "answered",
        () => "no answer",
      );
      const waiting = await until("the bulk statement to wait, its rows written", async () => {
        const { rows } = await sql<{ pid: number; blockers: number[]; xid: string | null }>`
          select pid, pg_blocking_pids(pid) as blockers, backend_xid::text as xid from pg_stat_activity
           where application_name = 'sentinel' and wait_event_type = 'Lock' and query like '%finding_batches%'`.execute(
          db(),
        );
        return rows[0];
      });
      expect(waiting.blockers).toEqual([holderPid]);
      // A transaction gets an id at its first write: the statement has written.
      expect(waiting.xid).not.toBeNull();

      A.child.kill("SIGKILL");
      expect(await exited(A)).toEqual({ code: null, signal: "SIGKILL" });
      expect(await inFlight).toBe("no answer");
      await holder.query("rollback");
      // The statement finishes, finds its client gone, and its transaction is rolled back.
      await until("the killed process's transaction to end", async () => {
        const { rows } = await sql`select 1 from pg_stat_activity where pid = ${waiting.pid}`.execute(db());
        return rows.length === 0 ? true : undefined;
      });
    } finally {
      await holder.end();
    }
    expect(await counts()).toEqual(before);

    // The same change on B, from start to commit: all of it, one audit row per finding.
    const done = await bulk(B, selected);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.updated).toBe(selected);
    expect(await counts()).toEqual({
      fixing: (before?.fixing ?? 0) + selected,
      active: (before?.active ?? 0) - selected,
      audits: (before?.audits ?? 0) + selected,
      logs: (before?.logs ?? 0) + selected,
      batches: (before?.batches ?? 0) + 1,
    });
  });

  it("answers 503 while PostgreSQL restarts under load, and recovers without a restart", async () => {
    const { access } = await signIn(B, ADMIN);
    const seen: Answer[] = [];
    let loading = true;
    // Four clients asking all through the restart.
    const load = Array.from({ length: 4 }, async () => {
      while (loading) seen.push(await call(B, "GET", "/api/v1/user/profile/", { token: access }));
    });
    try {
      await until("answers under load", () => (seen.some((a) => a.status === 200) ? true : undefined));
      await cluster.shutDown();
      const down = await call(B, "GET", "/api/v1/user/profile/", { token: access });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ detail: "The database is unavailable. Try again in a few seconds." });
      expect(down.headers.get("retry-after")).toBe("5");
      expect((await call(B, "GET", "/ready")).status).toBe(503);

      await cluster.startUp();
      await until(
        "B to answer again",
        async () =>
          (await call(B, "GET", "/api/v1/user/profile/", { token: access })).status === 200 ? true : undefined,
        15_000,
      );
    } finally {
      loading = false;
      await Promise.all(load);
    }
    expect((await call(B, "GET", "/ready")).status).toBe(200);
    // Only answers and clear refusals: no 500, no hang (every request above came back).
    expect(new Set(seen.map((a) => a.status))).toEqual(new Set([200, 503]));
    for (const a of seen.filter((x) => x.status === 503)) expect(typeof a.body.detail).toBe("string");
    expect(alive(W)).toBe(true);
  });

  it("hands a worker's running job back to the queue when it stops, within its bound", async () => {
    // The worker came through the restart too: it takes the job the forgot-password below queues.
    const email = "analyst@example.com";
    expect((await call(B, "POST", "/api/v1/auth/forgot-password/", { body: { email } })).status).toBe(200);
    await until("the worker to be sending the mail", () => (smtpSockets.length > 0 ? true : undefined), 15_000);
    const job = async () =>
      (
        await sql<{ state: string; output: unknown }>`
          select state, output from pgboss.job where name = 'mail' and data ->> 'to' = ${email}`.execute(db())
      ).rows;
    expect((await job()).map((j) => j.state)).toEqual(["active"]);

    W.child.kill("SIGTERM");
    // SHUTDOWN_TIMEOUT_SECONDS is 2 for W: the stuck send is cut off, the job handed back.
    expect(await exited(W)).toEqual({ code: 0, signal: null });
    const [handedBack, ...others] = await job();
    expect(others).toEqual([]);
    // Failed back to the queue for another worker, with the reason pg-boss gives.
    expect(handedBack?.state).toBe("retry");
    expect(JSON.stringify(handedBack?.output)).toMatch(/shut down while active/);
    startingC = startC();
    // Awaited by the last test; a failed start fails that test, not this one.
    startingC.catch(() => {});
  });

  it("drains on SIGTERM: /ready says 503, new requests are refused, the one in flight completes, exit 0", async () => {
    const { access } = await signIn(B, ADMIN);
    const [finding] = (
      await sql<{ id: number; version: number; status: string }>`
        select f.id, f.version, f.status from findings f join users u on u.company_id = f.company_id
         where u.email = ${ADMIN} and f.scan_id is not null order by f.id limit 1`.execute(db())
    ).rows;
    if (!finding) throw new Error("no finding to change");
    const holder = await lockHolder();
    let inFlight: Promise<Answer> | null = null;
    try {
      await holder.query("begin");
      await holder.query("select id from findings where id = $1 for update", [finding.id]);
      inFlight = call(B, "POST", "/api/v1/findings/bulk-status/", {
        token: access,
        body: {
          ids: [finding.id],
          versions: { [String(finding.id)]: finding.version },
          status: finding.status === "FIXING" ? "ACTIVE" : "FIXING",
        },
      });
      await until("the request to be in flight", async () => {
        const { rows } = await sql`
          select 1 from pg_stat_activity
           where application_name = 'sentinel' and wait_event_type = 'Lock' and query like '%for update of f%'`.execute(
          db(),
        );
        return rows.length ? true : undefined;
      });

      B.child.kill("SIGTERM");
      const ready = await until("B's /ready to say it is draining", async () => {
        const res = await call(B, "GET", "/ready");
        return res.status === 503 ? res : undefined;
      });
      expect(ready.body).toEqual({ status: "draining" });
      expect((await call(B, "GET", "/health")).status).toBe(200);
      const refused = await call(B, "GET", "/api/v1/user/profile/", { token: access });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: "This server is shutting down. Try again." });
      expect(refused.headers.get("connection")).toBe("close");
      expect(alive(B)).toBe(true);

      await holder.query("commit");
    } finally {
      await holder.end();
    }
    const answer = await inFlight;
    expect(answer?.status).toBe(200);
    expect(answer?.body.updated).toBe(1);
    expect(await exited(B)).toEqual({ code: 0, signal: null });
    expect(B.output.join("")).toMatch(/Sentinel stopped\./);
  });
  it("cuts off a request that outlasts the bound, and still stops in time, its change not made", async () => {
    const C = await (startingC ?? startC());
    const { access } = await signIn(C, ADMIN);
    const [finding] = (
      await sql<{ id: number; version: number; status: string }>`
        select f.id, f.version, f.status from findings f join users u on u.company_id = f.company_id
         where u.email = ${ADMIN} and f.scan_id is not null order by f.id desc limit 1`.execute(db())
    ).rows;
    if (!finding) throw new Error("no finding to change");
    const holder = await lockHolder();
    try {
      await holder.query("begin");
      await holder.query("select id from findings where id = $1 for update", [finding.id]);
      const cutOff = call(C, "POST", "/api/v1/findings/bulk-status/", {
        token: access,
        body: {
          ids: [finding.id],
          versions: { [String(finding.id)]: finding.version },
          status: finding.status === "FIXING" ? "ACTIVE" : "FIXING",
        },
      }).then(
        () => "answered",
        () => "no answer",
      );
      const waiting = await until("the request to be in flight", async () => {
        const { rows } = await sql<{ pid: number }>`
          select pid from pg_stat_activity
           where application_name = 'sentinel' and wait_event_type = 'Lock' and query like '%for update of f%'`.execute(
          db(),
        );
        return rows[0];
      });
      const signalled = Date.now();
      C.child.kill("SIGTERM");
      expect(await exited(C)).toEqual({ code: 0, signal: null });
      // The lock is held until after the exit: without the bound, the process would never stop. With
      // it: a second for the request, at most one for the jobs, and the close.
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(await cutOff).toBe("no answer");
      expect(C.output.join("")).toMatch(/requests still running at the shutdown bound were cut off/);

      await holder.query("rollback");
      await until("the cut-off request's transaction to end", async () => {
        const { rows } = await sql`select 1 from pg_stat_activity where pid = ${waiting.pid}`.execute(db());
        return rows.length === 0 ? true : undefined;
      });
    } finally {
      await holder.end();
    }
    const [after] = (
      await sql<{
        version: number;
        status: string;
      }>`select version, status from findings where id = ${finding.id}`.execute(db())
    ).rows;
    expect(after).toEqual({ version: finding.version, status: finding.status });
  });
});
