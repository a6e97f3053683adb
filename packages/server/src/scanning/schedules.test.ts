import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { failAbandonedNetworkScan, fireDueNetworkScans, type SchedulerDeps } from "./schedules.ts";

/**
 * Scheduled network scans (issue 29), on PostgreSQL: a due PENDING scan is queued and charged by the
 * System exactly once however many schedulers tick; a refusal or a missed time ends it ABORTED with
 * its reason and charges nothing; a continuous configuration always has its next run booked; a scan
 * whose job failed every retry ends FAILED and refunded.
 */

const seed = buildSeed();
let server: TestServer;
let deps: SchedulerDeps;

beforeAll(async () => {
  server = await testServer();
  deps = { db: server.services.db, scanning: server.services.config.scanning, jobs: server.services.jobs };
  // The seed's own PENDING scans were due days ago; each test books its own.
  await sql`update network_scans set status = 'ABORTED' where status = 'PENDING'`.execute(db());
});
afterAll(async () => {
  await server.close();
});

const db = () => server.services.db;
const DAY = 24 * 3600 * 1000;
const timeOf = (at: Date | string | undefined) => (at === undefined ? Number.NaN : new Date(at).getTime());
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

const idle = (configId: number) =>
  !seed.networkScans.some((s) => s.config_id === configId && (s.status === "QUEUED" || s.status === "RUNNING"));
const continuous = seed.networkConfigs.filter(
  (c) =>
    c.schedulle_type === "AUTOMATIC_SCHEDULLE" && c.frequency_type === "WEEKLY" && c.targets.length > 0 && idle(c.id),
);
const oneTime = seed.networkConfigs.filter((c) => c.schedulle_type !== "AUTOMATIC_SCHEDULLE" && idle(c.id));

/** A PENDING scan of a configuration, due `offset` from now (a PostgreSQL interval, negative for the past). */
async function pendingScan(configId: number, offset: string) {
  const [row] = await rows<{ id: number; due: Date | string }>(sql`
    insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type)
    select c.company_id, c.id, 'PENDING', (select coalesce(max(scan_time_id), 0) + 1 from network_scans where config_id = c.id),
           now() + ${offset}::interval, c.schedulle_type
    from network_configs c where c.id = ${configId}
    returning id, scan_time_schedulle as due`);
  if (!row) throw new Error("no scan inserted");
  return row;
}
const scanOf = async (id: number) =>
  (
    await rows<{ status: string; price: string; failure_reason: string | null; scanned_by: number | null }>(
      sql`select status, price, failure_reason, scanned_by from network_scans where id = ${id}`,
    )
  )[0];
const pendingOf = (configId: number) =>
  rows<{ id: number; due: Date | string }>(
    sql`select id, scan_time_schedulle as due from network_scans where config_id = ${configId} and status = 'PENDING'`,
  );
const chargesFor = (scanId: number) =>
  rows<{ amount: number; action: string; operator: string }>(
    sql`select amount, transaction_action as action, operator from credit_transactions
        where transaction_type = 'NETWORKVA' and reference ->> 'kind' = 'NETWORK_VA'
          and (reference ->> 'scan_id')::int = ${scanId} order by id`,
  );

describe("the scheduler", () => {
  it("queues a due scan once, charges it as the System and books a continuous configuration's next run", async () => {
    const config = continuous[0];
    if (!config) throw new Error("the seed has no idle weekly configuration");
    const scan = await pendingScan(config.id, "-5 seconds");

    // Two worker processes ticking at the same moment: the scan is fired by one of them.
    const fired = await Promise.all([fireDueNetworkScans(deps), fireDueNetworkScans(deps)]);
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);

    expect(await scanOf(scan.id)).toMatchObject({ status: "QUEUED", scanned_by: null, failure_reason: null });
    expect(Number((await scanOf(scan.id))?.price)).toBe(config.targets.length * 10);
    expect(await chargesFor(scan.id)).toEqual([
      { amount: -10 * config.targets.length, action: "SPENDING", operator: "System" },
    ]);
    const jobs = await rows<{ dead_letter: string | null }>(
      sql`select dead_letter from pgboss.job where name = 'scan.network' and (data ->> 'scanId')::int = ${scan.id}`,
    );
    expect(jobs).toEqual([{ dead_letter: "scan.network.dead" }]);

    const next = await pendingOf(config.id);
    expect(next).toHaveLength(1);
    expect(timeOf(next[0]?.due)).toBe(timeOf(scan.due) + 7 * DAY);
    // The booked run lists what it will scan; the fired one lists only its queued endpoints.
    const endpointsOf = (id: number) =>
      rows<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from scan_endpoints where scan_id = ${id} group by status`,
      );
    const targets = new Set(config.targets.map((t) => t.endpoint_id)).size;
    expect(await endpointsOf(next[0]?.id ?? 0)).toEqual([{ status: "PENDING", n: targets }]);
    expect(await endpointsOf(scan.id)).toEqual([{ status: "QUEUED", n: targets }]);

    // When the booked run comes due, it is queued with its endpoints listed once.
    await sql`update network_scans set status = 'ABORTED' where id = ${scan.id}`.execute(db());
    await sql`update network_scans set scan_time_schedulle = now() - interval '1 second' where id = ${next[0]?.id ?? 0}`.execute(
      db(),
    );
    expect(await fireDueNetworkScans(deps)).toBe(1);
    expect(await endpointsOf(next[0]?.id ?? 0)).toEqual([{ status: "QUEUED", n: targets }]);

    // Nothing else is due: another tick changes nothing.
    expect(await fireDueNetworkScans(deps)).toBe(0);
    expect(await chargesFor(scan.id)).toHaveLength(1);
  });

  it("leaves scans that are not due alone", async () => {
    const config = oneTime[0];
    if (!config) throw new Error("the seed has no idle one-time configuration");
    const scan = await pendingScan(config.id, "1 hour");
    expect(await fireDueNetworkScans(deps)).toBe(0);
    expect((await scanOf(scan.id))?.status).toBe("PENDING");
  });

  it("ends a scan the balance does not cover ABORTED, in the words a user would read, and charges nothing", async () => {
    // A company no other test here charges: its balance is emptied.
    const used = new Set([continuous[0], continuous[2], continuous[3] ?? oneTime[1]].map((c) => c?.company_id));
    const config = continuous.find((c) => !used.has(c.company_id));
    if (!config) throw new Error("the seed has too few idle weekly configurations");
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              select ${config.company_id}, -coalesce(sum(amount), 0), 'NETWORKVA', 'SPENDING', 'Test'
              from credit_transactions where company_id = ${config.company_id} and transaction_type = 'NETWORKVA'`.execute(
      db(),
    );
    const scan = await pendingScan(config.id, "-1 second");
    expect(await fireDueNetworkScans(deps)).toBe(1);
    const ended = await scanOf(scan.id);
    expect(ended?.status).toBe("ABORTED");
    expect(ended?.failure_reason).toMatch(
      /^Not run when it was due: This scan costs \d+ network credits .* and the balance is 0\. Top up credits first\.$/,
    );
    expect(await chargesFor(scan.id)).toEqual([]);
    const endpoints = await rows(sql`select 1 from scan_endpoints where scan_id = ${scan.id}`);
    expect(endpoints).toEqual([]);
    // Continuous scanning goes on: the next run is booked.
    expect(await pendingOf(config.id)).toHaveLength(1);
  });

  it("records a scan missed during a long outage instead of starting it late, and books the next run in the future", async () => {
    const config = continuous[2];
    if (!config) throw new Error("the seed has too few idle weekly configurations");
    const scan = await pendingScan(config.id, "-10 days");
    expect(await fireDueNetworkScans(deps)).toBe(1);
    const ended = await scanOf(scan.id);
    expect(ended?.status).toBe("ABORTED");
    expect(ended?.failure_reason).toMatch(/^Missed: it was due at \d{4}-\d\d-\d\d \d\d:\d\d UTC, while no scan worker/);
    expect(await chargesFor(scan.id)).toEqual([]);
    // One catch-up slot on the weekly rhythm, after now: 14 days after the missed one, not 7.
    const next = await pendingOf(config.id);
    expect(next).toHaveLength(1);
    expect(timeOf(next[0]?.due)).toBe(timeOf(scan.due) + 14 * DAY);
  });

  it("ends a scan whose job failed every retry as FAILED and refunds its unscanned endpoints, once", async () => {
    const config = continuous[3] ?? oneTime[1];
    if (!config) throw new Error("the seed has too few idle configurations");
    const scan = await pendingScan(config.id, "-1 second");
    await fireDueNetworkScans(deps);
    expect((await scanOf(scan.id))?.status).toBe("QUEUED");
    const job = { scanId: scan.id, companyId: config.company_id };
    await failAbandonedNetworkScan(db(), job);
    await failAbandonedNetworkScan(db(), job);
    const ended = await scanOf(scan.id);
    expect(ended?.status).toBe("FAILED");
    expect(ended?.failure_reason).toMatch(/every retry failed/);
    const charges = await chargesFor(scan.id);
    expect(charges.map((c) => [c.action, Number(c.amount)])).toEqual([
      ["SPENDING", -10 * config.targets.length],
      ["REFUND", 10 * config.targets.length],
    ]);
    const endpoints = await rows<{ status: string }>(
      sql`select distinct status from scan_endpoints where scan_id = ${scan.id}`,
    );
    expect(endpoints).toEqual([{ status: "ABORTED" }]);
  });
});
