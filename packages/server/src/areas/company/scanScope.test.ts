import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";
import type { NetworkEngine } from "../../scanning/engines.ts";
import { runNetworkScanJob } from "../../scanning/networkJob.ts";

/**
 * A company's scan scope (issue 29), on PostgreSQL: a private target is refused until a super admin
 * widens that company's scope, and stays refused for every other company; only a super admin widens
 * it; a widening removed after a scan was queued refuses the scan when it runs.
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
const A = seed.users.find((u) => u.email === EMAIL.admin)?.company_id ?? 0;
const B = seed.companies.find((c) => c.id !== A)?.id ?? 0;
const TARGET = "10.40.1.5";

let server: TestServer;
let stopStaticMode = () => {};
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await testServer();
  for (const role of Object.keys(EMAIL) as Role[]) tokens[role] = (await server.signIn(EMAIL[role])).access;
  stopStaticMode = startStaticMode();
});
afterAll(async () => {
  stopStaticMode();
  await server.close();
});

type Json = Record<string, unknown>;
async function call(role: Role, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], body });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json & Json[]) };
}
function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const scopeUrl = (company: number) => `/api/v1/company/${company}/scan-scope/`;
const ranges = async (company: number) =>
  (
    await rows<{ range: string }>(
      sql`select range::text as range from company_scan_ranges where company_id = ${company}`,
    )
  ).map((r) => r.range);

/** A live private-range network asset of the company, in its first product. */
async function privateAsset(company: number): Promise<number> {
  const [asset] = await rows<{ id: number }>(sql`
    insert into network_assets (company_id, product_id, target, kind)
    select ${company}, min(id), ${TARGET}, 'IP_ADDRESS' from products where company_id = ${company}
    returning id`);
  if (!asset) throw new Error("no asset inserted");
  return asset.id;
}
const configure = (role: Role, asset: number) =>
  call(role, "POST", "/api/v1/networkva/scan-configuration/", {
    assets: [asset],
    schedulle_type: "ONE_TIME_SCAN",
    scan_time: new Date(Date.now() + 3_600_000).toISOString(),
  });
const runUrl = (configId: number) => `/api/v1/networkva/scan-configuration/${configId}/scans/`;

describe("a company's widened scan scope", () => {
  let assetA = 0;
  let assetB = 0;
  let rangeId = 0;
  let configId = 0;

  beforeAll(async () => {
    assetA = await privateAsset(A);
    assetB = await privateAsset(B);
  });

  it("refuses a private target of company A while its scope is not widened", async () => {
    const res = await configure("admin", assetA);
    expect(res.status).toBe(400);
    expect(res.body?.assets).toEqual([`${TARGET} is a private address, which this server is not configured to scan.`]);
  });

  it("lets no one but a super admin widen it, and changes nothing when refused", async () => {
    for (const role of ["admin", "analyst", "member"] as const) {
      const res = await call(role, "POST", scopeUrl(A), { range: "10.40.0.0/16" });
      expect(res.status, role).toBe(403);
    }
    expect(String((await call("admin", "POST", scopeUrl(A), { range: "10.40.0.0/16" })).body?.detail)).toBe(
      "Only a super admin can change a company's scan scope.",
    );
    // Another company's scope is not found before it is forbidden.
    expect((await call("admin", "POST", scopeUrl(B), { range: "10.40.0.0/16" })).status).toBe(404);
    expect(await ranges(A)).toEqual([]);
  });

  it("refuses each unfit range on its field, and writes nothing", async () => {
    const refusals: Array<[string, RegExp]> = [
      ["10.40.0.0/33", /is not an IPv4 or IPv6 address or CIDR block/],
      ["intranet.example", /is not an IPv4 or IPv6 address or CIDR block/],
      ["10.0.0.0/7", /wider than \/8/],
      ["0.0.0.0/0", /wider than \/8/],
      ["10.40.1.5/16", /host bits set after its \/16 prefix; the block is 10\.40\.0\.0\/16/],
      ["169.254.169.254", /cloud metadata address/],
      ["fd00:ec2::254", /cloud metadata address/],
      ["127.0.0.0/8", /scanning server itself/],
      ["8.8.8.0/24", /public address space/],
      ["10.0.0.1-10.0.0.9", /is a range; enter it as a CIDR block/],
      ["::ffff:10.40.0.0/112", /IPv4-mapped form of IPv4 addresses \(from 10\.40\.0\.0\); widen by the IPv4 block/],
      ["64:ff9b::a28:0/112", /NAT64 form of IPv4 addresses/],
    ];
    for (const [range, message] of refusals) {
      const res = await call("superadmin", "POST", scopeUrl(A), { range });
      expect(res.status, range).toBe(400);
      expect((res.body?.range as string[] | undefined)?.[0], range).toMatch(message);
    }
    expect(await ranges(A)).toEqual([]);
  });

  it("allows company A's target once a super admin widens A's scope, and records who and when", async () => {
    const res = await call("superadmin", "POST", scopeUrl(A), { range: " 10.40.0.0/16 ", note: "Office VPN" });
    expect(res.status).toBe(201);
    expectValid("addCompanyScanRange", 201, res.body);
    expect(res.body).toMatchObject({
      company: A,
      range: "10.40.0.0/16",
      note: "Office VPN",
      added_by_name: "Sinta Wijaya",
    });
    rangeId = res.body?.id as number;
    const [logged] = await rows<{ actor: number; action: string }>(sql`
      select actor_id as actor, action from audit_events
       where entity = 'company_scan_range' and entity_id = ${rangeId}`);
    expect(logged?.action).toBe("company.scan_range.add");

    const again = await call("superadmin", "POST", scopeUrl(A), { range: "10.40.0.0/16" });
    expect(again.status).toBe(400);
    expect(again.body?.range).toEqual(["10.40.0.0/16 is already in this company's scan scope."]);

    const configured = await configure("admin", assetA);
    expect(configured.status).toBe(201);
    configId = configured.body?.id as number;
  });

  it("still refuses the same address for company B", async () => {
    const res = await configure("superadmin", assetB);
    expect(res.status).toBe(400);
    expect(res.body?.assets).toEqual([`${TARGET} is a private address, which this server is not configured to scan.`]);
  });

  it("shows the ranges to staff and the company's admins, not to members or other companies", async () => {
    for (const role of ["superadmin", "analyst", "admin"] as const) {
      const res = await call(role, "GET", scopeUrl(A));
      expect(res.status, role).toBe(200);
      expectValid("listCompanyScanRanges", 200, res.body);
      expect(
        (res.body as Json[]).map((r) => r.range),
        role,
      ).toEqual(["10.40.0.0/16"]);
    }
    expect((await call("member", "GET", scopeUrl(A))).status).toBe(403);
    expect((await call("admin", "GET", scopeUrl(B))).status).toBe(404);
    expect((await call("superadmin", "GET", scopeUrl(B))).body).toEqual([]);
    // A range is removed only through its own company.
    expect((await call("superadmin", "DELETE", `${scopeUrl(B)}${rangeId}/`)).status).toBe(404);
    expect((await call("admin", "DELETE", `${scopeUrl(A)}${rangeId}/`)).status).toBe(403);
    expect(await ranges(A)).toEqual(["10.40.0.0/16"]);
  });

  it("refuses the queued scan when it runs after the widening was removed, and refunds it", async () => {
    const queued = await call("admin", "POST", runUrl(configId));
    expect(queued.status).toBe(201);
    const scanId = queued.body?.id as number;
    await sql`delete from pgboss.job where name = 'scan.network' and (data ->> 'scanId')::int = ${scanId}`.execute(
      db(),
    );

    const removed = await call("superadmin", "DELETE", `${scopeUrl(A)}${rangeId}/`);
    expect(removed.status).toBe(204);
    expect(await ranges(A)).toEqual([]);

    // An engine that would succeed if it ran: the refusal must come from the scope check.
    const engine: NetworkEngine = {
      id: "test-true",
      format: "nmap-xml",
      command: (_host, _scanning, signal) => ({
        command: "true",
        args: () => [],
        timeoutMs: 60_000,
        memoryBytes: 512 * 1024 ** 2,
        maxReportBytes: 1024 ** 2,
        signal,
      }),
    };
    await runNetworkScanJob(
      { db: db(), scanning: server.services.config.scanning, engines: [engine] },
      { scanId, companyId: A },
    );
    const [scan] = await rows<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from network_scans where id = ${scanId}`,
    );
    expect(scan?.status).toBe("FAILED");
    expect(scan?.failure_reason).toBe(`${TARGET} is a private address, which this server is not configured to scan.`);
    const refunds = await rows<{ amount: number }>(sql`select amount from credit_transactions
      where (reference ->> 'scan_id')::int = ${scanId} and transaction_action = 'REFUND'`);
    expect(refunds).toEqual([{ amount: 10 }]);

    // And queuing it again is refused too.
    const requeued = await call("admin", "POST", runUrl(configId));
    expect(requeued.status).toBe(400);
    expect(requeued.body?.non_field_errors).toEqual([
      `${TARGET} is a private address, which this server is not configured to scan.`,
    ]);
  });

  it("keeps a cloud metadata address refused inside a widened link-local range", async () => {
    const res = await call("superadmin", "POST", scopeUrl(A), { range: "169.254.0.0/16" });
    expect(res.status).toBe(201);
    const { outOfScope, widenedRanges } = await import("../../scanning/scope.ts");
    const widened = await server.services.db.transaction().execute((tx) => widenedRanges(tx, A));
    expect(outOfScope("169.254.10.20", [], widened)).toBeNull();
    expect(outOfScope("169.254.169.254", [], widened)).toMatch(/cloud metadata address/);
    expect(outOfScope("169.254.169.0/24", [], widened)).toMatch(/cloud metadata address/);
    // The server's own configuration still decides for itself.
    const { parseAllowedRanges } = await import("../../scanning/scope.ts");
    expect(outOfScope("169.254.169.254", parseAllowedRanges("169.254.169.254/32").blocks, widened)).toBeNull();
  });
});

describe("static mode", () => {
  it("answers as the server does: the same refusals in the same words, and the same roles", async () => {
    const url = scopeUrl(A);
    for (const range of ["10.0.0.0/7", "10.40.1.5/16", "169.254.169.254", "8.8.8.0/24", "nonsense"]) {
      const [real, mock] = [
        await call("superadmin", "POST", url, { range }),
        await callStatic(EMAIL.superadmin, "POST", url, { range }),
      ];
      expect(mock, range).toEqual(real);
    }
    for (const role of ["admin", "member"] as const) {
      const real = await call(role, "POST", url, { range: "10.50.0.0/16" });
      const mock = await callStatic(EMAIL[role], "POST", url, { range: "10.50.0.0/16" });
      expect(mock, role).toEqual(real);
      expect((await callStatic(EMAIL[role], "GET", url)).status, role).toBe((await call(role, "GET", url)).status);
    }
    expect((await callStatic(EMAIL.admin, "GET", scopeUrl(B))).status).toBe(404);
    const added = await callStatic(EMAIL.superadmin, "POST", url, { range: "10.50.0.0/16", note: "Lab" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ company: A, range: "10.50.0.0/16", note: "Lab", added_by_name: "Sinta Wijaya" });
    const again = await callStatic(EMAIL.superadmin, "POST", url, { range: "10.50.0.0/16" });
    expect(again.body).toEqual({ range: ["10.50.0.0/16 is already in this company's scan scope."] });
    expect((await callStatic(EMAIL.superadmin, "DELETE", `${url}${added.body?.id}/`)).status).toBe(204);
    expect((await callStatic(EMAIL.admin, "GET", url)).body).toEqual([]);
  });
});
