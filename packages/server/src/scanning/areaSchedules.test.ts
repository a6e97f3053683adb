import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testServer } from "../../test/harness.ts";
import { loadContract } from "../http/contract.ts";
import {
  exposureSchedule,
  fireDueScans,
  type ScheduledArea,
  type ScheduleOwner,
  type SchedulerDeps,
  sourceSchedule,
  webSchedule,
} from "./schedules.ts";

/**
 * Scheduled scans of web applications, exposure detection configurations and repositories (issue
 * 29), on PostgreSQL: a schedule booked through the API fires when due, queued and charged by the
 * System exactly once however many schedulers tick; a refusal or a missed time ends the run with its
 * reason (ABORTED, or FAILED for source code, which has no ABORTED) and charges nothing; a continuous
 * schedule books its next run.
 */

const contract = loadContract();
let server: TestServer;
let deps: SchedulerDeps;
const tokens: Record<"superadmin" | "member", string> = { superadmin: "", member: "" };

beforeAll(async () => {
  server = await testServer();
  deps = { db: server.services.db, scanning: server.services.config.scanning, jobs: server.services.jobs };
  tokens.superadmin = (await server.signIn("superadmin@example.com")).access;
  tokens.member = (await server.signIn("member@example.com")).access;
});
afterAll(async () => {
  await server.close();
});

const db = () => server.services.db;
const DAY = 24 * 3600 * 1000;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const timeOf = (at: Date | string | null | undefined) => (at == null ? Number.NaN : new Date(at).getTime());

type Json = Record<string, unknown>;
async function call(role: keyof typeof tokens, method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token: tokens[role], body });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json) };
}
function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

/** What the test needs of each area: its owners, its runs, its charges and its words for an unrun scan. */
interface AreaCase {
  name: string;
  area: ScheduledArea<ScheduleOwner>;
  url: (id: number) => string;
  operation: string;
  /** Idle owners (nothing queued or running), one per company, oldest first. */
  owners: () => Promise<{ id: number; company_id: number }[]>;
  creditType: string;
  price: number;
  /** The owner's scans, newest first. */
  scans: (id: number) => Promise<{ id: number; status: string; failure_reason: string | null; price: number }[]>;
  /** The time of the owner's next booked run, or none. */
  booked: (id: number) => Promise<Date | string | null>;
  /** Moves the booked run to `offset` from now (a PostgreSQL interval). */
  dueIn: (id: number, offset: string) => Promise<void>;
  job: string;
  unrun: string;
}

const scanRows = (table: "web_scans" | "exposure_scans", owner: string) => (id: number) =>
  rows<{ id: number; status: string; failure_reason: string | null; price: number }>(
    sql`select id, status, failure_reason, price::int as price from ${sql.table(table)}
        where ${sql.ref(owner)} = ${id} order by id desc`,
  );
const pendingAt = (table: "web_scans" | "exposure_scans", owner: string) => async (id: number) =>
  (
    await rows<{ at: string | null }>(
      sql`select min(scan_time_schedulle) as at from ${sql.table(table)}
          where ${sql.ref(owner)} = ${id} and status = 'PENDING'`,
    )
  )[0]?.at ?? null;
const movePending = (table: "web_scans" | "exposure_scans", owner: string) => async (id: number, offset: string) => {
  await sql`update ${sql.table(table)} set scan_time_schedulle = now() + ${offset}::interval
            where ${sql.ref(owner)} = ${id} and status = 'PENDING'`.execute(db());
};

const CASES: AreaCase[] = [
  {
    name: "web application",
    area: webSchedule as unknown as ScheduledArea<ScheduleOwner>,
    url: (id) => `/api/v1/webapp/applications/${id}/schedule/`,
    operation: "WebScanSchedule",
    owners: () =>
      rows(sql`select distinct on (a.company_id) a.id, a.company_id from web_apps a
               where not exists (select 1 from web_scans s where s.app_id = a.id and s.status in ('QUEUED', 'RUNNING', 'PENDING'))
               order by a.company_id, a.id`),
    creditType: "APPLICATIONVA",
    price: 10,
    scans: scanRows("web_scans", "app_id"),
    booked: pendingAt("web_scans", "app_id"),
    dueIn: movePending("web_scans", "app_id"),
    job: "scan.web",
    unrun: "ABORTED",
  },
  {
    name: "exposure detection configuration",
    area: exposureSchedule as unknown as ScheduledArea<ScheduleOwner>,
    url: (id) => `/api/v1/exposure-detection/scan-configuration/${id}/schedule/`,
    operation: "ExposureDetectionScanSchedule",
    owners: () =>
      rows(sql`select distinct on (c.company_id) c.id, c.company_id from exposure_configs c
               where not exists (select 1 from exposure_scans s where s.config_id = c.id and s.status in ('QUEUED', 'RUNNING', 'PENDING'))
               order by c.company_id, c.id`),
    creditType: "EXPOSUREDETECTION",
    price: 10,
    scans: scanRows("exposure_scans", "config_id"),
    booked: pendingAt("exposure_scans", "config_id"),
    dueIn: movePending("exposure_scans", "config_id"),
    job: "scan.exposure",
    unrun: "ABORTED",
  },
  {
    name: "repository",
    area: sourceSchedule as unknown as ScheduledArea<ScheduleOwner>,
    url: (id) => `/api/v1/sourcecode/applications/${id}/schedule/`,
    operation: "SourceCodeScanSchedule",
    owners: () =>
      rows(sql`select distinct on (a.company_id) a.id, a.company_id from source_apps a
               join source_assets sa on sa.id = a.asset_id
               where cardinality(sa.branches) > 0
                 and not exists (select 1 from source_scans s where s.app_id = a.id and s.status in ('QUEUED', 'SCANNING'))
               order by a.company_id, a.id`),
    creditType: "SOURCECODE",
    price: 10,
    scans: (id) =>
      rows(sql`select id, status, failure_reason, price::int as price from source_scans
               where app_id = ${id} order by id desc`),
    booked: async (id) =>
      (await rows<{ at: string | null }>(sql`select scan_time_schedulle as at from source_apps where id = ${id}`))[0]
        ?.at ?? null,
    dueIn: async (id, offset) => {
      await sql`update source_apps set scan_time_schedulle = now() + ${offset}::interval where id = ${id}`.execute(
        db(),
      );
    },
    job: "scan.sourcecode",
    unrun: "FAILED",
  },
];

const chargesFor = (type: string, scanId: number) =>
  rows<{ amount: number; action: string; operator: string }>(
    sql`select amount::int as amount, transaction_action as action, operator from credit_transactions
        where transaction_type = ${type} and (reference ->> 'scan_id')::int = ${scanId} order by id`,
  );
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe.each(CASES)("the schedule of a $name", (c) => {
  let owners: { id: number; company_id: number }[] = [];
  const owner = (i: number) => {
    const found = owners[i];
    if (!found) throw new Error(`the seed has too few idle ${c.name}s in distinct companies`);
    return found;
  };
  beforeAll(async () => {
    owners = await c.owners();
  });

  it("is booked through the API, then queued once and charged once by the System with two schedulers at once", async () => {
    const { id } = owner(0);
    const empty = await call("superadmin", "GET", c.url(id));
    expect(empty.status).toBe(200);
    expectValid(`get${c.operation}`, 200, empty.body);

    const res = await call("superadmin", "PUT", c.url(id), {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "WEEKLY",
      scan_time: inAnHour(),
    });
    expect(res.status).toBe(200);
    expectValid(`update${c.operation}`, 200, res.body);
    expect(res.body).toMatchObject({ schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "WEEKLY" });
    const read = await call("superadmin", "GET", c.url(id));
    expect(read.body).toEqual(res.body);

    // Not due yet: nothing fires.
    const before = await c.scans(id);
    expect(await fireDueScans(deps, c.area)).toBe(0);
    expect(await c.scans(id)).toEqual(before);

    await c.dueIn(id, "-5 seconds");
    const due = timeOf(await c.booked(id));
    const fired = await Promise.all([fireDueScans(deps, c.area), fireDueScans(deps, c.area)]);
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);

    const queued = (await c.scans(id)).filter((s) => s.status === "QUEUED");
    expect(queued).toHaveLength(1);
    const scan = queued[0];
    if (!scan) throw new Error("no queued scan");
    expect(scan).toMatchObject({ failure_reason: null, price: c.price });
    expect(await chargesFor(c.creditType, scan.id)).toEqual([
      { amount: -c.price, action: "SPENDING", operator: "System" },
    ]);
    const jobs = await rows(
      sql`select 1 from pgboss.job where name = ${c.job} and (data ->> 'scanId')::int = ${scan.id}`,
    );
    expect(jobs).toHaveLength(1);
    // Continuous: the next run is booked a week after this one.
    expect(timeOf(await c.booked(id))).toBe(due + 7 * DAY);
    expect(await fireDueScans(deps, c.area)).toBe(0);
  });

  it("ends a run the balance does not cover, in the words a user would read, and charges nothing", async () => {
    const { id, company_id } = owner(1);
    await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
              select ${company_id}, -coalesce(sum(amount), 0), ${c.creditType}, 'SPENDING', 'Test'
              from credit_transactions where company_id = ${company_id} and transaction_type = ${c.creditType}`.execute(
      db(),
    );
    const res = await call("superadmin", "PUT", c.url(id), { schedulle_type: "ONE_TIME_SCAN", scan_time: inAnHour() });
    expect(res.status).toBe(200);
    await c.dueIn(id, "-1 second");
    expect(await fireDueScans(deps, c.area)).toBe(1);
    const [ended] = await c.scans(id);
    expect(ended?.status).toBe(c.unrun);
    expect(ended?.failure_reason).toMatch(/^Not run when it was due: .* the balance is 0\. Top up credits first\.$/);
    expect(await chargesFor(c.creditType, ended?.id ?? 0)).toEqual([]);
    // A one-time schedule books nothing after it.
    expect(await c.booked(id)).toBeNull();
  });

  it("records a run missed during a long outage instead of starting it late", async () => {
    const { id } = owner(2);
    const res = await call("superadmin", "PUT", c.url(id), {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      frequency_type: "WEEKLY",
      scan_time: inAnHour(),
    });
    expect(res.status).toBe(200);
    await c.dueIn(id, "-10 days");
    const due = timeOf(await c.booked(id));
    expect(await fireDueScans(deps, c.area)).toBe(1);
    // The newest scan that is not the next booked run.
    const ended = (await c.scans(id)).find((s) => s.status !== "PENDING");
    expect(ended?.status).toBe(c.unrun);
    expect(ended?.failure_reason).toMatch(/^Missed: it was due at \d{4}-\d\d-\d\d \d\d:\d\d UTC, while no scan worker/);
    expect(await chargesFor(c.creditType, ended?.id ?? 0)).toEqual([]);
    // One catch-up slot on the weekly rhythm, after now.
    expect(timeOf(await c.booked(id))).toBe(due + 14 * DAY);
  });

  it("refuses a past time, a frequency that does not fit, and members, changing nothing", async () => {
    const { id } = owner(0);
    const before = await call("superadmin", "GET", c.url(id));
    const past = await call("superadmin", "PUT", c.url(id), {
      schedulle_type: "ONE_TIME_SCAN",
      scan_time: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ scan_time: ["Choose a time in the future."] });
    const noFrequency = await call("superadmin", "PUT", c.url(id), {
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      scan_time: inAnHour(),
    });
    expect(noFrequency.status).toBe(400);
    expect(noFrequency.body).toEqual({ frequency_type: ["A continuous scan needs a frequency."] });
    expect(
      (await call("member", "PUT", c.url(id), { schedulle_type: "ONE_TIME_SCAN", scan_time: inAnHour() })).status,
    ).toBeOneOf([403, 404]);
    expect((await call("superadmin", "GET", c.url(id))).body).toEqual(before.body);
  });
});
