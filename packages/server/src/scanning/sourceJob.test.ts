import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitCertificates, startGitHttpsServer } from "../../test/gitHttpsServer.ts";
import { type TestServer, testServer } from "../../test/harness.ts";
import { severityDrift, storedTotal } from "../../test/severityCounts.ts";
import { loadConfig } from "../config.ts";
import { startScanWorkers } from "../server.ts";
import { flawfinder } from "./sourceEngines.ts";
import { failAbandonedSourceScan, runSourceScanJob } from "./sourceJob.ts";

/**
 * A source code scan that really runs (issue 29): a git repository this test makes, cloned by
 * file:// path (allowed by SCAN_GIT_FILE_ROOTS), through ESLint with security rules, secretlint,
 * bandit and flawfinder, via the job queue and its worker; findings stored with file and line and
 * matched across rescans (UNCHANGED with triage carried, MITIGATED when fixed); a job run twice stores
 * once; an abort kills the engines and refunds once.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const ownApps = seed.sourceApps.filter((app) => {
  const asset = seed.sourceAssets.find((a) => a.id === app.asset_id);
  return seed.products.find((p) => p.id === asset?.product_id)?.company_id === OWN;
});

const root = mkdtempSync(path.join(tmpdir(), "sentinel-repos-"));
const repo = path.join(root, "orders");
const outside = mkdtempSync(path.join(tmpdir(), "sentinel-outside-"));

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd: repo,
    stdio: "pipe",
  });
const write = (file: string, text: string) => writeFileSync(path.join(repo, file), text);
function commit(message: string) {
  git("add", "--all");
  git("commit", "--quiet", "-m", message);
}

const APP_JS = `const child_process = require("child_process");

function handler(req, res) {
  eval(req.query.x);
  const p = req.query.p;
  child_process.exec("ls " + p);
  res.end("ok");
}

module.exports = handler;
`;
const APP_PY = `import hashlib
import subprocess
import yaml


def run(c):
    subprocess.call(c, shell=True)


def load(text):
    return yaml.load(text)


def digest(data):
    return hashlib.md5(data).hexdigest()
`;
const VULN_C = `#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char buf[16];
  char name[16];
  gets(buf);
  strcpy(name, argv[1]);
  printf("%s %s\\n", buf, name);
  return 0;
}
`;

let server: TestServer;
let token = "";

beforeAll(async () => {
  mkdirSync(repo);
  git("init", "--quiet", "--initial-branch=main");
  write("app.js", APP_JS);
  write("app.py", APP_PY);
  write("vuln.c", VULN_C);
  execFileSync("openssl", ["genrsa", "-out", path.join(repo, "deploy-key.pem"), "2048"], { stdio: "ignore" });
  commit("Orders service");
  write("README.md", "# Orders\n");
  commit("Readme");
  writeFileSync(path.join(outside, "README.md"), "Not a repository the configuration allows.\n");

  server = await testServer({ SCAN_GIT_FILE_ROOTS: root, SCAN_ENGINE_TIMEOUT_SECONDS: "300" });
  token = (await server.signIn(ADMIN)).access;
  await startScanWorkers(server.services.jobs, { db: server.services.db, scanning: server.services.config.scanning });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Points one of the admin's applications at the test's repository, with no scan in the way. */
async function localApp(index: number, url = `file://${repo}`): Promise<number> {
  const app = ownApps[index];
  if (!app) throw new Error("the seed has too few source code applications");
  await sql`update source_assets set repository_url = ${url}, branches = '{main}' where id = ${app.asset_id}`.execute(
    db(),
  );
  await sql`update source_scans set status = 'FAILED' where app_id = ${app.id} and status in ('QUEUED', 'SCANNING')`.execute(
    db(),
  );
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
            values (${OWN}, 100, 'SOURCECODE', 'TOPUP', 'Test')`.execute(db());
  return app.id;
}

async function run(appId: number): Promise<number> {
  const res = await server.call("POST", `/api/v1/sourcecode/applications/${appId}/scan/`, {
    token,
    body: { branch: "main" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function ended(scanId: number) {
  for (;;) {
    const [scan] = await rows<{ status: string; failure_reason: string | null; commit_sha: string | null }>(
      sql`select status, failure_reason, commit_sha from source_scans where id = ${scanId}`,
    );
    if (scan && !["QUEUED", "SCANNING"].includes(scan.status)) return scan;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface FindingRow {
  id: number;
  engine: string;
  rule: string;
  file: string;
  line: number;
  status: string;
  change: string;
  fingerprint: string;
  previous_id: number | null;
  evidence: string | null;
  snippets: string[];
  type: string;
  branch: string;
}
const findingsOf = (scanId: number) =>
  rows<FindingRow>(sql`
    select f.id, f.engine, f.name as rule, v.component as file, f.line, f.status, f.change, f.fingerprint,
           f.previous_id, v.evidence, v.code_snippets as snippets, v.sourcecode_finding_type as type, f.branch
    from findings f join vulnerabilities v on v.id = f.vulnerability_id
    where f.area = 'sourcecode' and f.parent_id = ${scanId} order by v.component, f.line, f.engine, f.name`);

const refunds = async (scanId: number) =>
  await rows<{ amount: number }>(sql`select amount from credit_transactions
    where transaction_action = 'REFUND' and transaction_type = 'SOURCECODE' and (reference ->> 'scan_id')::int = ${scanId}`);

describe("a source code scan with the real analysers, through the queue", () => {
  it("finds each analyser's weaknesses with file and line, and matches them across rescans", {
    timeout: 600_000,
  }, async () => {
    const appId = await localApp(0);
    const first = await run(appId);
    const done = await ended(first);
    expect(done).toMatchObject({ status: "DONE", failure_reason: null });
    expect(done.commit_sha).toBe(git("rev-parse", "HEAD").toString().trim());

    const found = await findingsOf(first);
    const at = (engine: string, file: string) => found.filter((f) => f.engine === engine && f.file === file);
    // ESLint's security rules: eval with an expression (line 4), child_process (line 6).
    expect(at("eslint", "app.js").map((f) => f.line)).toEqual(expect.arrayContaining([4, 6]));
    const evalFinding = at("eslint", "app.js").find((f) => f.line === 4);
    expect(evalFinding).toMatchObject({ type: "SAST", evidence: "eval(req.query.x);", branch: "main" });
    expect(evalFinding?.snippets).toEqual([
      "2 | ",
      "3 | function handler(req, res) {",
      "4 |   eval(req.query.x);",
      "5 |   const p = req.query.p;",
      '6 |   child_process.exec("ls " + p);',
    ]);
    // bandit: shell=True (B602, line 7), yaml.load (B506, line 11), md5 (B303, line 15).
    expect(at("bandit", "app.py").map((f) => f.line)).toEqual(expect.arrayContaining([7, 11, 15]));
    // flawfinder: gets (line 7) and strcpy (line 8).
    expect(at("flawfinder", "vuln.c").map((f) => f.line)).toEqual(expect.arrayContaining([7, 8]));
    // secretlint: the private key, its lines never stored.
    const key = at("secretlint", "deploy-key.pem");
    expect(key).toHaveLength(1);
    expect(key[0]).toMatchObject({ type: "SECRET", line: 1, snippets: [] });
    expect(key[0]?.evidence).not.toContain("MII");
    expect(new Set(found.map((f) => f.change))).toEqual(new Set(["NEW"]));
    expect(new Set(found.map((f) => f.status))).toEqual(new Set(["ACTIVE"]));

    // Each analyser's run is recorded, with its raw report kept content-addressed.
    const runs = await rows<{ engine: string; outcome: string; format: string }>(sql`
      select r.engine, r.outcome, p.format from scan_engine_runs r
      join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
      where r.area = 'sourcecode' and r.scan_id = ${first} order by r.id`);
    expect(runs).toEqual([
      { engine: "eslint", outcome: "COMPLETED", format: "sarif" },
      { engine: "secretlint", outcome: "COMPLETED", format: "sarif" },
      { engine: "bandit", outcome: "COMPLETED", format: "bandit-json" },
      { engine: "flawfinder", outcome: "COMPLETED", format: "sarif" },
    ]);

    // Triage one finding; a new commit moves the Python code down two lines: UNCHANGED, triage carried.
    const shell = at("bandit", "app.py").find((f) => f.line === 7);
    await sql`update findings set status = 'FALSE_POSITIVE' where id = ${shell?.id ?? 0}`.execute(db());
    write("app.py", `"""Order helpers."""\n\n${APP_PY}`);
    commit("Docstring");
    const second = await run(appId);
    expect((await ended(second)).status).toBe("DONE");
    const again = await findingsOf(second);
    expect(again.map((f) => f.fingerprint).sort()).toEqual(found.map((f) => f.fingerprint).sort());
    expect(new Set(again.map((f) => f.change))).toEqual(new Set(["UNCHANGED"]));
    const shellAgain = again.find((f) => f.previous_id === shell?.id);
    expect(shellAgain).toMatchObject({ status: "FALSE_POSITIVE", line: 9, engine: "bandit" });
    // Each scan's counts per severity, kept on its row by the store (migration 0300), are a live count's.
    expect(await storedTotal(db(), "source_scans", first)).toBe(found.length);
    expect(await storedTotal(db(), "source_scans", second)).toBe(again.length);
    expect(await severityDrift(db(), "source_scans")).toEqual([]);

    // The fix: md5 becomes sha256 and the key is deleted. The same analysers no longer find them.
    write("app.py", `"""Order helpers."""\n\n${APP_PY.replace("hashlib.md5", "hashlib.sha256")}`);
    unlinkSync(path.join(repo, "deploy-key.pem"));
    commit("Fix the digest; remove the key");
    const third = await run(appId);
    expect((await ended(third)).status).toBe("DONE");
    const afterFix = await findingsOf(third);
    expect(afterFix.some((f) => f.file === "deploy-key.pem")).toBe(false);
    const md5 = again.find((f) => f.engine === "bandit" && f.line === 17);
    const keyAgain = again.find((f) => f.file === "deploy-key.pem");
    const mitigated = await rows<{ id: number; status: string; message: string }>(sql`
      select f.id, f.status, l.message from findings f join finding_logs l on l.finding_id = f.id
      where f.id in (${md5?.id ?? 0}, ${keyAgain?.id ?? 0}) order by f.id`);
    expect(mitigated.map((m) => m.status)).toEqual(["MITIGATED", "MITIGATED"]);
    expect(mitigated.map((m) => m.message)).toEqual(
      expect.arrayContaining([
        `Not found by scan #${third}, which ran the same analyser (bandit) over this branch.`,
        `Not found by scan #${third}, which ran the same analyser (secretlint) over this branch.`,
      ]),
    );
    // Everything still there is UNCHANGED.
    expect(new Set(afterFix.map((f) => f.change))).toEqual(new Set(["UNCHANGED"]));

    // Three scans that were done: three debits of 10 and no refund.
    const credits = await rows<{ action: string; amount: number }>(sql`
      select transaction_action as action, amount from credit_transactions
      where (reference ->> 'scan_id')::int in (${first}, ${second}, ${third}) and reference ->> 'kind' = 'SOURCE_CODE_VA'`);
    expect(credits).toEqual(Array.from({ length: 3 }, () => ({ action: "SPENDING", amount: -10 })));
  });
});

describe("a source code scan that cannot clone, is aborted or runs twice", () => {
  /** A scan queued through the API, taken off the queue so the test runs it itself. */
  async function queued(appIndex: number, url?: string): Promise<number> {
    const scanId = await run(await localApp(appIndex, url));
    await sql`delete from pgboss.job where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scanId}`.execute(
      db(),
    );
    return scanId;
  }
  const deps = () => ({ db: db(), scanning: server.services.config.scanning });

  it("fails with a clear reason when the branch cannot be cloned, and refunds the scan once", async () => {
    const scanId = await queued(1, `file://${path.join(root, "missing")}`);
    await runSourceScanJob(deps(), { scanId, companyId: OWN });
    await runSourceScanJob(deps(), { scanId, companyId: OWN });
    expect(await ended(scanId)).toMatchObject({
      status: "FAILED",
      failure_reason:
        "The branch main could not be cloned: the repository or the branch does not exist, or this server has no access to it.",
    });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("ends a scan whose job failed every retry (dead-lettered) as FAILED, refunded once", async () => {
    const scanId = await run(await localApp(5));
    const [job] = await rows<{ dead_letter: string }>(sql`select dead_letter from pgboss.job
      where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scanId}`);
    expect(job?.dead_letter).toBe("scan.sourcecode.dead");
    await sql`delete from pgboss.job where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scanId}`.execute(
      db(),
    );
    await failAbandonedSourceScan(db(), { scanId, companyId: OWN });
    await failAbandonedSourceScan(db(), { scanId, companyId: OWN });
    expect(await ended(scanId)).toMatchObject({
      status: "FAILED",
      failure_reason: "The scan stopped unexpectedly, and every retry failed. It was refunded.",
    });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("refuses a file:// repository outside the allowed folders when it runs", async () => {
    const scanId = await queued(2);
    await sql`update source_assets set repository_url = ${`file://${outside}`}
              where id = (select asset_id from source_apps where id = ${ownApps[2]?.id ?? 0})`.execute(db());
    await runSourceScanJob(deps(), { scanId, companyId: OWN });
    expect(await ended(scanId)).toMatchObject({
      status: "FAILED",
      failure_reason: "This server clones only https and ssh repositories.",
    });
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("stops the analysers when the scan is aborted, stores nothing and refunds once", {
    timeout: 120_000,
  }, async () => {
    const scanId = await queued(3);
    const slow = {
      id: "test-sleep",
      format: "sarif" as const,
      findingType: "SAST" as const,
      files: () => ({}),
      command: (workDir: string, _scanning: unknown, signal: AbortSignal) => ({
        command: "sleep",
        args: () => ["60"],
        workDir,
        timeoutMs: 90_000,
        memoryBytes: 512 * 1024 ** 2,
        maxReportBytes: 1024,
        signal,
      }),
    };
    const running = runSourceScanJob({ ...deps(), engines: [slow] }, { scanId, companyId: OWN });
    for (;;) {
      const [row] = await rows<{ status: string }>(sql`select status from source_scans where id = ${scanId}`);
      if (row?.status === "SCANNING") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const started = Date.now();
    const res = await server.call("POST", `/api/v1/sourcecode/scans/${scanId}/abort/`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: scanId, status: "FAILED", failure_reason: `Aborted by ${ADMIN}.` });
    await running;
    // The sleep was killed, not waited for (it would take 60 s).
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
    expect(await rows(sql`select 1 from scan_engine_runs where area = 'sourcecode' and scan_id = ${scanId}`)).toEqual(
      [],
    );
    // Aborting again is a conflict, and refunds nothing more.
    const again = await server.call("POST", `/api/v1/sourcecode/scans/${scanId}/abort/`, { token });
    expect(again.statusCode).toBe(409);
    expect(await refunds(scanId)).toEqual([{ amount: 10 }]);
  });

  it("stores the results of a job run twice (a retry after a lost worker) once", { timeout: 600_000 }, async () => {
    const scanId = await queued(4);
    // The first worker died with the scan SCANNING, as a killed process leaves it.
    await sql`update source_scans set status = 'SCANNING', start_time = now() where id = ${scanId}`.execute(db());
    const job = { scanId, companyId: OWN };
    const eslintOnly = { ...deps(), engines: [(await import("./sourceEngines.ts")).eslint] };
    await Promise.all([runSourceScanJob(eslintOnly, job), runSourceScanJob(eslintOnly, job)]);
    await runSourceScanJob(eslintOnly, job);
    expect((await ended(scanId)).status).toBe("DONE");
    const runs = await rows(sql`select 1 from scan_engine_runs where area = 'sourcecode' and scan_id = ${scanId}`);
    expect(runs).toHaveLength(1);
    const fingerprints = (await findingsOf(scanId)).map((f) => f.fingerprint);
    expect(fingerprints.length).toBeGreaterThan(0);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});

describe("a source code scan of a repository served over https", () => {
  it("clones from a server whose certificate the configured authority signed, and not without it", {
    timeout: 120_000,
  }, async () => {
    // The repository, served read only by git's own HTTP backend on loopback (allowed for this test).
    const served = path.join(root, "served");
    mkdirSync(served);
    execFileSync("git", ["clone", "--quiet", "--bare", repo, path.join(served, "acme", "orders.git")], {
      stdio: "pipe",
    });
    const tls = mkdtempSync(path.join(tmpdir(), "sentinel-git-tls-"));
    const certificates = gitCertificates(tls, "127.0.0.1");
    const git = await startGitHttpsServer({
      root: served,
      address: "127.0.0.1",
      key: readFileSync(certificates.keyFile),
      cert: readFileSync(certificates.certFile),
    });
    try {
      const url = `https://127.0.0.1:${git.port}/acme/orders.git`;
      const scanning = (env: Record<string, string>) =>
        loadConfig({ SCAN_ALLOWED_RANGES: "127.0.0.1/32", SCAN_ENGINE_TIMEOUT_SECONDS: "60", ...env }).scanning;
      const scan = async (env: Record<string, string>) => {
        // Queued with the file:// URL this test server allows, then pointed at the https one: the
        // worker checks the scope again with its own settings when it runs.
        const appId = await localApp(6);
        const scanId = await run(appId);
        await sql`delete from pgboss.job where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scanId}`.execute(
          db(),
        );
        await sql`update source_assets set repository_url = ${url}
                  where id = (select asset_id from source_apps where id = ${appId})`.execute(db());
        await runSourceScanJob(
          { db: db(), scanning: scanning(env), engines: [flawfinder] },
          { scanId, companyId: OWN },
        );
        return { scanId, scan: await ended(scanId) };
      };

      // The system's authorities do not know the test's: the clone is refused, the scan refunded.
      const refused = await scan({});
      expect(refused.scan).toMatchObject({ status: "FAILED", commit_sha: null });
      expect(refused.scan.failure_reason).toMatch(/^The repository could not be cloned|^The branch main could not be/);
      expect(await refunds(refused.scanId)).toEqual([{ amount: 10 }]);

      // Trusting it (SCAN_GIT_CA_FILE), the branch is cloned and analysed.
      const trusted = await scan({ SCAN_GIT_CA_FILE: certificates.caFile });
      expect(trusted.scan).toMatchObject({
        status: "DONE",
        failure_reason: null,
        commit_sha: execFileSync("git", ["rev-parse", "main"], { cwd: repo }).toString().trim(),
      });
      const found = await findingsOf(trusted.scanId);
      expect(found.filter((f) => f.file === "vuln.c").map((f) => f.line)).toEqual(expect.arrayContaining([7, 8]));
    } finally {
      await git.close();
      rmSync(tls, { recursive: true, force: true });
    }
  });
});
