import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { syncExposureScheduledScan } from "../../scanning/schedules.ts";
import { lockedConfig } from "../network/exposureScans.ts";
import { companyIs, FREQUENCY_LABEL, type Frequency, SCHEDULE_LABEL, type ScheduleType } from "../network/sql.ts";
import { type App, branchOf, lockedApp } from "../sourcecode/scanRuns.ts";
import { lockApplication } from "../webapp/scanRuns.ts";

/** The contract's ScanScheduleUpdate (types, choices and the date-time format checked by the route). */
export interface ScanScheduleBody {
  schedulle_type: ScheduleType;
  frequency_type?: Frequency | null;
  scan_time: string;
  branch?: string | null;
}

interface Actor {
  caller: Caller;
  requestId: string;
}

/** The schedule areas other than network keep: web applications, exposure configurations, repositories. */
export type ScheduleArea = "web" | "exposure" | "sourcecode";

interface StoredSchedule {
  schedulle_type: ScheduleType | null;
  frequency_type: Frequency | null;
  scan_time: string | null;
  branch: string | null;
}

/** The contract's ScanSchedule. */
const wire = (s: StoredSchedule) => ({
  schedulle_type: s.schedulle_type,
  schedulle_type_display: s.schedulle_type ? SCHEDULE_LABEL[s.schedulle_type] : null,
  frequency_type: s.frequency_type,
  frequency_type_display: s.frequency_type ? FREQUENCY_LABEL[s.frequency_type] : null,
  scan_time: s.scan_time === null ? null : new Date(s.scan_time).toISOString(),
  branch: s.branch,
});

/** Where each area keeps its schedule: the owner's table, and its booked PENDING scans (none for repositories). */
const STORE = {
  web: { owner: "web_apps", scans: "web_scans", ownerColumn: "app_id" },
  exposure: { owner: "exposure_configs", scans: "exposure_scans", ownerColumn: "config_id" },
  sourcecode: { owner: "source_apps", scans: null, ownerColumn: null },
} as const;

async function ownerExists(tx: Tx, area: ScheduleArea, id: number, company: number | null, lock: boolean) {
  if (!lock) {
    const rows = await sql`select 1 from ${sql.table(STORE[area].owner)} o
                           where o.id = ${id} and ${companyIs("o.company_id", company)}`.execute(tx);
    return rows.rows.length > 0 ? {} : undefined;
  }
  // Held in the order a user's run and the scheduler take it, so a reschedule never races a firing.
  if (area === "web") return await lockApplication(tx, id, company);
  if (area === "exposure") return await lockedConfig(tx, id, company);
  return await lockedApp(tx, id, company).catch(() => undefined);
}

async function storedSchedule(tx: Tx, area: ScheduleArea, id: number): Promise<StoredSchedule> {
  const { owner, scans, ownerColumn } = STORE[area];
  const next =
    scans === null
      ? sql`o.scan_time_schedulle`
      : sql`(select min(s.scan_time_schedulle) from ${sql.table(scans)} s
             where ${sql.ref(`s.${ownerColumn}`)} = o.id and s.status = 'PENDING')`;
  const branch = area === "sourcecode" ? sql`o.schedule_branch` : sql`null::text`;
  const row = (
    await sql<StoredSchedule>`
      select o.schedulle_type, o.frequency_type, ${next} as scan_time, ${branch} as branch
      from ${sql.table(owner)} o where o.id = ${id}`.execute(tx)
  ).rows[0];
  if (!row) throw notFound();
  return row;
}

/** An owner's schedule: its type, frequency, next booked run (null: none) and, for a repository, the branch. */
export async function getScanSchedule(tx: Tx, area: ScheduleArea, id: number, company: number | null) {
  if (!(await ownerExists(tx, area, id, company, false))) throw notFound();
  return wire(await storedSchedule(tx, area, id));
}

/**
 * Books an owner's next scheduled run at `scan_time`, or moves the one booked: the owner keeps the
 * type and frequency its next runs follow. Web applications and exposure configurations book it as
 * their one PENDING scan; a repository keeps the time and branch itself. Nothing is charged until the
 * run is queued at its time. One statement per table, with an audit row.
 */
export async function updateScanSchedule(
  tx: Tx,
  { caller, requestId }: Actor,
  area: ScheduleArea,
  id: number,
  company: number | null,
  body: ScanScheduleBody,
) {
  const owner = await ownerExists(tx, area, id, company, true);
  if (!owner) throw notFound();
  refuseMember(caller, "scans");

  const frequency = body.frequency_type ?? null;
  if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
    throw fieldError("frequency_type", "A continuous scan needs a frequency.");
  }
  if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
    throw fieldError("frequency_type", "Only a continuous scan has a frequency.");
  }
  const scanTime = new Date(body.scan_time);
  if (scanTime.getTime() <= Date.now()) throw fieldError("scan_time", "Choose a time in the future.");
  let branch: string | null = null;
  if (area === "sourcecode") branch = branchOf(owner as App, body.branch ?? undefined);
  else if (body.branch != null) throw fieldError("branch", "Only a source code schedule names a branch.");

  const before = await storedSchedule(tx, area, id);
  const { owner: ownerTable, scans, ownerColumn } = STORE[area];
  await sql`update ${sql.table(ownerTable)}
            set schedulle_type = ${body.schedulle_type}, frequency_type = ${frequency}
            where id = ${id}`.execute(tx);
  if (scans === null) {
    await sql`update source_apps set scan_time_schedulle = ${scanTime.toISOString()}, schedule_branch = ${branch}
              where id = ${id}`.execute(tx);
  } else {
    // The booked PENDING scan moves; without one, one is booked.
    const moved = await sql`
      update ${sql.table(scans)} set scan_time_schedulle = ${scanTime.toISOString()}
      where ${sql.ref(ownerColumn)} = ${id} and status = 'PENDING' and scan_time_schedulle is not null`.execute(tx);
    if (Number(moved.numAffectedRows ?? 0) === 0) {
      await sql`insert into ${sql.table(scans)} (company_id, ${sql.ref(ownerColumn)}, status, scan_time_schedulle)
                select company_id, id, 'PENDING', ${scanTime.toISOString()} from ${sql.table(ownerTable)}
                where id = ${id}`.execute(tx);
    }
    if (area === "exposure") await syncExposureScheduledScan(tx, id);
  }

  const after = await storedSchedule(tx, area, id);
  const companyId = (
    await sql<{ company_id: number }>`select company_id from ${sql.table(ownerTable)} where id = ${id}`.execute(tx)
  ).rows[0]?.company_id;
  await audit(tx, {
    companyId: companyId ?? null,
    actorId: caller.id,
    action: `${area}_schedule.update`,
    entity: ownerTable,
    entityId: id,
    before: wire(before),
    after: wire(after),
    requestId,
  });
  return wire(after);
}
