import { type RawBuilder, sql } from "kysely";
import { lockedConfig, queueExposureScan } from "../areas/network/exposureScans.ts";
import { type LockedConfig, lockConfig, queueNetworkScan, refundUnscanned } from "../areas/network/scanRuns.ts";
import { type App, branchOf, lockedApp, queueSourceScan } from "../areas/sourcecode/scanRuns.ts";
import { lockApplication, queueWebScan } from "../areas/webapp/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, SYSTEM, type Tx, withScope } from "../db/pool.ts";
import { ApiError } from "../http/errors.ts";
import type { JobQueue } from "../jobs/queue.ts";

export interface SchedulerDeps {
  db: Db;
  scanning: ScanningConfig;
  jobs: JobQueue;
}

/** How far apart a continuous scan's runs are (`frequency_type`), as PostgreSQL intervals. */
const INTERVALS = { WEEKLY: "1 week", MONTHLY: "1 month", QUARTERLY: "3 months" } as const;

/** How many due scans one tick fires in each area; the rest wait for the next tick, a second later. */
const DUE_PER_TICK = 50;

/** What every schedule's owner (a configuration, an application) holds: its company and its rhythm. */
export interface ScheduleOwner {
  id: number;
  company_id: number;
  schedulle_type: string | null;
  frequency_type: string | null;
}

/**
 * One area's scheduled scans, for the firing every area shares. A booked run is a row of `runs.table`
 * whose `scan_time_schedulle` has come and that `runs.pending` holds (a PENDING scan, or a source code
 * repository's next run); `runs.owner` names what it belongs to. The area says how its owner is held,
 * how a run is queued (its "Run now" path), how an unrun one is ended and how the next is booked.
 */
export interface ScheduledArea<Owner extends ScheduleOwner> {
  runs: { table: string; owner: string; pending: RawBuilder<unknown> };
  /** The owner, held until the transaction ends, in the order a user's run and a reschedule take it. */
  lockOwner(tx: Tx, ownerId: number): Promise<Owner | undefined>;
  /** Queues the run through the area's "Run now" checks and writes; an ApiError is a refusal. */
  queue(tx: Tx, deps: SchedulerDeps, owner: Owner, runId: number): Promise<unknown>;
  /** Ends the run without running it, for `reason` (ABORTED, or the area's word for it). */
  end(tx: Tx, owner: Owner, runId: number, reason: string): Promise<void>;
  /** Books a continuous owner's next run (and clears a one-time owner's booked time, where it keeps one). */
  bookNext(tx: Tx, owner: Owner, runId: number): Promise<void>;
}

/**
 * Fires one area's booked runs whose time has come, oldest first: each is queued and charged as a
 * "Run now" would be, by the System. Each run is its own transaction: one company's refusal (no
 * credits, a target now out of scope) must not hold back another's. Every worker process ticks; a
 * run another process is firing is skipped, so it runs once.
 */
export async function fireDueScans<Owner extends ScheduleOwner>(
  deps: SchedulerDeps,
  area: ScheduledArea<Owner>,
): Promise<number> {
  const { table, owner, pending } = area.runs;
  const due = await withScope(deps.db, SYSTEM, (tx) =>
    sql<{ id: number; owner_id: number }>`
      select id, ${sql.ref(owner)} as owner_id from ${sql.table(table)}
      where ${pending} and scan_time_schedulle <= now()
      order by scan_time_schedulle, id limit ${DUE_PER_TICK}`.execute(tx),
  );
  let fired = 0;
  for (const run of due.rows) {
    if (await withScope(deps.db, SYSTEM, (tx) => fireScheduledRun(tx, deps, area, run))) fired++;
  }
  return fired;
}

/**
 * Queues one due run, or ends it with the reason it could not run (the same words a user pressing
 * "Run now" would read); then books a continuous owner's next run. The owner is locked before the
 * run, in the order a user's run and a reschedule take them.
 */
async function fireScheduledRun<Owner extends ScheduleOwner>(
  tx: Tx,
  deps: SchedulerDeps,
  area: ScheduledArea<Owner>,
  run: { id: number; owner_id: number },
): Promise<boolean> {
  const owner = await area.lockOwner(tx, run.owner_id);
  if (!owner) return false;
  const still = await sql<{ missed: boolean; due: string }>`
    select scan_time_schedulle < now() - make_interval(hours => ${deps.scanning.missedAfterHours}) as missed,
           to_char(scan_time_schedulle at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as due
    from ${sql.table(area.runs.table)}
    where id = ${run.id} and ${area.runs.pending} and scan_time_schedulle <= now()
    for update skip locked`.execute(tx);
  const due = still.rows[0];
  // Fired by another process meanwhile, rescheduled, or aborted by a user.
  if (!due) return false;
  if (due.missed) {
    await area.end(
      tx,
      owner,
      run.id,
      `Missed: it was due at ${due.due}, while no scan worker was running. Nothing was charged.`,
    );
    await area.bookNext(tx, owner, run.id);
    return true;
  }

  await sql`savepoint fire`.execute(tx);
  try {
    await area.queue(tx, deps, owner, run.id);
    await sql`release savepoint fire`.execute(tx);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`rollback to savepoint fire`.execute(tx);
    await area.end(tx, owner, run.id, `Not run when it was due: ${refusalText(error)}`.slice(0, 500));
  }
  await area.bookNext(tx, owner, run.id);
  return true;
}

/**
 * The first slot of a continuous rhythm after now, counted from a run's time: the times that passed
 * while no worker was running are skipped (one catch-up run, not a burst). Null when the owner is not
 * continuous.
 */
function nextSlot(owner: ScheduleOwner, from: RawBuilder<unknown>) {
  if (owner.schedulle_type !== "AUTOMATIC_SCHEDULLE" || !owner.frequency_type) return null;
  const interval = INTERVALS[owner.frequency_type as keyof typeof INTERVALS];
  if (!interval) return null;
  return sql<string>`(select at from generate_series(${from} + ${interval}::interval, now() + ${interval}::interval,
                                                     ${interval}::interval) as at
                      where at > now() order by at limit 1)`;
}

/** The scan tables whose booked runs are PENDING rows: the PENDING scan itself ends ABORTED. */
function pendingScans(table: string, owner: string, endColumn: string) {
  return {
    runs: { table, owner, pending: sql`status = 'PENDING'` },
    async end(tx: Tx, _owner: ScheduleOwner, runId: number, reason: string) {
      await sql`update ${sql.table(table)} set status = 'ABORTED', ${sql.ref(endColumn)} = now(), failure_reason = ${reason}
                where id = ${runId}`.execute(tx);
    },
    /** One PENDING run per owner: a continuous owner's next, one rhythm after this one. */
    async bookNext(tx: Tx, ownerRow: ScheduleOwner, runId: number) {
      const at = nextSlot(ownerRow, sql`s.scan_time_schedulle`);
      if (!at) return;
      await sql`
        insert into ${sql.table(table)} (company_id, ${sql.ref(owner)}, status, scan_time_schedulle)
        select s.company_id, ${sql.ref(`s.${owner}`)}, 'PENDING', ${at}
        from ${sql.table(table)} s
        where s.id = ${runId}
          and not exists (select 1 from ${sql.table(table)} p
                          where ${sql.ref(`p.${owner}`)} = ${sql.ref(`s.${owner}`)} and p.status = 'PENDING')`.execute(
        tx,
      );
    },
  };
}

/** Network scan configurations: PENDING network scans, as a user's "Run now" queues them. */
export const networkSchedule: ScheduledArea<LockedConfig> = {
  ...pendingScans("network_scans", "config_id", "end_time"),
  lockOwner: (tx, configId) => lockConfig(tx, configId, null),
  queue: (tx, { scanning, jobs }, config, scanId) =>
    queueNetworkScan(tx, scanning, jobs, { config, pendingScanId: scanId, scannedBy: null, operator: "System" }),
  bookNext: bookNextNetworkRun,
};

type WebOwner = ScheduleOwner & { company_id: number; url: string; name: string };

/** Web applications: PENDING web scans. */
export const webSchedule: ScheduledArea<WebOwner> = {
  ...pendingScans("web_scans", "app_id", "end_time"),
  async lockOwner(tx, appId) {
    const app = await lockApplication(tx, appId, null);
    if (!app) return undefined;
    return { ...app, ...(await scheduleOf(tx, "web_apps", appId)), id: appId };
  },
  queue: (tx, { scanning, jobs }, app, scanId) =>
    queueWebScan(tx, scanning, jobs, {
      app,
      appId: app.id,
      pendingScanId: scanId,
      scannedBy: null,
      operator: "System",
    }),
};

type ExposureOwner = ScheduleOwner & { domain: string; target_id: number };

/** Exposure detection configurations: PENDING exposure scans; the configuration shows the next one. */
export const exposureSchedule: ScheduledArea<ExposureOwner> = (() => {
  const base = pendingScans("exposure_scans", "config_id", "end_scan");
  return {
    ...base,
    async lockOwner(tx, configId) {
      const config = await lockedConfig(tx, configId, null);
      if (!config) return undefined;
      return { ...config, ...(await scheduleOf(tx, "exposure_configs", configId)), id: configId };
    },
    queue: (tx, { scanning, jobs }, config, scanId) =>
      queueExposureScan(tx, scanning, jobs, {
        config,
        configId: config.id,
        pendingScanId: scanId,
        scannedBy: null,
        operator: "System",
      }),
    async bookNext(tx, config, scanId) {
      await base.bookNext(tx, config, scanId);
      await syncExposureScheduledScan(tx, config.id);
    },
  };
})();

/** `scheduled_scan`, the contract's "next scheduled scan" of a configuration: its PENDING scan's time. */
export async function syncExposureScheduledScan(tx: Tx, configId: number) {
  await sql`update exposure_configs c
            set scheduled_scan = (select min(s.scan_time_schedulle) from exposure_scans s
                                  where s.config_id = c.id and s.status = 'PENDING')
            where c.id = ${configId}`.execute(tx);
}

type SourceOwner = ScheduleOwner & App & { schedule_branch: string };

/**
 * Source code repositories: the repository keeps its next run (source scans have no PENDING state).
 * A run that cannot happen becomes a FAILED scan of the branch with its reason, charged nothing.
 */
export const sourceSchedule: ScheduledArea<SourceOwner> = {
  runs: { table: "source_apps", owner: "id", pending: sql`scan_time_schedulle is not null` },
  async lockOwner(tx, appId) {
    const app = await lockedApp(tx, appId, null).catch((error: unknown) => {
      if (error instanceof ApiError) return undefined;
      throw error;
    });
    if (!app) return undefined;
    const schedule = (
      await sql<{ schedulle_type: string | null; frequency_type: string | null; schedule_branch: string | null }>`
        select schedulle_type, frequency_type, schedule_branch from source_apps where id = ${appId}`.execute(tx)
    ).rows[0];
    return { ...app, ...schedule, schedule_branch: schedule?.schedule_branch ?? "", id: appId } as SourceOwner;
  },
  queue: (tx, { scanning, jobs }, app) =>
    queueSourceScan(tx, scanning, jobs, {
      app,
      appId: app.id,
      branch: branchOf(app, app.schedule_branch),
      scannedBy: null,
      operator: "System",
    }),
  async end(tx, app, _runId, reason) {
    await sql`insert into source_scans (company_id, app_id, branch, status, price, start_time, end_time, failure_reason)
              values (${app.company_id}, ${app.id}, ${app.schedule_branch}, 'FAILED', 0, now(), now(), ${reason})`.execute(
      tx,
    );
  },
  async bookNext(tx, app) {
    const at = nextSlot(app, sql`a.scan_time_schedulle`) ?? sql`null::timestamptz`;
    await sql`update source_apps a set scan_time_schedulle = ${at} where a.id = ${app.id}`.execute(tx);
  },
};

/** One tick of the scheduler in every worker process: each area's due runs, one area after another. */
export async function fireDueAreaScans(deps: SchedulerDeps): Promise<number> {
  let fired = 0;
  fired += await fireDueScans(deps, networkSchedule);
  fired += await fireDueScans(deps, webSchedule);
  fired += await fireDueScans(deps, exposureSchedule);
  fired += await fireDueScans(deps, sourceSchedule);
  return fired;
}

/** Fires the PENDING network scans whose time has come (the network area's part of a tick). */
export function fireDueNetworkScans(deps: SchedulerDeps): Promise<number> {
  return fireDueScans(deps, networkSchedule);
}

/** The schedule an owner row keeps (web applications and exposure configurations). */
async function scheduleOf(tx: Tx, table: "web_apps" | "exposure_configs", id: number) {
  return (
    (
      await sql<{ schedulle_type: string | null; frequency_type: string | null }>`
        select schedulle_type, frequency_type from ${sql.table(table)} where id = ${id}`.execute(tx)
    ).rows[0] ?? { schedulle_type: null, frequency_type: null }
  );
}

/**
 * A continuous network scan's next run: one frequency after this one, skipping the times that passed
 * while no worker was running (one catch-up run, not a burst). Only one PENDING run is kept per configuration.
 */
async function bookNextNetworkRun(tx: Tx, config: LockedConfig, scanId: number) {
  const at = nextSlot(config, sql`s.scan_time_schedulle`);
  if (!at) return;
  const booked = await sql<{ id: number }>`
    insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type)
    select s.company_id, s.config_id, 'PENDING',
           (select max(scan_time_id) + 1 from network_scans where config_id = s.config_id),
           ${at}, 'AUTOMATIC_SCHEDULLE'
    from network_scans s
    where s.id = ${scanId}
      and not exists (select 1 from network_scans p where p.config_id = s.config_id and p.status = 'PENDING')
    returning id`.execute(tx);
  // A booked run lists the endpoints it will scan, as a scheduled scan does before it runs.
  await sql`
    insert into scan_endpoints (company_id, scan_id, endpoint_id, status)
    select n.company_id, n.id, e.id, 'PENDING'
    from network_scans n
    join (select distinct t.config_id, e.id from network_targets t
          join network_endpoints e on e.id = t.endpoint_id
          join network_assets a on a.id = e.asset_id and a.archived_at is null) e on e.config_id = n.config_id
    where n.id = any(${booked.rows.map((r) => r.id)}::int[])`.execute(tx);
}

/** An API refusal's words, whichever field the contract puts them in. */
function refusalText(error: ApiError): string {
  const body = error.body as { detail?: unknown; non_field_errors?: unknown };
  if (typeof body.detail === "string") return body.detail;
  if (Array.isArray(body.non_field_errors) && typeof body.non_field_errors[0] === "string") {
    return body.non_field_errors[0];
  }
  // A field the run depends on (a source code schedule's branch no longer in the repository).
  for (const messages of Object.values(body)) {
    if (Array.isArray(messages) && typeof messages[0] === "string") return messages[0];
  }
  return error.message;
}

/**
 * Ends a scan whose job failed every retry (the worker crashed on it each time): FAILED with the reason,
 * its unscanned endpoints refunded. A scan that ended meanwhile is left alone.
 */
export async function failAbandonedNetworkScan(db: Db, job: { scanId: number; companyId: number }) {
  await withScope(db, { companies: job.companyId, userId: null }, async (tx) => {
    const scan = await sql<{ status: string }>`
      select status from network_scans where id = ${job.scanId} for update`.execute(tx);
    const status = scan.rows[0]?.status;
    if (status !== "QUEUED" && status !== "RUNNING") return;
    const reason = "The scan stopped unexpectedly, and every retry failed. Its unscanned targets were refunded.";
    // What was running failed with the job; what never started is stopped.
    await sql`
      update scan_endpoints set status = case when status = 'RUNNING' then 'FAILED' else 'ABORTED' end,
                                updated_at = now()
      where scan_id = ${job.scanId} and status in ('QUEUED', 'RUNNING')`.execute(tx);
    // QUEUED cannot become FAILED directly: the scan passes through RUNNING, as its job did.
    if (status === "QUEUED")
      await sql`update network_scans set status = 'RUNNING' where id = ${job.scanId}`.execute(tx);
    await sql`update network_scans set status = 'FAILED', end_time = now(), failure_reason = ${reason}
              where id = ${job.scanId}`.execute(tx);
    await refundUnscanned(tx, job.scanId, "System");
  });
}
