import { DAY, HOUR, iso, MINUTE } from "../clock.ts";
import type { Db, DbNetworkAsset, DbNetworkEndpoint } from "../db-types.ts";
import {
  type NetworkTargetType,
  SCAN_STATUSES,
  type ScanFrequency,
  type ScanStatus,
  type ScheduleType,
} from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, takeId } from "./context.ts";
import { addFindings, servicesCover } from "./findings.ts";
import { actorFor } from "./people.ts";
import { productPicker } from "./products.ts";
import { failureReason, olderStatus, timing, unitStatus } from "./scans.ts";

const SCHEDULES: ReadonlyArray<[ScheduleType, ScanFrequency | null]> = [
  ["ONE_TIME_SCAN", null],
  ["SPECIFIED_SCHEDULLE", null],
  ["AUTOMATIC_SCHEDULLE", "WEEKLY"],
  ["AUTOMATIC_SCHEDULLE", "MONTHLY"],
  ["AUTOMATIC_SCHEDULLE", "QUARTERLY"],
];
const TARGET_TYPES: readonly NetworkTargetType[] = ["IP_SINGLE", "IP_MULTIPLE", "IP_RANGE"];

/**
 * Network vulnerability assessment: per company, configurations over new assets and endpoints, their
 * scans (latest statuses cycled so every state occurs) with each endpoint's services and findings,
 * then a few assets never put in a configuration.
 */
export function addNetwork(ctx: SeedContext): void {
  const { rng, db, now, ips, ago, at } = ctx;
  let networkIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(ctx, company.id);
    const configs = large ? 36 : rng.int(5, 7);
    for (let c = 0; c < configs; c++) {
      const product = nextProduct();
      const [schedule, frequency] = cycle(SCHEDULES, large && c === 1 ? 2 : c);
      const targetType = large && c === 0 ? "IP_RANGE" : large && c === 1 ? "IP_SINGLE" : cycle(TARGET_TYPES, c + 1);
      const created = rng.int(60, 340);
      const assets: Array<{ asset: DbNetworkAsset; endpoints: DbNetworkEndpoint[] }> = [];
      const addAsset = (kind: "IP_ADDRESS" | "IP_RANGE", hosts: string[]) => {
        const asset: DbNetworkAsset = {
          id: takeId(db, "networkAssets"),
          product_id: product.id,
          target: kind === "IP_RANGE" ? `${hosts[0]}-${hosts[hosts.length - 1]}` : (hosts[0] ?? ""),
          kind,
          last_scanned: null,
          created_at: ago(created + rng.int(1, 20)),
        };
        db.networkAssets.push(asset);
        const endpoints = hosts.map((host) => ({ id: takeId(db, "networkEndpoints"), asset_id: asset.id, host }));
        db.networkEndpoints.push(...endpoints);
        assets.push({ asset, endpoints });
      };
      if (targetType === "IP_SINGLE") addAsset("IP_ADDRESS", ips.take(1));
      else if (targetType === "IP_MULTIPLE")
        for (let k = rng.int(2, 4); k > 0; k--) addAsset("IP_ADDRESS", ips.take(1));
      else addAsset("IP_RANGE", ips.take(large && c === 0 ? 36 : rng.int(3, 6)));

      const config = {
        id: takeId(db, "networkConfigs"),
        company_id: company.id,
        product_id: product.id,
        schedulle_type: schedule,
        frequency_type: frequency,
        target_type: targetType,
        targets: assets.flatMap(({ asset, endpoints }) =>
          endpoints.map((e) => ({
            id: takeId(db, "networkTargets"),
            target_type: asset.kind,
            asset_id: asset.id,
            endpoint_id: e.id,
            created_at: ago(created),
            updated_at: ago(created),
          })),
        ),
        created_at: ago(created),
        updated_at: ago(rng.int(0, created)),
      } satisfies Db["networkConfigs"][number];
      db.networkConfigs.push(config);

      const scanCount = large && c === 1 ? 34 : schedule === "ONE_TIME_SCAN" ? 1 : rng.int(2, 4);
      const latest = large && c === 0 ? "COMPLETED" : cycle(SCAN_STATUSES, networkIndex++);
      const gapDays = frequency === "MONTHLY" ? 30 : frequency === "QUARTERLY" ? 90 : 7;
      for (let s = scanCount - 1; s >= 0; s--) {
        const status: ScanStatus = s === 0 ? latest : olderStatus(rng);
        const scheduled =
          status === "PENDING"
            ? now + rng.int(1, 6) * DAY
            : now - (s * gapDays + rng.int(0, 2)) * DAY - rng.int(30, 600) * MINUTE;
        const t = timing(rng, status, scheduled, config.targets.length);
        const scannedBy = schedule === "AUTOMATIC_SCHEDULLE" && s > 0 ? null : actorFor(ctx, company.id).id;
        const scanId = takeId(db, "networkScans");
        const scan = {
          id: scanId,
          config_id: config.id,
          status,
          scan_time: { id: takeId(db, "scanTimes"), schedulle: iso(scheduled) },
          schedulle_type: schedule,
          start_time: t.start === null ? null : at(t.start),
          end_time: t.end === null ? null : at(t.end),
          scanned_by: scannedBy,
          progress: t.progress,
          completed_count: t.completed,
          failed_count: t.failed,
          created_at: at(Math.min(scheduled, now) - HOUR),
          failure_reason: failureReason("network", status, scanId),
        };
        db.networkScans.push(scan);
        config.targets.forEach((target, index) => {
          const endpointStatus = unitStatus(status, index, t);
          const se = {
            id: takeId(db, "scanEndpoints"),
            scan_id: scan.id,
            endpoint_id: target.endpoint_id,
            status: endpointStatus,
            services: ctx.services(rng.int(1, 5)),
            created_at: scan.created_at,
            updated_at: scan.end_time ?? scan.created_at,
          };
          db.scanEndpoints.push(se);
          if (endpointStatus !== "COMPLETED") return;
          const endpoint = db.networkEndpoints.find((e) => e.id === target.endpoint_id);
          const cover = large && c === 0 && s === 0 && index === 0;
          const count = cover ? 42 : config.targets.length > 10 ? rng.int(0, 3) : rng.int(1, 7);
          const found = addFindings(
            ctx,
            "network",
            se.id,
            company.id,
            count,
            t.end ?? scheduled,
            { host: { id: se.id, host: endpoint?.host ?? "" }, asset_id: target.asset_id, branch: null },
            cover,
          );
          servicesCover(ctx, se.services, found);
        });
        if (t.end !== null) {
          for (const { asset } of assets) {
            if (!asset.last_scanned || asset.last_scanned < iso(t.end)) asset.last_scanned = at(t.end);
          }
        }
      }
    }
    // A few assets never put in a configuration (last_scanned null).
    const spare = large ? 3 : 1;
    for (let k = 0; k < spare; k++) {
      const product = nextProduct();
      const host = ips.take(1)[0] ?? "192.0.2.1";
      const asset: DbNetworkAsset = {
        id: takeId(db, "networkAssets"),
        product_id: product.id,
        target: host,
        kind: "IP_ADDRESS",
        last_scanned: null,
        created_at: ago(rng.int(1, 25)),
      };
      db.networkAssets.push(asset);
      db.networkEndpoints.push({ id: takeId(db, "networkEndpoints"), asset_id: asset.id, host });
    }
  }
}
