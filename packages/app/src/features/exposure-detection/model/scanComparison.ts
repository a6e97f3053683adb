import type { ExposureDetectionScan, ExposureDomain, ExposureHost } from "@sentinel/api-client";

/**
 * The scan before `scanId` in time, from a list sorted any way: what "new since the previous scan"
 * compares against. Scans that never started have nothing to compare.
 */
export function previousScan(
  scans: readonly ExposureDetectionScan[],
  scanId: number,
): ExposureDetectionScan | undefined {
  const current = scans.find((s) => s.id === scanId);
  if (!current?.start_scan) return undefined;
  const start = current.start_scan;
  return scans
    .filter((s) => s.id !== scanId && s.start_scan !== null && s.start_scan < start)
    .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""))[0];
}

/** The newest scan that finished: the default scan of a target overview and of a review. */
export function latestCompletedScan(scans: readonly ExposureDetectionScan[]): ExposureDetectionScan | undefined {
  return [...scans]
    .filter((s) => s.status === "COMPLETED")
    .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""))[0];
}

export interface HostChanges {
  /** Hosts of this scan the API marks as first seen (`is_new`), or absent from the previous scan. */
  added: ExposureHost[];
  /** Names seen in the previous scan and not in this one. */
  gone: string[];
}

/**
 * Hosts are new when the API says so (`is_new`); when a previous scan is known, a host whose name it
 * did not have is new too, so the comparison holds even if the flag is missing. Host ids differ per
 * scan, so names are compared.
 */
export function hostChanges(current: readonly ExposureHost[], previous: readonly ExposureHost[] | null): HostChanges {
  const before = previous ? new Set(previous.map((h) => h.name)) : null;
  const now = new Set(current.map((h) => h.name));
  return {
    added: current.filter((h) => h.is_new || (before !== null && !before.has(h.name))),
    gone: previous ? [...new Set(previous.map((h) => h.name))].filter((n) => !now.has(n)) : [],
  };
}

/** Domains of this scan whose names the previous scan did not find; empty without a previous scan. */
export function newDomains(
  current: readonly ExposureDomain[],
  previous: readonly ExposureDomain[] | null,
): ExposureDomain[] {
  if (!previous) return [];
  const before = new Set(previous.map((d) => d.name));
  return current.filter((d) => !before.has(d.name));
}

/** Every distinct domain of a set of hosts, domains before subdomains, then by name. */
export function domainsOfHosts(hosts: readonly ExposureHost[]): ExposureDomain[] {
  const byName = new Map<string, ExposureDomain>();
  for (const h of hosts) for (const d of h.domains) if (!byName.has(d.name)) byName.set(d.name, d);
  return [...byName.values()].sort((a, b) =>
    a.domain_type === b.domain_type ? a.name.localeCompare(b.name) : a.domain_type === "DOMAIN" ? -1 : 1,
  );
}

export const domainTypeLabel: Record<ExposureDomain["domain_type"], string> = {
  DOMAIN: "Domain",
  SUBDOMAIN: "Subdomain",
};

/** "443/tcp" — how services are written throughout the screens. */
export function serviceLabel(s: { port: number; protocol: string }): string {
  return `${s.port}/${s.protocol}`;
}
