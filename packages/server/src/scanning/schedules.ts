import { sql } from "kysely";
import { lockConfig, queueNetworkScan, refundUnscanned } from "../areas/network/scanRuns.ts";
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

/** How many due scans one tick fires; the rest wait for the next tick, a second later. */
const DUE_PER_TICK = 50;

/**
 * Fires the PENDING network scans whose time has come, oldest first: each is queued and charged as a
 * "Run now" would be, by the System. Each scan is its own transaction: one company's refusal (no
 * credits, a target now out of scope) must not hold back another's. Every worker process ticks; a
 * scan another process is firing is skipped, so it runs once.
 */
export async function fireDueNetworkScans(deps: SchedulerDeps): Promise<number> {
  const due = await withScope(deps.db, SYSTEM, (tx) =>
    sql<{ id: number; config_id: number }>`
      select id, config_id from network_scans
      where status = 'PENDING' and scan_time_schedulle <= now()
      order by scan_time_schedulle, id limit ${DUE_PER_TICK}`.execute(tx),
  );
  let fired = 0;
  for (const scan of due.rows) {
    if (await withScope(deps.db, SYSTEM, (tx) => fireScheduledScan(tx, deps, scan))) fired++;
  }
  return fired;
}

/**
 * Queues one due scan, or ends it ABORTED with the reason it could not run (the same words a user
 * pressing "Run now" would read); then books a continuous configuration's next run. The
 * configuration is locked before the scan, in the order a user's run and a reschedule take them.
 */
async function fireScheduledScan(
  tx: Tx,
  { scanning, jobs }: SchedulerDeps,
  scan: { id: number; config_id: number },
): Promise<boolean> {
  const config = await lockConfig(tx, scan.config_id, null);
  if (!config) return false;
  const still = await sql<{ missed: boolean; due: string }>`
    select scan_time_schedulle < now() - make_interval(hours => ${scanning.missedAfterHours}) as missed,
           to_char(scan_time_schedulle at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as due
    from network_scans
    where id = ${scan.id} and status = 'PENDING' and scan_time_schedulle <= now()
    for update skip locked`.execute(tx);
  const due = still.rows[0];
  // Fired by another process meanwhile, rescheduled, or aborted by a user.
  if (!due) return false;
  if (due.missed) {
    await sql`
      update network_scans set status = 'ABORTED', end_time = now(),
                               failure_reason = ${`Missed: it was due at ${due.due}, while no scan worker was running. Nothing was charged.`}
      where id = ${scan.id}`.execute(tx);
    await bookNextRun(tx, config, scan.id);
    return true;
  }

  await sql`savepoint fire`.execute(tx);
  try {
    await queueNetworkScan(tx, scanning, jobs, { config, pendingScanId: scan.id, scannedBy: null, operator: "System" });
    await sql`release savepoint fire`.execute(tx);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`rollback to savepoint fire`.execute(tx);
    await sql`
      update network_scans set status = 'ABORTED', end_time = now(),
                               failure_reason = ${`Not run when it was due: ${refusalText(error)}`.slice(0, 500)}
      where id = ${scan.id}`.execute(tx);
  }
  await bookNextRun(tx, config, scan.id);
  return true;
}

/**
 * A continuous scan's next run: one frequency after this one, skipping the times that passed while
 * no worker was running (one catch-up run, not a burst). Only one PENDING run is kept per configuration.
 */
async function bookNextRun(
  tx: Tx,
  config: { id: number; schedulle_type: string; frequency_type: string | null },
  scanId: number,
) {
  if (config.schedulle_type !== "AUTOMATIC_SCHEDULLE" || !config.frequency_type) return;
  const interval = INTERVALS[config.frequency_type as keyof typeof INTERVALS];
  if (!interval) return;
  const booked = await sql<{ id: number }>`
    insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type)
    select s.company_id, s.config_id, 'PENDING',
           (select max(scan_time_id) + 1 from network_scans where config_id = s.config_id),
           next.at, 'AUTOMATIC_SCHEDULLE'
    from network_scans s
    cross join lateral (
      select at from generate_series(s.scan_time_schedulle + ${interval}::interval, now() + ${interval}::interval,
                                     ${interval}::interval) as at
      where at > now() order by at limit 1
    ) next
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
