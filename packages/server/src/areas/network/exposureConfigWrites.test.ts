import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Making exposure detection configurations from domains (issue 29, "adding targets"), on PostgreSQL:
 * one configuration per domain with its schedule, all in one transaction; every refusal names its
 * field and writes nothing; members and analysts get 403 and another company's domain 404; static
 * mode answers the same.
 */

const contract = loadContract();
type Role = "admin" | "member" | "analyst" | "superadmin";
const EMAIL: Record<Role, string> = {
  admin: "admin@example.com",
  member: "member@example.com",
  analyst: "analyst@example.com",
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
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as unknown) };
}
const callMock = (role: Role, method: string, url: string, body?: unknown) =>
  callStatic(EMAIL[role], method, url, body);
const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const configCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from exposure_configs`))[0]?.n ?? 0;

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  const validate = operation && contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

const CONFIGS = "/api/v1/exposure-detection/scan-configuration/";
const inADay = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

/** A product with domains, made through the API in both the server and static mode. */
async function productWith(name: string, domains: string[]) {
  const made = { server: [] as number[], mock: [] as number[] };
  for (const side of ["server", "mock"] as const) {
    const send = side === "server" ? call : callMock;
    const product = (await send("admin", "POST", "/api/v1/asset/product/", { name })).body as Json;
    for (const domain of domains) {
      const asset = await send("admin", "POST", "/api/v1/asset/exposure-detection/", {
        product: product.id,
        name: domain,
      });
      expect(asset.status, `${side} ${domain} ${JSON.stringify(asset.body)}`).toBe(201);
      made[side].push((asset.body as Json).id as number);
    }
  }
  return made;
}

describe("creating exposure detection configurations", () => {
  it("makes one configuration per domain with its schedule, in the order asked, which then runs at its price", async () => {
    const made = await productWith("Customer portals", ["portal.example-shop.test", "status.example-shop.test"]);
    const scanTime = inADay();
    const body = { schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "WEEKLY", scan_time: scanTime };
    const res = await call("admin", "POST", CONFIGS, { ...body, assets: made.server });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectValid("createExposureDetectionConfiguration", 201, res.body);
    const created = res.body as Json[];
    expect(created.map((c) => [c.domain, new Date(String(c.scheduled_scan)).toISOString(), c.last_scanned])).toEqual([
      ["portal.example-shop.test", scanTime, null],
      ["status.example-shop.test", scanTime, null],
    ]);
    const stored = await rows<{ asset_id: number; schedulle_type: string; frequency_type: string }>(
      sql`select asset_id, schedulle_type, frequency_type from exposure_configs
          where id = any(${created.map((c) => c.id as number)}::int[]) order by id`,
    );
    expect(stored).toEqual(
      made.server.map((asset_id) => ({ asset_id, schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "WEEKLY" })),
    );
    // The list shows them.
    const list = (await call("admin", "GET", CONFIGS)).body as { results: Json[] };
    expect(list.results.map((c) => c.id)).toEqual(expect.arrayContaining(created.map((c) => c.id)));

    const mock = await callMock("admin", "POST", CONFIGS, { ...body, assets: made.mock });
    expect(mock.status).toBe(201);
    expect((mock.body as unknown as Json[]).map((c) => c.domain)).toEqual(created.map((c) => c.domain));

    // Run now charges 10 credits for the new configuration.
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              select company_id, 100, 'EXPOSUREDETECTION', 'TOPUP', 'Test' from users where email = ${EMAIL.admin}`.execute(
      db(),
    );
    const run = await call("admin", "POST", `${CONFIGS}${created[0]?.id}/scan/`);
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const charged = await rows<{ amount: number }>(
      sql`select amount from credit_transactions where (reference ->> 'scan_id')::int = ${(run.body as Json).id as number}
          and reference ->> 'kind' = 'EXPOSURE_DETECTION'`,
    );
    expect(charged.map((c) => Number(c.amount))).toEqual([-10]);
  });

  it("refuses what cannot be a configuration, naming the field, and writes nothing, as static mode does", async () => {
    const a = await productWith("Head office", ["intranet.example-bank.test"]);
    const b = await productWith("Warehouse", ["stock.example-bank.test"]);
    const local = await productWith("Lab", ["dev.localhost"]);
    const before = await configCount();
    const cases: Array<[string, (side: "server" | "mock") => Record<string, unknown>, Record<string, RegExp>]> = [
      [
        "a time in the past and a one-time scan with a frequency",
        (side) => ({
          assets: a[side],
          schedulle_type: "ONE_TIME_SCAN",
          frequency_type: "WEEKLY",
          scan_time: "2020-01-01T00:00:00Z",
        }),
        { frequency_type: /Only a continuous scan has a frequency/, scan_time: /future/ },
      ],
      [
        "a continuous scan without a frequency",
        (side) => ({ assets: a[side], schedulle_type: "AUTOMATIC_SCHEDULLE", scan_time: inADay() }),
        { frequency_type: /needs a frequency/ },
      ],
      [
        "domains of two products",
        (side) => ({ assets: [...a[side], ...b[side]], schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() }),
        {
          assets:
            /belong to one product: intranet\.example-bank\.test is in Head office, stock\.example-bank\.test in Warehouse/,
        },
      ],
    ];
    for (const [what, body, fields] of cases) {
      for (const side of ["server", "mock"] as const) {
        const res = await (side === "server" ? call : callMock)("admin", "POST", CONFIGS, body(side));
        expect(res.status, `${side}: ${what}`).toBe(400);
        const answer = res.body as Record<string, string[]>;
        expect(Object.keys(answer).sort(), `${side}: ${what}`).toEqual(Object.keys(fields).sort());
        for (const [field, message] of Object.entries(fields)) expect(answer[field]?.[0], what).toMatch(message);
      }
    }
    // A localhost name is this machine, which the server may not scan (static mode has no scope).
    expect(
      await call("admin", "POST", CONFIGS, {
        assets: local.server,
        schedulle_type: "ONE_TIME_SCAN",
        scan_time: inADay(),
      }),
    ).toEqual({
      status: 400,
      body: { assets: ["dev.localhost is a loopback address, which this server is not configured to scan."] },
    });
    expect(await configCount()).toBe(before);

    // A domain that has a configuration already, alone or among new ones: nothing is made.
    const once = { assets: a.server, schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() };
    expect((await call("admin", "POST", CONFIGS, once)).status).toBe(201);
    const twice = await call("admin", "POST", CONFIGS, { ...once, assets: [...b.server, ...a.server] });
    expect(twice.status).toBe(400);
    expect((twice.body as Json).assets).toEqual([
      "The domains belong to one product: stock.example-bank.test is in Warehouse, intranet.example-bank.test in Head office.",
      "intranet.example-bank.test already has a configuration. Run or reschedule it from the list.",
    ]);
    expect(await configCount()).toBe(before + 1);
  });

  it("is refused to members and analysts (403), and another company's domain is not found (404)", async () => {
    const made = await productWith("Partner sites", ["partners.example-air.test"]);
    const before = await configCount();
    const body = { assets: made.server, schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() };
    for (const role of ["member", "analyst"] as const) {
      const res = await call(role, "POST", CONFIGS, body);
      expect(res, role).toEqual({
        status: 403,
        body: { detail: "Only your company's admins can add scan targets. Ask an admin to do it." },
      });
      expect((await callMock(role, "POST", CONFIGS, { ...body, assets: made.mock })).status, role).toBe(403);
    }
    const [foreign] = await rows<{ id: number }>(
      sql`select a.id from exposure_assets a join users u on u.email = ${EMAIL.admin}
          where a.company_id <> u.company_id and a.archived_at is null
            and not exists (select 1 from exposure_configs c where c.asset_id = a.id)
          order by a.id limit 1`,
    );
    if (!foreign) throw new Error("the seed has no free domain of another company");
    const theirs = await call("admin", "POST", CONFIGS, { ...body, assets: [foreign.id] });
    expect(theirs).toEqual({
      status: 404,
      body: { detail: `No exposure asset ${foreign.id} was found. Pick domains from the list.` },
    });
    // Static mode has the same seed: the same record is another company's there too.
    expect((await callMock("admin", "POST", CONFIGS, { ...body, assets: [foreign.id] })).status).toBe(404);
    expect(await configCount()).toBe(before);

    // A super admin may make one for any company.
    const staff = await call("superadmin", "POST", CONFIGS, { ...body, assets: [foreign.id] });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(await configCount()).toBe(before + 1);
  });
});
