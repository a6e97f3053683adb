import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Making a network scan configuration from assets (issue 29, "adding targets"), on PostgreSQL: the
 * configuration, its targets, the endpoints of new assets and the first PENDING scan are written
 * together; every refusal names its field and writes nothing; static mode answers the same.
 */

const contract = loadContract();
type Role = "admin" | "member" | "superadmin";
const EMAIL: Record<Role, string> = {
  admin: "admin@example.com",
  member: "member@example.com",
  superadmin: "superadmin@example.com",
};

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

async function call(role: Role, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], body });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
const callMock = (role: Role, method: string, url: string, body?: unknown) =>
  callStatic(EMAIL[role], method, url, body);
const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  const validate = operation && contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

/** The hosts of a configuration's targets, sorted. */
const hostsOf = (config: Json | null) =>
  ((config?.target ?? []) as Json[]).map((t) => String((t.endpoint as Json).host)).sort();

const CONFIGS = "/api/v1/networkva/scan-configuration/";
const inADay = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

/** A product with assets, made through the API in both the server and static mode. */
async function productWith(name: string, targets: string[]) {
  const made = { server: { product: 0, assets: [] as number[] }, mock: { product: 0, assets: [] as number[] } };
  for (const side of ["server", "mock"] as const) {
    const send = side === "server" ? call : callMock;
    const product = await send("admin", "POST", "/api/v1/asset/product/", { name });
    made[side].product = product.body?.id as number;
    for (const target of targets) {
      const asset = await send("admin", "POST", "/api/v1/asset/networkva/", { product: made[side].product, target });
      expect(asset.status, `${side} ${target}`).toBe(201);
      made[side].assets.push(asset.body?.id as number);
    }
  }
  return made;
}

describe("creating a network scan configuration", () => {
  it("makes the configuration, one endpoint per address and the first PENDING scan, which runs at its price", async () => {
    const made = await productWith("Branch offices", ["198.51.100.0/30", "203.0.113.9"]);
    const body = { assets: made.server.assets, schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "WEEKLY" };
    const scanTime = inADay();
    const res = await call("admin", "POST", CONFIGS, { ...body, scan_time: scanTime });
    expect(res.status).toBe(201);
    expectValid("createNetworkScanConfiguration", 201, res.body);
    expect(res.body).toMatchObject({
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "WEEKLY",
      target_type: "IP_RANGE",
    });
    const configId = res.body?.id as number;
    // The /30's network and broadcast addresses are no hosts: two endpoints, plus the single address.
    const hosts = hostsOf(res.body);
    expect(hosts).toEqual(["198.51.100.1", "198.51.100.2", "203.0.113.9"]);
    const scans = await rows<{ status: string; at: Date | string }>(
      sql`select status, scan_time_schedulle as at from network_scans where config_id = ${configId}`,
    );
    expect(scans.map((s) => [s.status, new Date(s.at).toISOString()])).toEqual([["PENDING", scanTime]]);

    const mock = await callMock("admin", "POST", CONFIGS, { ...body, assets: made.mock.assets, scan_time: scanTime });
    expect(mock.status).toBe(201);
    expect(hostsOf(mock.body)).toEqual(hosts);

    // Run now charges the three endpoints.
    const run = await call("admin", "POST", `${CONFIGS}${configId}/scans/`);
    expect(run.status).toBe(201);
    const charged = await rows<{ amount: number }>(
      sql`select amount from credit_transactions where (reference ->> 'scan_id')::int = ${run.body?.id as number}
          and reference ->> 'kind' = 'NETWORK_VA'`,
    );
    expect(charged).toEqual([{ amount: -30 }]);
  });

  it("refuses what cannot be a configuration, naming the field, and writes nothing, as static mode does", async () => {
    const a = await productWith("Head office", ["192.0.2.44"]);
    const b = await productWith("Warehouse", ["192.0.2.45"]);
    const configs = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from network_configs`))[0]?.n;
    const before = await configs();
    const cases: Array<[string, (side: "server" | "mock") => Record<string, unknown>, string, RegExp]> = [
      [
        "a time in the past",
        (side) => ({ assets: a[side].assets, schedulle_type: "ONE_TIME_SCAN", scan_time: "2020-01-01T00:00:00Z" }),
        "scan_time",
        /future/,
      ],
      [
        "a continuous scan without a frequency",
        (side) => ({ assets: a[side].assets, schedulle_type: "AUTOMATIC_SCHEDULLE", scan_time: inADay() }),
        "frequency_type",
        /needs a frequency/,
      ],
      [
        "assets of two products",
        (side) => ({
          assets: [...a[side].assets, ...b[side].assets],
          schedulle_type: "ONE_TIME_SCAN",
          scan_time: inADay(),
        }),
        "assets",
        /belong to one product: 192\.0\.2\.44 is in Head office, 192\.0\.2\.45 in Warehouse/,
      ],
      [
        "an asset that does not exist",
        () => ({ assets: [999_999], schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() }),
        "assets",
        /No network asset 999999 was found/,
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const ours = await call("admin", "POST", CONFIGS, body("server"));
      expect(ours.status, what).toBe(400);
      expect(Object.keys(ours.body ?? {}), what).toEqual([field]);
      expect(String((ours.body?.[field] as string[] | undefined)?.[0]), what).toMatch(message);
      const theirs = await callMock("admin", "POST", CONFIGS, body("mock"));
      expect(theirs.status, what).toBe(400);
      expect(Object.keys(theirs.body ?? {}), what).toEqual([field]);
    }
    // Another company's asset is one that does not exist; members may not make configurations.
    const foreign = await rows<{ id: number }>(
      sql`select a.id from network_assets a join users u on u.email = ${EMAIL.admin}
          where a.company_id <> u.company_id and a.archived_at is null order by a.id limit 1`,
    );
    const theirs = await call("admin", "POST", CONFIGS, {
      assets: [foreign[0]?.id],
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(theirs.body).toEqual({
      assets: [`No network asset ${foreign[0]?.id} was found. Pick assets from the list.`],
    });
    const member = await call("member", "POST", CONFIGS, {
      assets: a.server.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(member.status).toBe(403);
    expect(await configs()).toBe(before);
  });

  it("refuses a private range this server may not scan, in the scanner's words", async () => {
    const made = await productWith("Lab", ["10.20.0.0/29"]);
    const res = await call("admin", "POST", CONFIGS, {
      assets: made.server.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(res).toEqual({
      status: 400,
      body: { assets: ["10.20.0.0/29 is a private address, which this server is not configured to scan."] },
    });
    const endpoints = await rows(
      sql`select 1 from network_endpoints where asset_id = any(${made.server.assets}::int[])`,
    );
    expect(endpoints).toEqual([]);
  });
});
