import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Adding web applications to scan from assets (issue 29, "adding targets"), on PostgreSQL: the
 * applications and their first PENDING scans are written together; every refusal names its field
 * and writes nothing; static mode answers the same.
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

const APPS = "/api/v1/webapp/applications/";
const inADay = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();
const appCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from web_apps`))[0]?.n;
const namesOf = (body: Json | null) => ((body?.results ?? []) as Json[]).map((app) => app.application);

/** A product with web application assets, made through the API in both the server and static mode. */
async function productWith(name: string, apps: Array<[string, string]>) {
  const made = { server: { product: 0, assets: [] as number[] }, mock: { product: 0, assets: [] as number[] } };
  for (const side of ["server", "mock"] as const) {
    const send = side === "server" ? call : callMock;
    const product = await send("admin", "POST", "/api/v1/asset/product/", { name });
    expect(product.status, `${side} ${name}`).toBe(201);
    made[side].product = product.body?.id as number;
    for (const [application_name, url] of apps) {
      const asset = await send("admin", "POST", "/api/v1/asset/webapp/", {
        product: made[side].product,
        application_name,
        url,
      });
      expect(asset.status, `${side} ${url}`).toBe(201);
      made[side].assets.push(asset.body?.id as number);
    }
  }
  return made;
}

describe("adding web applications to scan", () => {
  it("adds each asset as an application with its first PENDING scan, listed as the list shows it", async () => {
    const made = await productWith("Customer portal", [
      ["Portal", "https://portal.example.org/"],
      ["Portal API", "https://api.portal.example.org/v2/"],
    ]);
    const scanTime = inADay();
    const body = { schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "MONTHLY", scan_time: scanTime };
    const res = await call("admin", "POST", APPS, { ...body, assets: made.server.assets });
    expect(res.status).toBe(201);
    expectValid("createWebApplications", 201, res.body);
    const results = res.body?.results as Json[];
    expect(results).toMatchObject([
      {
        application: "Portal",
        target: "https://portal.example.org/",
        status: "PENDING",
        product: { name: "Customer portal" },
      },
      { application: "Portal API", target: "https://api.portal.example.org/v2/", status: "PENDING" },
    ]);
    const ids = results.map((app) => app.id as number);
    const stored = await rows<{ schedulle_type: string; frequency_type: string; status: string; at: string }>(
      sql`select a.schedulle_type, a.frequency_type, s.status, s.scan_time_schedulle as at
          from web_apps a join web_scans s on s.app_id = a.id where a.id = any(${ids}::int[]) order by a.id`,
    );
    expect(stored.map((r) => [r.schedulle_type, r.frequency_type, r.status, new Date(r.at).toISOString()])).toEqual([
      ["AUTOMATIC_SCHEDULLE", "MONTHLY", "PENDING", scanTime],
      ["AUTOMATIC_SCHEDULLE", "MONTHLY", "PENDING", scanTime],
    ]);
    // Nothing is charged until a scan is queued.
    const charged = await rows(
      sql`select 1 from credit_transactions where reference ->> 'kind' = 'APPLICATION_VA'
          and (reference ->> 'id')::int = any(${ids}::int[])`,
    );
    expect(charged).toEqual([]);
    // The list and the application's own page show them.
    const listed = await call("admin", "GET", `${APPS}?page_size=100`);
    expect(((listed.body?.results ?? []) as Json[]).map((app) => app.id)).toEqual(expect.arrayContaining(ids));

    const mock = await callMock("admin", "POST", APPS, { ...body, assets: made.mock.assets });
    expect(mock.status).toBe(201);
    expect(namesOf(mock.body)).toEqual(namesOf(res.body));
  });

  it("lets a super admin add a client's application, in that company", async () => {
    const made = await productWith("Partner extranet", [["Extranet", "https://extranet.example.net/"]]);
    const res = await call("superadmin", "POST", APPS, {
      assets: made.server.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(res.status).toBe(201);
    // The client's company, not the super admin's: the application and its scan are the asset's company's.
    const app = ((res.body?.results ?? []) as Json[])[0];
    const owners = await rows<{ app: number; scan: number; client: number }>(
      sql`select a.company_id as app, s.company_id as scan, u.company_id as client
          from web_apps a join web_scans s on s.app_id = a.id join users u on u.email = ${EMAIL.admin}
          where a.id = ${Number(app?.id)}`,
    );
    const client = owners[0]?.client;
    expect(owners).toEqual([{ app: client, scan: client, client }]);
    expect((app?.company as Json | undefined)?.id).toBe(client);
  });

  it("refuses what cannot be added, naming the field, and writes nothing, as static mode does", async () => {
    const a = await productWith("Head office", [["Intranet", "https://intranet.example.com/"]]);
    const b = await productWith("Warehouse", [["Stock", "https://stock.example.com/"]]);
    const before = await appCount();
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
        "a frequency for a one-time scan",
        (side) => ({
          assets: a[side].assets,
          schedulle_type: "ONE_TIME_SCAN",
          frequency_type: "WEEKLY",
          scan_time: inADay(),
        }),
        "frequency_type",
        /Only a continuous scan/,
      ],
      [
        "assets of two products",
        (side) => ({
          assets: [...a[side].assets, ...b[side].assets],
          schedulle_type: "ONE_TIME_SCAN",
          scan_time: inADay(),
        }),
        "assets",
        /belong to one product: Intranet is in Head office, Stock in Warehouse/,
      ],
      [
        "an asset that does not exist",
        () => ({ assets: [999_999], schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() }),
        "assets",
        /No web application asset 999999 was found/,
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const ours = await call("admin", "POST", APPS, body("server"));
      expect(ours.status, what).toBe(400);
      expect(Object.keys(ours.body ?? {}), what).toEqual([field]);
      expect(String((ours.body?.[field] as string[] | undefined)?.[0]), what).toMatch(message);
      const theirs = await callMock("admin", "POST", APPS, body("mock"));
      expect(theirs.status, what).toBe(400);
      expect(Object.keys(theirs.body ?? {}), what).toEqual([field]);
      expect(String((theirs.body?.[field] as string[] | undefined)?.[0]), what).toMatch(message);
    }
    expect(await appCount()).toBe(before);
  });

  it("refuses an asset already scanned, and adds none of the others sent with it", async () => {
    const made = await productWith("Shop", [
      ["Storefront", "https://shop.example.com/"],
      ["Checkout", "https://pay.shop.example.com/"],
    ]);
    const [storefront] = made.server.assets;
    const first = await call("admin", "POST", APPS, {
      assets: [storefront],
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(first.status).toBe(201);
    const before = await appCount();
    const again = await call("admin", "POST", APPS, {
      assets: made.server.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(again).toEqual({
      status: 400,
      body: { assets: ["Storefront is already scanned: it is in the list of applications."] },
    });
    expect(await appCount()).toBe(before);
    const [mockStorefront] = made.mock.assets;
    await callMock("admin", "POST", APPS, {
      assets: [mockStorefront],
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    const mockAgain = await callMock("admin", "POST", APPS, {
      assets: made.mock.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(mockAgain).toEqual(again);
  });

  it("refuses a URL on an address this server may not scan, in the scanner's words", async () => {
    const made = await productWith("Lab", [["Build server", "http://10.20.0.7:8080/"]]);
    const before = await appCount();
    const res = await call("admin", "POST", APPS, {
      assets: made.server.assets,
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: inADay(),
    });
    expect(res).toEqual({
      status: 400,
      body: { assets: ["10.20.0.7 is a private address, which this server is not configured to scan."] },
    });
    expect(await appCount()).toBe(before);
  });

  it("refuses members and analysts (403), and another company's asset is one that does not exist", async () => {
    const made = await productWith("Billing", [["Invoices", "https://invoices.example.com/"]]);
    const before = await appCount();
    const body = { assets: made.server.assets, schedulle_type: "ONE_TIME_SCAN", scan_time: inADay() };
    for (const role of ["member", "analyst"] as const) {
      const res = await call(role, "POST", APPS, body);
      expect(res, role).toEqual({
        status: 403,
        body: { detail: "Only a company's admins and super admins can add scan targets. Ask an admin to do it." },
      });
      const mock = await callMock(role, "POST", APPS, { ...body, assets: made.mock.assets });
      expect(mock, role).toEqual(res);
    }
    const foreign = await rows<{ id: number }>(
      sql`select w.id from web_assets w join users u on u.email = ${EMAIL.admin}
          where w.company_id <> u.company_id and w.archived_at is null order by w.id limit 1`,
    );
    const id = foreign[0]?.id;
    expect(id).toBeTypeOf("number");
    const theirs = await call("admin", "POST", APPS, { ...body, assets: [id] });
    expect(theirs).toEqual({
      status: 400,
      body: { assets: [`No web application asset ${id} was found. Pick applications from the list.`] },
    });
    expect(await appCount()).toBe(before);
  });
});
