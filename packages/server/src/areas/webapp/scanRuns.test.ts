import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../../test/harness.ts";
import { callStatic, startStaticMode } from "../../../test/staticMode.ts";
import { loadContract } from "../../http/contract.ts";

/**
 * Running, aborting and importing into a web application scan (issue 29), on PostgreSQL: the scan,
 * the debit and the job are written together or not at all; refusals change nothing; an abort
 * refunds the price once.
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
const companyOfApp = (appId: number) => {
  const asset = seed.webAssets.find((w) => w.id === seed.webApps.find((a) => a.id === appId)?.asset_id);
  return seed.products.find((p) => p.id === asset?.product_id)?.company_id;
};
const idle = (appId: number) =>
  !seed.webScans.some((s) => s.app_id === appId && (s.status === "QUEUED" || s.status === "RUNNING"));
const apps = seed.webApps.filter((a) => companyOfApp(a.id) === OWN && idle(a.id));
const other = seed.webApps.find((a) => companyOfApp(a.id) !== OWN);

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

type Json = Record<string, unknown>;
async function call(role: Role, method: string, url: string) {
  const res = await server.call(method, url, { token: tokens[role] });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
const detail = (body: Json | null) => body?.target_detail as Json;

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const webBalance = async (company: number) =>
  Number(
    (
      await rows<{ balance: number }>(
        sql`select coalesce(sum(amount), 0) as balance from credit_transactions
            where company_id = ${company} and transaction_type = 'APPLICATIONVA'`,
      )
    )[0]?.balance ?? 0,
  );
const latestTransaction = async () =>
  (await rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from credit_transactions`))[0]?.id ?? 0;
const scanCount = async (appId: number) =>
  Number((await rows<{ n: number }>(sql`select count(*) as n from web_scans where app_id = ${appId}`))[0]?.n ?? 0);
const runUrl = (appId: number) => `/api/v1/webapp/applications/${appId}/scan/`;
const abortUrl = (scanId: number) => `/api/v1/webapp/scans/${scanId}/abort/`;
const app = (i: number) => {
  const found = apps[i];
  if (!found) throw new Error("the seed has too few idle web applications");
  return found;
};

describe("running a web application scan", () => {
  it("queues the scan, debits 10 application credits and queues its job, together", async () => {
    const { id } = app(0);
    const before = await webBalance(OWN);
    const lastTransaction = await latestTransaction();
    const res = await call("admin", "POST", runUrl(id));
    expect(res.status).toBe(201);
    expectValid("runWebScan", 201, res.body);
    expect(detail(res.body)).toMatchObject({ status: "QUEUED", progress: 0, start_time: null, end_time: null });
    const scanId = res.body?.id as number;

    expect(await webBalance(OWN)).toBe(before - 10);
    const debit = await rows<{ amount: number; action: string; reference: Json }>(
      sql`select amount, transaction_action as action, reference from credit_transactions where id > ${lastTransaction}`,
    );
    expect(debit).toEqual([
      {
        amount: -10,
        action: "SPENDING",
        reference: expect.objectContaining({ kind: "APPLICATION_VA", id, scan_id: scanId, target_id: null }),
      },
    ]);
    const stored = await rows<{ price: number; scanned_by: number | null }>(
      sql`select price::int as price, scanned_by from web_scans where id = ${scanId}`,
    );
    expect(stored[0]?.price).toBe(10);
    expect(stored[0]?.scanned_by).toBeTypeOf("number");
    const jobs = await rows<{ data: Json }>(
      sql`select data from pgboss.job where name = 'scan.web' and (data ->> 'scanId')::int = ${scanId}`,
    );
    expect(jobs.map((j) => j.data)).toEqual([{ scanId, companyId: OWN }]);

    // The list and the scan read show it as the newest.
    const list = await call("admin", "GET", runUrl(id));
    expect((list.body?.results as Json[] | undefined)?.[0]?.id).toBe(scanId);

    // A second run while this one is queued is refused, and charges nothing.
    const again = await call("admin", "POST", runUrl(id));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already queued or running/);
    expect(await webBalance(OWN)).toBe(before - 10);
  });

  it("refuses members (403), another company's application (404), and writes nothing", async () => {
    const { id } = app(1);
    if (!other) throw new Error("the seed has no other company's application");
    const count = await scanCount(id);
    const member = await call("member", "POST", runUrl(id));
    expect(member.status).toBe(403);
    expect(String(member.body?.detail)).toMatch(/admins and Sentinel staff can run or stop scans/);
    expect((await call("admin", "POST", runUrl(other.id))).status).toBe(404);
    expect(await scanCount(id)).toBe(count);
  });

  it("refuses a scan the balance does not cover, naming the price and the balance", async () => {
    const { id } = app(2);
    const balance = await webBalance(OWN);
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              values (${OWN}, ${-(balance - 5)}, 'APPLICATIONVA', 'SPENDING', 'Test')`.execute(db());
    const count = await scanCount(id);
    const res = await call("admin", "POST", runUrl(id));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: ["This scan costs 10 web application credits and the balance is 5. Top up credits first."],
    });
    expect(await scanCount(id)).toBe(count);
    expect(await webBalance(OWN)).toBe(5);
    await sql`delete from credit_transactions where operator = 'Test'`.execute(db());
  });

  it("refuses a URL outside what the server may scan, unless the configuration allows the range", async () => {
    const { id, asset_id } = app(3);
    const setUrl = (url: string, on = db()) =>
      sql`update web_assets set url = ${url} where id = ${asset_id}`.execute(on);
    const refusal = async (url: string) => {
      await setUrl(url);
      const res = await call("admin", "POST", runUrl(id));
      expect(res.status).toBe(400);
      return (res.body?.non_field_errors as string[] | undefined)?.[0];
    };
    expect(await refusal("http://127.0.0.1:8080/shop/")).toBe(
      "127.0.0.1 is a loopback address, which this server is not configured to scan.",
    );
    expect(await refusal("http://localhost:3000/")).toBe(
      "localhost is a loopback address, which this server is not configured to scan.",
    );
    expect(await refusal("http://169.254.169.254/latest/meta-data/")).toBe(
      "169.254.169.254 is a link-local or cloud metadata address, which this server is not configured to scan.",
    );
    expect(await refusal("http://[fd00::5]/")).toBe(
      "fd00::5 is a private address, which this server is not configured to scan.",
    );
    expect(await scanCount(id)).toBe(Number(seed.webScans.filter((s) => s.app_id === id).length));

    const allowing = await testServer({ SCAN_ALLOWED_RANGES: "127.0.0.0/8" });
    try {
      await setUrl("http://127.0.0.1:8080/shop/", allowing.services.db);
      const token = (await allowing.signIn(EMAIL.admin)).access;
      expect((await allowing.call("POST", runUrl(id), { token })).statusCode).toBe(201);
    } finally {
      await allowing.close();
    }
  });
});

describe("aborting a web application scan", () => {
  it("aborts a queued scan, refunds its price once, and refuses a second abort", async () => {
    const { id } = app(4);
    const before = await webBalance(OWN);
    const lastTransaction = await latestTransaction();
    const run = await call("admin", "POST", runUrl(id));
    const scanId = run.body?.id as number;
    expect(await webBalance(OWN)).toBe(before - 10);

    expect((await call("member", "POST", abortUrl(scanId))).status).toBe(403);
    const res = await call("admin", "POST", abortUrl(scanId));
    expect(res.status).toBe(200);
    expectValid("abortWebScan", 200, res.body);
    expect(detail(res.body)).toMatchObject({ status: "ABORTED", failure_reason: `Aborted by ${EMAIL.admin}.` });
    expect(detail(res.body)?.end_time).toBeTypeOf("string");
    expect(await webBalance(OWN)).toBe(before);
    const refunds = await rows<{ amount: number; scan: number }>(
      sql`select amount, (reference ->> 'scan_id')::int as scan from credit_transactions
          where transaction_action = 'REFUND' and id > ${lastTransaction}`,
    );
    expect(refunds).toEqual([{ amount: 10, scan: scanId }]);

    const again = await call("admin", "POST", abortUrl(scanId));
    expect(again.status).toBe(409);
    expect(String(again.body?.detail)).toMatch(/already ended \(aborted\)/);
    expect(await webBalance(OWN)).toBe(before);
  });

  it("refuses to abort a completed scan or another company's, and the database refuses walking back", async () => {
    const done = (
      await rows<{ id: number }>(
        sql`select id from web_scans where company_id = ${OWN} and status = 'COMPLETED' order by id limit 1`,
      )
    )[0];
    const theirs = (
      await rows<{ id: number }>(
        sql`select id from web_scans where company_id <> ${OWN} and status in ('QUEUED', 'RUNNING') order by id limit 1`,
      )
    )[0];
    if (!done || !theirs) throw new Error("the seed has no completed scan, or no other company's running one");
    expect((await call("admin", "POST", abortUrl(done.id))).status).toBe(409);
    expect((await call("admin", "POST", abortUrl(theirs.id))).status).toBe(404);
    await expect(sql`update web_scans set status = 'QUEUED' where id = ${done.id}`.execute(db())).rejects.toThrow(
      "A scan cannot go from COMPLETED to QUEUED.",
    );
  });
});

describe("importing a report into a web application", () => {
  const upload = (appId: number, file: string, role: Role = "admin") => {
    const boundary = "----sentinel-test";
    const payload =
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="report.json"\r\n` +
      `content-type: application/json\r\n\r\n${file}\r\n--${boundary}--\r\n`;
    return server.app.inject({
      method: "POST",
      url: `/api/v1/webapp/applications/${appId}/imports/`,
      headers: { authorization: `Bearer ${tokens[role]}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it("queues a free scan for a web report, and refuses a network report or a member with what is wrong", async () => {
    const { id } = app(5);
    const before = await webBalance(OWN);
    const res = await upload(id, JSON.stringify({ classifications: {}, vulnerabilities: {}, infos: {} }));
    expect(res.statusCode).toBe(201);
    expectValid("importWebScanReport", 201, res.json());
    expect(await webBalance(OWN)).toBe(before);
    const scanId = (res.json() as Json).id as number;
    const jobs = await rows<{ data: Json }>(
      sql`select data from pgboss.job where name = 'scan.web' and (data ->> 'scanId')::int = ${scanId}`,
    );
    expect(jobs[0]?.data).toMatchObject({ scanId, report: { format: "wapiti-json" } });

    const { id: another } = app(6);
    const nmap = await upload(another, '<?xml version="1.0"?><nmaprun scanner="nmap"></nmaprun>');
    expect(nmap.statusCode).toBe(400);
    expect(nmap.json()).toEqual({
      file: [
        "This is a nmap XML report, which a web application does not take. Upload a ZAP JSON, SARIF 2.1.0 or Wapiti JSON report.",
      ],
    });
    const text = await upload(another, "hello");
    expect(text.json()).toEqual({
      file: ["This file is not a report Sentinel reads. Upload a ZAP JSON, SARIF 2.1.0 or Wapiti JSON report."],
    });
    expect((await upload(another, "{}", "member")).statusCode).toBe(403);
  });
});

describe("static mode", () => {
  it("runs and aborts with the same statuses, messages and credit movements", async () => {
    const { id } = app(7);
    const callMock = (role: Role, method: string, url: string) => callStatic(EMAIL[role], method, url);
    const member = await callMock("member", "POST", runUrl(id));
    expect(member.status).toBe(403);
    expect(member.body).toEqual((await call("member", "POST", runUrl(id))).body);

    const ours = await call("admin", "POST", runUrl(id));
    const theirs = await callMock("admin", "POST", runUrl(id));
    expect(theirs.status).toBe(201);
    expectValid("runWebScan", 201, theirs.body);
    expect(detail(theirs.body)).toMatchObject({ status: detail(ours.body)?.status, progress: 0 });
    expect(await callMock("admin", "POST", runUrl(id))).toEqual(await call("admin", "POST", runUrl(id)));

    const abortOurs = await call("admin", "POST", abortUrl(ours.body?.id as number));
    const abortTheirs = await callMock("admin", "POST", abortUrl(theirs.body?.id as number));
    expect(abortTheirs.status).toBe(abortOurs.status);
    expect(detail(abortTheirs.body)).toMatchObject({
      status: "ABORTED",
      failure_reason: detail(abortOurs.body)?.failure_reason,
    });
    const again = await callMock("admin", "POST", abortUrl(theirs.body?.id as number));
    expect(again).toEqual(await call("admin", "POST", abortUrl(ours.body?.id as number)));
  });
});
