import { withScope } from "../../db/pool.ts";
import { notFound } from "../../http/errors.ts";
import { type HandlerMap, handle, ok } from "../../http/handler.ts";
import { ownCompany } from "../network/sql.ts";
import { getScanSchedule, type ScanScheduleBody, type ScheduleArea, updateScanSchedule } from "./service.ts";

/** The route checked the `{id}` path value (an integer of PostgreSQL's range) before the handler runs. */
const idOf = (params: Record<string, number>): number => {
  const id = params.id;
  if (id === undefined) throw notFound();
  return id;
};

const getSchedule = (area: ScheduleArea) =>
  handle(async ({ services, caller, params }) =>
    ok(await withScope(services.db, caller.scope, (tx) => getScanSchedule(tx, area, idOf(params), ownCompany(caller)))),
  );

const updateSchedule = (area: ScheduleArea) =>
  handle<ScanScheduleBody>(async ({ services, caller, params, body, requestId }) =>
    ok(
      await withScope(services.db, caller.scope, (tx) =>
        updateScanSchedule(tx, { caller, requestId }, area, idOf(params), ownCompany(caller), body),
      ),
    ),
  );

/** Scan schedules of web applications, exposure detection configurations and repositories (issue 29). */
export const scheduleHandlers: HandlerMap = {
  getWebScanSchedule: getSchedule("web"),
  updateWebScanSchedule: updateSchedule("web"),
  getExposureDetectionScanSchedule: getSchedule("exposure"),
  updateExposureDetectionScanSchedule: updateSchedule("exposure"),
  getSourceCodeScanSchedule: getSchedule("sourcecode"),
  updateSourceCodeScanSchedule: updateSchedule("sourcecode"),
};
