import { sql } from "kysely";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { scanById } from "./networkva.ts";
import { companyIs, type Frequency, type ScheduleType } from "./sql.ts";

/** The contract's UpdateScheduleRequest (types, choices and the date-time format checked by the route). */
export interface UpdateScheduleBody {
  schedulle_type: ScheduleType;
  frequency_type?: Frequency | null;
  scan_time: string;
}

interface Schedule {
  schedulle_type: ScheduleType;
  frequency_type: Frequency | null;
  scan_time: string;
}

/**
 * A scan's new schedule, which becomes its configuration's too (static mode's rule): the scan's type
 * and time, the configuration's type and frequency, in one statement with an audit row.
 */
export async function updateSchedule(
  tx: Tx,
  caller: Caller,
  requestId: string,
  ids: { configId: number; scanId: number },
  company: number | null,
  body: UpdateScheduleBody,
) {
  const found = await sql<Schedule & { company_id: number }>`
    select c.company_id, s.schedulle_type, c.frequency_type, s.scan_time_schedulle as scan_time
    from network_configs c join network_scans s on s.config_id = c.id
    where c.id = ${ids.configId} and s.id = ${ids.scanId} and ${companyIs("c.company_id", company)}
    for update of c, s`.execute(tx);
  const before = found.rows[0];
  if (!before) throw notFound();

  const frequency = body.frequency_type ?? null;
  if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
    throw fieldError("frequency_type", "A continuous scan needs a frequency.");
  }
  if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
    throw fieldError("frequency_type", "Only a continuous scan has a frequency.");
  }
  const scanTime = new Date(body.scan_time).toISOString();

  await sql`
    with scan as (
      update network_scans set schedulle_type = ${body.schedulle_type}, scan_time_schedulle = ${scanTime}
      where id = ${ids.scanId}
    )
    update network_configs set schedulle_type = ${body.schedulle_type}, frequency_type = ${frequency},
                               updated_at = now()
    where id = ${ids.configId}`.execute(tx);

  const after: Schedule = { schedulle_type: body.schedulle_type, frequency_type: frequency, scan_time: scanTime };
  await audit(tx, {
    companyId: before.company_id,
    actorId: caller.id,
    action: "network_scan.update_schedule",
    entity: "network_scan",
    entityId: ids.scanId,
    before: {
      schedulle_type: before.schedulle_type,
      frequency_type: before.frequency_type,
      scan_time: before.scan_time,
    },
    after,
    requestId,
  });
  return (await scanById(tx, ids.scanId)) ?? Promise.reject(notFound());
}
