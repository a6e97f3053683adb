import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { fixture } from "../../test/reports.ts";
import { severityDrift, storedTotal } from "../../test/severityCounts.ts";
import { startScanWorkers } from "../server.ts";
import type { WebEngine } from "./engines.ts";
import { failAbandonedWebScan, runWebScanJob } from "./webJob.ts";

/**
 * A web application scan that really runs (issue 29): Wapiti against a deliberately weak application
 * this test starts on loopback, through the job queue and its worker; findings matched across
 * rescans (NEW, UNCHANGED with triage carried, MITIGATED by absence); an engine that fails or is
 * aborted; a job run twice stores once; reports of each web format imported.
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
const apps = seed.webApps.filter((a) => companyOfApp(a.id) === OWN && idle(a.id));

/**
 * The weak application: no CSP, X-Frame-Options or HSTS; a session cookie without HttpOnly or Secure;
 * a search that echoes `q` unescaped; an item page that answers a quote with MySQL's syntax error;
 * TRACE allowed; an editor's backup of index.php served.
 */
let backupServed = true;
const weak = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const html = (status: number, body: string, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "Content-Type": "text/html", ...headers }).end(`<html><body>${body}</body></html>`);
  if (req.method === "TRACE") {
    res.writeHead(200, { "Content-Type": "message/http" }).end(`TRACE ${req.url} HTTP/1.1\r\n`);
  } else if (req.method === "OPTIONS") {
    res.writeHead(200, { Allow: "GET, POST, OPTIONS, TRACE" }).end();
  } else if (url.pathname === "/") {
    html(200, '<a href="/search?q=lamp">Search</a> <a href="/item?id=1">Item</a> <a href="/index.php">Home</a>', {
      "Set-Cookie": "session=3f9a1c; Path=/",
    });
  } else if (url.pathname === "/search") {
    html(200, `Results for ${url.searchParams.get("q") ?? ""}`);
  } else if (url.pathname === "/item") {
    const id = url.searchParams.get("id") ?? "";
    if (/['"]/.test(id)) {
      html(
        500,
        "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ''' at line 1",
      );
    } else html(200, `Item ${Number.parseInt(id, 10) || 0}`);
  } else if (url.pathname === "/index.php") {
    html(200, "Home");
  } else if (url.pathname === "/index.php.bak" && backupServed) {
    res.writeHead(200, { "Content-Type": "application/octet-stream" }).end("<?php $db = 'orders'; ?>\n");
  } else {
    html(404, "Not found");
  }
});

let server: TestServer;
let token = "";
let port = 0;

beforeAll(async () => {
  port = await new Promise<number>((resolve) =>
    weak.listen(0, "127.0.0.1", () => resolve((weak.address() as AddressInfo).port)),
  );
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.0.0/8",
    // Wapiti's own scan-time limit; the weak application takes it seconds.
    SCAN_ENGINE_TIMEOUT_SECONDS: "90",
    SCAN_WEB_DEPTH: "3",
  });
  token = (await server.signIn(ADMIN)).access;
  await startScanWorkers(server.services.jobs, { db: server.services.db, scanning: server.services.config.scanning });
});
afterAll(async () => {
  await server.close();
  weak.close();
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Points an application of the admin's company at the weak application (or `url`). */
async function loopbackApp(index: number, url = `http://127.0.0.1:${port}/`): Promise<number> {
  const app = apps[index];
  if (!app) throw new Error("the seed has too few idle web applications");
  await sql`update web_assets set url = ${url} where id = ${app.asset_id}`.execute(db());
  return app.id;
}

async function run(appId: number): Promise<number> {
  const res = await server.call("POST", `/api/v1/webapp/applications/${appId}/scan/`, { token });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Waits for the worker to end the scan (the queue polls each second). */
async function ended(scanId: number) {
  for (;;) {
    const [scan] = await rows<{ status: string; failure_reason: string | null; progress: number }>(
      sql`select status, failure_reason, progress from web_scans where id = ${scanId}`,
    );
    if (scan && !["QUEUED", "RUNNING"].includes(scan.status)) return scan;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface FindingRow {
  id: number;
  name: string;
  severity: string;
  status: string;
  change: string;
  fingerprint: string;
  previous_id: number | null;
  assignee_id: number | null;
  description: string;
  affected: string | null;
}
const findingsOf = (scanId: number) =>
  rows<FindingRow>(sql`
    select f.id, f.name, f.severity, f.status, f.change, f.fingerprint, f.previous_id, f.assignee_id,
           v.description, v.affected
    from findings f join vulnerabilities v on v.id = f.vulnerability_id
    where f.area = 'web' and f.parent_id = ${scanId} order by f.name, v.description`);
const summary = (found: FindingRow[]) => found.map((f) => `${f.severity} ${f.name}: ${f.description}`);

describe("a web application scan with Wapiti, through the queue", () => {
  it("finds the weak application's flaws with their severities, and matches them across rescans", {
    timeout: 400_000,
  }, async () => {
    const appId = await loopbackApp(0);
    const first = await run(appId);
    expect(await ended(first)).toMatchObject({ status: "COMPLETED", failure_reason: null, progress: 100 });

    const found = await findingsOf(first);
    const lines = summary(found);
    expect(lines).toEqual(
      expect.arrayContaining([
        "HIGH SQL Injection: SQL Injection (DMBS: MySQL) via injection in the parameter id",
        "MEDIUM Cross Site Scripting: XSS vulnerability found via injection in the parameter q",
        `LOW Backup file: Backup file http://127.0.0.1:${port}/index.php.bak found for http://127.0.0.1:${port}/index.php`,
        "LOW Content Security Policy Configuration: CSP is not set",
        "LOW HTTP Secure Headers: X-Frame-Options is not set",
        "LOW HTTP Secure Headers: Strict-Transport-Security is not set",
        "LOW HttpOnly Flag cookie: HttpOnly flag is not set in the cookie : session",
        "LOW Secure Flag cookie: Secure flag is not set in the cookie : session",
      ]),
    );
    expect(found.find((f) => f.name === "SQL Injection")?.affected).toMatch(/^GET \/item\?id=.* \(parameter id\)$/);
    expect(new Set(found.map((f) => f.change))).toEqual(new Set(["NEW"]));
    expect(new Set(found.map((f) => f.status))).toEqual(new Set(["ACTIVE"]));

    // The raw report is kept, content-addressed, with the run that produced it.
    const [report] = await rows<{ engine: string; version: string; outcome: string; format: string; size: number }>(sql`
      select r.engine, r.engine_version as version, r.outcome, p.format, p.size from scan_engine_runs r
      join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
      where r.area = 'web' and r.scan_id = ${first}`);
    expect(report).toMatchObject({ engine: "wapiti", version: "3.0.4", outcome: "COMPLETED", format: "wapiti-json" });
    expect(Number(report?.size)).toBeGreaterThan(1000);
    const [times] = await rows<{ started: boolean; ended: boolean }>(
      sql`select start_time <= end_time as started, end_time is not null as ended from web_scans where id = ${first}`,
    );
    expect(times).toEqual({ started: true, ended: true });

    // Triage the XSS, then rescan: everything is UNCHANGED and carries its triage.
    const xss = found.find((f) => f.name === "Cross Site Scripting");
    const assignee = seed.users.find((u) => u.email === ADMIN)?.id ?? null;
    await sql`update findings set status = 'FIXING', assignee_id = ${assignee} where id = ${xss?.id ?? 0}`.execute(
      db(),
    );
    const second = await run(appId);
    expect((await ended(second)).status).toBe("COMPLETED");
    const again = await findingsOf(second);
    expect(again.map((f) => f.fingerprint).sort()).toEqual(found.map((f) => f.fingerprint).sort());
    expect(new Set(again.map((f) => f.change))).toEqual(new Set(["UNCHANGED"]));
    expect(again.find((f) => f.name === "Cross Site Scripting")).toMatchObject({
      status: "FIXING",
      assignee_id: assignee,
      previous_id: xss?.id,
    });
    // Each scan's counts per severity, kept on its row by the store (migration 0300), are a live count's.
    expect(await storedTotal(db(), "web_scans", first)).toBe(found.length);
    expect(await storedTotal(db(), "web_scans", second)).toBe(again.length);
    expect(await severityDrift(db(), "web_scans")).toEqual([]);

    // The backup is removed: the same engine over the same application no longer finds it.
    backupServed = false;
    const third = await run(appId);
    expect((await ended(third)).status).toBe("COMPLETED");
    expect((await findingsOf(third)).map((f) => f.name)).not.toContain("Backup file");
    const backup = again.find((f) => f.name === "Backup file");
    const mitigated = await rows<{ status: string; message: string }>(sql`
      select f.status, l.message from findings f join finding_logs l on l.finding_id = f.id
      where f.id = ${backup?.id ?? 0}`);
    expect(mitigated).toEqual([
      {
        status: "MITIGATED",
        message: `Not found by scan #${third}, which ran the same engine (wapiti) over this application.`,
      },
    ]);

    // Three completed scans: three debits of 10 and no refund.
    const credits = await rows<{ action: string; amount: number }>(sql`
      select transaction_action as action, amount from credit_transactions
      where (reference ->> 'scan_id')::int in (${first}, ${second}, ${third}) and reference ->> 'kind' = 'APPLICATION_VA'`);
    expect(credits).toEqual(Array.from({ length: 3 }, () => ({ action: "SPENDING", amount: -10 })));
  });
});

describe("a web application scan whose engine fails, hangs or runs twice", () => {
  const engine = (command: string, args: string[]): WebEngine => ({
    id: `test-${command}`,
    format: "wapiti-json",
    command: (_url, _scanning, signal) => ({
      command,
      args: () => args,
      timeoutMs: 60_000,
      memoryBytes: 512 * 1024 ** 2,
      maxReportBytes: 1024 ** 2,
      signal,
    }),
  });
  const deps = (e?: WebEngine) => ({ db: db(), scanning: server.services.config.scanning, engine: e });
  /** A scan queued through the API, taken off the queue so the test runs it itself. */
  async function queued(index: number, url?: string): Promise<number> {
    const scanId = await run(await loopbackApp(index, url));
    await sql`delete from pgboss.job where name = 'scan.web' and (data ->> 'scanId')::int = ${scanId}`.execute(db());
    return scanId;
  }
  const refunds = async (scanId: number) =>
    await rows<{ amount: number }>(sql`select amount from credit_transactions
      where transaction_action = 'REFUND' and reference ->> 'kind' = 'APPLICATION_VA'
        and (reference ->> 'scan_id')::int = ${scanId}`);
  const scanRow = async (scanId: number) =>
    (
      await rows<{ status: string; failure_reason: string | null }>(
        sql`select status, failure_reason from web_scans where id = ${scanId}`,
      )
    )[0];

  it("fails with the engine's reason and refunds the price once", async () => {
    const scanId = await queued(1);
    await runWebScanJob(deps(engine("false", [])), { scanId, companyId: OWN });
    expect(await scanRow(scanId)).toEqual({
      status: "FAILED",
      failure_reason: "The engine stopped with an error (exit code 1).",
    });
    // A late retry changes nothing.
    await runWebScanJob(deps(engine("false", [])), { scanId, companyId: OWN });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("stops a running engine when the scan is aborted, and refunds once", async () => {
    const scanId = await queued(2);
    const running = runWebScanJob(deps(engine("sleep", ["60"])), { scanId, companyId: OWN });
    for (;;) {
      if ((await scanRow(scanId))?.status === "RUNNING") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const started = Date.now();
    const res = await server.call("POST", `/api/v1/webapp/scans/${scanId}/abort/`, { token });
    expect(res.statusCode).toBe(200);
    await running;
    // The sleep was killed, not waited for (it would take 60 s).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await scanRow(scanId))?.status).toBe("ABORTED");
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
    expect(await rows(sql`select 1 from scan_engine_runs where scan_id = ${scanId} and area = 'web'`)).toEqual([]);
  });

  it("fails, and refunds, a URL whose name does not resolve when it runs", async () => {
    const scanId = await queued(3, `http://metadata.sentinel-test.invalid:${port}/`);
    await runWebScanJob(deps(), { scanId, companyId: OWN });
    // .invalid never resolves (RFC 6761), so no DNS server decides this test.
    expect(await scanRow(scanId)).toEqual({
      status: "FAILED",
      failure_reason: "metadata.sentinel-test.invalid could not be resolved to an address.",
    });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("ends a scan whose job failed every retry, FAILED and refunded once", async () => {
    const scanId = await queued(9);
    await failAbandonedWebScan(db(), { scanId, companyId: OWN });
    await failAbandonedWebScan(db(), { scanId, companyId: OWN });
    expect(await scanRow(scanId)).toEqual({
      status: "FAILED",
      failure_reason: "The scan stopped unexpectedly, and every retry failed. It was refunded.",
    });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("stores the results of a job run twice (a retry after a lost worker) once", { timeout: 400_000 }, async () => {
    const scanId = await queued(4);
    // The first worker died with the scan RUNNING, as a killed process leaves it.
    await sql`update web_scans set status = 'RUNNING', start_time = now() where id = ${scanId}`.execute(db());
    const job = { scanId, companyId: OWN };
    await Promise.all([runWebScanJob(deps(), job), runWebScanJob(deps(), job)]);
    expect((await scanRow(scanId))?.status).toBe("COMPLETED");
    expect(await rows(sql`select 1 from scan_engine_runs where scan_id = ${scanId} and area = 'web'`)).toHaveLength(1);
    const fingerprints = (await findingsOf(scanId)).map((f) => f.fingerprint);
    expect(fingerprints.length).toBeGreaterThan(5);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});

describe("importing reports into a web application", () => {
  async function upload(appId: number, name: string): Promise<number> {
    const boundary = "----sentinel-test";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/json\r\n\r\n`,
      ),
      fixture(name),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await server.app.inject({
      method: "POST",
      url: `/api/v1/webapp/applications/${appId}/imports/`,
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  const cases = [
    { name: "zap.json", rescan: "zap-rescan.json", url: "https://shop.example.com/", engine: "import:ZAP" },
    { name: "wapiti.json", rescan: "wapiti-rescan.json", url: "https://shop.example.com/", engine: "import:Wapiti" },
    { name: "sarif.json", rescan: "sarif-rescan.json", url: "https://app.example.com/", engine: null },
  ];
  cases.forEach(({ name, rescan, url, engine }, index) => {
    it(`reads ${name} and its rescan into the application's findings, matched across the two`, {
      timeout: 120_000,
    }, async () => {
      const appId = await loopbackApp(5 + index, url);
      const first = await upload(appId, name);
      expect(await ended(first)).toMatchObject({ status: "COMPLETED", failure_reason: null, progress: 100 });
      const before = await findingsOf(first);
      expect(before.length).toBeGreaterThan(0);
      expect(new Set(before.map((f) => f.change))).toEqual(new Set(["NEW"]));
      const [ran] = await rows<{ engine: string }>(
        sql`select engine from scan_engine_runs where area = 'web' and scan_id = ${first}`,
      );
      if (engine) expect(ran?.engine).toBe(engine);

      const second = await upload(appId, rescan);
      expect((await ended(second)).status).toBe("COMPLETED");
      const after = await findingsOf(second);
      const changes = after.map((f) => f.change);
      expect(changes.filter((c) => c === "NEW")).toHaveLength(1);
      expect(changes.filter((c) => c === "UNCHANGED").length).toBeGreaterThan(0);
      // The one that is gone was mitigated by the same tool's report.
      const kept = new Set(after.map((f) => f.fingerprint));
      const gone = before.filter((f) => !kept.has(f.fingerprint));
      expect(gone.length).toBeGreaterThan(0);
      const statuses = await rows<{ status: string }>(
        sql`select status from findings where id = any(${gone.map((f) => f.id)}::int[])`,
      );
      expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["MITIGATED"]));
      // Imports cost nothing.
      expect(
        await rows(sql`select 1 from credit_transactions where (reference ->> 'scan_id')::int in (${first}, ${second})
                         and reference ->> 'kind' = 'APPLICATION_VA'`),
      ).toEqual([]);
    });
  });

  it("fails a report about other sites only, saying so", { timeout: 60_000 }, async () => {
    const appId = await loopbackApp(8, "https://orders.example.org/");
    const scanId = await upload(appId, "zap.json");
    expect(await ended(scanId)).toMatchObject({
      status: "FAILED",
      failure_reason:
        "The report does not cover this application: its 4 findings are about other sites than orders.example.org.",
    });
  });
});
