import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../../test/dnsServer.ts";
import { type TestServer, testServer } from "../../test/harness.ts";
import { fixture } from "../../test/reports.ts";
import { startScanWorkers } from "../server.ts";
import { runExposureScanJob } from "./exposureJob.ts";

/**
 * An exposure detection scan that really runs (issue 29): dnsrecon asks a name server this test
 * serves on loopback (A records for www, dev, vpn and admin, zone transfers allowed), then nmap
 * looks for services on the addresses, one of which has a web server this test starts. A rescan
 * with transfers refused finds the same hosts by brute force, none new. Addresses outside the
 * server's scope are listed but not scanned; a job run twice stores once; an nmap report imports.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const idle = (configId: number) =>
  !seed.exposureScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const configs = seed.exposureConfigs.filter((c) => c.company_id === OWN && idle(c.id));

const ORIGIN = "example-corp.test";
const NS = "127.0.29.53";
const WWW = "127.0.29.60";
const DEV = "127.0.29.61";
const VPN = "127.0.29.62";

const web = http.createServer((_req, res) => {
  res
    .writeHead(200, { "Content-Type": "text/html", Server: "nginx/1.24.0" })
    .end("<html><body>Example Corp</body></html>");
});

let dns: DnsServer;
let server: TestServer;
let token = "";
let webPort = 0;

beforeAll(async () => {
  dns = await startDnsServer({
    origin: ORIGIN,
    address: NS,
    axfr: true,
    a: { "@": [WWW], www: [WWW], dev: [DEV], admin: [DEV], vpn: [VPN] },
  });
  webPort = await new Promise<number>((resolve) =>
    web.listen(0, WWW, () => resolve((web.address() as AddressInfo).port)),
  );
  server = await testServer({
    SCAN_ALLOWED_RANGES: "127.0.29.0/24",
    SCAN_NAME_SERVER: NS,
    SCAN_PORTS: String(webPort),
    SCAN_ENGINE_TIMEOUT_SECONDS: "120",
  });
  token = (await server.signIn(ADMIN)).access;
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
            values (${OWN}, 1000, 'EXPOSUREDETECTION', 'TOPUP', 'Test')`.execute(server.services.db);
  await startScanWorkers(server.services.jobs, { db: server.services.db, scanning: server.services.config.scanning });
});
afterAll(async () => {
  await server.close();
  await dns.close();
  web.close();
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

/** Points a configuration's domain at the zone this test serves. */
async function configFor(index: number, domain = ORIGIN): Promise<number> {
  const config = configs[index];
  if (!config) throw new Error("the seed has too few idle exposure configurations");
  await sql`update exposure_assets set target_name = ${domain} where id = ${config.asset_id}`.execute(db());
  return config.id;
}

async function run(configId: number): Promise<number> {
  const res = await server.call("POST", `/api/v1/exposure-detection/scan-configuration/${configId}/scan/`, { token });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

interface ScanRow {
  status: string;
  failure_reason: string | null;
  progress: number;
  zone_transfer_servers: string[];
}
/** Waits for the worker to end the scan (the queue polls each second; the engines take seconds). */
async function ended(scanId: number): Promise<ScanRow> {
  for (;;) {
    const [scan] = await rows<ScanRow>(
      sql`select status, failure_reason, progress, zone_transfer_servers from exposure_scans where id = ${scanId}`,
    );
    if (scan && !["QUEUED", "RUNNING"].includes(scan.status)) return scan;
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Json = Record<string, unknown>;
async function list(configId: number, scanId: number, what: "hosts/" | "domains") {
  const res = await server.call(
    "GET",
    `/api/v1/exposure-detection/scan-configuration/${configId}/scans/${scanId}/${what}?page_size=100`,
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Json[] }).results;
}
const domainsOf = async (configId: number, scanId: number) =>
  (await list(configId, scanId, "domains")).map((d) => [d.name, d.domain_type]);
const hostsOf = async (configId: number, scanId: number) =>
  (await list(configId, scanId, "hosts/")).map((h) => ({
    name: h.name,
    is_new: h.is_new,
    ports: (h.services as Json[]).map((s) => [s.port, s.protocol]),
    domains: (h.domains as Json[]).map((d) => d.name),
  }));

const ZONE_DOMAINS = [
  [ORIGIN, "DOMAIN"],
  [`admin.${ORIGIN}`, "SUBDOMAIN"],
  [`dev.${ORIGIN}`, "SUBDOMAIN"],
  [`ns1.${ORIGIN}`, "SUBDOMAIN"],
  [`vpn.${ORIGIN}`, "SUBDOMAIN"],
  [`www.${ORIGIN}`, "SUBDOMAIN"],
];

describe("an exposure detection scan of a domain", () => {
  let configId = 0;
  let firstScan = 0;

  it("finds the domain's names, the hosts they point at and their services, and the open zone transfer", async () => {
    configId = await configFor(0);
    firstScan = await run(configId);
    const scan = await ended(firstScan);
    expect(scan).toEqual({ status: "COMPLETED", failure_reason: null, progress: 100, zone_transfer_servers: [NS] });

    expect(await domainsOf(configId, firstScan)).toEqual(ZONE_DOMAINS);
    const hosts = await hostsOf(configId, firstScan);
    expect(hosts).toEqual([
      { name: NS, is_new: true, ports: [], domains: [`ns1.${ORIGIN}`] },
      { name: WWW, is_new: true, ports: [[webPort, "tcp"]], domains: [ORIGIN, `www.${ORIGIN}`] },
      { name: DEV, is_new: true, ports: [], domains: [`admin.${ORIGIN}`, `dev.${ORIGIN}`] },
      { name: VPN, is_new: true, ports: [], domains: [`vpn.${ORIGIN}`] },
    ]);

    // Each engine run is recorded with its raw report: dnsrecon once, nmap once per address.
    const runs = await rows<{ engine: string; outcome: string; stored: boolean }>(
      sql`select r.engine, r.outcome, exists (select 1 from scan_reports p where p.sha256 = r.report_sha256) as stored
          from scan_engine_runs r where r.area = 'exposure' and r.scan_id = ${firstScan} order by r.id`,
    );
    expect(runs).toEqual([
      { engine: "dnsrecon", outcome: "COMPLETED", stored: true },
      ...Array.from({ length: 4 }, () => ({ engine: "nmap", outcome: "COMPLETED", stored: true })),
    ]);

    // The scan list says the same, through the contract's shape.
    const listed = await server.call("GET", `/api/v1/exposure-detection/scan-configuration/${configId}/scan/`, {
      token,
    });
    expect((listed.json() as { results: Json[] }).results[0]).toMatchObject({
      id: firstScan,
      status: "COMPLETED",
      progress: 100,
      zone_transfer_servers: [NS],
    });
  });

  it("rescans with the transfer refused: brute force finds the same hosts, none new", async () => {
    dns.zone.axfr = false;
    try {
      const rescan = await run(configId);
      const scan = await ended(rescan);
      expect(scan).toEqual({ status: "COMPLETED", failure_reason: null, progress: 100, zone_transfer_servers: [] });
      expect(await domainsOf(configId, rescan)).toEqual(ZONE_DOMAINS);
      const hosts = await hostsOf(configId, rescan);
      expect(hosts.map((h) => [h.name, h.is_new])).toEqual([
        [NS, false],
        [WWW, false],
        [DEV, false],
        [VPN, false],
      ]);
      expect(hosts[1]?.ports).toEqual([[webPort, "tcp"]]);
    } finally {
      dns.zone.axfr = true;
    }
  });
});

describe("the scan's scope and retries", () => {
  /** A queued scan with no job: the test runs the job itself. */
  async function queuedScan(configId: number): Promise<number> {
    const [scan] = await rows<{ id: number }>(
      sql`insert into exposure_scans (company_id, config_id, status, price)
          values (${OWN}, ${configId}, 'QUEUED', 0) returning id`,
    );
    return scan?.id ?? 0;
  }

  it("lists a host outside the server's scope but does not scan it", async () => {
    const configId = await configFor(1);
    const scanId = await queuedScan(configId);
    const scanning = { ...server.services.config.scanning, allowedRanges: [] };
    await runExposureScanJob({ db: db(), scanning }, { scanId, companyId: OWN });
    expect((await ended(scanId)).status).toBe("COMPLETED");
    const hosts = await rows<{ name: string; service_scan: string; service_note: string | null; services: unknown[] }>(
      sql`select name, service_scan, service_note, services from exposure_hosts where scan_id = ${scanId} order by id`,
    );
    expect(hosts.map((h) => h.name)).toEqual([NS, WWW, DEV, VPN]);
    for (const host of hosts) {
      expect(host).toMatchObject({
        service_scan: "SKIPPED",
        service_note: `${host.name} is a loopback address, which this server is not configured to scan.`,
        services: [],
      });
    }
    const nmapRuns = await rows(
      sql`select 1 from scan_engine_runs where area = 'exposure' and scan_id = ${scanId} and engine = 'nmap'`,
    );
    expect(nmapRuns).toEqual([]);
  });

  it("stores once when the same job runs twice at the same time, and again after", async () => {
    const configId = await configFor(2);
    const scanId = await queuedScan(configId);
    const deps = { db: db(), scanning: server.services.config.scanning };
    const job = { scanId, companyId: OWN };
    await Promise.all([runExposureScanJob(deps, job), runExposureScanJob(deps, job)]);
    await runExposureScanJob(deps, job);
    expect((await ended(scanId)).status).toBe("COMPLETED");
    const [counts] = await rows<{ domains: number; hosts: number; discovery: number }>(
      sql`select (select count(*)::int from exposure_domains where scan_id = ${scanId}) as domains,
                 (select count(*)::int from exposure_hosts where scan_id = ${scanId}) as hosts,
                 (select count(*)::int from scan_engine_runs where area = 'exposure' and scan_id = ${scanId}
                    and engine = 'dnsrecon') as discovery`,
    );
    expect(counts).toEqual({ domains: ZONE_DOMAINS.length, hosts: 4, discovery: 1 });
  });

  it("fails a domain no name server answers for, with the reason, and refunds it", async () => {
    const configId = await configFor(3, "nowhere.example-corp-missing.test");
    const scanId = await run(configId);
    const scan = await ended(scanId);
    expect(scan.status).toBe("FAILED");
    expect(scan.failure_reason).toBe(
      "No DNS records were found for nowhere.example-corp-missing.test. Check that the domain is spelled right and that its name servers answer.",
    );
    const refunds = await rows<{ amount: number }>(
      sql`select amount from credit_transactions where transaction_action = 'REFUND'
          and transaction_type = 'EXPOSUREDETECTION' and (reference ->> 'scan_id')::int = ${scanId}`,
    );
    expect(refunds.map((r) => Number(r.amount))).toEqual([10]);
  });
});

describe("importing a report into an exposure configuration", () => {
  function upload(name: string, content: Buffer) {
    const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  async function importReport(configId: number, name: string, content: Buffer) {
    const { payload, contentType } = upload(name, content);
    const res = await server.app.inject({
      method: "POST",
      url: `/api/v1/exposure-detection/scan-configuration/${configId}/imports/`,
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json() as Json };
  }

  it("takes the hosts an nmap report names under the domain, with their services, for free", async () => {
    const configId = await configFor(4, "example.com");
    const balance = async () =>
      Number(
        (
          await rows<{ b: number }>(
            sql`select coalesce(sum(amount), 0) as b from credit_transactions
                where company_id = ${OWN} and transaction_type = 'EXPOSUREDETECTION'`,
          )
        )[0]?.b,
      );
    const before = await balance();
    const res = await importReport(configId, "nmap.xml", fixture("nmap.xml"));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const scanId = res.body.id as number;
    expect((await ended(scanId)).status).toBe("COMPLETED");
    expect(await domainsOf(configId, scanId)).toEqual([
      ["example.com", "DOMAIN"],
      ["www.example.com", "SUBDOMAIN"],
    ]);
    // 192.0.2.11 has no name under example.com: not the organisation's, left out.
    const hosts = await hostsOf(configId, scanId);
    expect(hosts.map((h) => [h.name, h.ports, h.domains])).toEqual([
      [
        "192.0.2.10",
        [
          [22, "tcp"],
          [80, "tcp"],
          [443, "tcp"],
        ],
        ["www.example.com"],
      ],
    ]);
    expect(await balance()).toBe(before);
  });

  it("refuses a report of another kind, saying which", async () => {
    const configId = await configFor(4, "example.com");
    const res = await importReport(configId, "trivy.json", fixture("trivy.json"));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      "This is a Trivy JSON report, which an exposure detection configuration does not take.",
    );
  });
});
