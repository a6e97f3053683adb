import { DAY, iso, MINUTE } from "../clock.ts";
import type { Db, DbExposureAsset, DbExposureDomain, DbExposureHost } from "../db-types.ts";
import { SCAN_STATUSES, type ScanStatus } from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, takeId } from "./context.ts";
import { COUNTRIES, PRODUCT_PREFIXES, SUBDOMAIN_WORDS } from "./names.ts";
import { actorFor } from "./people.ts";
import { productPicker } from "./products.ts";
import { failureReason, timing } from "./scans.ts";

/** Hosts a real perimeter often has: forgotten test and legacy machines (the demo's first scan shows them). */
const LEGACY_HOST_NAMES = [
  "legacy-vpn.northwind.example",
  "test-jenkins.northwind.example",
  "old-mail.northwind.example",
  "dev-api.northwind.example",
];

/**
 * Exposure detection: per company, a domain asset per target (the company's own first), a
 * configuration for most, and their scans with the domains and hosts each one found; a host seen by
 * the scan before keeps its name.
 */
export function addExposure(ctx: SeedContext): void {
  const { rng, db, now, ips, ago, at } = ctx;
  let exposureIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(ctx, company.id);
    const assetCount = large ? 36 : rng.int(5, 7);
    const configCount = large ? 34 : assetCount - 1;
    const base = company.domain.split(".")[0] ?? "company";
    const tld = company.domain.slice(base.length + 1);
    const usedDomains = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let domain = company.domain;
      if (a > 0) {
        let word: string = rng.pick([...SUBDOMAIN_WORDS, ...PRODUCT_PREFIXES.map((p) => p.toLowerCase())]);
        for (let n = 2; usedDomains.has(`${base}-${word}.${tld}`); n++) word = `${rng.pick(SUBDOMAIN_WORDS)}${n}`;
        domain = `${base}-${word}.${tld}`;
      }
      usedDomains.add(domain);
      const created = rng.int(40, 420);
      const asset: DbExposureAsset = {
        id: takeId(db, "exposureAssets"),
        product_id: nextProduct().id,
        name: domain,
        target: { id: takeId(db, "exposureTargets"), name: domain },
        created_at: ago(created),
      };
      db.exposureAssets.push(asset);
      if (a >= configCount) continue;
      const config = {
        id: takeId(db, "exposureConfigs"),
        company_id: company.id,
        asset_id: asset.id,
        scheduled_scan: rng.chance(0.6) ? iso(now + rng.int(1, 20) * DAY) : null,
        created_at: ago(created - 1),
        updated_at: ago(rng.int(0, created - 1)),
      };
      db.exposureConfigs.push(config);
      // The first few configurations of each company always end in a completed scan: threat inspection uses their hosts.
      const scanCount = large && a === 0 ? 2 : rng.int(1, 3);
      const latest: ScanStatus = a < 4 ? "COMPLETED" : cycle(SCAN_STATUSES, exposureIndex++);
      let known: DbExposureHost[] = [];
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : "COMPLETED";
        const startMs = now - (s * 14 + rng.int(1, 5)) * DAY - rng.int(10, 500) * MINUTE;
        const t = timing(rng, status, startMs, 1);
        const scanId = takeId(db, "exposureScans");
        const scan = {
          id: scanId,
          config_id: config.id,
          status,
          start_scan: t.start === null ? null : at(t.start),
          end_scan: t.end === null ? null : at(t.end),
          scanned_by: rng.chance(0.5) ? null : actorFor(ctx, company.id).id,
          failure_reason: failureReason("exposure", status, scanId),
        };
        db.exposureScans.push(scan);
        if (status === "PENDING" || status === "QUEUED") continue;
        const cover = large && a === 0 && s === 0;
        const subCount = cover ? 39 : rng.int(3, 10);
        const domainRows: DbExposureDomain[] = [
          { id: takeId(db, "exposureDomains"), scan_id: scan.id, name: domain, domain_type: "DOMAIN" },
        ];
        const subs = new Set<string>();
        while (subs.size < subCount) {
          const word = rng.pick(SUBDOMAIN_WORDS);
          subs.add(subs.size >= SUBDOMAIN_WORDS.length ? `${word}${subs.size}` : word);
        }
        for (const sub of subs) {
          domainRows.push({
            id: takeId(db, "exposureDomains"),
            scan_id: scan.id,
            name: `${sub}.${domain}`,
            domain_type: "SUBDOMAIN",
          });
        }
        db.exposureDomains.push(...domainRows);
        const hostCount = cover ? 36 : status === "RUNNING" ? rng.int(1, 3) : rng.int(3, 8);
        const hosts: DbExposureHost[] = [];
        for (let h = 0; h < hostCount; h++) {
          const previous = known[h];
          const where = rng.pick(COUNTRIES);
          const useName = rng.chance(0.35);
          const sub = domainRows[1 + (h % Math.max(1, domainRows.length - 1))] ?? domainRows[0];
          const name =
            cover && h >= 30 && h - 30 < LEGACY_HOST_NAMES.length
              ? (LEGACY_HOST_NAMES[h - 30] ?? "")
              : (previous?.name ?? (useName && sub ? sub.name : (ips.take(1)[0] ?? "")));
          hosts.push({
            id: takeId(db, "exposureHosts"),
            scan_id: scan.id,
            name,
            is_new: previous === undefined || rng.chance(0.1),
            country: rng.chance(0.05) ? null : where.country,
            country_code: where.country_code,
            services: ctx.services(rng.int(1, 4)),
            domain_ids: rng.sample(domainRows, rng.int(1, 3)).map((d) => d.id),
          });
        }
        db.exposureHosts.push(...hosts);
        known = hosts;
      }
    }
  }
}

/** A configuration's newest completed scan: the hosts threat inspection is bought for. */
export const latestCompletedExposureScan = (db: Db, configId: number) =>
  db.exposureScans
    .filter((s) => s.config_id === configId && s.status === "COMPLETED")
    .sort((a, b) => (b.start_scan ?? "").localeCompare(a.start_scan ?? ""))[0];

/**
 * An exposure target's status is its latest scan's progress (COMPLETED or ON_PROGRESS), so a latest
 * scan that failed or was aborted would read "Completed" with nothing to review, and threat inspection
 * would find no hosts to buy for. A failed run becomes history instead: the latest scan is the rescan
 * that completed, and the run before it carries the failure (a target scanned once just completed).
 * Only labels change, after every other section, so their draws and every name stay as they were.
 */
export function failedExposureRunsAreHistory(db: Db): void {
  for (const config of db.exposureConfigs) {
    const [latest, previous] = db.exposureScans.filter((s) => s.config_id === config.id).sort((a, b) => b.id - a.id);
    if (!latest || (latest.status !== "FAILED" && latest.status !== "ABORTED")) continue;
    // The reason travels with the failure it explains.
    if (previous?.status === "COMPLETED") {
      previous.status = latest.status;
      previous.failure_reason = latest.failure_reason;
    }
    latest.status = "COMPLETED";
    latest.failure_reason = null;
  }
}
