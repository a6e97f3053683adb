import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Running and aborting an exposure detection scan (issue 29), on PostgreSQL, with no worker: the
 * scan, the debit and the job are written together or not at all; refusals change nothing; an abort
 * refunds the price once; an ended scan cannot be aborted.
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
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await testServer();
  for (const role of Object.keys(EMAIL) as Role[]) tokens[role] = (await server.signIn(EMAIL[role])).access;
});
afterAll(async () => {
  await server.close();
});

const OWN = seed.users.find((u) => u.email === EMAIL.admin)?.company_id ?? 0;
const idle = (configId: number) =>
  !seed.exposureScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const own = seed.exposureConfigs.filter((c) => c.company_id === OWN && idle(c.id));
const other = seed.exposureConfigs.find((c) => c.company_id !== OWN);

type Json = Record<string, unknown>;
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

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const balance = async (company: number) =>
  Number(
    (
      await rows<{ balance: number }>(
        sql`select coalesce(sum(amount), 0) as balance from credit_transactions
            where company_id = ${company} and transaction_type = 'EXPOSUREDETECTION'`,
      )
    )[0]?.balance ?? 0,
  );
const scanCount = async (configId: number) =>
  Number(
    (await rows<{ n: number }>(sql`select count(*) as n from exposure_scans where config_id = ${configId}`))[0]?.n ?? 0,
  );
const jobCount = async (scanId: number) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*) as n from pgboss.job where name = 'scan.exposure' and (data ->> 'scanId')::int = ${scanId}`,
      )
    )[0]?.n ?? 0,
  );
const runUrl = (configId: number) => `/api/v1/exposure-detection/scan-configuration/${configId}/scan/`;
const abortUrl = (configId: number, scanId: number) =>
  `/api/v1/exposure-detection/scan-configuration/${configId}/scans/${scanId}/abort/`;

/** Tops the company's exposure detection credits up to at least `amount`. */
async function topUp(company: number, amount: number) {
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
            values (${company}, ${amount}, 'EXPOSUREDETECTION', 'TOPUP', 'Test')`.execute(db());
}

describe("running an exposure detection scan", () => {
  it("queues the scan, debits 10 exposure detection credits and queues its job, together", async () => {
    const config = own[0];
    if (!config) throw new Error("the seed has no idle exposure configuration");
    await topUp(OWN, 100);
    const before = await balance(OWN);
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectValid("runExposureDetectionScan", 201, res.body);
    expect(res.body).toMatchObject({ status: "QUEUED", progress: 0, zone_transfer_servers: [], failure_reason: null });
    const scanId = res.body?.id as number;
    expect(await balance(OWN)).toBe(before - 10);
    const [spending] = await rows<{ amount: number; reference: Json }>(
      sql`select amount, reference from credit_transactions
          where transaction_action = 'SPENDING' and (reference ->> 'scan_id')::int = ${scanId}
            and reference ->> 'kind' = 'EXPOSURE_DETECTION'`,
    );
    const asset = seed.exposureAssets.find((a) => a.id === config.asset_id);
    expect(spending).toMatchObject({
      amount: -10,
      reference: { kind: "EXPOSURE_DETECTION", id: config.id, scan_id: scanId, label: asset?.target.name },
    });
    expect(await jobCount(scanId)).toBe(1);

    // A second run while this one is queued is refused, and changes nothing.
    const again = await call("admin", "POST", runUrl(config.id));
    expect(again.status).toBe(409);
    expect(await balance(OWN)).toBe(before - 10);
    expect(await scanCount(config.id)).toBe(seed.exposureScans.filter((s) => s.config_id === config.id).length + 1);

    // The list shows it first, with its progress.
    const list = await call("admin", "GET", runUrl(config.id));
    expect(((list.body?.results ?? []) as Json[])[0]).toMatchObject({ id: scanId, status: "QUEUED", progress: 0 });
  });

  it("refuses without enough credits, saying what it costs and what is left, and changes nothing", async () => {
    const config = own[1];
    if (!config) throw new Error("the seed has too few idle exposure configurations");
    const left = await balance(OWN);
    // Spend all but 5.
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (${OWN}, ${5 - left}, 'EXPOSUREDETECTION', 'SPENDING', 'Test')`.execute(db());
    const scans = await scanCount(config.id);
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      "This scan costs 10 exposure detection credits and the balance is 5. Top up credits first.",
    );
    expect(await scanCount(config.id)).toBe(scans);
    expect(await balance(OWN)).toBe(5);
    await topUp(OWN, 100);
  });

  it("is refused to members (403) and is another company's 404", async () => {
    const config = own[1];
    if (!config || !other) throw new Error("the seed lacks configurations");
    const scans = await scanCount(config.id);
    expect((await call("member", "POST", runUrl(config.id))).status).toBe(403);
    expect((await call("admin", "POST", runUrl(other.id))).status).toBe(404);
    expect(await scanCount(config.id)).toBe(scans);
  });
});

describe("aborting an exposure detection scan", () => {
  it("aborts a queued scan and refunds its price once, as a REFUND", async () => {
    const config = own[2];
    if (!config) throw new Error("the seed has too few idle exposure configurations");
    const run = await call("admin", "POST", runUrl(config.id));
    expect(run.status).toBe(201);
    const scanId = run.body?.id as number;
    const before = await balance(OWN);

    expect((await call("member", "POST", abortUrl(config.id, scanId))).status).toBe(403);
    const res = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectValid("abortExposureDetectionScan", 200, res.body);
    expect(res.body).toMatchObject({ id: scanId, status: "ABORTED", failure_reason: "Aborted by admin@example.com." });
    expect(await balance(OWN)).toBe(before + 10);

    // Already ended: 409, and no second refund.
    const again = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("This scan has already ended (aborted)");
    const refunds = await rows<{ amount: number }>(
      sql`select amount from credit_transactions where transaction_action = 'REFUND'
          and transaction_type = 'EXPOSUREDETECTION' and (reference ->> 'scan_id')::int = ${scanId}`,
    );
    expect(refunds.map((r) => Number(r.amount))).toEqual([10]);
    expect(await balance(OWN)).toBe(before + 10);

    // The database refuses walking an ended scan backwards.
    await expect(sql`update exposure_scans set status = 'RUNNING' where id = ${scanId}`.execute(db())).rejects.toThrow(
      "A scan cannot go from ABORTED to RUNNING.",
    );
  });

  it("does not abort a scan of another configuration or company, nor a completed one", async () => {
    const completed = seed.exposureScans.find((s) => s.status === "COMPLETED" && own.some((c) => c.id === s.config_id));
    if (!completed || !other) throw new Error("the seed lacks scans");
    const res = await call("admin", "POST", abortUrl(completed.config_id, completed.id));
    expect(res.status).toBe(409);
    expect((await call("admin", "POST", abortUrl(other.id, completed.id))).status).toBe(404);
  });
});
