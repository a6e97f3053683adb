import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { withScope } from "../db/pool.ts";
import { runExposureScanJob } from "./exposureJob.ts";
import { storeDiscovery } from "./exposureStore.ts";
import { runSourceScanJob } from "./sourceJob.ts";
import { runWebScanJob } from "./webJob.ts";

/**
 * A company's widened scan scope in the web, source code and exposure detection areas (issue 29,
 * second pass), on PostgreSQL: a private-address target is refused by default, accepted once a super
 * admin widens that company's scope, refused for another company all the same, and refused when the
 * scan runs after the widening was removed.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const A = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const B = seed.companies.find((c) => c.id !== A)?.id ?? 0;
const RANGE = "10.40.0.0/16";
const refusal = (what: string) => `${what} is a private address, which this server is not configured to scan.`;

let server: TestServer;
const tokens = { admin: "", superadmin: "" };

beforeAll(async () => {
  server = await testServer();
  tokens.admin = (await server.signIn(ADMIN)).access;
  tokens.superadmin = (await server.signIn("superadmin@example.com")).access;
  for (const company of [A, B]) {
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              select ${company}, 1000, t, 'TOPUP', 'Test'
              from unnest(array['APPLICATIONVA', 'SOURCECODE', 'EXPOSUREDETECTION']) as t`.execute(db());
  }
});
afterAll(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
async function call(role: keyof typeof tokens, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], body });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Widens company A's scope as staff do, and answers how to take the widening back. */
async function widen(): Promise<() => Promise<void>> {
  const res = await call("superadmin", "POST", `/api/v1/company/${A}/scan-scope/`, { range: RANGE });
  expect(res.status).toBe(201);
  return async () => {
    const removed = await call("superadmin", "DELETE", `/api/v1/company/${A}/scan-scope/${res.body?.id}/`);
    expect(removed.status).toBe(204);
  };
}
/** Takes a queued scan's job off the queue: the test runs the job itself. */
const unqueue = async (queue: string, scanId: number) =>
  await sql`delete from pgboss.job where name = ${queue} and (data ->> 'scanId')::int = ${scanId}`.execute(db());

describe("web application scans", () => {
  const urlOf = (company: number) => `http://10.40.1.${company}/`;
  const add = (role: keyof typeof tokens, asset: number) =>
    call(role, "POST", "/api/v1/webapp/applications/", {
      assets: [asset],
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "MONTHLY",
      scan_time: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    });
  async function privateAsset(company: number): Promise<number> {
    const [asset] = await rows<{ id: number }>(sql`
      insert into web_assets (company_id, product_id, application_name, url)
      select ${company}, min(id), 'Lab portal', ${urlOf(company)} from products where company_id = ${company}
      returning id`);
    return asset?.id ?? 0;
  }

  it("refuses a private address by default, accepts it once A's scope is widened, never for B", async () => {
    const [assetA, assetB] = [await privateAsset(A), await privateAsset(B)];
    const refused = await add("admin", assetA);
    expect(refused).toEqual({ status: 400, body: { assets: [refusal(`10.40.1.${A}`)] } });

    const narrow = await widen();
    const added = await add("admin", assetA);
    expect(added.status).toBe(201);
    const appId = Number(((added.body?.results ?? []) as Json[])[0]?.id);
    const otherCompany = await add("superadmin", assetB);
    expect(otherCompany).toEqual({ status: 400, body: { assets: [refusal(`10.40.1.${B}`)] } });

    // Queued while widened, run after the widening was removed: refused when it runs, and refunded.
    const queued = await call("admin", "POST", `/api/v1/webapp/applications/${appId}/scan/`);
    expect(queued.status).toBe(201);
    const scanId = queued.body?.id as number;
    await unqueue("scan.web", scanId);
    await narrow();
    await runWebScanJob({ db: db(), scanning: server.services.config.scanning }, { scanId, companyId: A });
    const [scan] = await rows<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from web_scans where id = ${scanId}`,
    );
    expect(scan).toEqual({ status: "FAILED", failure_reason: refusal(`10.40.1.${A}`) });
    expect(await call("admin", "POST", `/api/v1/webapp/applications/${appId}/scan/`)).toEqual({
      status: 400,
      body: { non_field_errors: [refusal(`10.40.1.${A}`)] },
    });
  });
});

describe("source code scans", () => {
  const repo = (company: number) => `https://10.40.2.${company}/team/app.git`;
  const hostRefusal = (company: number) => `The repository's host: ${refusal(`10.40.2.${company}`)}`;
  /** One of the company's source applications, pointed at a private address, with no scan under way. */
  async function privateApp(company: number): Promise<number> {
    const [app] = await rows<{ id: number; asset_id: number }>(
      sql`select id, asset_id from source_apps where company_id = ${company} order by id limit 1`,
    );
    if (!app) throw new Error(`the seed has no source code application of company ${company}`);
    await sql`update source_assets set branches = '{main}', repository_url = ${repo(company)}
              where id = ${app.asset_id}`.execute(db());
    await sql`update source_scans set status = 'FAILED' where app_id = ${app.id} and status in ('QUEUED', 'SCANNING')`.execute(
      db(),
    );
    return app.id;
  }
  const run = (role: keyof typeof tokens, appId: number) =>
    call(role, "POST", `/api/v1/sourcecode/applications/${appId}/scan/`, { branch: "main" });

  it("refuses a private repository host by default, accepts it once A's scope is widened, never for B", async () => {
    const [appA, appB] = [await privateApp(A), await privateApp(B)];
    expect(await run("admin", appA)).toEqual({ status: 400, body: { non_field_errors: [hostRefusal(A)] } });

    const narrow = await widen();
    const queued = await run("admin", appA);
    expect(queued.status).toBe(201);
    const scanId = queued.body?.id as number;
    await unqueue("scan.sourcecode", scanId);
    expect(await run("superadmin", appB)).toEqual({ status: 400, body: { non_field_errors: [hostRefusal(B)] } });

    await narrow();
    await runSourceScanJob({ db: db(), scanning: server.services.config.scanning }, { scanId, companyId: A });
    const [scan] = await rows<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from source_scans where id = ${scanId}`,
    );
    expect(scan).toEqual({ status: "FAILED", failure_reason: hostRefusal(A) });
  });
});

describe("exposure detection scans", () => {
  const HOST = "10.40.3.9";
  /** A running scan of one of the company's configurations whose discovery found HOST. */
  async function discovered(company: number, address = HOST): Promise<number> {
    const config = seed.exposureConfigs.find(
      (c) =>
        c.company_id === company &&
        !seed.exposureScans.some((s) => s.config_id === c.id && (s.status === "QUEUED" || s.status === "RUNNING")),
    );
    if (!config) throw new Error(`the seed has no idle exposure configuration of company ${company}`);
    const [scan] = await rows<{ id: number }>(sql`
      insert into exposure_scans (company_id, config_id, status, price)
      values (${company}, ${config.id}, 'RUNNING', 0) returning id`);
    const scanId = scan?.id ?? 0;
    await withScope(db(), { companies: company, userId: null }, (tx) =>
      storeDiscovery(
        tx,
        scanId,
        {
          engine: "dnsrecon",
          engineVersion: null,
          report: null,
          exitCode: 0,
          startedAt: new Date(),
          outcome: "COMPLETED",
          detail: null,
        },
        {
          domain: "lab.example",
          subdomains: ["vpn.lab.example"],
          hosts: [{ address, hostnames: ["vpn.lab.example"], services: null }],
          zoneTransferServers: [],
        },
      ),
    );
    return scanId;
  }
  // One port and a short limit: whether nmap finds anything at the address is not what is tested.
  const scanning = () => ({ ...server.services.config.scanning, ports: "9", engineTimeoutSeconds: 5 });
  const hostOf = async (scanId: number) =>
    (
      await rows<{ service_scan: string; service_note: string | null; nmap: number }>(sql`
        select h.service_scan, h.service_note,
               (select count(*)::int from scan_engine_runs r
                 where r.area = 'exposure' and r.scan_id = ${scanId} and r.engine = 'nmap') as nmap
        from exposure_hosts h where h.scan_id = ${scanId}`)
    )[0];

  it("skips a private address by default, scans it once A's scope is widened, never for B", async () => {
    const before = await discovered(A);
    await runExposureScanJob({ db: db(), scanning: scanning() }, { scanId: before, companyId: A });
    expect(await hostOf(before)).toEqual({ service_scan: "SKIPPED", service_note: refusal(HOST), nmap: 0 });

    const narrow = await widen();
    const widened = await discovered(A);
    await runExposureScanJob({ db: db(), scanning: scanning() }, { scanId: widened, companyId: A });
    const host = await hostOf(widened);
    expect(host?.service_scan).not.toBe("SKIPPED");
    expect(host?.nmap).toBe(1);

    const other = await discovered(B);
    await runExposureScanJob({ db: db(), scanning: scanning() }, { scanId: other, companyId: B });
    expect(await hostOf(other)).toEqual({ service_scan: "SKIPPED", service_note: refusal(HOST), nmap: 0 });

    await narrow();
    const after = await discovered(A);
    await runExposureScanJob({ db: db(), scanning: scanning() }, { scanId: after, companyId: A });
    expect(await hostOf(after)).toEqual({ service_scan: "SKIPPED", service_note: refusal(HOST), nmap: 0 });
  });

  it("skips an address a name points at in its IPv6 spelling of a guarded IPv4 address", async () => {
    const mapped = await discovered(A, "::ffff:127.0.0.1");
    await runExposureScanJob({ db: db(), scanning: scanning() }, { scanId: mapped, companyId: A });
    expect(await hostOf(mapped)).toEqual({
      service_scan: "SKIPPED",
      service_note:
        "::ffff:127.0.0.1 is a loopback address (IPv4-mapped 127.0.0.1), which this server is not configured to scan.",
      nmap: 0,
    });
  });
});
