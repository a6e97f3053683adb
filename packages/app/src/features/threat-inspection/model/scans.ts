import type { ThreatInspectionScan } from "@sentinel/api-client";

const notStarted = new Set<ThreatInspectionScan["status"]>(["PENDING", "QUEUED"]);

/**
 * The scan a target overview opens on: the newest one that has started (it has endpoints and
 * reputation to show), else the newest of all (a configuration paid a moment ago).
 */
export function pickDefaultScan(scans: readonly ThreatInspectionScan[]): ThreatInspectionScan | undefined {
  const started = scans
    .filter((s) => !notStarted.has(s.status) && s.start_scan !== null)
    .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""));
  return started[0] ?? scans[0];
}

export function scanLabel(
  scan: Pick<ThreatInspectionScan, "start_scan" | "status">,
  format: (iso: string) => string = (s) => s,
): string {
  const status = `${scan.status.charAt(0)}${scan.status.slice(1).toLowerCase()}`;
  return scan.start_scan ? `${format(scan.start_scan)} · ${status}` : `Not started · ${status}`;
}
