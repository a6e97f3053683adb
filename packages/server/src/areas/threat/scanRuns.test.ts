import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, type Json, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";
import { failAbandonedThreatScan } from "../../scanning/threatJob.ts";

/**
 * Running and aborting a threat inspection scan (issue 29), on PostgreSQL: the scan, its endpoints,
 * the debit and the job are written together or not at all; refusals change nothing; an abort refunds
 * what was not checked, once; a purchase queues its paid first scan with its job; static mode answers
 * the same.
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
const idle = (configId: number) =>
  !seed.threatScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const paid = seed.threatConfigs.filter(
  (c) => c.company_id === OWN && c.paid_invoice !== null && c.selected_host_ids.length === 2 && idle(c.id),
);
const other = seed.threatConfigs.find((c) => c.company_id !== OWN && c.paid_invoice !== null);
const busy = seed.threatConfigs.find(
  (c) => c.company_id === OWN && seed.threatScans.some((s) => s.config_id === c.id && s.status === "RUNNING"),
);

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

async function call(role: Role, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
const callMock = (role: Role, method: string, url: string) => callStatic(EMAIL[role], method, url);

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const threatBalance = async (company: number) =>
  Number(
    (
      await rows<{ balance: number }>(
        sql`select coalesce(sum(amount), 0) as balance from credit_transactions
            where company_id = ${company} and transaction_type = 'THREATINSPECTION'`,
      )
    )[0]?.balance ?? 0,
  );
const latestTransaction = async () =>
  (await rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from credit_transactions`))[0]?.id ?? 0;
const scanCount = async (configId: number) =>
  Number(
    (await rows<{ n: number }>(sql`select count(*) as n from threat_scans where config_id = ${configId}`))[0]?.n ?? 0,
  );
const runUrl = (configId: number) => `/api/v1/threat-inspection/scan-configuration/${configId}/scans/`;
const abortUrl = (configId: number, scanId: number) =>
  `/api/v1/threat-inspection/scan-configuration/${configId}/scans/${scanId}/abort/`;
const jobsOf = async (scanId: number) =>
  (
    await rows<{ data: { scanId: number; companyId: number } }>(
      sql`select data from pgboss.job where name = 'scan.threat' and (data ->> 'scanId')::int = ${scanId}`,
    )
  ).map((j) => j.data);

describe("running a threat inspection scan", () => {
  it("queues the scan and its endpoints, debits 10 credits per endpoint and queues its job, together", async () => {
    const config = paid[0];
    if (!config) throw new Error("the seed has no idle paid configuration");
    const before = await threatBalance(OWN);
    const lastTransaction = await latestTransaction();
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(201);
    expectValid("runThreatInspectionScan", 201, res.body);
    expect(res.body).toMatchObject({ status: "QUEUED", progress: 0, start_scan: null, end_scan: null });
    const scanId = res.body?.id as number;

    expect(await threatBalance(OWN)).toBe(before - 20);
    const endpoints = await rows<{ host_id: number; status: string }>(
      sql`select host_id, status from threat_endpoints where scan_id = ${scanId} order by id`,
    );
    expect(endpoints).toEqual(config.selected_host_ids.map((host_id) => ({ host_id, status: "QUEUED" })));
    const debit = await rows<{ amount: number; action: string; type: string; reference: Json }>(
      sql`select amount::int as amount, transaction_action as action, transaction_type as type, reference
          from credit_transactions where id > ${lastTransaction}`,
    );
    expect(debit).toEqual([
      {
        amount: -20,
        action: "SPENDING",
        type: "THREATINSPECTION",
        reference: { kind: "THREAT_INSPECTION", id: config.id, scan_id: scanId, target_id: null, label: config.name },
      },
    ]);
    expect(await jobsOf(scanId)).toEqual([{ scanId, companyId: OWN }]);
    const price = await rows<{ price: number; runs_engines: boolean }>(
      sql`select price::int as price, runs_engines from threat_scans where id = ${scanId}`,
    );
    expect(price).toEqual([{ price: 20, runs_engines: true }]);

    const listed = await call("admin", "GET", runUrl(config.id));
    expect((listed.body?.results as Json[] | undefined)?.[0]).toMatchObject({ id: scanId, status: "QUEUED" });

    // A second run while this one is queued is refused, and charges nothing.
    const again = await call("admin", "POST", runUrl(config.id));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already queued or running/);
    expect(await threatBalance(OWN)).toBe(before - 20);
  });

  it("refuses members (403), another company's configuration (404), a running one (409), and writes nothing", async () => {
    const config = paid[1];
    if (!config || !other || !busy) throw new Error("the seed has too few configurations");
    const count = await scanCount(config.id);
    const member = await call("member", "POST", runUrl(config.id));
    expect(member.status).toBe(403);
    expect(String(member.body?.detail)).toMatch(/admins and Sentinel staff can run or stop scans/);
    expect((await call("admin", "POST", runUrl(other.id))).status).toBe(404);
    expect((await call("admin", "POST", runUrl(busy.id))).status).toBe(409);
    expect(await scanCount(config.id)).toBe(count);
  });

  it("refuses a configuration that is not paid yet", async () => {
    const created = await call("admin", "POST", "/api/v1/threat-inspection/scan-configuration/", {
      name: "Unpaid draft",
      exposure_detection_target: seed.threatConfigs.find((c) => c.company_id === OWN)?.exposure_target_id,
    });
    expect(created.status).toBe(201);
    const id = created.body?.id as number;
    const res = await call("admin", "POST", runUrl(id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: [
        "This configuration is not paid yet. Estimate its price and pay it; the payment starts its first scan.",
      ],
    });
    expect(await scanCount(id)).toBe(0);
  });

  it("refuses a scan the balance does not cover, naming the price and the balance", async () => {
    const config = paid[2];
    if (!config) throw new Error("the seed has too few configurations");
    const balance = await threatBalance(OWN);
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (${OWN}, ${-(balance - 5)}, 'THREATINSPECTION', 'SPENDING', 'Test')`.execute(db());
    const count = await scanCount(config.id);
    const res = await call("admin", "POST", runUrl(config.id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: [
        "This scan costs 20 threat inspection credits (10 for each of its 2 endpoints) and the balance is 5. Top up credits first.",
      ],
    });
    expect(await scanCount(config.id)).toBe(count);
    expect(await threatBalance(OWN)).toBe(5);
    await sql`delete from credit_transactions where operator = 'Test'`.execute(db());
  });
});

describe("aborting a threat inspection scan", () => {
  it("aborts a queued scan, refunds its unchecked endpoints once, and refuses a second abort", async () => {
    const config = paid[3];
    if (!config) throw new Error("the seed has too few configurations");
    const before = await threatBalance(OWN);
    const lastTransaction = await latestTransaction();
    const run = await call("admin", "POST", runUrl(config.id));
    const scanId = run.body?.id as number;
    expect(await threatBalance(OWN)).toBe(before - 20);

    expect((await call("member", "POST", abortUrl(config.id, scanId))).status).toBe(403);
    expect((await call("admin", "POST", abortUrl(paid[0]?.id ?? 0, scanId))).status).toBe(404);
    const res = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(res.status).toBe(200);
    expectValid("abortThreatInspectionScan", 200, res.body);
    expect(res.body).toMatchObject({ status: "ABORTED", failure_reason: `Aborted by ${EMAIL.admin}.` });
    expect(await threatBalance(OWN)).toBe(before);
    const refunds = await rows<{ amount: number; scan: number }>(
      sql`select amount::int as amount, (reference ->> 'scan_id')::int as scan from credit_transactions
          where transaction_action = 'REFUND' and id > ${lastTransaction}`,
    );
    expect(refunds).toEqual([{ amount: 20, scan: scanId }]);
    const endpoints = await rows<{ status: string }>(
      sql`select status from threat_endpoints where scan_id = ${scanId}`,
    );
    expect(endpoints.map((e) => e.status)).toEqual(["ABORTED", "ABORTED"]);

    const again = await call("admin", "POST", abortUrl(config.id, scanId));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already ended \(aborted\)/);
    expect(await threatBalance(OWN)).toBe(before);
  });

  it("refuses to abort a scan that completed, and the database refuses walking a scan backwards", async () => {
    const done = seed.threatScans.find(
      (s) => s.status === "COMPLETED" && seed.threatConfigs.some((c) => c.id === s.config_id && c.company_id === OWN),
    );
    if (!done) throw new Error("the seed has no completed scan");
    expect((await call("admin", "POST", abortUrl(done.config_id, done.id))).status).toBe(409);
    await expect(sql`update threat_scans set status = 'RUNNING' where id = ${done.id}`.execute(db())).rejects.toThrow(
      "A scan cannot go from COMPLETED to RUNNING.",
    );
  });
});

describe("a scan whose job failed every retry", () => {
  it("is ended FAILED with its reason, its endpoints closed, and refunded once", async () => {
    const config = paid[2];
    if (!config) throw new Error("the seed has too few configurations");
    const before = await threatBalance(OWN);
    const run = await call("admin", "POST", runUrl(config.id));
    const scanId = run.body?.id as number;
    const [job] = await rows<{ dead_letter: string }>(
      sql`select dead_letter from pgboss.job where name = 'scan.threat' and (data ->> 'scanId')::int = ${scanId}`,
    );
    expect(job?.dead_letter).toBe("scan.threat.dead");
    await failAbandonedThreatScan(db(), { scanId, companyId: OWN });
    await failAbandonedThreatScan(db(), { scanId, companyId: OWN });
    const [scan] = await rows<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from threat_scans where id = ${scanId}`,
    );
    expect(scan).toEqual({
      status: "FAILED",
      failure_reason: "The scan stopped unexpectedly, and every retry failed. Its unchecked endpoints were refunded.",
    });
    const endpoints = await rows<{ status: string }>(
      sql`select status from threat_endpoints where scan_id = ${scanId}`,
    );
    expect(endpoints.map((e) => e.status)).toEqual(["ABORTED", "ABORTED"]);
    expect(await threatBalance(OWN)).toBe(before);
  });
});

describe("a purchase", () => {
  it("queues its paid first scan with its endpoints, its price and its job", async () => {
    const base = "/api/v1/threat-inspection/scan-configuration/";
    const target = seed.threatConfigs.find((c) => c.company_id === OWN)?.exposure_target_id;
    const created = await call("admin", "POST", base, { name: "Mail relays", exposure_detection_target: target });
    const id = created.body?.id as number;
    const hosts = await rows<{ id: number }>(
      sql`select h.id from exposure_assets ea
          join exposure_configs ec on ec.id = (select min(id) from exposure_configs where asset_id = ea.id)
          join exposure_scans es on es.config_id = ec.id join exposure_hosts h on h.scan_id = es.id
          where ea.target_id = ${target} order by h.id limit 3`,
    );
    expect(hosts.length).toBe(3);
    const endpoints = hosts.map((h) => h.id);
    expect((await call("admin", "PUT", `${base}${id}/update-endpoint/`, { endpoints })).status).toBe(200);
    const estimate = await call("admin", "POST", `${base}${id}/estimate-price/`, { scan_frequency: "MONTHLY" });
    const summary = estimate.body?.charge_summary as Json;
    const processed = await call("admin", "POST", `${base}${id}/process/`, {
      invoice_id: summary.invoice_number,
      amount_paid: summary.grand_total,
    });
    expect(processed.status).toBe(200);

    const scans = await rows<{ id: number; status: string; price: number }>(
      sql`select id, status, price::int as price from threat_scans where config_id = ${id}`,
    );
    expect(scans.map(({ status, price }) => ({ status, price }))).toEqual([{ status: "QUEUED", price: 30 }]);
    const scanId = scans[0]?.id ?? 0;
    const queued = await rows<{ host_id: number }>(
      sql`select host_id from threat_endpoints where scan_id = ${scanId} order by id`,
    );
    expect(queued.map((e) => e.host_id)).toEqual(endpoints);
    expect(await jobsOf(scanId)).toEqual([{ scanId, companyId: OWN }]);
  });
});

describe("static mode", () => {
  it("runs and aborts with the same statuses, messages and refusals", async () => {
    const config = paid[4];
    if (!config) throw new Error("the seed has too few configurations");
    const member = await callMock("member", "POST", runUrl(config.id));
    expect(member.status).toBe(403);
    expect(member.body).toEqual((await call("member", "POST", runUrl(config.id))).body);

    const ours = await call("admin", "POST", runUrl(config.id));
    const theirs = await callMock("admin", "POST", runUrl(config.id));
    expect(theirs.status).toBe(201);
    expectValid("runThreatInspectionScan", 201, theirs.body);
    expect(theirs.body).toMatchObject({ status: ours.body?.status, progress: 0, completed_count: 0 });
    expect((await callMock("admin", "POST", runUrl(config.id))).status).toBe(409);

    const abortOurs = await call("admin", "POST", abortUrl(config.id, ours.body?.id as number));
    const abortTheirs = await callMock("admin", "POST", abortUrl(config.id, theirs.body?.id as number));
    expect(abortTheirs.status).toBe(abortOurs.status);
    expect(abortTheirs.body).toMatchObject({ status: "ABORTED", failure_reason: abortOurs.body?.failure_reason });
    const again = await callMock("admin", "POST", abortUrl(config.id, theirs.body?.id as number));
    expect(again).toEqual(await call("admin", "POST", abortUrl(config.id, ours.body?.id as number)));
  });
});
