/** The fixed "now" the seed is built around, so the sample data is identical on every run. */
export const SEED_NOW = Date.parse("2026-11-21T12:00:00Z");

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

let override: number | null = null;

/** The clock writes use (new tickets, payments, token issue and expiry). Tests can pin it. */
export function now(): number {
  return override ?? Date.now();
}

/** Pins the clock (`null` goes back to the real time). For tests of expiry. */
export function setMockNow(ms: number | null): void {
  override = ms;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
