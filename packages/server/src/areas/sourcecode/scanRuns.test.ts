import { randomBytes } from "node:crypto";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { fixture } from "../../../test/reports.ts";
import { loadContract } from "../../http/contract.ts";
import { startScanWorkers } from "../../server.ts";

/**
 * Running, aborting and importing source code scans (issue 29), on PostgreSQL: the scan, the debit
 * and the job are written together or not at all; refusals change nothing; an abort refunds once;
 * an imported SARIF or Trivy report becomes a scan of the branch, matched with the branch's earlier
 * scans by the worker.
 */

const seed = buildSeed();
const contract = loadContract();

type Role = "admin" | "member";
const EMAIL: Record<Role, string> = { admin: "admin@example.com", member: "member@example.com" };
const OWN = seed.users.find((u) => u.email === EMAIL.admin)?.company_id ?? 0;
const companyOf = (appId: number) => {
  const app = seed.sourceApps.find((a) => a.id === appId);
  const asset = seed.sourceAssets.find((a) => a.id === app?.asset_id);
  return seed.products.find((p) => p.id === asset?.product_id)?.company_id;
};
const ownApps = seed.sourceApps.filter((app) => companyOf(app.id) === OWN);
const otherApp = seed.sourceApps.find((app) => companyOf(app.id) !== OWN);

let server: TestServer;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await testServer();
  for (const role of Object.keys(EMAIL) as Role[]) tokens[role] = (await server.signIn(EMAIL[role])).access;
  await startScanWorkers(server.services.jobs, { db: server.services.db, scanning: server.services.config.scanning });
});
afterAll(async () => {
  await server.close();
});

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

type Json = Record<string, unknown>;
async function call(role: Role, method: string, url: string, body?: object) {
  const res = await server.call(method, url, { token: tokens[role], ...(body ? { body } : {}) });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const balance = async () =>
  (
    await rows<{ balance: number }>(
      sql`select coalesce(sum(amount), 0) as balance from credit_transactions
          where company_id = ${OWN} and transaction_type = 'SOURCECODE'`,
    )
  )[0]?.balance ?? 0;
const scanCount = async (appId: number) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from source_scans where app_id = ${appId}`))[0]?.n ?? 0;
const refunds = async (scanId: number) =>
  await rows<{ amount: number; operator: string }>(sql`select amount, operator from credit_transactions
    where transaction_action = 'REFUND' and transaction_type = 'SOURCECODE' and (reference ->> 'scan_id')::int = ${scanId}`);
const runUrl = (appId: number) => `/api/v1/sourcecode/applications/${appId}/scan/`;
const abortUrl = (scanId: number) => `/api/v1/sourcecode/scans/${scanId}/abort/`;

/** One of the admin's applications, with only `main` and no scan under way. */
async function idleApp(index: number): Promise<number> {
  const app = ownApps[index];
  if (!app) throw new Error("the seed has too few source code applications");
  await sql`update source_assets set branches = '{main,develop}', repository_url = null where id = ${app.asset_id}`.execute(
    db(),
  );
  await sql`update source_scans set status = 'FAILED' where app_id = ${app.id} and status in ('QUEUED', 'SCANNING')`.execute(
    db(),
  );
  return app.id;
}

/** Takes a queued scan off the queue, so no worker runs it while the test looks at it. */
const unqueue = async (scanId: number) =>
  await sql`delete from pgboss.job where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scanId}`.execute(
    db(),
  );

describe("running a source code scan", () => {
  it("queues the scan of the branch, debits 10 credits and queues its job, together", async () => {
    const appId = await idleApp(0);
    const before = await balance();
    const res = await call("admin", "POST", runUrl(appId), { branch: "develop" });
    expect(res.status).toBe(201);
    expectValid("runSourceCodeScan", 201, res.body);
    expect(res.body).toMatchObject({ status: "QUEUED", branch: "develop", failure_reason: null });
    const scanId = res.body?.id as number;
    await unqueue(scanId);

    expect(await balance()).toBe(before - 10);
    const debit = await rows<{ amount: number; action: string; reference: Json }>(
      sql`select amount, transaction_action as action, reference from credit_transactions
          where transaction_type = 'SOURCECODE' and (reference ->> 'scan_id')::int = ${scanId}`,
    );
    expect(debit).toEqual([
      {
        amount: -10,
        action: "SPENDING",
        reference: expect.objectContaining({ kind: "SOURCE_CODE_VA", id: appId, scan_id: scanId }),
      },
    ]);
    const [scan] = await rows<{ price: number; scanned_by: number | null }>(
      sql`select price, scanned_by from source_scans where id = ${scanId}`,
    );
    expect(scan?.price).toBe(10);
    expect(scan?.scanned_by).toBe(seed.users.find((u) => u.email === EMAIL.admin)?.id);

    // A second run of the same branch while this one is queued is refused, and charges nothing.
    const again = await call("admin", "POST", runUrl(appId), { branch: "develop" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: "A scan of develop is already queued or scanning. Wait for it, or abort it.",
    });
    expect(await balance()).toBe(before - 10);
    // Another branch of the same repository may run beside it.
    const main = await call("admin", "POST", runUrl(appId), { branch: "main" });
    expect(main.status).toBe(201);
    await unqueue(main.body?.id as number);
  });

  it("refuses members (403), another company's application (404) and a branch the repository lacks", async () => {
    const appId = await idleApp(1);
    if (!otherApp) throw new Error("the seed has no other company's application");
    const count = await scanCount(appId);
    const member = await call("member", "POST", runUrl(appId), { branch: "main" });
    expect(member.status).toBe(403);
    expect(String(member.body?.detail)).toMatch(/admins and Sentinel staff can run or stop scans/);
    expect((await call("admin", "POST", runUrl(otherApp.id), { branch: "main" })).status).toBe(404);
    const branch = await call("admin", "POST", runUrl(appId), { branch: "release/9" });
    expect(branch).toEqual({
      status: 400,
      body: {
        branch: [
          '"release/9" is not one of this repository\'s branches (main, develop). Add it to the repository asset first.',
        ],
      },
    });
    expect((await call("admin", "POST", runUrl(appId), {})).status).toBe(400);
    expect(await scanCount(appId)).toBe(count);
  });

  it("refuses a scan the balance does not cover, naming the price and the balance", async () => {
    const appId = await idleApp(2);
    const left = await balance();
    // Spend everything but 4 credits, so a 10-credit scan is not covered.
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (${OWN}, ${-(left - 4)}, 'SOURCECODE', 'SPENDING', 'Test')`.execute(db());
    const count = await scanCount(appId);
    const res = await call("admin", "POST", runUrl(appId), { branch: "main" });
    expect(res).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          "A scan of one branch costs 10 source code credits and the balance is 4. Top up credits first.",
        ],
      },
    });
    expect(await scanCount(appId)).toBe(count);
    expect(await balance()).toBe(4);
    await sql`delete from credit_transactions where operator = 'Test'`.execute(db());
  });

  it("refuses a repository this server may not clone: a guarded address, or file:// without the setting", async () => {
    const appId = await idleApp(3);
    const asset = ownApps[3]?.asset_id ?? 0;
    const count = await scanCount(appId);
    await sql`update source_assets set repository_url = 'https://127.0.0.1/acme/orders.git' where id = ${asset}`.execute(
      db(),
    );
    expect(await call("admin", "POST", runUrl(appId), { branch: "main" })).toEqual({
      status: 400,
      body: {
        non_field_errors: [
          "The repository's host: 127.0.0.1 is a loopback address, which this server is not configured to scan.",
        ],
      },
    });
    await sql`update source_assets set repository_url = 'file:///srv/git/orders' where id = ${asset}`.execute(db());
    expect(await call("admin", "POST", runUrl(appId), { branch: "main" })).toEqual({
      status: 400,
      body: { non_field_errors: ["This server clones only https and ssh repositories."] },
    });
    expect(await scanCount(appId)).toBe(count);
  });
});

describe("aborting a source code scan", () => {
  it("fails the scan with who aborted it, refunds its price once, and refuses a second abort", async () => {
    const appId = await idleApp(4);
    const run = await call("admin", "POST", runUrl(appId), { branch: "main" });
    const scanId = run.body?.id as number;
    await unqueue(scanId);
    const before = await balance();

    expect((await call("member", "POST", abortUrl(scanId))).status).toBe(403);
    const res = await call("admin", "POST", abortUrl(scanId));
    expect(res.status).toBe(200);
    expectValid("abortSourceCodeScan", 200, res.body);
    expect(res.body).toMatchObject({ id: scanId, status: "FAILED", failure_reason: `Aborted by ${EMAIL.admin}.` });
    expect(await balance()).toBe(before + 10);
    expect((await refunds(scanId)).map((r) => r.amount)).toEqual([10]);

    const again = await call("admin", "POST", abortUrl(scanId));
    expect(again).toEqual({
      status: 409,
      body: { detail: "This scan has already ended (failed); there is nothing to abort." },
    });
    expect((await refunds(scanId)).map((r) => r.amount)).toEqual([10]);
    // The database refuses to walk the scan back.
    await expect(sql`update source_scans set status = 'SCANNING' where id = ${scanId}`.execute(db())).rejects.toThrow(
      /cannot go from FAILED to SCANNING/,
    );
  });

  it("aborts a scan that cost nothing (registration's first scan) without a refund, and hides other companies'", async () => {
    const app = ownApps[5];
    if (!app || !otherApp) throw new Error("the seed has too few applications");
    const [scan] = await rows<{ id: number }>(sql`
      insert into source_scans (company_id, app_id, branch, status) values (${OWN}, ${app.id}, 'main', 'QUEUED')
      returning id`);
    const res = await call("admin", "POST", abortUrl(scan?.id ?? 0));
    expect(res.body).toMatchObject({ status: "FAILED" });
    expect(await refunds(scan?.id ?? 0)).toEqual([]);
    const [foreign] = await rows<{ id: number }>(
      sql`select id from source_scans where app_id = ${otherApp.id} limit 1`,
    );
    expect((await call("admin", "POST", abortUrl(foreign?.id ?? 0))).status).toBe(404);
  });
});

describe("importing a report into a source code application", () => {
  function upload(name: string, content: Buffer, branch?: string) {
    const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
    const parts = [
      ...(branch === undefined
        ? []
        : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="branch"\r\n\r\n${branch}\r\n`)]),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  async function importReport(appId: number, name: string, branch?: string, role: Role = "admin") {
    const { payload, contentType } = upload(name, fixture(name), branch);
    const res = await server.app.inject({
      method: "POST",
      url: `/api/v1/sourcecode/applications/${appId}/imports/`,
      headers: { authorization: `Bearer ${tokens[role]}`, "content-type": contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() as Json };
  }
  async function ended(scanId: number) {
    for (;;) {
      const [scan] = await rows<{ status: string; failure_reason: string | null }>(
        sql`select status, failure_reason from source_scans where id = ${scanId}`,
      );
      if (scan && !["QUEUED", "SCANNING"].includes(scan.status)) return scan;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const findingsOf = (scanId: number) =>
    rows<{ rule: string; file: string; line: number; change: string; status: string; type: string }>(sql`
      select f.name as rule, v.component as file, f.line, f.change, f.status, v.sourcecode_finding_type as type
      from findings f join vulnerabilities v on v.id = f.vulnerability_id
      where f.area = 'sourcecode' and f.parent_id = ${scanId} order by v.component, f.line`);

  it("reads a SARIF report into the branch, then a rescan's: UNCHANGED, NEW and MITIGATED", async () => {
    const appId = await idleApp(6);
    const before = await balance();
    const first = await importReport(appId, "sarif.json", "develop");
    expect(first.status).toBe(201);
    expectValid("importSourceCodeScanReport", 201, first.body);
    expect(first.body).toMatchObject({ status: "QUEUED", branch: "develop" });
    const firstId = first.body.id as number;
    expect(await ended(firstId)).toEqual({ status: "DONE", failure_reason: null });
    const found = await findingsOf(firstId);
    expect(found.length).toBe(4);
    expect(found.find((f) => f.file === "src/app.js")).toMatchObject({ line: 8, change: "NEW", type: "SAST" });

    const second = await importReport(appId, "sarif-rescan.json", "develop");
    const secondId = second.body.id as number;
    expect((await ended(secondId)).status).toBe("DONE");
    const changes = (await findingsOf(secondId)).map((f) => f.change).sort();
    expect(changes).toEqual(["NEW", "UNCHANGED", "UNCHANGED", "UNCHANGED"]);
    const mitigated = await rows<{ status: string }>(sql`
      select status from findings where area = 'sourcecode' and parent_id = ${firstId} and status = 'MITIGATED'`);
    expect(mitigated).toHaveLength(1);
    // Imports cost nothing.
    expect(await balance()).toBe(before);
  });

  it("reads a Trivy report into the first branch when none is named, dependencies and secrets typed", async () => {
    const appId = await idleApp(7);
    const res = await importReport(appId, "trivy.json");
    expect(res.body).toMatchObject({ status: "QUEUED", branch: "main" });
    expect((await ended(res.body.id as number)).status).toBe("DONE");
    const types = (await findingsOf(res.body.id as number)).map((f) => [f.file, f.type]);
    expect(types).toEqual([
      ["config/deploy.env", "SECRET"],
      ["package-lock.json", "DEPENDENCY"],
      ["package-lock.json", "DEPENDENCY"],
      ["package-lock.json", "DEPENDENCY"],
    ]);
  });

  it("refuses a network report, an unknown branch and a member, and writes nothing", async () => {
    const appId = await idleApp(8);
    const count = await scanCount(appId);
    expect(await importReport(appId, "nmap.xml")).toEqual({
      status: 400,
      body: {
        file: [
          "This is a nmap XML report, which a source code application does not take. Upload a SARIF 2.1.0 report (CodeQL, Semgrep, gitleaks, Trivy) or Trivy JSON.",
        ],
      },
    });
    expect((await importReport(appId, "sarif.json", "release/9")).body).toEqual({
      branch: [
        '"release/9" is not one of this repository\'s branches (main, develop). Add it to the repository asset first.',
      ],
    });
    expect((await importReport(appId, "sarif.json", undefined, "member")).status).toBe(403);
    if (!otherApp) throw new Error("the seed has no other company's application");
    expect((await importReport(otherApp.id, "sarif.json")).status).toBe(404);
    expect(await scanCount(appId)).toBe(count);
  });
});

describe("registering a repository runs its first scan", () => {
  it("queues the first scan's job with the registration, and a worker takes it up", async () => {
    const asset = seed.sourceAssets.find(
      (a) =>
        a.git_provider === "GITHUB" &&
        seed.products.find((p) => p.id === a.product_id)?.company_id === OWN &&
        !seed.sourceApps.some((app) => app.asset_id === a.id),
    );
    if (!asset) throw new Error("the seed has no unregistered GitHub repository of the admin's company");
    // A clone path outside the allowed folders: the worker refuses it at once, with no network.
    await sql`update source_assets set repository_url = 'file:///nonexistent/sentinel-repo' where id = ${asset.id}`.execute(
      db(),
    );
    const before = await balance();
    const res = await call("admin", "POST", "/api/v1/sourcecode/applications/", { asset: asset.id });
    expect(res.status).toBe(201);
    const appId = res.body?.id as number;
    const [scan] = await rows<{ id: number; price: number }>(
      sql`select id, price from source_scans where app_id = ${appId}`,
    );
    if (!scan) throw new Error("the registration queued no scan");
    expect(Number(scan.price)).toBe(0);
    // Committed with the registration: the job exists as soon as the answer does.
    const jobs = await rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job
          where name = 'scan.sourcecode' and (data ->> 'scanId')::int = ${scan.id}`,
    );
    expect(jobs[0]?.n).toBe(1);

    // The running worker takes it: the scan starts, then ends with the worker's reason.
    const deadline = Date.now() + 60_000;
    let ended: { status: string; start_time: string | null; failure_reason: string | null } | undefined;
    while (Date.now() < deadline) {
      [ended] = await rows<{ status: string; start_time: string | null; failure_reason: string | null }>(
        sql`select status, start_time, failure_reason from source_scans where id = ${scan.id}`,
      );
      if (ended && !["QUEUED", "SCANNING"].includes(ended.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ended?.status).toBe("FAILED");
    expect(ended?.start_time).not.toBeNull();
    expect(ended?.failure_reason).toMatch(/\S/);
    // It cost nothing, so nothing is refunded either.
    expect(await refunds(scan.id)).toEqual([]);
    expect(await balance()).toBe(before);
  });
});

describe("the source scan lifecycle trigger", () => {
  const STATES = ["QUEUED", "SCANNING", "DONE", "FAILED"] as const;
  const ALLOWED = new Set(["QUEUED>SCANNING", "QUEUED>FAILED", "SCANNING>DONE", "SCANNING>FAILED"]);

  it("allows only QUEUED → SCANNING → DONE, and FAILED before DONE", async () => {
    const app = ownApps[7];
    if (!app) throw new Error("the seed has too few applications");
    const outcomes: string[] = [];
    for (const from of STATES) {
      for (const to of STATES) {
        if (from === to) continue;
        const [scan] = await rows<{ id: number }>(sql`
          insert into source_scans (company_id, app_id, branch, status) values (${OWN}, ${app.id}, 'main', ${from})
          returning id`);
        let moved = true;
        try {
          await sql`update source_scans set status = ${to} where id = ${scan?.id ?? 0}`.execute(db());
        } catch (error) {
          expect(String(error)).toMatch(new RegExp(`cannot go from ${from} to ${to}`));
          moved = false;
        }
        const [after] = await rows<{ status: string }>(
          sql`select status from source_scans where id = ${scan?.id ?? 0}`,
        );
        expect(after?.status).toBe(moved ? to : from);
        if (moved) outcomes.push(`${from}>${to}`);
      }
    }
    expect(new Set(outcomes)).toEqual(ALLOWED);
  });
});
