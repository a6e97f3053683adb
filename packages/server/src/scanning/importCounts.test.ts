import { randomBytes } from "node:crypto";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryMismatches } from "../../test/findingCounts.ts";
import { type TestServer, testServer } from "../../test/harness.ts";
import { fixture, parseAll } from "../../test/reports.ts";
import { type ScanTable, severityDrift } from "../../test/severityCounts.ts";
import { loadContract } from "../http/contract.ts";
import { startScanWorkers } from "../server.ts";
import type { ParsedFinding, ReportFormat } from "./report.ts";

/**
 * An import's answer (issue 29): once its scan has ended, the scan says how many of its findings are
 * new, unchanged and reopened, and how many of the previous import's it mitigated, counted by the
 * store in the transaction that matched them. For each of the eight formats, on PostgreSQL: a first
 * import (all new), the same report again (new 0, all unchanged), the rescan fixture with one
 * finding gone and one added (new 1, mitigated 1), then the first report again, which brings the
 * mitigated finding back (reopened 1) and mitigates the added one.
 */

const seed = buildSeed();
const contract = loadContract();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;

let server: TestServer;
let stopWorkers = () => {};
let token = "";

beforeAll(async () => {
  server = await testServer();
  token = (await server.signIn(ADMIN)).access;
  stopWorkers = await startScanWorkers(server.services.jobs, {
    db: server.services.db,
    scanning: server.services.config.scanning,
  });
});
afterAll(async () => {
  stopWorkers();
  await server.close();
});

const db = () => server.services.db;
type Json = Record<string, unknown>;

function expectValid(operationId: string, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, operationId.startsWith("import") ? 201 : 200);
  if (!validate) throw new Error(`the contract declares no body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, operationId).toEqual([]);
}

async function upload(url: string, name: string, fields: Record<string, string> = {}): Promise<Json> {
  const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([key, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    fixture(name),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}

async function get(url: string): Promise<Json> {
  const res = await server.call("GET", url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** Polls what the client polls until the scan has ended; answers the scan as the client reads it. */
async function untilEnded(read: () => Promise<Json>, status: (scan: Json) => unknown): Promise<Json> {
  for (;;) {
    const scan = await read();
    if (!["PENDING", "QUEUED", "RUNNING", "SCANNING"].includes(String(status(scan)))) return scan;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Area {
  /** Imports `name` and answers the ended scan as its area's read call returns it. */
  importAndWait(name: string): Promise<Json>;
  /** The status the scan ended in when it went well. */
  done: string;
  /** Where its scans keep their counts per severity. */
  table: ScanTable;
}

/** A network configuration of the admin's company whose single target is `host`. */
function networkArea(index: number, host: string): Area {
  const idle = (configId: number) =>
    !seed.networkScans.some((s) => s.config_id === configId && ["PENDING", "QUEUED", "RUNNING"].includes(s.status));
  const config = seed.networkConfigs.filter((c) => c.company_id === OWN && c.targets.length === 1 && idle(c.id))[index];
  if (!config) throw new Error("the seed has too few idle single-target configurations");
  let ready: Promise<unknown> | null = null;
  return {
    done: "COMPLETED",
    table: "network_scans",
    async importAndWait(name) {
      ready ??= sql`update network_endpoints set host = ${host}
                    where id = ${config.targets[0]?.endpoint_id ?? 0}`.execute(db());
      await ready;
      const queued = await upload(`/api/v1/networkva/scan-configuration/${config.id}/imports/`, name);
      expectValid("importNetworkScanReport", queued);
      expect(queued.finding_changes).toBeNull();
      return untilEnded(
        async () => {
          const page = await get(`/api/v1/networkva/scan-configuration/${config.id}/scans/?page_size=100`);
          expectValid("listNetworkScans", page);
          return (page.results as Json[]).find((s) => s.id === queued.id) ?? {};
        },
        (s) => s.status,
      );
    },
  };
}

/** A web application of the admin's company at `url`. */
function webArea(url: string): Area {
  const companyOfApp = (appId: number) => {
    const asset = seed.webAssets.find((w) => w.id === seed.webApps.find((a) => a.id === appId)?.asset_id);
    return seed.products.find((p) => p.id === asset?.product_id)?.company_id;
  };
  const app = seed.webApps.find(
    (a) =>
      companyOfApp(a.id) === OWN &&
      !seed.webScans.some((s) => s.app_id === a.id && ["PENDING", "QUEUED", "RUNNING"].includes(s.status)),
  );
  if (!app) throw new Error("the seed has no idle web application");
  let ready: Promise<unknown> | null = null;
  return {
    done: "COMPLETED",
    table: "web_scans",
    async importAndWait(name) {
      ready ??= sql`update web_assets set url = ${url} where id = ${app.asset_id}`.execute(db());
      await ready;
      const queued = await upload(`/api/v1/webapp/applications/${app.id}/imports/`, name);
      expect(queued.finding_changes).toBeNull();
      return untilEnded(
        async () => {
          const scan = await get(`/api/v1/webapp/scans/${queued.id}/`);
          expectValid("getWebScan", scan);
          return scan;
        },
        (s) => (s.target_detail as Json | undefined)?.status,
      );
    },
  };
}

/** A source code application of the admin's company, its `develop` branch (index: one per format). */
function sourceArea(index: number): Area {
  const companyOf = (appId: number) => {
    const app = seed.sourceApps.find((a) => a.id === appId);
    const asset = seed.sourceAssets.find((a) => a.id === app?.asset_id);
    return seed.products.find((p) => p.id === asset?.product_id)?.company_id;
  };
  const app = seed.sourceApps.filter((a) => companyOf(a.id) === OWN)[index];
  if (!app) throw new Error("the seed has too few source code applications");
  let ready: Promise<unknown> | null = null;
  return {
    done: "DONE",
    table: "source_scans",
    async importAndWait(name) {
      ready ??= (async () => {
        await sql`update source_assets set branches = '{main,develop}', repository_url = null
                  where id = ${app.asset_id}`.execute(db());
        await sql`update source_scans set status = 'FAILED'
                  where app_id = ${app.id} and status in ('QUEUED', 'SCANNING')`.execute(db());
      })();
      await ready;
      const queued = await upload(`/api/v1/sourcecode/applications/${app.id}/imports/`, name, { branch: "develop" });
      expect(queued.finding_changes).toBeNull();
      return untilEnded(
        async () => {
          const page = await get(`/api/v1/sourcecode/applications/${app.id}/scan/?page_size=100`);
          expectValid("listSourceCodeScans", page);
          return (page.results as Json[]).find((s) => s.id === queued.id) ?? {};
        },
        (s) => s.status,
      );
    },
  };
}

const fingerprints = async (format: ReportFormat, name: string, host: string | null) =>
  new Set(
    (await parseAll(format, fixture(name))).items
      .filter((i): i is ParsedFinding => i.kind === "finding" && (host === null || i.host === host))
      .map((f) => f.fingerprint),
  );

const cases: Array<{ format: ReportFormat; first: string; rescan: string; host: string | null; area: () => Area }> = [
  {
    format: "nmap-xml",
    first: "nmap.xml",
    rescan: "nmap-rescan.xml",
    host: "192.0.2.10",
    area: () => networkArea(0, "192.0.2.10"),
  },
  {
    format: "greenbone-xml",
    first: "greenbone.xml",
    rescan: "greenbone-rescan.xml",
    host: "192.0.2.11",
    area: () => networkArea(1, "192.0.2.11"),
  },
  {
    format: "nessus",
    first: "scan.nessus",
    rescan: "scan-rescan.nessus",
    host: "192.0.2.11",
    area: () => networkArea(2, "192.0.2.11"),
  },
  {
    format: "zap-json",
    first: "zap.json",
    rescan: "zap-rescan.json",
    host: null,
    area: () => webArea("https://shop.example.com/"),
  },
  {
    format: "ssh-audit-text",
    first: "ssh-audit.txt",
    rescan: "ssh-audit-import-rescan.txt",
    host: "192.0.2.20",
    area: () => networkArea(3, "192.0.2.20"),
  },
  {
    format: "sslscan-xml",
    first: "sslscan.xml",
    rescan: "sslscan-import-rescan.xml",
    host: "192.0.2.30",
    area: () => networkArea(4, "192.0.2.30"),
  },
  { format: "sarif", first: "sarif.json", rescan: "sarif-rescan.json", host: null, area: () => sourceArea(0) },
  { format: "trivy-json", first: "trivy.json", rescan: "trivy-rescan.json", host: null, area: () => sourceArea(1) },
];

describe("an import's final counts of new, unchanged, reopened and mitigated findings", () => {
  for (const { format, first, rescan, host, area: areaOf } of cases) {
    it(`${first}: imported, again, its rescan, and the first report once more`, { timeout: 180_000 }, async () => {
      const before = await fingerprints(format, first, host);
      const after = await fingerprints(format, rescan, host);
      const gone = [...before].filter((f) => !after.has(f)).length;
      const added = [...after].filter((f) => !before.has(f)).length;
      // The fixtures' promise: on this target, one finding is gone and one is new.
      expect({ gone, added }).toEqual({ gone: 1, added: 1 });
      const all = before.size;
      const area = areaOf();
      const changesOf = async (name: string) => {
        const scan = await area.importAndWait(name);
        expect(JSON.stringify(scan)).toContain(`"${area.done}"`);
        // The scan's counts per severity, kept on its row by the store (migration 0300), are a live count's.
        expect(await severityDrift(db(), area.table)).toEqual([]);
        return scan.finding_changes;
      };

      expect(await changesOf(first)).toEqual({ new: all, unchanged: 0, reopened: 0, mitigated: 0 });
      expect(await changesOf(first)).toEqual({ new: 0, unchanged: all, reopened: 0, mitigated: 0 });
      expect(await changesOf(rescan)).toEqual({ new: 1, unchanged: all - 1, reopened: 0, mitigated: 1 });
      expect(await changesOf(first)).toEqual({ new: 0, unchanged: all - 1, reopened: 1, mitigated: 1 });
      // The index's counts (migration 0310) follow every insert, mitigation and reopening of the stores.
      expect(await summaryMismatches(db())).toEqual([]);
    });
  }
});
