import type { Db, DbFinding } from "../../db-types.ts";
import { byId } from "../../lookup.ts";
import { buildSeed } from "../../seed/build.ts";
import { finding } from "../../serialize.ts";
import type { ExportRow, FindingArea } from "./row.ts";

/**
 * Export rows built from the demo seed, for the export tests only. The index's own `toIndexItem`
 * is written alongside; this keeps the serializers' tests independent of it.
 */
const AREA: Record<DbFinding["area"], [FindingArea, string]> = {
  network: ["NETWORK", "Network"],
  web: ["WEB_APPLICATION", "Web application"],
  sourcecode: ["SOURCE_CODE", "Source code"],
  threat: ["THREAT_INSPECTION", "Threat inspection"],
};

function productId(db: Db, f: DbFinding): number | null {
  switch (f.area) {
    case "network": {
      const se = byId(db.scanEndpoints, f.parent_id);
      const scan = byId(db.networkScans, se?.scan_id);
      return byId(db.networkConfigs, scan?.config_id)?.product_id ?? null;
    }
    case "sourcecode": {
      const app = byId(db.sourceApps, byId(db.sourceScans, f.parent_id)?.app_id);
      return byId(db.sourceAssets, app?.asset_id)?.product_id ?? null;
    }
    case "web": {
      const app = byId(db.webApps, byId(db.webScans, f.parent_id)?.app_id);
      return byId(db.webAssets, app?.asset_id)?.product_id ?? null;
    }
    case "threat":
      return null;
  }
}

export function exportRow(db: Db, f: DbFinding): ExportRow {
  const [area, area_display] = AREA[f.area];
  const product = byId(db.products, productId(db, f));
  const company = byId(db.companies, f.company_id);
  return {
    ...finding(db, f),
    area,
    area_display,
    company: { id: f.company_id, name: company?.name ?? "" },
    product: product ? { id: product.id, name: product.name } : null,
    first_seen: f.created_at,
    last_seen: f.log.at(-1)?.created_at ?? f.created_at,
    change: null,
    version: 1,
  };
}

export function seedRows(filter: (f: DbFinding) => boolean = () => true): ExportRow[] {
  const db = buildSeed();
  return db.findings.filter(filter).map((f) => exportRow(db, f));
}
