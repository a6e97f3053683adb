import { DAY, HOUR, iso, MINUTE, SEED_NOW } from "../clock.ts";
import type { Db, DbFinding, DbNetworkEndpoint, DbScanEndpoint } from "../db-types.ts";
import { createRng, hashSeed } from "../prng.ts";
import type { Service } from "../schema-types.ts";
import { takeId } from "./context.ts";
import { countFindingChanges } from "./findingChanges.ts";
import { NETWORK_VULNS } from "./vulns.ts";

/** Hosts of the large company's network: its internal 10.64.0.0/20 range. */
export const LARGE_HOSTS = 2500;
/** Weekly scans of every host, oldest first; the newest ran the day before "now". */
export const LARGE_SCANS = 4;
/** Findings per host per scan: 2,500 × 4 × 10 = 100,000 findings. */
export const LARGE_FINDINGS_PER_HOST = 10;
export const LARGE_COMPANY_NAME = "Meridian Freight Group";

/**
 * The `large` dataset's extra company: one network configuration over 2,500 internal hosts,
 * scanned weekly four times, each scan reporting ten issues per host, most of them the same as the
 * week before (so NEW, UNCHANGED and REOPENED all occur at scale). It exists to benchmark the
 * findings index and the triage screens at 100,000 findings; generated from a fixed seed, only when
 * the dataset is chosen, so the default dataset's start-up pays nothing for it.
 */
export function addLargeCompany(db: Db): void {
  const rng = createRng(hashSeed("large-dataset"));
  const created = iso(SEED_NOW - 400 * DAY);
  const companyId = takeId(db, "companies");
  db.companies.push({
    id: companyId,
    name: LARGE_COMPANY_NAME,
    email: "security@meridian-freight.example",
    domain: "meridian-freight.example",
    description: "Road, rail and sea freight across 14 countries.",
    created_at: created,
    updated_at: created,
  });
  const productId = takeId(db, "products");
  db.products.push({
    id: productId,
    name: "Terminal Network",
    company_id: companyId,
    created_at: created,
    updated_at: created,
  });

  const assetId = takeId(db, "networkAssets");
  const lastHost = LARGE_HOSTS - 1;
  const hostName = (i: number) => `10.64.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  db.networkAssets.push({
    id: assetId,
    product_id: productId,
    target: `${hostName(0)}-${hostName(lastHost)}`,
    kind: "IP_RANGE",
    last_scanned: null,
    created_at: created,
  });
  const endpoints: DbNetworkEndpoint[] = [];
  for (let i = 0; i < LARGE_HOSTS; i++)
    endpoints.push({ id: takeId(db, "networkEndpoints"), asset_id: assetId, host: hostName(i) });
  db.networkEndpoints.push(...endpoints);

  const configId = takeId(db, "networkConfigs");
  db.networkConfigs.push({
    id: configId,
    company_id: companyId,
    product_id: productId,
    schedulle_type: "AUTOMATIC_SCHEDULLE",
    frequency_type: "WEEKLY",
    target_type: "IP_RANGE",
    targets: endpoints.map((e) => ({
      id: takeId(db, "networkTargets"),
      target_type: "IP_RANGE",
      asset_id: assetId,
      endpoint_id: e.id,
      created_at: created,
      updated_at: created,
    })),
    created_at: created,
    updated_at: created,
  });

  const size = NETWORK_VULNS.length;
  /** Each host's current set of issues, carried from scan to scan with a little churn. */
  const issues: number[][] = endpoints.map(() => rng.sample([...Array(size).keys()], LARGE_FINDINGS_PER_HOST));
  const gone: number[][] = endpoints.map(() => []);
  for (let s = LARGE_SCANS - 1; s >= 0; s--) {
    const start = SEED_NOW - (s * 7 + 1) * DAY - 2 * HOUR;
    const end = start + 6 * HOUR + rng.int(0, 90) * MINUTE;
    const scanId = takeId(db, "networkScans");
    db.networkScans.push({
      id: scanId,
      config_id: configId,
      status: "COMPLETED",
      scan_time: { id: takeId(db, "scanTimes"), schedulle: iso(start) },
      schedulle_type: "AUTOMATIC_SCHEDULLE",
      start_time: iso(start),
      end_time: iso(end),
      scanned_by: null,
      progress: 100,
      completed_count: LARGE_HOSTS,
      failed_count: 0,
      created_at: iso(start - HOUR),
      failure_reason: null,
    });
    endpoints.forEach((endpoint, h) => {
      const current = issues[h] as number[];
      if (s < LARGE_SCANS - 1) {
        // One issue fixed and one found since last week; a fixed one sometimes comes back (reopened).
        const slot = rng.int(0, current.length - 1);
        const fixed = current[slot] as number;
        const back = gone[h] as number[];
        const candidates = rng.chance(0.3) && back.length ? back : [...Array(size).keys()];
        let next = rng.pick(candidates);
        for (let tries = 0; current.includes(next) && tries < size; tries++) next = (next + 1) % size;
        current[slot] = next;
        back.push(fixed);
      }
      const services: Service[] = [];
      for (const vuln of current) {
        const t = NETWORK_VULNS[vuln];
        if (!t || typeof t.port !== "number" || !t.protocol) continue;
        const { port, protocol } = t;
        if (!services.some((x) => x.port === port && x.protocol === protocol)) {
          services.push({ id: takeId(db, "services"), port, protocol, secure: [22, 443, 993, 8443].includes(port) });
        }
      }
      services.sort((a, b) => a.port - b.port);
      const se: DbScanEndpoint = {
        id: takeId(db, "scanEndpoints"),
        scan_id: scanId,
        endpoint_id: endpoint.id,
        status: "COMPLETED",
        services,
        created_at: iso(start - HOUR),
        updated_at: iso(end),
      };
      db.scanEndpoints.push(se);
      const foundAt = iso(start + (h % 360) * MINUTE);
      // Formatted once per host and scan: 100,000 findings would otherwise format 130,000 dates.
      const triagedAt = iso(Math.min(Date.parse(foundAt) + DAY, SEED_NOW - HOUR));
      for (const vuln of current) {
        const finding: DbFinding = {
          id: takeId(db, "findings"),
          area: "network",
          vuln,
          parent_id: se.id,
          company_id: companyId,
          status: rng.chance(0.7)
            ? "ACTIVE"
            : rng.pick(["FIXING", "MITIGATED", "TOLERATED", "FALSE_POSITIVE"] as const),
          version: 1,
          log: [],
          host: { id: se.id, host: endpoint.host },
          asset_id: assetId,
          branch: null,
          line: null,
          created_at: foundAt,
        };
        finding.log.push({
          id: takeId(db, "findingLogs"),
          old_status: null,
          new_status: "ACTIVE",
          message: "Finished scan by system",
          modified_by: null,
          created_at: foundAt,
        });
        if (finding.status !== "ACTIVE") {
          finding.log.push({
            id: takeId(db, "findingLogs"),
            old_status: "ACTIVE",
            new_status: finding.status,
            message: "Triaged by the network team",
            modified_by: null,
            created_at: triagedAt,
          });
        }
        db.findings.push(finding);
      }
    });
    if (s === 0) (db.networkAssets[db.networkAssets.length - 1] as Db["networkAssets"][number]).last_scanned = iso(end);
  }
  // Its scans are counted like the rest (the default ones come out as they were).
  countFindingChanges(db);
}
