import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * The asset inventory, network VA and exposure detection reads, and the schedule update, against static
 * mode: each answer is compared with what static mode's handlers answer for the same request on the
 * same seed, and checked against the contract.
 */

const seed = buildSeed();
const contract = loadContract();

type Role = "superadmin" | "analyst" | "admin" | "member";
const EMAIL: Record<Role, string> = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
};
const ROLES = Object.keys(EMAIL) as Role[];

let server: TestServer;
let stopStaticMode = () => {};
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await testServer();
  for (const role of ROLES) tokens[role] = (await server.signIn(EMAIL[role])).access;
  stopStaticMode = startStaticMode();
});
afterAll(async () => {
  stopStaticMode();
  await server.close();
});

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the seed has no ${what}`);
  return value;
}

// ------------------------------------------------------------------ seeded ids

const OWN = found(seed.users.find((u) => u.email === EMAIL.admin)?.company_id ?? undefined, "admin company");
const OTHER = found(
  seed.companies.find(
    (c) =>
      c.id !== OWN &&
      seed.networkConfigs.some((n) => n.company_id === c.id) &&
      seed.exposureConfigs.some((e) => e.company_id === c.id),
  )?.id,
  "second company",
);
const companyOfProduct = (productId: number) => seed.products.find((p) => p.id === productId)?.company_id;

/** A configuration's newest scan with a scanned endpoint that has findings, and that endpoint. */
function networkPath(company: number) {
  for (const config of seed.networkConfigs.filter((c) => c.company_id === company)) {
    for (const scan of seed.networkScans.filter((s) => s.config_id === config.id)) {
      const endpoint = seed.scanEndpoints.find(
        (e) => e.scan_id === scan.id && seed.findings.some((f) => f.area === "network" && f.parent_id === e.id),
      );
      if (endpoint) return { config: config.id, scan: scan.id, endpoint: endpoint.id };
    }
  }
  throw new Error(`no network scan with findings for company ${company}`);
}

function exposurePath(company: number) {
  for (const config of seed.exposureConfigs.filter((c) => c.company_id === company)) {
    const scan = seed.exposureScans.find(
      (s) =>
        s.config_id === config.id &&
        seed.exposureHosts.some((h) => h.scan_id === s.id) &&
        seed.exposureDomains.some((d) => d.scan_id === s.id),
    );
    if (scan) return { config: config.id, scan: scan.id };
  }
  throw new Error(`no exposure scan with hosts and domains for company ${company}`);
}

const own = { network: networkPath(OWN), exposure: exposurePath(OWN) };
const other = { network: networkPath(OTHER), exposure: exposurePath(OTHER) };
const ownProduct = found(seed.products.find((p) => p.company_id === OWN)?.id, "own product");
const otherProduct = found(seed.products.find((p) => p.company_id === OTHER)?.id, "other product");

const NVA = "/api/v1/networkva/scan-configuration";
const ED = "/api/v1/exposure-detection/scan-configuration";
const networkUrls = (p: { config: number; scan: number; endpoint: number }) => ({
  getNetworkScanConfiguration: `${NVA}/${p.config}/`,
  listNetworkScans: `${NVA}/${p.config}/scans/`,
  listNetworkScanEndpoints: `${NVA}/${p.config}/scans/${p.scan}/scan-endpoints/`,
  getNetworkScanEndpoint: `${NVA}/${p.config}/scans/${p.scan}/scan-endpoints/${p.endpoint}/`,
  listNetworkServices: `${NVA}/${p.config}/scans/${p.scan}/scan-endpoints/${p.endpoint}/services/`,
});
const exposureUrls = (p: { config: number; scan: number }) => ({
  listExposureDetectionScans: `${ED}/${p.config}/scan/`,
  listExposureHosts: `${ED}/${p.config}/scans/${p.scan}/hosts/`,
  listExposureDomains: `${ED}/${p.config}/scans/${p.scan}/domains`,
});

/** Every operation of this area, at rows of the demo company (which every role may read). */
const OWN_URLS: Record<string, string> = {
  listProducts: "/api/v1/asset/product/",
  getProduct: `/api/v1/asset/product/${ownProduct}/`,
  listSourceCodeAssets: "/api/v1/asset/sourcecode/",
  listWebAppAssets: "/api/v1/asset/webapp/",
  listThreatInspectionAssets: "/api/v1/asset/threat-inspection/",
  listNetworkAssets: "/api/v1/asset/networkva/",
  listExposureAssets: "/api/v1/asset/exposure-detection/",
  listNetworkScanConfigurations: `${NVA}/`,
  ...networkUrls(own.network),
  listExposureDetectionConfigurations: `${ED}/`,
  ...exposureUrls(own.exposure),
};

// ------------------------------------------------------------------ calls

function operation(operationId: string) {
  return found(contract.byId.get(operationId), `operation ${operationId}`);
}

function expectValid(operationId: string, status: number, body: unknown) {
  const validate = contract.responseValidator(operation(operationId), status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

async function call(role: Role, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}

const callMock = (role: Role, method: string, url: string, body?: unknown) =>
  callStatic(EMAIL[role], method, url, body);

/** A page without its links, which name each server's own address. */
function withoutLinks(body: Json | null): Json | null {
  if (!body || !("results" in body)) return body;
  const { next: _next, previous: _previous, base_link: _base, ...rest } = body;
  return { ...rest, has_next: body.next !== null, has_previous: body.previous !== null };
}

/** The server's answer to a read the role may make, checked against the contract and static mode's answer. */
async function same(role: Role, operationId: string, url: string) {
  const [ours, theirs] = await Promise.all([call(role, "GET", url), callMock(role, "GET", url)]);
  expect([ours.status, theirs.status], `${role} GET ${url}`).toEqual([200, 200]);
  expectValid(operationId, 200, ours.body);
  expect(withoutLinks(ours.body), `${role} GET ${url}`).toEqual(withoutLinks(theirs.body));
  return ours.body as Json;
}

const results = (body: Json) => body.results as Json[];

// ------------------------------------------------------------------ tests

describe("every operation", () => {
  for (const role of ROLES) {
    it(`answers ${role} as static mode does, in the contract's shape`, async () => {
      for (const [operationId, url] of Object.entries(OWN_URLS)) await same(role, operationId, url);
    });
  }

  it("answers later pages, small pages and searches as static mode does", async () => {
    const cases: Array<[string, string]> = [
      ["listProducts", "/api/v1/asset/product/?page=2&page_size=5"],
      ["listProducts", "/api/v1/asset/product/?search=%20API%20"],
      ["listProducts", `/api/v1/asset/product/?search=portal&company=${OTHER}`],
      ["listSourceCodeAssets", `/api/v1/asset/sourcecode/?product=${ownProduct}`],
      ["listWebAppAssets", "/api/v1/asset/webapp/?page=2&page_size=3"],
      ["listThreatInspectionAssets", "/api/v1/asset/threat-inspection/?page_size=100"],
      ["listNetworkAssets", "/api/v1/asset/networkva/?search=10.&page_size=100"],
      ["listNetworkAssets", `/api/v1/asset/networkva/?product=${ownProduct}`],
      ["listExposureAssets", "/api/v1/asset/exposure-detection/?search=a&page_size=100"],
      ["listNetworkScanConfigurations", `${NVA}/?page=3&page_size=7`],
      ["listNetworkScanConfigurations", `${NVA}/?company=${OTHER}&page_size=100`],
      ["listExposureDetectionConfigurations", `${ED}/?company=${OTHER}&page_size=100`],
      ["listNetworkScanEndpoints", `${networkUrls(own.network).listNetworkScanEndpoints}?page_size=100`],
      ["listExposureHosts", `${exposureUrls(own.exposure).listExposureHosts}?page_size=100`],
      ["listExposureDomains", `${exposureUrls(own.exposure).listExposureDomains}?page_size=100`],
    ];
    for (const [operationId, url] of cases) await same("superadmin", operationId, url);
  });

  it("answers staff for another company's rows as static mode does", async () => {
    for (const [operationId, url] of Object.entries({
      getProduct: `/api/v1/asset/product/${otherProduct}/`,
      ...networkUrls(other.network),
      ...exposureUrls(other.exposure),
    })) {
      await same("analyst", operationId, url);
    }
  });

  it("answers 'Invalid page.' past the last page", async () => {
    const res = await call("admin", "GET", "/api/v1/asset/product/?page=999");
    expect(res).toEqual({ status: 404, body: { detail: "Invalid page." } });
  });
});

describe("derived values", () => {
  it("counts a scan endpoint's findings by severity and status from the findings table", async () => {
    const body = await same("admin", "getNetworkScanEndpoint", networkUrls(own.network).getNetworkScanEndpoint);
    const findings = seed.findings.filter((f) => f.area === "network" && f.parent_id === own.network.endpoint);
    expect(body.finding_total).toBe(findings.length);
    expect(body.finding_active).toBe(findings.filter((f) => f.status === "ACTIVE").length);
    const severities = await sql<{ severity: string; n: number }>`
      select severity, count(*) as n from findings where area = 'network' and parent_id = ${own.network.endpoint}
      group by severity`.execute(server.services.db);
    const bySeverity = Object.fromEntries(severities.rows.map((r) => [r.severity, r.n]));
    expect(body.finding_high).toBe(bySeverity.HIGH ?? 0);
    expect(body.finding_log).toBe(bySeverity.LOG ?? 0);
  });

  it("shows a client who scanned its assets, also when an analyst did", async () => {
    const analystScan = found(
      seed.networkScans.find(
        (s) =>
          seed.users.find((u) => u.id === s.scanned_by)?.role === "ANALYST" &&
          seed.networkConfigs.find((c) => c.id === s.config_id)?.company_id === OWN,
      ),
      "scan of the demo company started by an analyst",
    );
    const body = await same("member", "listNetworkScans", `${NVA}/${analystScan.config_id}/scans/?page_size=100`);
    const row = results(body).find((s) => s.id === analystScan.id);
    expect(row?.scanned_by).toMatchObject({ id: analystScan.scanned_by });
  });

  it("counts a product's assets per kind", async () => {
    const body = await same("admin", "getProduct", `/api/v1/asset/product/${ownProduct}/`);
    const of = (rows: ReadonlyArray<{ product_id: number }>) => rows.filter((r) => r.product_id === ownProduct).length;
    expect(body.repository_count).toBe(of(seed.sourceAssets));
    expect(body.url_count).toBe(of(seed.webAssets));
    expect(body.endpoint_count).toBe(of(seed.networkAssets) + of(seed.exposureAssets) + of(seed.threatAssets));
  });

  it("counts, for every product, exactly what each asset list shows for it", async () => {
    const lists = {
      network_count: "networkva",
      exposure_count: "exposure-detection",
      threat_count: "threat-inspection",
      url_count: "webapp",
      repository_count: "sourcecode",
    } as const;
    const products = results((await call("admin", "GET", "/api/v1/asset/product/?page_size=100")).body as Json);
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      let total = 0;
      for (const [field, path] of Object.entries(lists)) {
        const listed = (await call("admin", "GET", `/api/v1/asset/${path}/?product=${product.id}&page_size=1`)).body;
        expect(product[field], `${product.name} ${field}`).toBe((listed as Json).count);
        total += (listed as Json).count as number;
      }
      expect(product.assets_count, String(product.name)).toBe(total);
    }
  });
});

describe("isolation", () => {
  it("answers 404 to a client for another company's product, configuration, scan and endpoint", async () => {
    const urls = {
      getProduct: `/api/v1/asset/product/${otherProduct}/`,
      ...networkUrls(other.network),
      ...exposureUrls(other.exposure),
    };
    for (const role of ["admin", "member"] as const) {
      for (const url of Object.values(urls)) {
        expect(await call(role, "GET", url), `${role} GET ${url}`).toEqual({
          status: 404,
          body: { detail: "Not found." },
        });
      }
    }
  });

  it("answers 404 for a scan under another configuration, and an endpoint under another scan", async () => {
    const secondOwnScan = found(
      seed.networkScans.find((s) => s.config_id !== own.network.config && companyOf(s.config_id) === OWN),
      "second scan",
    );
    const foreignEndpoint = found(
      seed.scanEndpoints.find((e) => e.scan_id === secondOwnScan.id),
      "endpoint of the second scan",
    );
    const otherExposureScan = found(
      seed.exposureScans.find((s) => s.config_id !== own.exposure.config),
      "scan of another exposure configuration",
    );
    const urls = [
      `${NVA}/${own.network.config}/scans/${secondOwnScan.id}/scan-endpoints/`,
      `${NVA}/${own.network.config}/scans/${own.network.scan}/scan-endpoints/${foreignEndpoint.id}/`,
      `${NVA}/${own.network.config}/scans/${own.network.scan}/scan-endpoints/${foreignEndpoint.id}/services/`,
      `${ED}/${own.exposure.config}/scans/${otherExposureScan.id}/hosts/`,
      `${ED}/${own.exposure.config}/scans/${otherExposureScan.id}/domains`,
    ];
    for (const role of ["superadmin", "admin"] as const) {
      for (const url of urls) expect((await call(role, "GET", url)).status, `${role} GET ${url}`).toBe(404);
    }
  });

  it("lists only the client's company, whatever `company` it passes", async () => {
    const lists: Array<[string, (row: Json) => number | undefined]> = [
      [`/api/v1/asset/product/?company=${OTHER}&page_size=100`, (r) => r.company as number],
      [`${NVA}/?company=${OTHER}&page_size=100`, (r) => (r.company as Json).id as number],
      [`${ED}/?company=${OTHER}&page_size=100`, (r) => (r.company as Json).id as number],
      ["/api/v1/asset/networkva/?page_size=100", (r) => companyOfProduct((r.product as Json).id as number)],
      ["/api/v1/asset/sourcecode/?page_size=100", (r) => companyOfProduct((r.product as Json).id as number)],
      ["/api/v1/asset/webapp/?page_size=100", (r) => companyOfProduct((r.product as Json).id as number)],
      ["/api/v1/asset/threat-inspection/?page_size=100", (r) => companyOfProduct((r.product as Json).id as number)],
      ["/api/v1/asset/exposure-detection/?page_size=100", (r) => companyOfProduct((r.product as Json).id as number)],
    ];
    for (const [url, companyOfRow] of lists) {
      const res = await call("member", "GET", url);
      expect(res.status, url).toBe(200);
      const rows = results(res.body as Json);
      expect(rows.length, url).toBeGreaterThan(0);
      expect(new Set(rows.map(companyOfRow)), url).toEqual(new Set([OWN]));
    }
  });

  it("shows staff every company's assets: the asset lists declare no `company` (static mode narrows them)", async () => {
    const res = await call("superadmin", "GET", `/api/v1/asset/networkva/?company=${OTHER}&page_size=1`);
    expect((res.body as Json).count).toBe(seed.networkAssets.length);
  });

  it("narrows staff lists to `?company=`, and shows every company without it", async () => {
    const narrowed = await call("analyst", "GET", `${NVA}/?company=${OTHER}&page_size=100`);
    const all = await call("analyst", "GET", `${NVA}/?page_size=1`);
    const seeded = seed.networkConfigs.filter((c) => c.company_id === OTHER).length;
    expect((narrowed.body as Json).count).toBe(seeded);
    expect(new Set(results(narrowed.body as Json).map((r) => (r.company as Json).id))).toEqual(new Set([OTHER]));
    expect((all.body as Json).count).toBe(seed.networkConfigs.length);

    const products = await call("superadmin", "GET", `/api/v1/asset/product/?company=${OTHER}&page_size=100`);
    expect((products.body as Json).count).toBe(seed.products.filter((p) => p.company_id === OTHER).length);
  });
});

function companyOf(configId: number) {
  return seed.networkConfigs.find((c) => c.id === configId)?.company_id;
}

describe("updateNetworkScanSchedule", () => {
  const path = own.network;
  const url = `${NVA}/${path.config}/scans/${path.scan}/update-schedule/`;

  const state = async () => {
    const rows = await sql<Json>`
      select s.schedulle_type as scan_type, s.scan_time_schedulle, c.schedulle_type, c.frequency_type, c.updated_at,
             (select count(*) from audit_events where entity = 'network_scan') as audits
      from network_scans s join network_configs c on c.id = s.config_id where s.id = ${path.scan}`.execute(
      server.services.db,
    );
    return rows.rows[0];
  };

  it("refuses a bad schedule with field errors, and changes nothing", async () => {
    const before = await state();
    const refusals: Array<[unknown, string]> = [
      [{ schedulle_type: "AUTOMATIC_SCHEDULLE", scan_time: "2027-01-02T03:04:05Z" }, "frequency_type"],
      [
        { schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: null, scan_time: "2027-01-02T03:04:05Z" },
        "frequency_type",
      ],
      [
        { schedulle_type: "ONE_TIME_SCAN", frequency_type: "WEEKLY", scan_time: "2027-01-02T03:04:05Z" },
        "frequency_type",
      ],
      [{ schedulle_type: "DAILY", scan_time: "2027-01-02T03:04:05Z" }, "schedulle_type"],
      [{ schedulle_type: "SPECIFIED_SCHEDULLE", scan_time: "next tuesday" }, "scan_time"],
      [{ schedulle_type: "SPECIFIED_SCHEDULLE" }, "scan_time"],
    ];
    for (const [body, field] of refusals) {
      const res = await call("admin", "PUT", url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body ?? {}), JSON.stringify(body)).toContain(field);
      // Static mode refuses the same bodies, on the same field.
      const theirs = await callMock("admin", "PUT", url, body);
      expect(theirs.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(theirs.body ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await state()).toEqual(before);
  });

  it("answers 404 for another company's scan, and a scan under another configuration, changing nothing", async () => {
    const before = await state();
    const body = { schedulle_type: "ONE_TIME_SCAN", scan_time: "2027-01-02T03:04:05Z" };
    const foreign = `${NVA}/${other.network.config}/scans/${other.network.scan}/update-schedule/`;
    const crossed = `${NVA}/${other.network.config}/scans/${path.scan}/update-schedule/`;
    expect((await call("admin", "PUT", foreign, body)).status).toBe(404);
    expect((await call("superadmin", "PUT", crossed, body)).status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it("moves the scan and its configuration to the new schedule, with an audit row", async () => {
    const body = {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "MONTHLY",
      scan_time: "2027-01-02T10:04:05+07:00",
    };
    const ours = await call("admin", "PUT", url, body);
    const theirs = await callMock("admin", "PUT", url, body);
    expect(ours.status).toBe(200);
    expectValid("updateNetworkScanSchedule", 200, ours.body);
    expect(ours.body).toEqual(theirs.body);
    expect(ours.body).toMatchObject({
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      schedulle_type_display: "Continuous Scan",
      scan_time: { schedulle: "2027-01-02T03:04:05.000Z" },
    });

    // The configuration's updated_at is each server's own clock; the rest is static mode's answer.
    const configUrl = `${NVA}/${path.config}/`;
    const config = (await call("admin", "GET", configUrl)).body ?? {};
    const { updated_at: updatedAt, ...rest } = config;
    const { updated_at: _theirs, ...theirsRest } = (await callMock("admin", "GET", configUrl)).body ?? {};
    expectValid("getNetworkScanConfiguration", 200, config);
    expect(rest).toEqual(theirsRest);
    expect(rest).toMatchObject({ schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "MONTHLY" });
    expect(Date.now() - Date.parse(String(updatedAt))).toBeLessThan(60_000);

    const audits = await sql<Json>`select company_id, actor_id, action, entity_id, before, after from audit_events
                                   where entity = 'network_scan'`.execute(server.services.db);
    const admin = seed.users.find((u) => u.email === EMAIL.admin);
    expect(audits.rows).toEqual([
      {
        company_id: OWN,
        actor_id: admin?.id,
        action: "network_scan.update_schedule",
        entity_id: path.scan,
        before: expect.objectContaining({ scan_time: expect.any(String) }),
        after: {
          schedulle_type: "AUTOMATIC_SCHEDULLE",
          frequency_type: "MONTHLY",
          scan_time: "2027-01-02T03:04:05.000Z",
        },
      },
    ]);
  });
});
