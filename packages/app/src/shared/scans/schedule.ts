import type { NetworkTargetType, ScanFrequency, ScheduleType, UpdateScheduleRequest } from "@sentinel/api-client";

/** The spec's labels for the double-L schedule enums (spec §3). */
export const scheduleTypeLabels: Readonly<Record<ScheduleType, string>> = {
  ONE_TIME_SCAN: "Singular Scan",
  SPECIFIED_SCHEDULLE: "Specified Scan",
  AUTOMATIC_SCHEDULLE: "Continuous Scan",
};

/** What each schedule type does, under its radio option. */
export const scheduleTypeDescriptions: Readonly<Record<ScheduleType, string>> = {
  ONE_TIME_SCAN: "Runs once, on the chosen day.",
  SPECIFIED_SCHEDULLE: "Runs on the chosen day; later dates are set one by one.",
  AUTOMATIC_SCHEDULLE: "Repeats weekly, monthly or quarterly from the chosen day.",
};

export const scheduleTypes = [
  "ONE_TIME_SCAN",
  "SPECIFIED_SCHEDULLE",
  "AUTOMATIC_SCHEDULLE",
] as const satisfies readonly ScheduleType[];

export const frequencyLabels: Readonly<Record<ScanFrequency, string>> = {
  WEEKLY: "Weekly",
  MONTHLY: "Monthly",
  QUARTERLY: "Quarterly",
};

export const frequencies = ["WEEKLY", "MONTHLY", "QUARTERLY"] as const satisfies readonly ScanFrequency[];

export const targetTypeLabels: Readonly<Record<NetworkTargetType, string>> = {
  IP_SINGLE: "Single IP",
  IP_MULTIPLE: "Multiple IP",
  IP_RANGE: "IP Range",
};

export interface ScheduleDraft {
  scheduleType: ScheduleType;
  frequency: ScanFrequency | null;
  /** The chosen moment, or null when the date is missing or incomplete. */
  scanTime: Date | null;
}

export type ScheduleErrors = Partial<Record<"schedulle_type" | "frequency_type" | "scan_time", string>>;

/**
 * Checks a schedule draft and builds the designed PUT body. The rules mirror the API's (a continuous
 * scan needs a frequency, the others must not send one); a time in the past is refused here because
 * a scan cannot be scheduled there, whatever the server would say.
 */
export function buildScheduleRequest(
  draft: ScheduleDraft,
  now: Date,
): { ok: true; body: UpdateScheduleRequest } | { ok: false; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  const continuous = draft.scheduleType === "AUTOMATIC_SCHEDULLE";
  if (continuous && !draft.frequency) errors.frequency_type = "Choose how often the continuous scan runs.";
  if (!draft.scanTime || Number.isNaN(draft.scanTime.getTime())) errors.scan_time = "Choose the date of the scan.";
  else if (draft.scanTime.getTime() <= now.getTime()) errors.scan_time = "Choose a date in the future.";
  if (Object.keys(errors).length > 0 || !draft.scanTime) return { ok: false, errors };
  return {
    ok: true,
    body: {
      schedulle_type: draft.scheduleType,
      frequency_type: continuous ? draft.frequency : null,
      scan_time: draft.scanTime.toISOString(),
    },
  };
}
