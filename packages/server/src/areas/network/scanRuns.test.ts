import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Running and aborting a network scan (issue 29), on PostgreSQL: the scan, its endpoints, the debit
 * and the job are written together or not at all; refusals change nothing; an abort refunds what was
 * not scanned, once; the database refuses a scan walking backwards; static mode answers the same.
 */

const seed = buildSeed();
const contract = loadContract();

type Role = "superadmin" | "admin" | "member";
const EMAIL: Record<Role, string> = {
  superadmin: "superadmin@example.com",
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
/** Configurations of the admin's company with one target each, and one of another company. */
const idle = (configId: number) =>
  !seed.networkScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const single = seed.networkConfigs.filter((c) => c.company_id === OWN && c.targets.length === 1 && idle(c.id));
const other = seed.networkConfigs.find((c) => c.company_id !== OWN);

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

async function call(role: Role, method: string, url: string) {
  const res = await server.call(method, url, { token: tokens[role] });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
const callMock = (role: Role, method: string, url: string) => callStatic(EMAIL[role], method, url);

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const networkBalance = async (company: number) =>
  (
    await rows<{ balance: number }>(
      sql`select coalesce(sum(amount), 0) as balance from credit_transactions
          where company_id = ${company} and transaction_type = 'NETWORKVA'`,
    )
  )[0]?.balance ?? 0;
const latestTransaction = async () =>
  (await rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from credit_transactions`))[0]?.id ?? 0;
const scanCount = async (configId: number) =>
  (await rows<{ n: number }>(sql`select count(*) as n from network_scans where config_id = ${configId}`))[0]?.n ?? 0;
const runUrl = (configId: number) => `/api/v1/networkva/scan-configuration/${configId}/scans/`;
const abortUrl = (configId: number, scanId: number) =>
  `/api/v1/networkva/scan-configuration/${configId}/scans/${scanId}/abort/`;

describe("running a network scan", () => {
  it("queues the scan and its endpoints, debits 10 credits per endpoint and queues its job, together", async () => {
    const config = single[0];
    if (!config) throw new Error("the seed has no single-target configuration");
    const before = await networkBalance(OWN);
    const lastTransaction = await latestTransaction();
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(201);
    expectValid("runNetworkScan", 201, res.body);
    expect(res.body).toMatchObject({ status: "QUEUED", progress: 0, start_time: null, end_time: null });
    const scanId = res.body?.id as number;

    expect(await networkBalance(OWN)).toBe(before - 10);
    const endpoints = await rows<{ status: string }>(sql`select status from scan_endpoints where scan_id = ${scanId}`);
    expect(endpoints.map((e) => e.status)).toEqual(["QUEUED"]);
    const debit = await rows<{ amount: number; action: string; scan: number }>(
      sql`select amount, transaction_action as action, (reference ->> 'scan_id')::int as scan
          from credit_transactions where id > ${lastTransaction}`,
    );
    expect(debit).toEqual([{ amount: -10, action: "SPENDING", scan: scanId }]);
    const jobs = await rows<{ data: { scanId: number; companyId: number } }>(
      sql`select data from pgboss.job where name = 'scan.network' and (data ->> 'scanId')::int = ${scanId}`,
    );
    expect(jobs.map((j) => j.data)).toEqual([{ scanId, companyId: OWN }]);

    // A second run while this one is queued is refused, and charges nothing.
    const again = await call("admin", "POST", runUrl(config.id));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already queued or running/);
    expect(await networkBalance(OWN)).toBe(before - 10);
  });

  it("refuses members (403), another company's configuration (404), and writes nothing", async () => {
    const config = single[1];
    if (!config || !other) throw new Error("the seed has too few configurations");
    const count = await scanCount(config.id);
    const member = await call("member", "POST", runUrl(config.id));
    expect(member.status).toBe(403);
    expect(String(member.body?.detail)).toMatch(/admins and Sentinel staff can run or stop scans/);
    expect((await call("admin", "POST", runUrl(other.id))).status).toBe(404);
    expect(await scanCount(config.id)).toBe(count);
  });

  it("refuses a scan the balance does not cover, naming the price and the balance", async () => {
    const config = single[2];
    if (!config) throw new Error("the seed has too few configurations");
    const balance = await networkBalance(OWN);
    // Spend everything but 5 credits, so a 10-credit scan is not covered.
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (${OWN}, ${-(balance - 5)}, 'NETWORKVA', 'SPENDING', 'Test')`.execute(db());
    const count = await scanCount(config.id);
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: [
        "This scan costs 10 network credits (10 for each of its 1 endpoints) and the balance is 5. Top up credits first.",
      ],
    });
    expect(await scanCount(config.id)).toBe(count);
    expect(await networkBalance(OWN)).toBe(5);
    await sql`delete from credit_transactions where operator = 'Test'`.execute(db());
  });

  it("refuses a target outside what the server may scan, unless its configuration allows the range", async () => {
    const config = single[3];
    if (!config) throw new Error("the seed has too few configurations");
    const endpoint = config.targets[0]?.endpoint_id ?? 0;
    await sql`update network_endpoints set host = '127.0.0.1' where id = ${endpoint}`.execute(db());
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: ["127.0.0.1 is a loopback address, which this server is not configured to scan."],
    });
    await sql`update network_endpoints set host = '169.254.169.254' where id = ${endpoint}`.execute(db());
    expect((await call("admin", "POST", runUrl(config.id))).body).toEqual({
      non_field_errors: [
        "169.254.169.254 is a link-local or cloud metadata address, which this server is not configured to scan.",
      ],
    });

    const allowing = await testServer({ SCAN_ALLOWED_RANGES: "127.0.0.0/8" });
    try {
      await sql`update network_endpoints set host = '127.0.0.1' where id = ${endpoint}`.execute(allowing.services.db);
      const token = (await allowing.signIn(EMAIL.admin)).access;
      expect((await allowing.call("POST", runUrl(config.id), { token })).statusCode).toBe(201);
    } finally {
      await allowing.close();
    }
  });
});

describe("aborting a network scan", () => {
  it("aborts a queued scan, refunds its unscanned endpoints once, and refuses a second abort", async () => {
    const config = single[4];
    if (!config) throw new Error("the seed has too few configurations");
    const before = await networkBalance(OWN);
    const lastTransaction = await latestTransaction();
    const run = await call("admin", "POST", runUrl(config.id));
    const scanId = run.body?.id as number;
    expect(await networkBalance(OWN)).toBe(before - 10);

    const member = await call("member", "POST", abortUrl(config.id, scanId));
    expect(member.status).toBe(403);
    const res = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(res.status).toBe(200);
    expectValid("abortNetworkScan", 200, res.body);
    expect(res.body).toMatchObject({ status: "ABORTED", failure_reason: `Aborted by ${EMAIL.admin}.` });
    expect(await networkBalance(OWN)).toBe(before);
    const refunds = await rows<{ amount: number }>(
      sql`select amount from credit_transactions
          where transaction_action = 'REFUND' and id > ${lastTransaction}`,
    );
    expect(refunds).toEqual([{ amount: 10 }]);

    const again = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already ended \(aborted\)/);
    expect(await networkBalance(OWN)).toBe(before);
  });

  it("refuses to abort a scan that completed, and the database refuses walking a scan backwards", async () => {
    const done = (
      await rows<{ id: number; config_id: number }>(
        sql`select s.id, s.config_id from network_scans s where s.company_id = ${OWN} and s.status = 'COMPLETED'
            order by s.id limit 1`,
      )
    )[0];
    if (!done) throw new Error("the seed has no completed scan");
    expect((await call("admin", "POST", abortUrl(done.config_id, done.id))).status).toBe(409);
    await expect(sql`update network_scans set status = 'QUEUED' where id = ${done.id}`.execute(db())).rejects.toThrow(
      "A scan cannot go from COMPLETED to QUEUED.",
    );
    await expect(
      sql`update scan_endpoints set status = 'RUNNING' where scan_id = ${done.id}`.execute(db()),
    ).rejects.toThrow(/A scan cannot go from COMPLETED to RUNNING/);
  });
});

describe("static mode", () => {
  it("runs and aborts with the same statuses, messages and credit movements", async () => {
    const config = single[5];
    if (!config) throw new Error("the seed has too few configurations");
    const member = await callMock("member", "POST", runUrl(config.id));
    expect(member.status).toBe(403);
    expect(member.body).toEqual((await call("member", "POST", runUrl(config.id))).body);

    const ours = await call("admin", "POST", runUrl(config.id));
    const theirs = await callMock("admin", "POST", runUrl(config.id));
    expect(theirs.status).toBe(201);
    expectValid("runNetworkScan", 201, theirs.body);
    expect(theirs.body).toMatchObject({ status: ours.body?.status, progress: 0, severity: ours.body?.severity });
    expect((await callMock("admin", "POST", runUrl(config.id))).status).toBe(409);

    const abortOurs = await call("admin", "POST", abortUrl(config.id, ours.body?.id as number));
    const abortTheirs = await callMock("admin", "POST", abortUrl(config.id, theirs.body?.id as number));
    expect(abortTheirs.status).toBe(abortOurs.status);
    expect(abortTheirs.body).toMatchObject({ status: "ABORTED", failure_reason: abortOurs.body?.failure_reason });
    const again = await callMock("admin", "POST", abortUrl(config.id, theirs.body?.id as number));
    expect(again).toEqual(await call("admin", "POST", abortUrl(config.id, ours.body?.id as number)));
  });
});
