import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { CODE_VULNS, type VulnTemplate, WEB_VULNS } from "@sentinel/api-client/mocks/vulns";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { withScope } from "../../db/pool.ts";
import { loadContract } from "../../http/contract.ts";
import { sourceAppById } from "./queries.ts";
import { webAppById } from "./webQueries.ts";

// The expected answers are computed here from static mode's seed, independently of the server's SQL,
// with static mode's rules (handlers/sourcecode.ts, handlers/webapp.ts, serialize.ts).
const seed = buildSeed();
const CATALOGUE: Record<"sourcecode" | "web", readonly VulnTemplate[]> = { sourcecode: CODE_VULNS, web: WEB_VULNS };

const byId = <T extends { id: number }>(rows: readonly T[], id: number): T => {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};
const newestFirst = <T extends { id: number; created_at: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
const productRef = (id: number) => ({ id, name: byId(seed.products, id).name });
const companyOfProduct = (id: number) => byId(seed.products, id).company_id;
const companyRef = (id: number) => ({ id, name: byId(seed.companies, id).name });

function overviews(area: "sourcecode" | "web", scanId: number) {
  const findings = seed.findings.filter((f) => f.area === area && f.parent_id === scanId);
  const severity = (s: string) =>
    findings.filter((f) => CATALOGUE[area][f.vuln % CATALOGUE[area].length]?.severity === s).length;
  const status = (s: string) => findings.filter((f) => f.status === s).length;
  return {
    severity: {
      high: severity("HIGH"),
      medium: severity("MEDIUM"),
      low: severity("LOW"),
      info: severity("INFO"),
      log: severity("LOG"),
    },
    status: {
      active: status("ACTIVE"),
      fixing: status("FIXING"),
      mitigated: status("MITIGATED"),
      tolerated: status("TOLERATED"),
      false_positive: status("FALSE_POSITIVE"),
    },
    total: findings.length,
  };
}

const sourceAppCompany = (app: { asset_id: number }) =>
  companyOfProduct(byId(seed.sourceAssets, app.asset_id).product_id);
const webAppCompany = (app: { asset_id: number }) => companyOfProduct(byId(seed.webAssets, app.asset_id).product_id);

function expectedSourceApp(app: (typeof seed.sourceApps)[number]) {
  const asset = byId(seed.sourceAssets, app.asset_id);
  const latest = newestFirst(seed.sourceScans.filter((s) => s.app_id === app.id))[0];
  return {
    id: app.id,
    repository: asset.repository_name,
    git_provider: asset.git_provider,
    username: asset.username,
    product: productRef(asset.product_id),
    company: companyRef(companyOfProduct(asset.product_id)),
    status: latest?.status ?? "QUEUED",
    last_scan: latest?.created_at ?? null,
    branches: asset.branches,
  };
}

function expectedWebApp(app: (typeof seed.webApps)[number]) {
  const asset = byId(seed.webAssets, app.asset_id);
  const latest = newestFirst(seed.webScans.filter((s) => s.app_id === app.id))[0];
  return {
    id: app.id,
    target: asset.url,
    application: asset.application_name,
    product: productRef(asset.product_id),
    company: companyRef(companyOfProduct(asset.product_id)),
    status: latest?.status ?? "PENDING",
    last_scan: latest?.created_at ?? null,
  };
}

function expectedWebScan(scan: (typeof seed.webScans)[number]) {
  const asset = byId(seed.webAssets, byId(seed.webApps, scan.app_id).asset_id);
  const o = overviews("web", scan.id);
  return {
    id: scan.id,
    target_detail: {
      target: asset.url,
      scan_history: scan.created_at,
      status: scan.status,
      product: productRef(asset.product_id),
      failure_reason: scan.failure_reason,
      // An ended scan is all the way through; the seed's moving scans carry their own progress.
      progress: ["COMPLETED", "FAILED", "ABORTED"].includes(scan.status) ? 100 : (scan.progress ?? 0),
      start_time: scan.start_time ?? null,
      end_time: scan.end_time ?? null,
    },
    severity_overview: o.severity,
    status_overview: o.status,
    // A completed sample scan carries the seed's counts against the application's previous one.
    finding_changes: scan.finding_changes ?? null,
  };
}

const contract = loadContract();
/** The answer has this status and validates against the contract's schema for it. */
function conforms(operationId: string, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const validate = contract.responseValidator(op, status);
  if (!validate) throw new Error(`no schema for ${operationId} ${status}`);
  const body = res.json();
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}

let server: TestServer;
const tokens: Record<"superadmin" | "analyst" | "admin" | "member", string> = {
  superadmin: "",
  analyst: "",
  admin: "",
  member: "",
};
const get = (who: keyof typeof tokens, url: string) => server.call("GET", url, { token: tokens[who] });
const post = (who: keyof typeof tokens, url: string, body: unknown) =>
  server.call("POST", url, { token: tokens[who], body });

beforeAll(async () => {
  server = await testServer();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
    tokens[who] = (await server.signIn(`${who}@example.com`)).access;
  }
});
afterAll(async () => {
  await server.close();
});

/** Every row of a list, walking its pages of 100. */
async function allRows(who: keyof typeof tokens, url: string, operationId: string) {
  const rows: { id: number }[] = [];
  for (let page = 1; ; page++) {
    const body = conforms(
      operationId,
      await get(who, `${url}${url.includes("?") ? "&" : "?"}page_size=100&page=${page}`),
    );
    rows.push(...body.results);
    if (body.next === null) return rows;
  }
}

const company1SourceApps = newestFirst(seed.sourceApps.filter((a) => sourceAppCompany(a) === 1));
const company2SourceApps = newestFirst(seed.sourceApps.filter((a) => sourceAppCompany(a) === 2));
const company1WebApps = newestFirst(seed.webApps.filter((a) => webAppCompany(a) === 1));
const company2WebApps = newestFirst(seed.webApps.filter((a) => webAppCompany(a) === 2));
const first = <T>(rows: readonly T[]): T => {
  const row = rows[0];
  if (row === undefined) throw new Error("the seed has no such row");
  return row;
};
/** The app with the most scans (the demo company's cover repository, 33 scans). */
const busiestSourceApp = first(
  [...company1SourceApps].sort(
    (a, b) =>
      seed.sourceScans.filter((s) => s.app_id === b.id).length -
      seed.sourceScans.filter((s) => s.app_id === a.id).length,
  ),
);
const busiestWebApp = first(
  [...company1WebApps].sort(
    (a, b) =>
      seed.webScans.filter((s) => s.app_id === b.id).length - seed.webScans.filter((s) => s.app_id === a.id).length,
  ),
);
const company2SourceScan = first(
  seed.sourceScans.filter((s) => sourceAppCompany(byId(seed.sourceApps, s.app_id)) === 2),
);
const company2WebScan = first(seed.webScans.filter((s) => webAppCompany(byId(seed.webApps, s.app_id)) === 2));

describe("source code applications", () => {
  it("lists the caller's company's apps newest first, as static mode shapes them, for client roles", async () => {
    for (const who of ["admin", "member"] as const) {
      const body = conforms("listSourceCodeApplications", await get(who, "/api/v1/sourcecode/applications/"));
      expect(body.count).toBe(company1SourceApps.length);
      expect(body.page_size).toBe(10);
      expect(body.results).toEqual(company1SourceApps.slice(0, 10).map(expectedSourceApp));
    }
    const rows = await allRows("member", "/api/v1/sourcecode/applications/", "listSourceCodeApplications");
    expect(rows).toEqual(company1SourceApps.map(expectedSourceApp));
  });

  it("keeps a client to its own company whatever `company` it passes", async () => {
    const body = conforms(
      "listSourceCodeApplications",
      await get("admin", "/api/v1/sourcecode/applications/?company=2&page_size=100"),
    );
    expect(body.count).toBe(company1SourceApps.length);
    expect(body.results.every((r: { company: { id: number } }) => r.company.id === 1)).toBe(true);
  });

  it("shows staff every company, and one with ?company=", async () => {
    for (const who of ["superadmin", "analyst"] as const) {
      const all = conforms("listSourceCodeApplications", await get(who, "/api/v1/sourcecode/applications/"));
      expect(all.count).toBe(seed.sourceApps.length);
      expect(all.results).toEqual(newestFirst(seed.sourceApps).slice(0, 10).map(expectedSourceApp));
    }
    const rows = await allRows("analyst", "/api/v1/sourcecode/applications/?company=2", "listSourceCodeApplications");
    expect(rows).toEqual(company2SourceApps.map(expectedSourceApp));
  });

  it("searches repository, username and product, case-insensitively and trimmed, like static mode", async () => {
    const app = expectedSourceApp(first(company1SourceApps));
    for (const term of [app.repository.toUpperCase(), `  ${app.product.name.toLowerCase()} `, app.username]) {
      const needle = term.trim().toLowerCase();
      const expected = company1SourceApps
        .map(expectedSourceApp)
        .filter((a) => [a.repository, a.username, a.product.name].some((f) => f.toLowerCase().includes(needle)));
      const rows = await allRows(
        "member",
        `/api/v1/sourcecode/applications/?search=${encodeURIComponent(term)}`,
        "listSourceCodeApplications",
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(rows).toEqual(expected);
    }
    const none = conforms(
      "listSourceCodeApplications",
      await get("member", "/api/v1/sourcecode/applications/?search=%25no_such%25"),
    );
    expect(none.count).toBe(0);
    expect(none.results).toEqual([]);
  });

  it("answers a page past the last with DRF's 404", async () => {
    const res = await get("member", "/api/v1/sourcecode/applications/?page=99");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Invalid page." });
  });

  it("reads one app; another company's is 404 to a client and visible to staff", async () => {
    const own = first(company1SourceApps);
    const other = first(company2SourceApps);
    for (const who of ["admin", "member", "superadmin"] as const) {
      const body = conforms("getSourceCodeApplication", await get(who, `/api/v1/sourcecode/applications/${own.id}/`));
      expect(body).toEqual(expectedSourceApp(own));
    }
    for (const who of ["admin", "member"] as const) {
      const res = await get(who, `/api/v1/sourcecode/applications/${other.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: "Not found." });
    }
    const staff = conforms(
      "getSourceCodeApplication",
      await get("analyst", `/api/v1/sourcecode/applications/${other.id}/`),
    );
    expect(staff).toEqual(expectedSourceApp(other));
    expect((await get("superadmin", "/api/v1/sourcecode/applications/999999/")).statusCode).toBe(404);
  });

  it("lists an app's scans newest first with each scan's severity count", async () => {
    const scans = newestFirst(seed.sourceScans.filter((s) => s.app_id === busiestSourceApp.id));
    expect(scans.length).toBeGreaterThan(10);
    const wire = (s: (typeof scans)[number]) => ({
      id: s.id,
      created_at: s.created_at,
      status: s.status,
      branch: s.branch,
      total_severity: overviews("sourcecode", s.id).severity,
      failure_reason: s.failure_reason,
      finding_changes: s.finding_changes ?? null,
    });
    const page2 = conforms(
      "listSourceCodeScans",
      await get("member", `/api/v1/sourcecode/applications/${busiestSourceApp.id}/scan/?page=2`),
    );
    expect(page2.count).toBe(scans.length);
    expect(page2.results).toEqual(scans.slice(10, 20).map(wire));
    const rows = await allRows(
      "admin",
      `/api/v1/sourcecode/applications/${busiestSourceApp.id}/scan/`,
      "listSourceCodeScans",
    );
    expect(rows).toEqual(scans.map(wire));
    expect(rows.some((r) => Object.values((r as ReturnType<typeof wire>).total_severity).some((n) => n > 0))).toBe(
      true,
    );
  });

  it("answers 404 for another company's app's scans to a client, and lists them for staff", async () => {
    const other = first(company2SourceApps);
    expect((await get("member", `/api/v1/sourcecode/applications/${other.id}/scan/`)).statusCode).toBe(404);
    const body = conforms(
      "listSourceCodeScans",
      await get("superadmin", `/api/v1/sourcecode/applications/${other.id}/scan/`),
    );
    expect(body.count).toBe(seed.sourceScans.filter((s) => s.app_id === other.id).length);
  });

  it("details a scan: repository, severity and status overviews counted from its findings", async () => {
    const scan = first(
      [...seed.sourceScans].sort((a, b) => overviews("sourcecode", b.id).total - overviews("sourcecode", a.id).total),
    );
    const asset = byId(seed.sourceAssets, byId(seed.sourceApps, scan.app_id).asset_id);
    const o = overviews("sourcecode", scan.id);
    expect(o.total).toBeGreaterThan(0);
    const body = conforms("getSourceCodeScan", await get("admin", `/api/v1/sourcecode/scans/${scan.id}/`));
    expect(body).toEqual({
      repository_detail: {
        name: asset.repository_name,
        branch: scan.branch,
        git_provider: asset.git_provider,
        product: productRef(asset.product_id),
        scan_held: scan.created_at,
      },
      severity_overview: o.severity,
      status_overview: o.status,
    });
    // A queued scan has no findings yet: every count is zero, none missing.
    const queued = first(
      seed.sourceScans.filter((s) => s.status === "QUEUED" && sourceAppCompany(byId(seed.sourceApps, s.app_id)) === 1),
    );
    const empty = conforms("getSourceCodeScan", await get("member", `/api/v1/sourcecode/scans/${queued.id}/`));
    expect(empty.severity_overview).toEqual({ high: 0, medium: 0, low: 0, info: 0, log: 0 });
    expect(empty.status_overview).toEqual({ active: 0, fixing: 0, mitigated: 0, tolerated: 0, false_positive: 0 });
  });

  it("answers 404 for another company's scan to a client, and the scan to staff", async () => {
    for (const who of ["admin", "member"] as const) {
      expect((await get(who, `/api/v1/sourcecode/scans/${company2SourceScan.id}/`)).statusCode).toBe(404);
    }
    conforms("getSourceCodeScan", await get("analyst", `/api/v1/sourcecode/scans/${company2SourceScan.id}/`));
    expect((await get("analyst", "/api/v1/sourcecode/scans/999999/")).statusCode).toBe(404);
  });
});

describe("registering a repository (createSourceCodeApplication)", () => {
  /** Repositories not registered yet, of company 1, or of any other company (`"other"`). */
  const unregistered = (company: 1 | "other", provider?: string) =>
    seed.sourceAssets.filter(
      (a) =>
        (company === 1) === (companyOfProduct(a.product_id) === 1) &&
        !seed.sourceApps.some((app) => app.asset_id === a.id) &&
        (provider === undefined || (provider === "GITHUB") === (a.git_provider === "GITHUB")),
    );
  const auditRows = async (entityId: number) =>
    (
      await sql<{
        company_id: number;
        actor_id: number;
        action: string;
        after: { asset_id: number; scan_id: number; branch: string };
        request_id: string;
      }>`select company_id, actor_id, action, after, request_id from audit_events
         where entity = 'source_app' and entity_id = ${entityId}`.execute(server.services.db)
    ).rows;

  it("rejects a body without a valid asset with field errors", async () => {
    for (const body of [{}, { asset: "abc" }, { asset: 0 }, { asset: null }]) {
      const res = await post("admin", "/api/v1/sourcecode/applications/", body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(["asset"]);
    }
    const missing = await post("admin", "/api/v1/sourcecode/applications/", {});
    expect(missing.json()).toEqual({ asset: ["This field is required."] });
  });

  it("registers the caller's company's GitHub repository with a queued scan and an audit row", async () => {
    const asset = first(unregistered(1, "GITHUB"));
    const res = await post("admin", "/api/v1/sourcecode/applications/", { asset: asset.id });
    const created = conforms("createSourceCodeApplication", res, 201);
    expect(created).toMatchObject({
      repository: asset.repository_name,
      git_provider: "GITHUB",
      username: asset.username,
      product: productRef(asset.product_id),
      company: companyRef(1),
      status: "QUEUED",
    });
    expect(Date.parse(created.last_scan)).toBeGreaterThan(Date.now() - 60_000);

    // The same answer from the detail route, first in the list, and its one queued scan.
    expect(
      conforms("getSourceCodeApplication", await get("member", `/api/v1/sourcecode/applications/${created.id}/`)),
    ).toEqual(created);
    const list = conforms("listSourceCodeApplications", await get("member", "/api/v1/sourcecode/applications/"));
    expect(list.results[0]).toEqual(created);
    expect(list.count).toBe(company1SourceApps.length + 1);
    const scans = conforms(
      "listSourceCodeScans",
      await get("admin", `/api/v1/sourcecode/applications/${created.id}/scan/`),
    );
    expect(scans.results).toEqual([
      {
        id: expect.any(Number),
        created_at: created.last_scan,
        status: "QUEUED",
        branch: asset.branches[0] ?? "main",
        total_severity: { high: 0, medium: 0, low: 0, info: 0, log: 0 },
        failure_reason: null,
        finding_changes: null,
      },
    ]);

    const audits = await auditRows(created.id);
    expect(audits).toEqual([
      {
        company_id: 1,
        actor_id: expect.any(Number),
        action: "sourcecode_application.create",
        after: {
          asset_id: asset.id,
          scan_id: scans.results[0].id,
          branch: asset.branches[0] ?? "main",
          status: "QUEUED",
        },
        request_id: res.headers["x-request-id"],
      },
    ]);
    const admin = await server.call("GET", "/api/v1/user/profile/", { token: tokens.admin });
    expect(audits[0]?.actor_id).toBe(admin.json().id);

    // Registered once: a second registration is a field error and changes nothing.
    const again = await post("member", "/api/v1/sourcecode/applications/", { asset: asset.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ asset: ["This repository is already registered."] });
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from source_apps where asset_id = ${asset.id}`.execute(server.services.db);
    expect(count.rows[0]?.n).toBe(1);
  });

  it("refuses a repository the seed already registered", async () => {
    const app = first(company1SourceApps);
    const res = await post("admin", "/api/v1/sourcecode/applications/", { asset: app.asset_id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ asset: ["This repository is already registered."] });
  });

  it("refuses a repository that is not on GitHub", async () => {
    const asset = first(unregistered(1, "OTHER"));
    const res = await post("member", "/api/v1/sourcecode/applications/", { asset: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ asset: ["Only GitHub repositories can be scanned for now."] });
  });

  it("treats another company's repository as one that does not exist, and writes nothing", async () => {
    const other = first(unregistered("other"));
    for (const id of [other.id, 999_999]) {
      const res = await post("admin", "/api/v1/sourcecode/applications/", { asset: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ asset: [`Invalid pk "${id}" - object does not exist.`] });
    }
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from source_apps where asset_id = ${other.id}`.execute(server.services.db);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it("lets staff register any company's repository, owned by that company, once when two race", async () => {
    const other = first(unregistered("other", "GITHUB"));
    const owner = companyOfProduct(other.product_id);
    // Two staff members at the same moment: the unique asset makes one of them the registration
    // and the other the "already registered" field error, never a 500 or a second app.
    const answers = await Promise.all(
      (["analyst", "superadmin"] as const).map((who) =>
        post(who, "/api/v1/sourcecode/applications/", { asset: other.id }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const winner = answers.find((r) => r.statusCode === 201);
    const loser = answers.find((r) => r.statusCode === 400);
    if (!winner || !loser) throw new Error("no winner");
    expect(loser.json()).toEqual({ asset: ["This repository is already registered."] });
    const created = conforms("createSourceCodeApplication", winner, 201);
    expect(created.company).toEqual(companyRef(owner));
    expect((await get("member", `/api/v1/sourcecode/applications/${created.id}/`)).statusCode).toBe(
      owner === 1 ? 200 : 404,
    );
    expect((await auditRows(created.id)).map((a) => a.company_id)).toEqual([owner]);
    const scans = await sql<{
      n: number;
    }>`select count(*)::int as n from source_scans where app_id = ${created.id}`.execute(server.services.db);
    expect(scans.rows[0]?.n).toBe(1);
  });

  it("leaves no app and no scan when the audit row cannot be written (one transaction)", async () => {
    const asset = unregistered(1, "GITHUB")[1];
    if (!asset) throw new Error("the seed has no second unregistered GitHub repository");
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`create function fail_source_app_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit unavailable'; end $$`);
      await admin.query(`create trigger fail_source_app_audit before insert on audit_events for each row
        when (new.entity = 'source_app') execute function fail_source_app_audit()`);
      const before = await admin.query<{ n: number }>("select count(*)::int as n from source_scans");
      const res = await post("admin", "/api/v1/sourcecode/applications/", { asset: asset.id });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: "A server error occurred." });
      const apps = await admin.query<{ n: number }>("select count(*)::int as n from source_apps where asset_id = $1", [
        asset.id,
      ]);
      expect(apps.rows[0]?.n).toBe(0);
      const after = await admin.query<{ n: number }>("select count(*)::int as n from source_scans");
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    } finally {
      await admin.query("drop trigger if exists fail_source_app_audit on audit_events");
      await admin.query("drop function if exists fail_source_app_audit()");
      await admin.end();
    }
    // With the audit back, the same request succeeds.
    conforms(
      "createSourceCodeApplication",
      await post("admin", "/api/v1/sourcecode/applications/", { asset: asset.id }),
      201,
    );
  });
});

describe("web applications", () => {
  it("lists the caller's company's apps newest first for client roles, whatever `company` they pass", async () => {
    for (const who of ["admin", "member"] as const) {
      const body = conforms("listWebApplications", await get(who, "/api/v1/webapp/applications/?company=2"));
      expect(body.count).toBe(company1WebApps.length);
      expect(body.results).toEqual(company1WebApps.slice(0, 10).map(expectedWebApp));
    }
    const rows = await allRows("admin", "/api/v1/webapp/applications/", "listWebApplications");
    expect(rows).toEqual(company1WebApps.map(expectedWebApp));
  });

  it("shows staff every company, and one with ?company=", async () => {
    const all = await allRows("superadmin", "/api/v1/webapp/applications/", "listWebApplications");
    expect(all).toEqual(newestFirst(seed.webApps).map(expectedWebApp));
    const rows = await allRows("analyst", "/api/v1/webapp/applications/?company=2", "listWebApplications");
    expect(rows).toEqual(company2WebApps.map(expectedWebApp));
  });

  it("reads one app; another company's is 404 to a client and visible to staff", async () => {
    const own = first(company1WebApps);
    const other = first(company2WebApps);
    expect(conforms("getWebApplication", await get("member", `/api/v1/webapp/applications/${own.id}/`))).toEqual(
      expectedWebApp(own),
    );
    for (const who of ["admin", "member"] as const) {
      expect((await get(who, `/api/v1/webapp/applications/${other.id}/`)).statusCode).toBe(404);
    }
    expect(conforms("getWebApplication", await get("superadmin", `/api/v1/webapp/applications/${other.id}/`))).toEqual(
      expectedWebApp(other),
    );
  });

  it("lists an app's scans newest first with their overviews; 404 for another company's app", async () => {
    const scans = newestFirst(seed.webScans.filter((s) => s.app_id === busiestWebApp.id));
    expect(scans.length).toBeGreaterThan(10);
    const page1 = conforms(
      "listWebScans",
      await get("member", `/api/v1/webapp/applications/${busiestWebApp.id}/scan/`),
    );
    expect(page1.count).toBe(scans.length);
    expect(page1.results).toEqual(scans.slice(0, 10).map(expectedWebScan));
    const rows = await allRows("admin", `/api/v1/webapp/applications/${busiestWebApp.id}/scan/`, "listWebScans");
    expect(rows).toEqual(scans.map(expectedWebScan));

    const other = first(company2WebApps);
    expect((await get("admin", `/api/v1/webapp/applications/${other.id}/scan/`)).statusCode).toBe(404);
    const staff = conforms("listWebScans", await get("analyst", `/api/v1/webapp/applications/${other.id}/scan/`));
    expect(staff.results).toEqual(
      newestFirst(seed.webScans.filter((s) => s.app_id === other.id))
        .slice(0, 10)
        .map(expectedWebScan),
    );
  });

  it("details a scan with severity and status overviews counted from its findings", async () => {
    const scan = first([...seed.webScans].sort((a, b) => overviews("web", b.id).total - overviews("web", a.id).total));
    expect(overviews("web", scan.id).total).toBeGreaterThan(0);
    expect(conforms("getWebScan", await get("admin", `/api/v1/webapp/scans/${scan.id}/`))).toEqual(
      expectedWebScan(scan),
    );
    for (const who of ["admin", "member"] as const) {
      expect((await get(who, `/api/v1/webapp/scans/${company2WebScan.id}/`)).statusCode).toBe(404);
    }
    expect(conforms("getWebScan", await get("analyst", `/api/v1/webapp/scans/${company2WebScan.id}/`))).toEqual(
      expectedWebScan(company2WebScan),
    );
  });
});

describe("row-level security under the queries", () => {
  it("hides another company's app from a company-1 transaction even when the query forgets its filter", async () => {
    const scope = { companies: 1, userId: null } as const;
    const source = first(company2SourceApps);
    const web = first(company2WebApps);
    const seen = await withScope(server.services.db, scope, async (tx) => ({
      source: await sourceAppById(tx, source.id, null),
      web: await webAppById(tx, web.id, null),
      own: await sourceAppById(tx, first(company1SourceApps).id, null),
    }));
    expect(seen.source).toBeNull();
    expect(seen.web).toBeNull();
    expect(seen.own).not.toBeNull();
  });
});
