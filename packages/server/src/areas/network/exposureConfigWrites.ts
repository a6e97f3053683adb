import { isIP } from "node:net";
import { TARGET_WRITE_REFUSAL } from "@sentinel/api-client/asset-rules";
import { sql } from "kysely";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { ApiError, fieldError, forbidden } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type Block, outOfScope, widenedRanges } from "../../scanning/scope.ts";
import { companyIs, type Frequency, progressOf, type ScheduleType } from "./sql.ts";

/** The contract's ExposureDetectionConfigurationCreate (types, bounds and the date-time format checked by the route). */
export interface CreateExposureConfigBody {
  assets: number[];
  schedulle_type: ScheduleType;
  frequency_type?: Frequency | null;
  scan_time: string;
}

interface DomainRow {
  id: number;
  company_id: number;
  product_id: number;
  product: string;
  domain: string;
  archived: boolean;
  configured: boolean;
}

/**
 * Why a domain may not be scanned from this server, checked when it is configured: a domain written
 * as an address is checked as a network target is, and `localhost` names are this machine (RFC 6761).
 * Other names are checked when the scan runs, on each address they resolve to then.
 */
function domainOutOfScope(
  domain: string,
  scanning: Pick<ScanningConfig, "allowedRanges">,
  widened: Block[],
): string | null {
  if (isIP(domain)) return outOfScope(domain, scanning.allowedRanges, widened);
  if ((domain === "localhost" || domain.endsWith(".localhost")) && outOfScope("127.0.0.1", scanning.allowedRanges)) {
    return `${domain} is a loopback address, which this server is not configured to scan.`;
  }
  return null;
}

/**
 * Makes one exposure detection configuration for each chosen domain (a configuration, like a scan,
 * covers one domain), all in one transaction with the schedule given. Client admins in their own
 * company, super admins anywhere; members and analysts are refused. An asset the caller cannot see
 * answers 404 whether it is missing or another company's; every other refusal names its field. A
 * refusal writes nothing.
 */
export async function createExposureConfigurations(
  tx: Tx,
  { caller, requestId }: { caller: Caller; requestId: string },
  scanning: ScanningConfig,
  body: CreateExposureConfigBody,
  company: number | null,
) {
  if (caller.role !== "CLIENT_ADMIN" && caller.role !== "SUPER_ADMIN") throw forbidden(TARGET_WRITE_REFUSAL);
  const domains = (
    await sql<DomainRow>`
      select a.id, a.company_id, a.product_id, p.name as product, a.target_name as domain,
             (a.archived_at is not null or p.archived_at is not null) as archived,
             exists (select 1 from exposure_configs c where c.asset_id = a.id) as configured
      from exposure_assets a join products p on p.id = a.product_id
      where a.id = any(${body.assets}::int[]) and ${companyIs("a.company_id", company)}
      order by array_position(${body.assets}::int[], a.id)
      for update of a`.execute(tx)
  ).rows;
  const missing = body.assets.filter((id) => !domains.some((d) => d.id === id));
  if (missing.length > 0) {
    throw new ApiError(404, {
      detail: `No exposure asset ${missing.join(", ")} was found. Pick domains from the list.`,
    });
  }

  const errors: Record<string, string[]> = {};
  const assetErrors: string[] = [];
  const first = domains[0];
  if (!first) throw fieldError("assets", "Pick at least one domain.");
  const archived = domains.filter((d) => d.archived);
  if (archived.length > 0) {
    assetErrors.push(`${archived.map((d) => d.domain).join(", ")} was removed. Pick domains from the list.`);
  }
  if (domains.some((d) => d.company_id !== first.company_id)) {
    assetErrors.push("A configuration's domains belong to one company.");
  } else {
    const other = domains.find((d) => d.product_id !== first.product_id);
    if (other) {
      assetErrors.push(
        `The domains belong to one product: ${first.domain} is in ${first.product}, ${other.domain} in ${other.product}.`,
      );
    }
  }
  const configured = domains.filter((d) => d.configured);
  if (configured.length > 0) {
    assetErrors.push(
      `${configured.map((d) => d.domain).join(", ")} already ${configured.length === 1 ? "has" : "have"} a configuration. Run or reschedule it from the list.`,
    );
  }
  const widened = await widenedRanges(tx, first.company_id);
  for (const d of domains) {
    const refused = domainOutOfScope(d.domain, scanning, widened);
    if (refused) assetErrors.push(refused);
  }
  if (assetErrors.length > 0) errors.assets = assetErrors;

  const frequency = body.frequency_type ?? null;
  if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
    errors.frequency_type = ["A continuous scan needs a frequency."];
  }
  if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
    errors.frequency_type = ["Only a continuous scan has a frequency."];
  }
  const scanTime = new Date(body.scan_time);
  if (scanTime.getTime() <= Date.now()) errors.scan_time = ["Choose a time in the future."];
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);

  const created = (
    await sql<{ id: number; asset_id: number }>`
      insert into exposure_configs (company_id, asset_id, scheduled_scan, schedulle_type, frequency_type)
      select ${first.company_id}, asset, ${scanTime.toISOString()}, ${body.schedulle_type}, ${frequency}
      from unnest(${body.assets}::int[]) with ordinality as a(asset, n)
      order by n
      returning id, asset_id`.execute(tx)
  ).rows;
  // The first run is booked as a PENDING scan at the chosen time, which the scheduler fires
  // (scanning/schedules.ts), as a network configuration's is.
  await sql`insert into exposure_scans (company_id, config_id, status, scan_time_schedulle)
            select ${first.company_id}, id, 'PENDING', ${scanTime.toISOString()}
            from unnest(${created.map((c) => c.id)}::int[]) as c(id)`.execute(tx);
  await audit(tx, {
    companyId: first.company_id,
    actorId: caller.id,
    action: "exposure_config.create",
    entity: "exposure_config",
    // One row for the request; each configuration it made is named in `after`.
    entityId: created.length === 1 ? (created[0]?.id ?? null) : null,
    before: null,
    after: {
      configurations: created.map((c) => c.id),
      assets: body.assets,
      schedulle_type: body.schedulle_type,
      frequency_type: frequency,
      scan_time: scanTime,
    },
    requestId,
  });
  const ids = created.map((c) => c.id);
  return (
    await sql<{ id: number }>`
      select c.id, c.scheduled_scan, c.created_at, c.updated_at, a.target_name as domain,
             json_build_object('id', a.target_id, 'asset', a.id, 'name', a.target_name) as target,
             json_build_object('id', co.id, 'name', co.name) as company,
             ${progressOf(sql`null`)} as status, null::timestamptz as last_scanned
      from exposure_configs c join exposure_assets a on a.id = c.asset_id join companies co on co.id = c.company_id
      where c.id = any(${ids}::int[])
      order by array_position(${ids}::int[], c.id)`.execute(tx)
  ).rows;
}
