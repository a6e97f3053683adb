import { randomBytes } from "node:crypto";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { fixture, parseAll } from "../../test/reports.ts";
import { startScanWorkers } from "../server.ts";
import type { ParsedFinding, ReportFormat } from "./report.ts";

/**
 * Importing nmap, Greenbone and Nessus reports as scans of a network configuration (issue 29): each
 * import is read by the job queue into the configuration's own host only, and a rescan's findings
 * are matched with the first import's, NEW, UNCHANGED or MITIGATED as the reports differ. Wrong or
 * broken files get a clear answer; members and other companies are refused.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const idle = (configId: number) =>
  !seed.networkScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const configs = seed.networkConfigs.filter((c) => c.company_id === OWN && c.targets.length === 1 && idle(c.id));
const other = seed.networkConfigs.find((c) => c.company_id !== OWN);
/** The host the fixtures report on that the test's configurations target; their other hosts are not. */
const HOST = "192.0.2.10";

let server: TestServer;
let stopScheduler = () => {};
const tokens: Record<"admin" | "member", string> = { admin: "", member: "" };

beforeAll(async () => {
  server = await testServer();
  tokens.admin = (await server.signIn(ADMIN)).access;
  tokens.member = (await server.signIn("member@example.com")).access;
  stopScheduler = await startScanWorkers(server.services.jobs, {
    db: server.services.db,
    scanning: server.services.config.scanning,
  });
});
afterAll(async () => {
  stopScheduler();
  await server.close();
});

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

function upload(name: string, content: Buffer, field = "file") {
  const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importReport(configId: number, name: string, content: Buffer, role: "admin" | "member" = "admin") {
  const { payload, contentType } = upload(name, content);
  const res = await server.app.inject({
    method: "POST",
    url: `/api/v1/networkva/scan-configuration/${configId}/imports/`,
    headers: { authorization: `Bearer ${tokens[role]}`, "content-type": contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function ended(scanId: number) {
  for (;;) {
    const [scan] = await rows<{ status: string; failure_reason: string | null; progress: number }>(
      sql`select status, failure_reason, progress from network_scans where id = ${scanId}`,
    );
    if (scan && !["QUEUED", "RUNNING"].includes(scan.status)) return scan;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function targetHost(index: number): Promise<number> {
  const config = configs[index];
  if (!config) throw new Error("the seed has too few single-target configurations");
  await sql`update network_endpoints set host = ${HOST} where id = ${config.targets[0]?.endpoint_id ?? 0}`.execute(
    db(),
  );
  return config.id;
}

const hostFindings = async (format: ReportFormat, name: string) =>
  (await parseAll(format, fixture(name))).items.filter(
    (i): i is ParsedFinding => i.kind === "finding" && i.host === HOST,
  );

const cases: Array<{ format: ReportFormat; first: string; rescan: string }> = [
  { format: "nmap-xml", first: "nmap.xml", rescan: "nmap-rescan.xml" },
  { format: "greenbone-xml", first: "greenbone.xml", rescan: "greenbone-rescan.xml" },
  { format: "nessus", first: "scan.nessus", rescan: "scan-rescan.nessus" },
];

describe("importing a report into a network configuration", () => {
  cases.forEach(({ format, first, rescan }, index) => {
    it(`reads ${first} and its rescan, and matches their findings`, async () => {
      const configId = await targetHost(index);
      const one = await importReport(configId, first, fixture(first));
      expect(one.status, JSON.stringify(one.body)).toBe(201);
      expect(one.body).toMatchObject({ status: "QUEUED" });
      expect(await ended(one.body.id as number)).toMatchObject({ status: "COMPLETED", progress: 100 });

      const expectedFirst = await hostFindings(format, first);
      expect(expectedFirst.length).toBeGreaterThan(0);
      const stored = await rows<{ fingerprint: string; change: string; host: string }>(sql`
        select f.fingerprint, f.change, f.host from findings f join scan_endpoints se on se.id = f.parent_id
        where f.area = 'network' and se.scan_id = ${one.body.id as number}`);
      expect(new Set(stored.map((f) => f.host))).toEqual(new Set([HOST]));
      expect(stored.map((f) => f.fingerprint).sort()).toEqual(
        [...new Set(expectedFirst.map((f) => f.fingerprint))].sort(),
      );
      expect(new Set(stored.map((f) => f.change))).toEqual(new Set(["NEW"]));

      const two = await importReport(configId, rescan, fixture(rescan));
      expect(await ended(two.body.id as number)).toMatchObject({ status: "COMPLETED" });
      const before = new Set(expectedFirst.map((f) => f.fingerprint));
      const after = new Set((await hostFindings(format, rescan)).map((f) => f.fingerprint));
      const changes = await rows<{ change: string; n: number }>(sql`
        select f.change, count(*)::int as n from findings f join scan_endpoints se on se.id = f.parent_id
        where f.area = 'network' and se.scan_id = ${two.body.id as number} group by f.change`);
      const counted = Object.fromEntries(changes.map((c) => [c.change, c.n]));
      expect(counted.NEW ?? 0).toBe([...after].filter((f) => !before.has(f)).length);
      expect(counted.UNCHANGED ?? 0).toBe([...after].filter((f) => before.has(f)).length);
      const [mitigated] = await rows<{ n: number }>(sql`
        select count(*)::int as n from findings f join scan_endpoints se on se.id = f.parent_id
        where f.area = 'network' and se.scan_id = ${one.body.id as number} and f.status = 'MITIGATED'`);
      expect(mitigated?.n).toBe([...before].filter((f) => !after.has(f)).length);
    });
  });

  it("the fixtures between them show a finding appear and one disappear on this host", async () => {
    let appeared = 0;
    let disappeared = 0;
    for (const { format, first, rescan } of cases) {
      const before = new Set((await hostFindings(format, first)).map((f) => f.fingerprint));
      const after = new Set((await hostFindings(format, rescan)).map((f) => f.fingerprint));
      appeared += [...after].filter((f) => !before.has(f)).length;
      disappeared += [...before].filter((f) => !after.has(f)).length;
    }
    expect(appeared).toBeGreaterThan(0);
    expect(disappeared).toBeGreaterThan(0);
  });

  it("refuses files that are not a network report, with what they are, and writes nothing", async () => {
    const configId = configs[3]?.id ?? 0;
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from network_scans where config_id = ${configId}`))[0]
        ?.n;
    const scans = await count();
    expect((await importReport(configId, "results.sarif", fixture("sarif.json"))).body).toEqual({
      file: [
        "This is a SARIF report, which a network configuration does not take. Upload nmap XML, Greenbone/OpenVAS XML, a Nessus (.nessus) report, ssh-audit's text output or sslscan XML.",
      ],
    });
    expect((await importReport(configId, "notes.txt", Buffer.from("hello"))).body).toEqual({
      file: [
        "This file is not a report Sentinel reads. Upload nmap XML, Greenbone/OpenVAS XML, a Nessus (.nessus) report, ssh-audit's text output or sslscan XML.",
      ],
    });
    expect((await importReport(configId, "empty.xml", Buffer.alloc(0))).body).toEqual({
      file: ["The submitted file is empty."],
    });
    const member = await importReport(configId, "nmap.xml", fixture("nmap.xml"), "member");
    expect(member.status).toBe(403);
    expect((await importReport(other?.id ?? 0, "nmap.xml", fixture("nmap.xml"))).status).toBe(404);
    expect(await count()).toBe(scans);
  });

  it("ends a broken report's scan as failed, saying where the report broke", async () => {
    const configId = await targetHost(4);
    const whole = fixture("nmap.xml");
    const res = await importReport(configId, "nmap.xml", whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.status).toBe(201);
    const scan = await ended(res.body.id as number);
    expect(scan.status).toBe("FAILED");
    expect(scan.failure_reason).toMatch(/^The report could not be read: This nmap XML report ends in the middle of/);
  });
});
