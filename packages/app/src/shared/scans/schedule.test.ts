import { describe, expect, it } from "vitest";
import { buildScheduleRequest } from "./schedule.ts";

const now = new Date("2026-11-21T12:00:00Z");
const later = new Date("2026-12-01T09:00:00Z");

describe("buildScheduleRequest", () => {
  it("builds a continuous schedule with its frequency", () => {
    expect(
      buildScheduleRequest({ scheduleType: "AUTOMATIC_SCHEDULLE", frequency: "MONTHLY", scanTime: later }, now),
    ).toEqual({
      ok: true,
      body: { schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "MONTHLY", scan_time: "2026-12-01T09:00:00.000Z" },
    });
  });

  it("drops a leftover frequency for a one-time or specified scan", () => {
    for (const scheduleType of ["ONE_TIME_SCAN", "SPECIFIED_SCHEDULLE"] as const) {
      const result = buildScheduleRequest({ scheduleType, frequency: "WEEKLY", scanTime: later }, now);
      expect(result.ok && result.body.frequency_type).toBeNull();
    }
  });

  it("asks for a frequency on a continuous scan", () => {
    const result = buildScheduleRequest({ scheduleType: "AUTOMATIC_SCHEDULLE", frequency: null, scanTime: later }, now);
    expect(result).toEqual({ ok: false, errors: { frequency_type: "Choose how often the continuous scan runs." } });
  });

  it("refuses a missing date and a date that is not in the future", () => {
    expect(buildScheduleRequest({ scheduleType: "ONE_TIME_SCAN", frequency: null, scanTime: null }, now)).toEqual({
      ok: false,
      errors: { scan_time: "Choose the date of the scan." },
    });
    expect(buildScheduleRequest({ scheduleType: "ONE_TIME_SCAN", frequency: null, scanTime: now }, now)).toEqual({
      ok: false,
      errors: { scan_time: "Choose a date in the future." },
    });
  });
});
