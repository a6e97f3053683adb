import { DAY, MINUTE } from "../clock.ts";
import { SCAN_STATUSES, type ScanStatus } from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, slug, takeId } from "./context.ts";
import { addFindings } from "./findings.ts";
import { WEB_APP_NAMES } from "./names.ts";
import { productPicker } from "./products.ts";
import { failureReason, olderStatus } from "./scans.ts";

/**
 * Web applications: per company, web assets on the company's domain (the last ones not registered for
 * scanning), an app for each registered one, its scans and the findings of the running and completed ones.
 */
export function addWebApplications(ctx: SeedContext): void {
  const { rng, db, now, ago, at } = ctx;
  let webIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(ctx, company.id);
    const assetCount = large ? 38 : rng.int(6, 8);
    const appCount = large ? 34 : assetCount - 1;
    const usedNames = new Set<string>();
    const usedHosts = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let name: string = rng.pick(WEB_APP_NAMES);
      for (let n = 2; usedNames.has(name); n++) name = `${rng.pick(WEB_APP_NAMES)} ${n}`;
      usedNames.add(name);
      let host = slug(name);
      for (let n = 2; usedHosts.has(host); n++) host = `${slug(name)}-${n}`;
      usedHosts.add(host);
      const created = rng.int(40, 400);
      const asset = {
        id: takeId(db, "webAssets"),
        product_id: nextProduct().id,
        application_name: name,
        url: `https://${host}.${company.domain}/`,
        created_at: ago(created),
      };
      db.webAssets.push(asset);
      if (a >= appCount) continue;
      const app = { id: takeId(db, "webApps"), asset_id: asset.id, created_at: ago(created - 1) };
      db.webApps.push(app);
      const scanCount = large && a === 0 ? 32 : rng.int(1, 3);
      const latest: ScanStatus = large && a === 0 ? "COMPLETED" : cycle(SCAN_STATUSES, webIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status = s === 0 ? latest : olderStatus(rng);
        const createdMs =
          status === "PENDING"
            ? now - rng.int(1, 30) * MINUTE
            : now - (s * 9 + rng.int(0, 4)) * DAY - rng.int(10, 500) * MINUTE;
        const id = takeId(db, "webScans");
        const scan = {
          id,
          app_id: app.id,
          status,
          created_at: at(createdMs),
          failure_reason: failureReason("web", status, id),
        };
        db.webScans.push(scan);
        if (status !== "COMPLETED" && status !== "RUNNING") continue;
        const cover = large && a === 0 && s === 0;
        addFindings(
          ctx,
          "web",
          scan.id,
          company.id,
          cover ? 38 : status === "RUNNING" ? rng.int(0, 2) : rng.int(2, 8),
          createdMs + 90 * MINUTE,
          { host: null, asset_id: asset.id, branch: null },
          cover,
        );
      }
    }
  }
}
