import { describe, expect, it } from "vitest";
import type { components } from "../generated/schema.ts";
import type { Db, DbFinding, FindingArea } from "./db-types.ts";
import { toIndexItem } from "./findings/query.ts";
import { buildSeed } from "./seed/build.ts";
import { networkScan, sourceScan, webScan } from "./serialize.ts";

/**
 * What a customer reads in the Change column and a scan's counts must be a history they can believe
 * (issue 29): a target's first completed scan finds everything NEW; a later one finds UNCHANGED what
 * the previous completed scan of the target also found, NEW what no earlier scan found, and REOPENED
 * only what an earlier scan found and the previous one did not (it was mitigated in between); a scan's
 * `finding_changes` counts exactly those, and as mitigated what the previous scan found and it did not.
 * Worked out here from the scans and findings alone, target by target, and compared with what static
 * mode answers.
 */

type Counts = components["schemas"]["ScanFindingChanges"];
interface TargetScan {
  scanId: number;
  at: string;
  findings: DbFinding[];
}

const seed: Db = buildSeed();

const parentsOf = (db: Db, area: FindingArea) => {
  const map = new Map<number, DbFinding[]>();
  for (const f of db.findings) {
    if (f.area !== area) continue;
    const list = map.get(f.parent_id) ?? [];
    list.push(f);
    map.set(f.parent_id, list);
  }
  return map;
};

/** Every target of every area, with its completed scans (the ones a finding's change compares). */
function targetsOf(db: Db): Map<string, TargetScan[]> {
  const targets = new Map<string, TargetScan[]>();
  const add = (key: string, scan: TargetScan) => {
    const scans = targets.get(key) ?? [];
    const same = scans.find((s) => s.scanId === scan.scanId);
    if (same) same.findings.push(...scan.findings);
    else scans.push(scan);
    targets.set(key, scans);
  };
  const network = parentsOf(db, "network");
  const networkScans = new Map(db.networkScans.map((s) => [s.id, s]));
  for (const se of db.scanEndpoints) {
    const scan = networkScans.get(se.scan_id);
    const findings = network.get(se.id) ?? [];
    // A completed scan of a host counts even when it found nothing there.
    if (scan?.status !== "COMPLETED" || (se.status !== "COMPLETED" && findings.length === 0)) continue;
    add(`network ${scan.config_id}/${se.endpoint_id}`, {
      scanId: scan.id,
      at: scan.start_time ?? scan.scan_time.schedulle,
      findings: [...findings],
    });
  }
  const web = parentsOf(db, "web");
  for (const scan of db.webScans) {
    if (scan.status !== "COMPLETED") continue;
    add(`web ${scan.app_id}`, { scanId: scan.id, at: scan.created_at, findings: [...(web.get(scan.id) ?? [])] });
  }
  const code = parentsOf(db, "sourcecode");
  for (const scan of db.sourceScans) {
    if (scan.status !== "DONE") continue;
    add(`sourcecode ${scan.app_id}/${scan.branch}`, {
      scanId: scan.id,
      at: scan.created_at,
      findings: [...(code.get(scan.id) ?? [])],
    });
  }
  const threat = parentsOf(db, "threat");
  const threatScans = new Map(db.threatScans.map((s) => [s.id, s]));
  for (const endpoint of db.threatEndpoints) {
    const scan = threatScans.get(endpoint.scan_id);
    const findings = threat.get(endpoint.id) ?? [];
    // Threat inspection answers per listed host: a scan counts for a host where it reported something.
    if (scan?.status !== "COMPLETED" || findings.length === 0) continue;
    const first = findings.map((f) => f.created_at).sort()[0] ?? "";
    add(`threat ${scan.config_id}/${endpoint.host_id}`, {
      scanId: scan.id,
      at: scan.start_scan ?? first,
      findings: [...findings],
    });
  }
  for (const scans of targets.values()) scans.sort((a, b) => a.at.localeCompare(b.at) || a.scanId - b.scanId);
  return targets;
}

interface Expected {
  /** finding id → its change. */
  change: Map<number, "NEW" | "UNCHANGED" | "REOPENED">;
  /** "area scan id" → the scan's counts, summed over its targets. */
  counts: Map<string, Counts>;
}

function expectedHistory(db: Db): Expected {
  const change: Expected["change"] = new Map();
  const counts: Expected["counts"] = new Map();
  for (const [key, scans] of targetsOf(db)) {
    const area = key.split(" ")[0];
    const seen = new Set<number>();
    let previous: Set<number> | null = null;
    for (const scan of scans) {
      const found = new Set(scan.findings.map((f) => f.vuln));
      const c = counts.get(`${area} ${scan.scanId}`) ?? { new: 0, unchanged: 0, reopened: 0, mitigated: 0 };
      for (const f of scan.findings) {
        const kind = previous?.has(f.vuln) ? "UNCHANGED" : seen.has(f.vuln) ? "REOPENED" : "NEW";
        change.set(f.id, kind);
        c[kind === "NEW" ? "new" : kind === "UNCHANGED" ? "unchanged" : "reopened"] += 1;
      }
      if (previous) for (const vuln of previous) if (!found.has(vuln)) c.mitigated += 1;
      counts.set(`${area} ${scan.scanId}`, c);
      for (const vuln of found) seen.add(vuln);
      previous = found;
    }
  }
  return { change, counts };
}

describe("finding changes in the default seed", () => {
  const expected = expectedHistory(seed);
  const targets = targetsOf(seed);

  it("covers every area's targets, first scans and rescans alike", () => {
    for (const area of ["network", "web", "sourcecode", "threat"]) {
      const ofArea = [...targets.entries()].filter(([key]) => key.startsWith(`${area} `));
      expect(ofArea.length, area).toBeGreaterThan(0);
      expect(
        ofArea.some(([, scans]) => scans.length > 1),
        area,
      ).toBe(true);
    }
  });

  it("a target's first completed scan finds everything new", () => {
    for (const [key, scans] of targets) {
      for (const f of scans[0]?.findings ?? []) {
        expect(toIndexItem(seed, f).change, `${key}, finding ${f.id}`).toBe("NEW");
      }
    }
  });

  it("every finding's change follows its target's history; findings of scans still moving have none", () => {
    const wrong: string[] = [];
    for (const f of seed.findings) {
      const answered = toIndexItem(seed, f).change ?? null;
      const want = expected.change.get(f.id) ?? null;
      if (answered !== want) wrong.push(`${f.area} finding ${f.id}: ${answered}, not ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it("every ended network, web and source code scan counts what its findings say; the others count nothing yet", () => {
    const wrong: string[] = [];
    const check = (area: string, id: number, ended: boolean, answered: Counts | null | undefined) => {
      const want = ended
        ? (expected.counts.get(`${area} ${id}`) ?? { new: 0, unchanged: 0, reopened: 0, mitigated: 0 })
        : null;
      if (JSON.stringify(answered ?? null) !== JSON.stringify(want)) {
        wrong.push(`${area} scan ${id}: ${JSON.stringify(answered)}, not ${JSON.stringify(want)}`);
      }
    };
    for (const s of seed.networkScans)
      check("network", s.id, s.status === "COMPLETED", networkScan(seed, s).finding_changes);
    for (const s of seed.webScans) check("web", s.id, s.status === "COMPLETED", webScan(seed, s).finding_changes);
    for (const s of seed.sourceScans)
      check("sourcecode", s.id, s.status === "DONE", sourceScan(seed, s).finding_changes);
    expect(wrong.slice(0, 20), `${wrong.length} scans disagree`).toEqual([]);
  });
});
