import type { Finding, FindingStatus, Severity } from "@sentinel/api-client";
import { findingStatuses, findingStatusTones, severities, severityTones, toneTableLabels } from "@sentinel/ui/domain";

// The orders are the kit's: every status, in the order the status picker offers them (spec §3),
// and every severity, most severe first.
export { findingStatuses, severities };

/** Labels for statuses; the API also sends `*_display`, but optimistic entries need one before it answers. */
export const findingStatusLabels: Readonly<Record<FindingStatus, string>> = toneTableLabels(findingStatusTones);

/**
 * Statuses whose bulk change needs a reason (docs/decisions.md, "Bulk status and undo (issue 16)"):
 * they claim something about the risk that someone will ask about later. The API enforces the same
 * rule; ACTIVE and FIXING only say where the work stands.
 */
export const reasonRequiredStatuses: ReadonlySet<FindingStatus> = new Set(["MITIGATED", "TOLERATED", "FALSE_POSITIVE"]);

export const severityLabels: Readonly<Record<Severity, string>> = toneTableLabels(severityTones);

export function isFindingStatus(value: unknown): value is FindingStatus {
  return typeof value === "string" && (findingStatuses as readonly string[]).includes(value);
}

/** `port` is a number, the literal "general" (host-wide), or null where ports do not apply. */
export function formatPort(port: Finding["port"]): string | null {
  if (port === null || port === undefined) return null;
  if (port === "general") return "general";
  return String(port);
}

/**
 * Where a finding was seen, as a row shows it: the host with the finding's port (`192.0.2.10:443`,
 * an IPv6 host in brackets), so two findings of one host on two services read apart; the host
 * alone for host-wide findings and for areas without ports, as the CSV's `location` writes it.
 */
export function hostAndPort(target: string, port: Finding["port"]): string {
  if (typeof port !== "number") return target;
  return `${target.includes(":") ? `[${target}]` : target}:${port}`;
}

/** CVSS scores print with one decimal, as the scoring guides write them ("7.5", "10.0"). */
export function formatScore(score: number | null | undefined): string | null {
  return typeof score === "number" && Number.isFinite(score) ? score.toFixed(1) : null;
}
