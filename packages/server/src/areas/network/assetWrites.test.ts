import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { companyFingerprint } from "../../../test/resolvers.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Adding, editing and removing products and assets (issue 28), on PostgreSQL and in static mode: the
 * same requests get the same statuses and the same field errors, a refused write changes nothing,
 * removed assets leave the lists and counts but keep their rows, and concurrent adds of one target
 * cannot both pass the duplicate check.
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

const OWN = seed.users.find((u) => u.email === EMAIL.admin)?.company_id ?? 0;
const OTHER = seed.companies.find((c) => c.id !== OWN)?.id ?? 0;
const otherProduct = seed.products.find((p) => p.company_id === OTHER)?.id ?? 0;
const otherNetworkAsset = seed.networkAssets.find((a) => a.product_id === otherProduct)?.id ?? 0;

async function call(role: Role, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}

const callMock = (role: Role, method: string, url: string, body?: unknown) =>
  callStatic(EMAIL[role], method, url, body);

/** Both answers, which must agree on status and body (ids aside, which each side numbers itself). */
async function both(role: Role, method: string, url: string, body?: unknown, mockUrl = url) {
  const ours = await call(role, method, url, body);
  const theirs = await callMock(role, method, mockUrl, body);
  expect({ status: ours.status, body: withoutIds(ours.body) }, `${role} ${method} ${url}`).toEqual({
    status: theirs.status,
    body: withoutIds(theirs.body),
  });
  return { ours, theirs };
}

function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !["id", "asset", "created_at", "updated_at"].includes(k))
        .map(([k, v]) => [k, withoutIds(v)]),
    );
  }
  return value;
}

/** The first row of a page. */
const firstId = (page: Json | null) => ((page?.results as Json[] | undefined)?.[0] ?? {}).id;

function expectValid(operationId: string, status: number, body: unknown) {
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const validate = contract.responseValidator(op, status);
  expect(validate?.(body) ? [] : validate?.errors, `${operationId} ${status}`).toEqual([]);
}

/** The asset rows and product rows of the demo company: equal before and after a refusal. */
const ownRows = () => companyFingerprint(server.services.db, OWN);

describe("adding, editing and removing", () => {
  const ids = { server: 0, mock: 0 };
  const productUrl = (side: "server" | "mock") => `/api/v1/asset/product/${ids[side]}/`;

  it("adds a product to the admin's company, as static mode does", async () => {
    const { ours, theirs } = await both("admin", "POST", "/api/v1/asset/product/", { name: "  Harbour Portal " });
    expect(ours.status).toBe(201);
    expectValid("createProduct", 201, ours.body);
    expect(ours.body).toMatchObject({ name: "Harbour Portal", company: OWN, assets_count: 0 });
    ids.server = ours.body?.id as number;
    ids.mock = theirs.body?.id as number;
  });

  it("adds an asset of each kind, stored in canonical form, and counts it", async () => {
    const cases: Array<[string, string, Json, Json]> = [
      ["createNetworkAsset", "networkva", { target: " 2001:DB8:0:0::/112 " }, { target: "2001:db8::/112" }],
      [
        "createWebAppAsset",
        "webapp",
        { application_name: "Harbour", url: "HTTPS://Harbour.Example.com/login#top" },
        { url: "https://harbour.example.com/login", registered: false, last_scanned: null },
      ],
      [
        "createSourceCodeAsset",
        "sourcecode",
        {
          git_provider: "GITLAB",
          repository_url: "git@gitlab.com:acme/ops/harbour.git",
          branch: ["main", "release/2.0"],
        },
        { username: "acme/ops", repository_name: "harbour", branch: ["main", "release/2.0"] },
      ],
      ["createExposureAsset", "exposure-detection", { name: "Bücher.Example." }, { name: "xn--bcher-kva.example" }],
    ];
    for (const [operationId, path, body, expected] of cases) {
      const url = `/api/v1/asset/${path}/`;
      const ours = await call("admin", "POST", url, { product: ids.server, ...body });
      const theirs = await callMock("admin", "POST", url, { product: ids.mock, ...body });
      expect(withoutIds(theirs), operationId).toEqual(withoutIds(ours));
      expect(ours.status, operationId).toBe(201);
      expectValid(operationId, 201, ours.body);
      expect(ours.body, operationId).toMatchObject(expected);
    }
    const product = await call("admin", "GET", productUrl("server"));
    expect(product.body).toMatchObject({ endpoint_count: 2, url_count: 1, repository_count: 1, assets_count: 4 });
  });

  it("refuses what no scan should be pointed at, field by field, and changes nothing", async () => {
    const before = await ownRows();
    const refusals: Array<[string, Json, string[]]> = [
      ["networkva", { target: "999.1.1.1" }, ["target"]],
      ["networkva", { target: "10.0.0.0/33" }, ["target"]],
      ["networkva", { target: "127.0.0.1" }, ["target"]],
      ["networkva", { target: "10.0.0.5/24" }, ["target"]],
      ["webapp", { application_name: " ", url: "javascript:alert(1)" }, ["application_name", "url"]],
      ["webapp", { application_name: "x", url: "https://user:pw@example.com/" }, ["url"]],
      [
        "sourcecode",
        { git_provider: "GITHUB", repository_url: "ext::sh -c id", branch: ["a..b"] },
        ["repository_url", "branch"],
      ],
      [
        "sourcecode",
        { git_provider: "GITHUB", repository_url: "ssh://-oProxyCommand=x/a/b", branch: ["main"] },
        ["repository_url"],
      ],
      ["exposure-detection", { name: "https://example.com" }, ["name"]],
    ];
    for (const [path, body, fields] of refusals) {
      const url = `/api/v1/asset/${path}/`;
      const ours = await call("admin", "POST", url, { product: ids.server, ...body });
      const theirs = await callMock("admin", "POST", url, { product: ids.mock, ...body });
      expect(ours.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(ours.body ?? {}).sort(), JSON.stringify(body)).toEqual(fields.sort());
      expect(theirs, JSON.stringify(body)).toEqual(ours);
    }
    // A product of another company is named like one that does not exist.
    const foreign = await call("admin", "POST", "/api/v1/asset/networkva/", {
      product: otherProduct,
      target: "192.0.2.1",
    });
    expect(foreign).toEqual({
      status: 400,
      body: { product: [`Invalid pk "${otherProduct}" - object does not exist.`] },
    });
    expect(await ownRows()).toEqual(before);
  });

  it("refuses duplicates within a product, whatever their spelling", async () => {
    const cases: Array<[string, Json, string]> = [
      ["networkva", { target: "2001:db8:0:0:0:0:0:0/112" }, "target"],
      ["webapp", { application_name: "Again", url: "https://HARBOUR.example.com/login" }, "url"],
      [
        "sourcecode",
        { git_provider: "GITLAB", repository_url: "git@GitLab.com:acme/ops/harbour.git", branch: ["main"] },
        "repository_url",
      ],
      ["exposure-detection", { name: "xn--bcher-kva.example" }, "name"],
    ];
    for (const [path, body, field] of cases) {
      const url = `/api/v1/asset/${path}/`;
      const ours = await call("admin", "POST", url, { product: ids.server, ...body });
      expect(ours.status, path).toBe(400);
      expect(Object.keys(ours.body ?? {}), path).toEqual([field]);
      expect(await callMock("admin", "POST", url, { product: ids.mock, ...body }), path).toEqual(ours);
    }
    const product = await both("admin", "POST", "/api/v1/asset/product/", { name: "harbour portal" });
    expect(product.ours.status).toBe(400);
  });

  it("edits an asset with the same rules", async () => {
    const list = await call("admin", "GET", `/api/v1/asset/networkva/?product=${ids.server}`);
    const assetId = firstId(list.body);
    const bad = await call("admin", "PATCH", `/api/v1/asset/networkva/${assetId}/`, { target: "1.2.3" });
    expect(bad.status).toBe(400);
    const good = await call("admin", "PATCH", `/api/v1/asset/networkva/${assetId}/`, { target: "192.0.2.0/30" });
    expect(good.status).toBe(200);
    expectValid("updateNetworkAsset", 200, good.body);
    expect(good.body).toMatchObject({ target: "192.0.2.0/30" });
    const renamed = await call("admin", "PATCH", productUrl("server"), { name: "Harbour" });
    expect(renamed.body).toMatchObject({ name: "Harbour" });
  });

  it("refuses to remove a product that holds assets, saying what it holds (409)", async () => {
    const { ours } = await both("admin", "DELETE", productUrl("server"), undefined, productUrl("mock"));
    expect(ours).toEqual({
      status: 409,
      body: {
        detail:
          "This product still holds 1 network asset, 1 web application, 1 repository, 1 domain. Remove them first.",
      },
    });
  });

  it("removes assets by archiving: gone from lists and counts, kept for the scans that name them", async () => {
    for (const path of ["networkva", "webapp", "sourcecode", "exposure-detection"]) {
      const listed = await call("admin", "GET", `/api/v1/asset/${path}/?product=${ids.server}`);
      const mocked = await callMock("admin", "GET", `/api/v1/asset/${path}/?product=${ids.mock}`);
      const id = firstId(listed.body);
      const mockId = firstId(mocked.body);
      await both("admin", "DELETE", `/api/v1/asset/${path}/${id}/`, undefined, `/api/v1/asset/${path}/${mockId}/`);
      expect((await call("admin", "GET", `/api/v1/asset/${path}/?product=${ids.server}`)).body?.count, path).toBe(0);
      expect((await call("admin", "DELETE", `/api/v1/asset/${path}/${id}/`)).status, `${path} again`).toBe(404);
    }
    const kept = await sql<{ n: number }>`select count(*)::int as n from network_assets
        where product_id = ${ids.server} and archived_at is not null`.execute(server.services.db);
    expect(kept.rows[0]?.n).toBe(1);
    expect((await call("admin", "GET", productUrl("server"))).body).toMatchObject({ assets_count: 0 });
    // Its target can be added again.
    expect(
      (await call("admin", "POST", "/api/v1/asset/networkva/", { product: ids.server, target: "192.0.2.0/30" })).status,
    ).toBe(201);
  });

  it("removes an empty product", async () => {
    const empty = await call("admin", "POST", "/api/v1/asset/product/", { name: "Empty" });
    const url = `/api/v1/asset/product/${empty.body?.id}/`;
    expect((await call("admin", "DELETE", url)).status).toBe(204);
    expect((await call("admin", "GET", url)).status).toBe(404);
  });
});

describe("who may change assets", () => {
  it("refuses members and analysts with the reason (403), and changes nothing", async () => {
    const before = await ownRows();
    const ownProduct = seed.products.find((p) => p.company_id === OWN)?.id ?? 0;
    const ownAsset = seed.networkAssets.find((a) => a.product_id === ownProduct)?.id ?? 0;
    const requests: Array<[string, string, unknown]> = [
      ["POST", "/api/v1/asset/product/", { name: "Not mine to add", company: OWN }],
      ["PATCH", `/api/v1/asset/product/${ownProduct}/`, { name: "Renamed" }],
      ["DELETE", `/api/v1/asset/product/${ownProduct}/`, undefined],
      ["POST", "/api/v1/asset/networkva/", { product: ownProduct, target: "198.51.100.7" }],
      ["PATCH", `/api/v1/asset/networkva/${ownAsset}/`, { target: "198.51.100.8" }],
      ["DELETE", `/api/v1/asset/networkva/${ownAsset}/`, undefined],
    ];
    for (const role of ["member", "analyst"] as const) {
      for (const [method, url, body] of requests) {
        // The member's product-creation body names its own company; the analyst's names the demo one.
        const { ours } = await both(role, method, url, body);
        expect(ours.status, `${role} ${method} ${url}`).toBe(403);
        expect(String(ours.body?.detail)).toMatch(/Only your company's admins/);
      }
    }
    expect(await ownRows()).toEqual(before);
  });

  it("answers 404 for another company's product and asset, and changes nothing of theirs", async () => {
    const before = await companyFingerprint(server.services.db, OTHER);
    for (const role of ["admin", "member"] as const) {
      for (const [method, url, body] of [
        ["PATCH", `/api/v1/asset/product/${otherProduct}/`, { name: "Mine now" }],
        ["DELETE", `/api/v1/asset/product/${otherProduct}/`, undefined],
        ["PATCH", `/api/v1/asset/networkva/${otherNetworkAsset}/`, { target: "198.51.100.9" }],
        ["DELETE", `/api/v1/asset/networkva/${otherNetworkAsset}/`, undefined],
      ] as const) {
        expect((await both(role, method, url, body)).ours.status, `${role} ${method} ${url}`).toBe(404);
      }
    }
    expect(await companyFingerprint(server.services.db, OTHER)).toEqual(before);
  });

  it("lets a super admin add to any company, naming it", async () => {
    const missing = await both("superadmin", "POST", "/api/v1/asset/product/", { name: "Staff product" });
    expect(missing.ours).toEqual({ status: 400, body: { company: ["This field is required."] } });
    const added = await both("superadmin", "POST", "/api/v1/asset/product/", { name: "Staff product", company: OTHER });
    expect(added.ours.body).toMatchObject({ company: OTHER });
    const asset = await call("superadmin", "POST", "/api/v1/asset/networkva/", {
      product: added.ours.body?.id,
      target: "198.51.100.0/24",
    });
    expect(asset.status).toBe(201);
  });
});

describe("concurrent adds", () => {
  it("let one of two adds of the same target through; the product's lock orders them", async () => {
    const product = await call("admin", "POST", "/api/v1/asset/product/", { name: "Race" });
    const body = { product: product.body?.id, target: "203.0.113.5" };
    const answers = await Promise.all([
      call("admin", "POST", "/api/v1/asset/networkva/", body),
      call("admin", "POST", "/api/v1/asset/networkva/", body),
      call("admin", "POST", "/api/v1/asset/networkva/", body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const rows = await sql<{ n: number }>`select count(*)::int as n from network_assets
        where product_id = ${product.body?.id as number}`.execute(server.services.db);
    expect(rows.rows[0]?.n).toBe(1);
  });
});
