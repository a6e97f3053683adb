import type { Db, DbFinding, ScanFindingCounts } from "../db-types.ts";

/**
 * Gives every completed network, web application and source code scan of the data its counts against
 * the target's previous completed scan, as a scan's store keeps them (issue 29): NEW what no earlier
 * scan of the target found, UNCHANGED what the previous one also found, REOPENED what an earlier one
 * found and the previous one did not, MITIGATED what the previous one found and this one did not. A
 * network scan adds up its hosts. The findings' own `change` is worked out from the same history when
 * read (findings/query.ts), so the two agree; seed-changes.test.ts checks both, target by target.
 * Runs after every section has added its findings; the large dataset runs it again for its company.
 */
export function countFindingChanges(db: Db): void {
  const byParent = new Map<string, DbFinding[]>();
  for (const f of db.findings) {
    const key = `${f.area} ${f.parent_id}`;
    const list = byParent.get(key);
    if (list) list.push(f);
    else byParent.set(key, [f]);
  }
  const vulnsOf = (area: string, parentId: number) =>
    new Set((byParent.get(`${area} ${parentId}`) ?? []).map((f) => f.vuln));

  /** target → its completed scans: the scan's counts to add to, when, and what it found there. */
  const targets = new Map<string, Array<{ counts: ScanFindingCounts; at: string; id: number; found: Set<number> }>>();
  const add = (target: string, counts: ScanFindingCounts, at: string, id: number, found: Set<number>) => {
    const scans = targets.get(target);
    const entry = { counts, at, id, found };
    if (scans) scans.push(entry);
    else targets.set(target, [entry]);
  };
  const zero = (): ScanFindingCounts => ({ new: 0, unchanged: 0, reopened: 0, mitigated: 0 });

  const networkScans = new Map(db.networkScans.map((s) => [s.id, s]));
  const networkCounts = new Map<number, ScanFindingCounts>();
  for (const s of db.networkScans) if (s.status === "COMPLETED") networkCounts.set(s.id, zero());
  for (const se of db.scanEndpoints) {
    const scan = networkScans.get(se.scan_id);
    const counts = scan && networkCounts.get(scan.id);
    if (!scan || !counts) continue;
    const found = vulnsOf("network", se.id);
    // A completed scan of a host counts even when it found nothing there (what it found before is gone).
    if (se.status !== "COMPLETED" && found.size === 0) continue;
    add(`n:${scan.config_id}:${se.endpoint_id}`, counts, scan.start_time ?? scan.scan_time.schedulle, scan.id, found);
  }
  for (const scan of db.webScans) {
    if (scan.status !== "COMPLETED") continue;
    scan.finding_changes = zero();
    add(`w:${scan.app_id}`, scan.finding_changes, scan.created_at, scan.id, vulnsOf("web", scan.id));
  }
  for (const scan of db.sourceScans) {
    if (scan.status !== "DONE") continue;
    scan.finding_changes = zero();
    const found = vulnsOf("sourcecode", scan.id);
    add(`s:${scan.app_id}:${scan.branch}`, scan.finding_changes, scan.created_at, scan.id, found);
  }

  for (const scans of targets.values()) {
    scans.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
    const seen = new Set<number>();
    let previous: Set<number> | null = null;
    for (const { counts, found } of scans) {
      for (const vuln of found) {
        if (previous?.has(vuln)) counts.unchanged += 1;
        else if (seen.has(vuln)) counts.reopened += 1;
        else counts.new += 1;
      }
      if (previous) for (const vuln of previous) if (!found.has(vuln)) counts.mitigated += 1;
      for (const vuln of found) seen.add(vuln);
      previous = found;
    }
  }
  for (const scan of db.networkScans) {
    const counts = networkCounts.get(scan.id);
    if (counts) scan.finding_changes = counts;
  }
}
