import { HOUR, iso } from "../clock.ts";
import type { DbFinding, DbFindingLog, FindingArea } from "../db-types.ts";
import type { Rng } from "../prng.ts";
import { FINDING_STATUSES, type FindingStatus, type Service } from "../schema-types.ts";
import { type SeedContext, takeId } from "./context.ts";
import { actorFor } from "./people.ts";
import { CODE_VULNS, NETWORK_VULNS, THREAT_VULNS, WEB_VULNS } from "./vulns.ts";

const catalogueSize: Record<FindingArea, number> = {
  network: NETWORK_VULNS.length,
  web: WEB_VULNS.length,
  sourcecode: CODE_VULNS.length,
  threat: THREAT_VULNS.length,
};

const pickStatus = (rng: Rng): FindingStatus => {
  const r = rng.next();
  if (r < 0.45) return "ACTIVE";
  if (r < 0.6) return "FIXING";
  if (r < 0.8) return "MITIGATED";
  if (r < 0.9) return "TOLERATED";
  return "FALSE_POSITIVE";
};

/** A finding's history up to `status`: found by a scan, then the changes people made to reach it. */
function logFor(ctx: SeedContext, status: FindingStatus, foundAt: number, companyId: number): DbFindingLog[] {
  const { rng, db, now, at } = ctx;
  let t = Math.min(foundAt, now - HOUR);
  const log: DbFindingLog[] = [
    {
      id: takeId(db, "findingLogs"),
      old_status: null,
      new_status: "ACTIVE",
      message: "Finished scan by system",
      modified_by: null,
      created_at: iso(t),
    },
  ];
  const step = (from: FindingStatus, to: FindingStatus, message: string) => {
    // Later than the previous entry, and still before "now".
    const next = t + rng.int(2, 72) * HOUR;
    t = next < now ? next : t + Math.floor((now - t) / 2);
    log.push({
      id: takeId(db, "findingLogs"),
      old_status: from,
      new_status: to,
      message,
      modified_by: actorFor(ctx, companyId).id,
      created_at: at(t),
    });
  };
  if (status === "ACTIVE" && rng.chance(0.3)) {
    step("ACTIVE", "FIXING", "Update to fixing");
    step("FIXING", "ACTIVE", "Update to active");
  } else if (status === "FIXING") {
    step("ACTIVE", "FIXING", "Update to fixing");
  } else if (status === "MITIGATED") {
    step("ACTIVE", "FIXING", "Update to fixing");
    step("FIXING", "MITIGATED", "Update to mitigated");
  } else if (status === "TOLERATED") {
    step("ACTIVE", "TOLERATED", "Update to tolerated");
  } else if (status === "FALSE_POSITIVE") {
    step("ACTIVE", "FALSE_POSITIVE", "Update to false positive");
  }
  return log;
}

/**
 * `count` findings under one parent, each a different vulnerability (a scanner reports one per
 * target), so at most the catalogue's size. With `cover`, severities and statuses are cycled so the
 * parent shows every severity and every status (used for the lists that must page).
 */
export function addFindings(
  ctx: SeedContext,
  area: FindingArea,
  parentId: number,
  companyId: number,
  count: number,
  foundAt: number,
  extra: Pick<DbFinding, "host" | "asset_id" | "branch">,
  cover = false,
): DbFinding[] {
  const { rng, db, at } = ctx;
  const size = catalogueSize[area];
  const vulns = cover ? [] : rng.sample([...Array(size).keys()], Math.min(count, size));
  const added: DbFinding[] = [];
  for (let i = 0; i < Math.min(count, size); i++) {
    const vuln = cover ? i % size : (vulns[i % Math.max(1, vulns.length)] ?? 0);
    const status = cover
      ? (FINDING_STATUSES[Math.floor(i / size) % FINDING_STATUSES.length] ?? "ACTIVE")
      : pickStatus(rng);
    db.findings.push({
      id: takeId(db, "findings"),
      area,
      vuln,
      parent_id: parentId,
      company_id: companyId,
      status: cover && i < FINDING_STATUSES.length ? (FINDING_STATUSES[i] ?? status) : status,
      version: 1,
      log: [],
      host: extra.host,
      asset_id: extra.asset_id,
      branch: extra.branch,
      // The template's line: its code snippet shows that line.
      line: area === "sourcecode" ? (CODE_VULNS[vuln]?.line ?? 1) : null,
      created_at: at(foundAt),
    });
    const finding = db.findings[db.findings.length - 1] as DbFinding;
    finding.log = logFor(ctx, finding.status, foundAt, companyId);
    added.push(finding);
  }
  return added;
}

/** Adds the port of each finding to the target's services, where the scan found the issue. */
export function servicesCover({ db }: SeedContext, list: Service[], findings: readonly DbFinding[]): void {
  const templates = findings.map((f) => (f.area === "network" ? NETWORK_VULNS : THREAT_VULNS)[f.vuln]);
  for (const t of templates) {
    if (!t || typeof t.port !== "number" || !t.protocol) continue;
    const { port, protocol } = t;
    if (list.some((s) => s.port === port && s.protocol === protocol)) continue;
    list.push({ id: takeId(db, "services"), port, protocol, secure: [22, 443, 993, 8443].includes(port) });
  }
  list.sort((a, b) => a.port - b.port);
}
