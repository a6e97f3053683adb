import { randomBytes } from "node:crypto";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { fixture } from "../../test/reports.ts";
import { QUEUES } from "../jobs/queue.ts";
import { startScanWorkers } from "../server.ts";
import { failAbandonedExposureScan } from "./exposureJob.ts";

/**
 * An exposure scan or import whose job fails every retry (issue 29), on PostgreSQL and pg-boss: a
 * worker that crashes on each attempt stands in for one that dies; pg-boss retries the job as it was
 * queued, then hands it to `scan.exposure.dead`, where the product's own workers end the scan FAILED
 * and refund a run's price once, as a REFUND row. Before this, such a scan stayed RUNNING forever.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const admin = seed.users.find((u) => u.email === ADMIN);
const OWN = admin?.company_id ?? 0;
const ADMIN_NAME = `${admin?.first_name} ${admin?.last_name}`;
const idle = (configId: number) =>
  !seed.exposureScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const configs = seed.exposureConfigs.filter((c) => c.company_id === OWN && idle(c.id));

let server: TestServer;
let token = "";
let stopWorkers = () => {};

beforeAll(async () => {
  server = await testServer();
  token = (await server.signIn(ADMIN)).access;
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
            values (${OWN}, 100, 'EXPOSUREDETECTION', 'TOPUP', 'Test')`.execute(server.services.db);
});
afterAll(async () => {
  stopWorkers();
  await server.close();
});

type Json = Record<string, unknown>;
const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const scanOf = async (scanId: number) =>
  (
    await rows<{ status: string; failure_reason: string | null; progress: number }>(
      sql`select status, failure_reason, progress from exposure_scans where id = ${scanId}`,
    )
  )[0];
const creditsFor = async (scanId: number) =>
  (
    await rows<{ action: string; amount: string; operator: string }>(
      sql`select transaction_action as action, amount, operator from credit_transactions
          where transaction_type = 'EXPOSUREDETECTION' and (reference ->> 'scan_id')::int = ${scanId} order by id`,
    )
  ).map((r) => [r.action, Number(r.amount), r.operator]);
const jobStates = async (queue: string, scanId: number) =>
  (
    await rows<{ state: string }>(
      sql`select state::text from pgboss.job where name = ${queue} and (data ->> 'scanId')::int = ${scanId}`,
    )
  ).map((r) => r.state);

async function until(what: string, check: () => Promise<boolean>) {
  // Generous: four attempts with pg-boss's backoff take about 15 s on an idle machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting until ${what}`);
}

async function importReport(configId: number) {
  const boundary = `----sentinel${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nmap.xml"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    fixture("nmap.xml"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: "POST",
    url: `/api/v1/exposure-detection/scan-configuration/${configId}/imports/`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

describe("an exposure job that fails every retry", () => {
  it("ends its scan FAILED and refunds a run once; an import ends FAILED and costs nothing", {
    timeout: 300_000,
  }, async () => {
    const [runConfig, importConfig] = configs;
    if (!runConfig || !importConfig) throw new Error("the seed has too few idle exposure configurations");

    const run = await server.call("POST", `/api/v1/exposure-detection/scan-configuration/${runConfig.id}/scan/`, {
      token,
    });
    expect(run.statusCode, run.body).toBe(201);
    const scanId = (run.json() as Json).id as number;
    const imported = await importReport(importConfig.id);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const importId = imported.body.id as number;

    // The job's first attempt marks the scan RUNNING, as the real worker does, then the worker dies.
    const { boss } = server.services.jobs;
    const crash = async ([job]: { data: { scanId: number } }[]) => {
      if (job) await sql`update exposure_scans set status = 'RUNNING' where id = ${job.data.scanId}`.execute(db());
      throw new Error("the worker died");
    };
    await boss.work(QUEUES.exposureScan, { pollingIntervalSeconds: 0.5 }, crash);
    await boss.work(QUEUES.exposureImport, { pollingIntervalSeconds: 0.5 }, crash);
    await until("both jobs failed every retry", async () => {
      const states = [
        ...(await jobStates(QUEUES.exposureScan, scanId)),
        ...(await jobStates(QUEUES.exposureImport, importId)),
      ];
      return states.length === 2 && states.every((s) => s === "failed");
    });
    await boss.offWork(QUEUES.exposureScan);
    await boss.offWork(QUEUES.exposureImport);
    // Without a dead-letter worker the scan would stay RUNNING forever.
    expect((await scanOf(scanId))?.status).toBe("RUNNING");
    expect(await jobStates(QUEUES.deadExposureScan, scanId)).toHaveLength(1);
    expect(await jobStates(QUEUES.deadExposureScan, importId)).toHaveLength(1);

    // The product's own workers take the dead letters.
    stopWorkers = await startScanWorkers(server.services.jobs, {
      db: db(),
      scanning: server.services.config.scanning,
    });
    await until("both scans ended", async () =>
      [await scanOf(scanId), await scanOf(importId)].every((s) => s?.status === "FAILED"),
    );
    expect(await scanOf(scanId)).toEqual({
      status: "FAILED",
      failure_reason: "The scan stopped unexpectedly, and every retry failed. It was refunded.",
      progress: 100,
    });
    expect(await scanOf(importId)).toEqual({
      status: "FAILED",
      failure_reason: "The import stopped unexpectedly, and every retry failed. Import the report again.",
      progress: 100,
    });
    expect(await creditsFor(scanId)).toEqual([
      ["SPENDING", -10, ADMIN_NAME],
      ["REFUND", 10, "System"],
    ]);
    expect(await creditsFor(importId)).toEqual([]);

    // A dead letter delivered twice refunds nothing more.
    await failAbandonedExposureScan(db(), { scanId, companyId: OWN });
    expect(await creditsFor(scanId)).toEqual([
      ["SPENDING", -10, ADMIN_NAME],
      ["REFUND", 10, "System"],
    ]);
  });
});
