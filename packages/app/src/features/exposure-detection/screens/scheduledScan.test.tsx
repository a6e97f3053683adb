import { describe, expect, it } from "vitest";
import { scheduledScanText } from "./scheduledScan.ts";

describe("scheduledScanText", () => {
  const now = Date.parse("2026-11-29T12:00:00Z");
  it("says a past schedule is overdue instead of reading as upcoming", () => {
    expect(scheduledScanText("2026-11-23T08:30:00Z", now)).toMatch(/^Overdue since 23 Nov 2026, /);
  });
  it("shows an upcoming schedule as its time, and none as not scheduled", () => {
    expect(scheduledScanText("2026-12-02T08:30:00Z", now)).toMatch(/^2 Dec 2026, /);
    expect(scheduledScanText(null, now)).toBe("Not scheduled");
  });
});
