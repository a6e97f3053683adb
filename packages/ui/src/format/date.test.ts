import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelativeDuration } from "./date.ts";

const utc = { timeZone: "UTC" };

describe("formatDateTime", () => {
  it("formats day, short month, year and 24-hour time", () => {
    expect(formatDateTime("2026-11-21T23:41:00Z", utc)).toBe("21 Nov 2026, 23:41");
    expect(formatDateTime("2026-11-21T23:41:59Z", utc)).toBe("21 Nov 2026, 23:41");
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 5, 7, 3)), utc)).toBe("5 Jan 2026, 07:03");
  });

  it("accepts epoch milliseconds", () => {
    expect(formatDateTime(0, utc)).toBe("1 Jan 1970, 00:00");
    expect(formatDateTime(Date.UTC(2024, 1, 29, 13, 5), utc)).toBe("29 Feb 2024, 13:05");
  });

  it("uses 00 for midnight, not 24", () => {
    expect(formatDateTime("2026-03-01T00:00:00Z", utc)).toBe("1 Mar 2026, 00:00");
  });

  it("abbreviates every month to three letters, September included", () => {
    expect(formatDateTime("2026-09-15T12:00:00Z", utc)).toBe("15 Sep 2026, 12:00");
  });

  it("converts to the requested time zone", () => {
    expect(formatDateTime("2026-11-21T23:41:00Z", { timeZone: "Asia/Jakarta" })).toBe("22 Nov 2026, 06:41");
    // Django sends microseconds and an offset.
    expect(formatDateTime("2026-11-21T23:41:00.123456+07:00", utc)).toBe("21 Nov 2026, 16:41");
  });

  it("shows a dash for missing or invalid values", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("")).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
    expect(formatDateTime(Number.NaN)).toBe("—");
    expect(formatDateTime(new Date(Number.NaN))).toBe("—");
    expect(formatDateTime("2026-11-21T23:41:00Z", { timeZone: "Mars/Olympus" })).toBe("—");
  });
});

describe("formatDate", () => {
  it("formats day, short month and year", () => {
    expect(formatDate("2026-11-21T23:41:00Z", utc)).toBe("21 Nov 2026");
  });

  it("keeps a calendar date as written in any time zone", () => {
    expect(formatDate("2026-11-21", { timeZone: "America/Los_Angeles" })).toBe("21 Nov 2026");
  });

  it("shows a dash for missing or invalid values", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("2026-13-45")).toBe("—");
  });
});

describe("formatRelativeDuration", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it("counts down to a future moment", () => {
    expect(formatRelativeDuration(at(42), now)).toBe("in 42 min");
    expect(formatRelativeDuration(at(42.9), now)).toBe("in 42 min");
    expect(formatRelativeDuration(at(180), now)).toBe("in 3 h");
    expect(formatRelativeDuration(at(60 * 24 * 3 + 5), now)).toBe("in 3 d");
  });

  it("reports how overdue a past moment is", () => {
    expect(formatRelativeDuration(at(-5), now)).toBe("5 min overdue");
    expect(formatRelativeDuration(at(-200), now)).toBe("3 h overdue");
    expect(formatRelativeDuration(at(-60 * 24 * 10), now.getTime())).toBe("10 d overdue");
  });

  it("says due now within a minute either way", () => {
    expect(formatRelativeDuration(at(0.5), now)).toBe("due now");
    expect(formatRelativeDuration(at(-0.5), now)).toBe("due now");
  });

  it("accepts ISO strings and rejects invalid input", () => {
    expect(formatRelativeDuration("2026-11-21T12:42:00Z", now)).toBe("in 42 min");
    expect(formatRelativeDuration(null, now)).toBe("—");
    expect(formatRelativeDuration("soon", now)).toBe("—");
    expect(formatRelativeDuration(at(5), Number.NaN)).toBe("—");
  });
});
