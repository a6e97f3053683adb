import { DAY, MINUTE } from "../clock.ts";
import type { RepositoryScanStatus } from "../schema-types.ts";
import { cycle, DEMO_COMPANY_ID, type SeedContext, slug, takeId } from "./context.ts";
import { addFindings } from "./findings.ts";
import { BRANCHES, REPO_NAMES } from "./names.ts";
import { productPicker } from "./products.ts";
import { failureReason } from "./scans.ts";

const REPO_STATES: readonly RepositoryScanStatus[] = ["DONE", "QUEUED", "SCANNING", "FAILED"];

/**
 * Source code: per company, repositories (the last ones not registered for scanning), an app for each
 * registered one, its scans by branch and the findings of the finished scans.
 */
export function addSourceCode(ctx: SeedContext): void {
  const { rng, db, now, ago, at } = ctx;
  let sourceIndex = 0;
  for (const company of db.companies) {
    const large = company.id === DEMO_COMPANY_ID;
    const nextProduct = productPicker(ctx, company.id);
    const assetCount = large ? 38 : rng.int(6, 8);
    const appCount = large ? 34 : assetCount - 1;
    const org = slug(company.name).split("-")[0] ?? "org";
    const used = new Set<string>();
    for (let a = 0; a < assetCount; a++) {
      let name: string = rng.pick(REPO_NAMES);
      for (let n = 2; used.has(name); n++) name = `${rng.pick(REPO_NAMES)}-${n}`;
      used.add(name);
      const registered = a < appCount;
      const created = rng.int(40, 400);
      const asset = {
        id: takeId(db, "sourceAssets"),
        product_id: nextProduct().id,
        git_provider:
          registered || a % 2 === 0 ? ("GITHUB" as const) : rng.pick(["GITLAB", "BITBUCKET", "AZURE_DEVOPS"] as const),
        repository_name: name,
        username: org,
        branches: ["main", ...rng.sample(BRANCHES.slice(1), rng.int(0, 3))],
        created_at: ago(created),
      };
      db.sourceAssets.push(asset);
      if (!registered) continue;
      const app = { id: takeId(db, "sourceApps"), asset_id: asset.id, created_at: ago(created - 1) };
      db.sourceApps.push(app);
      const scanCount = large && a === 0 ? 33 : rng.int(1, 4);
      const latest: RepositoryScanStatus = large && a === 0 ? "DONE" : cycle(REPO_STATES, sourceIndex++);
      for (let s = scanCount - 1; s >= 0; s--) {
        const status: RepositoryScanStatus = s === 0 ? latest : rng.chance(0.85) ? "DONE" : "FAILED";
        const createdMs = now - (s * 6 + rng.int(0, 3)) * DAY - rng.int(10, 500) * MINUTE;
        const branch = s === 0 ? "main" : rng.pick(asset.branches);
        const id = takeId(db, "sourceScans");
        const scan = {
          id,
          app_id: app.id,
          branch,
          status,
          created_at: at(createdMs),
          failure_reason: failureReason("sourcecode", status, id),
        };
        db.sourceScans.push(scan);
        if (status !== "DONE") continue;
        const cover = large && a === 0 && s === 0;
        addFindings(
          ctx,
          "sourcecode",
          scan.id,
          company.id,
          cover ? 40 : rng.int(2, 8),
          createdMs + 40 * MINUTE,
          { host: null, asset_id: asset.id, branch },
          cover,
        );
      }
    }
  }
}
