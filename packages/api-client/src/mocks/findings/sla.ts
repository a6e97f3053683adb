import { DAY, iso, now } from "../clock.ts";
import type { Db, DbFinding } from "../db-types.ts";
import type { Severity } from "../schema-types.ts";

/**
 * The finding SLA (issue 28; docs/decisions.md, "Finding ownership (issue 28)"): days to fix per
 * severity, counted from when the vulnerability was first seen on its target. The server holds the
 * same defaults in SQL (migration 0130, finding_sla_days).
 */
export type SlaDays = Record<Severity, number | null>;

export const DEFAULT_SLA: Readonly<SlaDays> = { HIGH: 30, MEDIUM: 90, LOW: 180, INFO: null, LOG: null };

export function slaOf(db: Db, companyId: number): { days: SlaDays; is_default: boolean } {
  const own = db.findingSlas?.find((s) => s.id === companyId);
  return own ? { days: { ...own.days }, is_default: false } : { days: { ...DEFAULT_SLA }, is_default: true };
}

/** Due: first seen plus the SLA days of the severity, or null when the SLA sets none. */
export function dueOf(db: Db, f: DbFinding, severity: Severity, firstSeen: string): string | null {
  const days = slaOf(db, f.company_id).days[severity];
  return days === null ? null : iso(Date.parse(firstSeen) + days * DAY);
}

/** Open (ACTIVE or FIXING) and past its due date. */
export const isOverdue = (f: DbFinding, due: string | null) =>
  due !== null && (f.status === "ACTIVE" || f.status === "FIXING") && Date.parse(due) < now();
