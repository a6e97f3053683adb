// Pure date formatters: "21 Nov 2026, 23:41" (spec §9). Built from formatToParts so the shape does
// not depend on a locale's punctuation, and month names come from a fixed table because ICU's
// en-GB abbreviates September as "Sept".

/** Anything the API or a caller may hand over as a date: ISO string, Date, or epoch milliseconds. */
export type DateInput = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** IANA time zone; defaults to the user's own. Tests pass "UTC" to stay deterministic. */
  timeZone?: string;
}

const MISSING = "—";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Parts = { day: string; month: string; year: string; hour: string; minute: string };

function partsOf(date: Date, timeZone: string | undefined): Parts | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone,
    }).formatToParts(date);
  } catch {
    // An unknown time zone must not take the page down.
    return null;
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  // Numeric months make en-GB pad the day ("05"); the product shows "5 Jan".
  return {
    day: String(Number(get("day"))),
    month: get("month"),
    year: get("year"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

function monthName(month: string): string {
  return MONTHS[Number(month) - 1] ?? month;
}

/** "21 Nov 2026, 23:41" — day, abbreviated month, year, 24-hour time. Missing or invalid → "—". */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const parts = partsOf(date, options.timeZone);
  if (!parts) return MISSING;
  return `${parts.day} ${monthName(parts.month)} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/**
 * "21 Nov 2026". A date-only string ("2026-11-21") is a calendar date, not an instant, so it is shown
 * as written in every time zone instead of shifting a day west of UTC.
 */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const timeZone = typeof value === "string" && DATE_ONLY.test(value.trim()) ? "UTC" : options.timeZone;
  const parts = partsOf(date, timeZone);
  if (!parts) return MISSING;
  return `${parts.day} ${monthName(parts.month)} ${parts.year}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A countdown to `value` as seen at `now`: "in 42 min", "in 3 h", "in 2 d", or "42 min overdue",
 * "3 h overdue"; within a minute either way → "due now". Units are floored so a countdown never
 * promises more time than is left. `now` is explicit so renders and tests are deterministic.
 * Missing or invalid → "—".
 */
export function formatRelativeDuration(value: DateInput, now: Date | number): string {
  const target = toDate(value);
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (!target || !Number.isFinite(nowMs)) return MISSING;
  const diff = target.getTime() - nowMs;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return "due now";
  const amount =
    abs < HOUR
      ? `${Math.floor(abs / MINUTE)} min`
      : abs < 2 * DAY
        ? `${Math.floor(abs / HOUR)} h`
        : `${Math.floor(abs / DAY)} d`;
  return diff > 0 ? `in ${amount}` : `${amount} overdue`;
}
