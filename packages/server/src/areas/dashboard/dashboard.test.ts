import type { Db as MockDb } from "@sentinel/api-client/mocks/db-types";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { type Tx, withScope } from "../../db/pool.ts";
import { loadContract } from "../../http/contract.ts";
import * as q from "./queries.ts";
import { SEED_NOW } from "./queries.ts";

/**
 * Static mode (packages/api-client/src/mocks/handlers/dashboard.ts) is the reference: its own
 * handlers run here in Node through msw, on the same seed, and the server must answer the same
 * bodies, role by role. The server's database and the mock's are then changed the same way, and
 * compared again.
 */

const OPERATIONS = {
  getAssetGrowth: "/api/v1/dashboard/asset/growth/",
  getCompanyGrowth: "/api/v1/dashboard/company/growth/",
  getCreditGraph: "/api/v1/dashboard/credit/graph/",
  getMostUsedService: "/api/v1/dashboard/credit/most-used-service/",
  listTopSpendingCompanies: "/api/v1/dashboard/credit/top-spending-company/",
  listDashboardExposureDetectionScans: "/api/v1/dashboard/exposure-detection/scan/",
  listDashboardNetworkScans: "/api/v1/dashboard/networkva/scan/",
  listDashboardThreatInspectionScans: "/api/v1/dashboard/threat-inspection/scan/",
  listDashboardSourceCodeScans: "/api/v1/dashboard/sourcecode/scan/",
  listDashboardWebAppScans: "/api/v1/dashboard/web/scan/",
  listLatestTickets: "/api/v1/dashboard/ticket/latest-ticket/",
  getTicketOverview: "/api/v1/dashboard/ticket/overview/",
  getUserGrowth: "/api/v1/dashboard/user/growth/",
} as const;
type OperationId = keyof typeof OPERATIONS;
const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

const ROLES = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
} as const;
type RoleName = keyof typeof ROLES;
const ROLE_NAMES = Object.keys(ROLES) as RoleName[];
const CLIENTS: RoleName[] = ["admin", "member"];
const STAFF: RoleName[] = ["superadmin", "analyst"];

const MOCK_BASE = "https://api.example.test";

/**
 * Static mode is browser code (window, Vite's `?raw` imports) that the server's tsc does not type;
 * loaded by a computed name, vitest runs it while tsc checks only the shape declared here.
 */
interface MockModules {
  db: { get(): MockDb; resetAll(): void };
  SEED_NOW: number;
  server: { listen(options: { onUnhandledFrame: "bypass" }): void; close(): void };
}
async function loadMocks(): Promise<MockModules> {
  const from = (name: string) => `@sentinel/api-client/${name}`;
  const [index, node] = await Promise.all([import(from("mocks")), import(from("mocks/node"))]);
  return { db: index.db, SEED_NOW: index.SEED_NOW, server: node.server };
}
let mocks: MockModules;
/** When the isolation test's rows of another company are made: after everything in the seed. */
const LATER = new Date(Date.parse(SEED_NOW) + 3_600_000).toISOString();

let server: TestServer;
const tokens = {} as Record<RoleName, string>;
const mockTokens = {} as Record<RoleName, string>;

async function mockSignIn(email: string): Promise<string> {
  const res = await fetch(`${MOCK_BASE}/api/v1/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo" }),
  });
  const body = (await res.json()) as { access?: string };
  if (!body.access) throw new Error(`static mode refused ${email}: ${res.status}`);
  return body.access;
}

beforeAll(async () => {
  [server, mocks] = await Promise.all([testServer(), loadMocks()]);
  mocks.server.listen({ onUnhandledFrame: "bypass" });
  mocks.db.resetAll();
  for (const role of ROLE_NAMES) {
    tokens[role] = (await server.signIn(ROLES[role])).access;
    mockTokens[role] = await mockSignIn(ROLES[role]);
  }
});
afterAll(async () => {
  mocks.server.close();
  await server.close();
});

async function serverAnswer(role: RoleName, op: OperationId, query = "") {
  const res = await server.call("GET", `${OPERATIONS[op]}${query}`, { token: tokens[role] });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function mockAnswer(role: RoleName, op: OperationId, query = "") {
  const res = await fetch(`${MOCK_BASE}${OPERATIONS[op]}${query}`, {
    headers: { authorization: `Bearer ${mockTokens[role]}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Every operation for every role given, each result named "role operation". */
const all = <T>(build: (role: RoleName, op: OperationId) => Promise<T>, roles = ROLE_NAMES) =>
  Promise.all(
    roles.flatMap((role) =>
      OPERATION_IDS.map(async (op): Promise<[string, T]> => [`${role} ${op}`, await build(role, op)]),
    ),
  );

describe("the dashboard against static mode", () => {
  it("anchors its periods on the seed's fixed now, as static mode does", () => {
    expect(Date.parse(SEED_NOW)).toBe(mocks.SEED_NOW);
  });

  it("answers every role with static mode's status and a body the contract accepts", async () => {
    const contract = loadContract();
    const checked = await all(async (role, op) => {
      const [mine, reference] = await Promise.all([serverAnswer(role, op), mockAnswer(role, op)]);
      const operation = contract.byId.get(op);
      if (!operation) throw new Error(`${op} is not in the contract`);
      const validate = contract.responseValidator(operation, mine.status);
      return {
        status: mine.status,
        mockStatus: reference.status,
        valid: validate ? validate(mine.body) : false,
        errors: validate?.errors ?? null,
      };
    });
    for (const [name, r] of checked) {
      expect(r, name).toEqual({ status: 200, mockStatus: 200, valid: true, errors: null });
    }
  });

  it("gives a client of company 1 and staff the same figures as static mode", async () => {
    const pairs = await all(async (role, op) => {
      const [mine, reference] = await Promise.all([serverAnswer(role, op), mockAnswer(role, op)]);
      return { mine: mine.body, reference: reference.body };
    });
    for (const [name, { mine, reference }] of pairs) expect(mine, name).toEqual(reference);
  });

  it("shows the seed's data, not empty figures (the comparison above means something)", async () => {
    const staff = (op: OperationId) => serverAnswer("superadmin", op).then((r) => r.body);
    expect(await staff("getAssetGrowth")).toMatchObject({ totals: expect.any(Number) });
    expect(((await staff("getAssetGrowth")) as { totals: number }).totals).toBeGreaterThan(100);
    const graph = (await staff("getCreditGraph")) as Array<{ month: string; spending: number; topup: number }>;
    expect(graph).toHaveLength(12);
    expect(graph[11]?.month).toBe("Nov 2026");
    expect(graph.some((p) => p.spending > 0) && graph.some((p) => p.topup > 0)).toBe(true);
    for (const op of OPERATION_IDS.filter((o) => o.startsWith("listDashboard") || o === "listLatestTickets")) {
      expect(await staff(op), op).toHaveLength(5);
    }
    expect(await staff("listTopSpendingCompanies")).toHaveLength(5);
  });

  it("ignores ?company= (the contract declares no company filter on the dashboard)", async () => {
    const pairs = await all(
      async (role, op) => {
        const [plain, narrowed] = await Promise.all([serverAnswer(role, op), serverAnswer(role, op, "?company=2")]);
        return { plain: plain.body, narrowed: narrowed.body };
      },
      [...STAFF, ...CLIENTS],
    );
    for (const [name, { plain, narrowed }] of pairs) expect(narrowed, name).toEqual(plain);
    // Static mode narrows staff by it: the disagreement the contract settles.
    const mockNarrowed = await mockAnswer("superadmin", "listTopSpendingCompanies", "?company=2");
    expect(mockNarrowed.body).toHaveLength(1);
  });
});

describe("isolation", () => {
  const companyName = async (id: number) =>
    (await sql<{ name: string }>`select name from companies where id = ${id}`.execute(server.services.db)).rows[0]
      ?.name;

  it("lists only the client's own company in every scan list and ranking", async () => {
    const own = await companyName(1);
    for (const role of CLIENTS) {
      for (const op of OPERATION_IDS.filter((o) => o.startsWith("listDashboard"))) {
        const rows = (await serverAnswer(role, op)).body as Array<{ company: { id: number; name: string } }>;
        expect(rows.length, `${role} ${op}`).toBeGreaterThan(0);
        expect(rows.every((r) => r.company.id === 1 && r.company.name === own)).toBe(true);
      }
      expect((await serverAnswer(role, "listTopSpendingCompanies")).body).toEqual([
        expect.objectContaining({ company_name: own }),
      ]);
      expect((await serverAnswer(role, "getCompanyGrowth")).body).toMatchObject({ company_total: 1 });
    }
    // Staff see other companies in the same lists.
    const staffRows = (await serverAnswer("analyst", "listTopSpendingCompanies")).body as Array<{
      company_name: string;
    }>;
    expect(staffRows.some((r) => r.company_name !== own)).toBe(true);
  });

  it("keeps a client to its company through row-level security alone, should a query forget its filter", async () => {
    const reads: Array<(tx: Tx, company: number | null) => Promise<unknown>> = [
      q.assetGrowth,
      q.companyGrowth,
      q.creditGraph,
      q.mostUsedService,
      q.topSpendingCompanies,
      q.exposureScans,
      q.networkScans,
      q.threatScans,
      q.sourceCodeScans,
      q.webScans,
      q.latestTickets,
      q.ticketOverview,
    ];
    const client = { companies: 1, userId: null };
    for (const read of reads) {
      const filtered = await withScope(server.services.db, client, (tx) => read(tx, 1));
      const unfiltered = await withScope(server.services.db, client, (tx) => read(tx, null));
      expect(unfiltered, read.name).toEqual(filtered);
    }
  });

  it("counts the client's figures from its own rows only, in SQL under the client's scope", async () => {
    const client = Object.fromEntries(
      await Promise.all(OPERATION_IDS.map(async (op) => [op, (await serverAnswer("member", op)).body])),
    );
    const staffBefore = (await serverAnswer("superadmin", "getTicketOverview")).body as { total_count: number };
    // Another company gains the newest and largest of everything the dashboard reads.
    const db = server.services.db;
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, created_at)
              values (2, -100000, 'SOURCECODE', 'SPENDING', 'test', ${LATER}),
                     (2, 100000, 'SOURCECODE', 'TOPUP', 'test', ${LATER})`.execute(db);
    await sql`insert into tickets (company_id, ticket_id, requestor_id, name, status, category, rating, created_at)
              select 2, 'T-ISOLATION', u.id, 'Other company', 'UNREAD', 'BUG', 1, ${LATER}::timestamptz
                from users u where u.company_id = 2 order by u.id limit 1`.execute(db);
    await sql`insert into web_scans (company_id, app_id, status, created_at)
              select 2, app.id, 'RUNNING', ${LATER}::timestamptz from web_apps app where app.company_id = 2 limit 1`.execute(
      db,
    );
    await sql`insert into companies (name, email, created_at) values ('Isolation Test Co', 'iso@example.com', ${LATER})`.execute(
      db,
    );
    for (const op of OPERATION_IDS) {
      expect((await serverAnswer("member", op)).body, op).toEqual(client[op]);
    }
    const staffAfter = (await serverAnswer("superadmin", "getTicketOverview")).body as { total_count: number };
    expect(staffAfter.total_count).toBe(staffBefore.total_count + 1);
    const top = (await serverAnswer("superadmin", "listTopSpendingCompanies")).body as Array<{
      company_name: string;
    }>;
    expect(top[0]?.company_name).toBe(await companyName(2));
  });
});

describe("periods after new activity", () => {
  it("moves the window to the newest credit transaction, as static mode does", async () => {
    // Both sides get the same ledger rows, 40 days after the seed's now (so the window moves a month).
    const at = new Date(Date.parse(SEED_NOW) + 40 * 86_400_000).toISOString();
    const rows = [
      { company_id: 1, amount: -7, transaction_type: "NETWORKVA" as const, transaction_action: "SPENDING" as const },
      { company_id: 3, amount: 50, transaction_type: "APPLICATIONVA" as const, transaction_action: "TOPUP" as const },
    ];
    const mock = mocks.db.get();
    let next = Math.max(...mock.creditTransactions.map((t) => t.id)) + 1;
    for (const r of rows)
      mock.creditTransactions.push({ ...r, id: next++, operator: "test", created_at: at, reference: null });
    // Undo the isolation test's rows on the server, so both hold the same data again.
    const db = server.services.db;
    await sql`delete from credit_transactions where operator = 'test'`.execute(db);
    await sql`delete from tickets where ticket_id = 'T-ISOLATION'`.execute(db);
    await sql`delete from web_scans where created_at = ${LATER}::timestamptz`.execute(db);
    await sql`delete from companies where name = 'Isolation Test Co'`.execute(db);
    for (const r of rows) {
      await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, created_at)
                values (${r.company_id}, ${r.amount}, ${r.transaction_type}, ${r.transaction_action}, 'test', ${at})`.execute(
        db,
      );
    }
    const ops: OperationId[] = [
      "getCreditGraph",
      "getMostUsedService",
      "getAssetGrowth",
      "getUserGrowth",
      "getCompanyGrowth",
      "listTopSpendingCompanies",
    ];
    for (const role of ["superadmin", "member"] as const) {
      for (const op of ops) {
        const [mine, reference] = await Promise.all([serverAnswer(role, op), mockAnswer(role, op)]);
        expect(mine.body, `${role} ${op}`).toEqual(reference.body);
      }
    }
    const graph = (await serverAnswer("member", "getCreditGraph")).body as Array<{ month: string; spending: number }>;
    expect(graph.at(-1)).toEqual({ month: "Dec 2026", spending: 7, topup: 0 });
    expect((await serverAnswer("member", "getMostUsedService")).body).toMatchObject({
      service_name: "NETWORKVA",
      spending_amount: 7,
    });
  });
});
