import { endpointHosts } from "@sentinel/api-client/asset-rules";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { outOfScope, widenedRanges } from "../../scanning/scope.ts";
import { configurationById } from "./networkva.ts";
import { companyIs, type Frequency, type ScheduleType } from "./sql.ts";

/** The contract's NetworkScanConfigurationCreate (types, bounds and the date-time format checked by the route). */
export interface CreateConfigBody {
  assets: number[];
  schedulle_type: ScheduleType;
  frequency_type?: Frequency | null;
  scan_time: string;
}

interface AssetRow {
  id: number;
  company_id: number;
  product_id: number;
  product: string;
  target: string;
  kind: "IP_ADDRESS" | "IP_RANGE";
  endpoints: number;
}

/**
 * Makes a configuration of network assets with its schedule, and books its first scan PENDING at the
 * chosen time. Assets added on the assets screen have no endpoints yet; they get theirs here
 * (`endpointHosts`: one per address). Every refusal names its field and writes nothing.
 */
export async function createNetworkConfiguration(
  tx: Tx,
  { caller, requestId }: { caller: Caller; requestId: string },
  scanning: ScanningConfig,
  body: CreateConfigBody,
  company: number | null,
) {
  refuseMember(caller, "scans");
  const frequency = body.frequency_type ?? null;
  if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
    throw fieldError("frequency_type", "A continuous scan needs a frequency.");
  }
  if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
    throw fieldError("frequency_type", "Only a continuous scan has a frequency.");
  }
  const scanTime = new Date(body.scan_time);
  if (scanTime.getTime() <= Date.now()) throw fieldError("scan_time", "Choose a time in the future.");

  const assets = (
    await sql<AssetRow>`
      select a.id, a.company_id, a.product_id, p.name as product, a.target, a.kind,
             (select count(*)::int from network_endpoints e where e.asset_id = a.id) as endpoints
      from network_assets a join products p on p.id = a.product_id
      where a.id = any(${body.assets}::int[]) and a.archived_at is null and p.archived_at is null
        and ${companyIs("a.company_id", company)}
      order by a.id
      for update of a`.execute(tx)
  ).rows;
  const missing = body.assets.filter((id) => !assets.some((a) => a.id === id));
  if (missing.length > 0) {
    throw fieldError("assets", `No network asset ${missing.join(", ")} was found. Pick assets from the list.`);
  }
  const first = assets[0];
  if (!first) throw fieldError("assets", "Pick at least one asset.");
  if (assets.some((a) => a.company_id !== first.company_id)) {
    throw fieldError("assets", "A configuration's assets belong to one company.");
  }
  const other = assets.find((a) => a.product_id !== first.product_id);
  if (other) {
    throw fieldError(
      "assets",
      `A configuration's assets belong to one product: ${first.target} is in ${first.product}, ${other.target} in ${other.product}.`,
    );
  }
  const widened = await widenedRanges(tx, first.company_id);
  for (const asset of assets) {
    const refused = outOfScope(asset.target, scanning.allowedRanges, widened);
    if (refused) throw fieldError("assets", refused);
  }

  await addEndpoints(
    tx,
    assets.filter((a) => a.endpoints === 0),
  );
  const targetType =
    assets.length === 1 && first.kind === "IP_ADDRESS"
      ? "IP_SINGLE"
      : assets.some((a) => a.kind === "IP_RANGE")
        ? "IP_RANGE"
        : "IP_MULTIPLE";
  const config = (
    await sql<{ id: number }>`
      insert into network_configs (company_id, product_id, schedulle_type, frequency_type, target_type)
      values (${first.company_id}, ${first.product_id}, ${body.schedulle_type}, ${frequency}, ${targetType})
      returning id`.execute(tx)
  ).rows[0];
  if (!config) throw new Error("The configuration was not inserted.");
  await sql`
    insert into network_targets (company_id, config_id, target_type, asset_id, endpoint_id)
    select a.company_id, ${config.id}, a.kind, a.id, e.id
    from network_assets a join network_endpoints e on e.asset_id = a.id
    where a.id = any(${body.assets}::int[])`.execute(tx);
  await sql`
    insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type)
    values (${first.company_id}, ${config.id}, 'PENDING', 1, ${scanTime.toISOString()}, ${body.schedulle_type})`.execute(
    tx,
  );
  await audit(tx, {
    companyId: first.company_id,
    actorId: caller.id,
    action: "network_config.create",
    entity: "network_config",
    entityId: config.id,
    before: null,
    after: { assets: body.assets, schedulle_type: body.schedulle_type, frequency_type: frequency, scan_time: scanTime },
    requestId,
  });
  return (await configurationById(tx, config.id, company)) ?? Promise.reject(notFound());
}

/** The endpoints of assets that have none, in one statement (an asset covers at most 65,536 addresses). */
async function addEndpoints(tx: Tx, assets: AssetRow[]) {
  const rows = assets.flatMap((asset) => {
    const hosts = endpointHosts(asset.target);
    if (!hosts) throw fieldError("assets", `${asset.target} is not an address or a range this server can scan.`);
    return hosts.map((host) => ({ asset: asset.id, company: asset.company_id, host }));
  });
  if (rows.length === 0) return;
  await sql`
    insert into network_endpoints (company_id, asset_id, host)
    select company, asset, host
    from unnest(${rows.map((r) => r.company)}::int[], ${rows.map((r) => r.asset)}::int[],
                ${rows.map((r) => r.host)}::text[]) with ordinality as r(company, asset, host, n)
    order by n`.execute(tx);
}
