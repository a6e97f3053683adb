import { TARGET_WRITE_REFUSAL } from "@sentinel/api-client/mocks/member-refusals";
import { sql } from "kysely";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, forbidden } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { widenedRanges } from "../../scanning/scope.ts";
import { webOutOfScope } from "../../scanning/webScope.ts";
import { companyIs, type Frequency, type ScheduleType } from "../network/sql.ts";
import { webAppById } from "../sourcecode/webQueries.ts";

/** The contract's WebApplicationCreate (types, bounds and the date-time format checked by the route). */
export interface CreateWebApplicationsBody {
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
  application_name: string;
  url: string;
  registered: boolean;
}

/**
 * Registers web application assets of one product as applications to scan, each with the schedule
 * given, and books each one's first scan PENDING at the chosen time. Every refusal names its field
 * and, the transaction being one, writes nothing.
 */
export async function createWebApplications(
  tx: Tx,
  { caller, requestId }: { caller: Caller; requestId: string },
  scanning: ScanningConfig,
  body: CreateWebApplicationsBody,
  company: number | null,
) {
  if (caller.role !== "CLIENT_ADMIN" && caller.role !== "SUPER_ADMIN") throw forbidden(TARGET_WRITE_REFUSAL);
  const frequency = body.frequency_type ?? null;
  if (body.schedulle_type === "AUTOMATIC_SCHEDULLE" && frequency === null) {
    throw fieldError("frequency_type", "A continuous scan needs a frequency.");
  }
  if (body.schedulle_type !== "AUTOMATIC_SCHEDULLE" && frequency !== null) {
    throw fieldError("frequency_type", "Only a continuous scan has a frequency.");
  }
  const scanTime = new Date(body.scan_time);
  if (scanTime.getTime() <= Date.now()) throw fieldError("scan_time", "Choose a time in the future.");

  // Locked, so two requests registering the same asset cannot both pass the "already added" check.
  const assets = (
    await sql<AssetRow>`
      select w.id, w.company_id, w.product_id, p.name as product, w.application_name, w.url,
             exists (select 1 from web_apps a where a.asset_id = w.id) as registered
      from web_assets w join products p on p.id = w.product_id
      where w.id = any(${body.assets}::int[]) and w.archived_at is null and p.archived_at is null
        and ${companyIs("w.company_id", company)}
      order by w.id
      for update of w`.execute(tx)
  ).rows;
  const missing = body.assets.filter((id) => !assets.some((a) => a.id === id));
  if (missing.length > 0) {
    throw fieldError(
      "assets",
      `No web application asset ${missing.join(", ")} was found. Pick applications from the list.`,
    );
  }
  const first = assets[0];
  if (!first) throw fieldError("assets", "Pick at least one application.");
  if (assets.some((a) => a.company_id !== first.company_id)) {
    throw fieldError("assets", "The applications added together belong to one company.");
  }
  const other = assets.find((a) => a.product_id !== first.product_id);
  if (other) {
    throw fieldError(
      "assets",
      `The applications added together belong to one product: ${first.application_name} is in ${first.product}, ${other.application_name} in ${other.product}.`,
    );
  }
  const registered = assets.filter((a) => a.registered).map((a) => a.application_name);
  if (registered.length === 1) {
    throw fieldError("assets", `${registered[0]} is already scanned: it is in the list of applications.`);
  }
  if (registered.length > 1) {
    throw fieldError("assets", `${registered.join(", ")} are already scanned: they are in the list of applications.`);
  }
  const widened = await widenedRanges(tx, first.company_id);
  for (const asset of assets) {
    const refused = webOutOfScope(asset.url, scanning, widened);
    if (refused) throw fieldError("assets", refused);
  }

  // One statement per table, in the order of the assets sent (the answer's order).
  const apps = (
    await sql<{ id: number; asset_id: number }>`
      insert into web_apps (company_id, asset_id, schedulle_type, frequency_type)
      select ${first.company_id}, asset, ${body.schedulle_type}, ${frequency}
      from unnest(${body.assets}::int[]) with ordinality as r(asset, n)
      order by n
      returning id, asset_id`.execute(tx)
  ).rows;
  const ids = body.assets.map((asset) => apps.find((a) => a.asset_id === asset)?.id ?? 0);
  await sql`
    insert into web_scans (company_id, app_id, status, scan_time_schedulle)
    select ${first.company_id}, app, 'PENDING', ${scanTime.toISOString()}
    from unnest(${ids}::int[]) as r(app)`.execute(tx);
  await audit(tx, {
    companyId: first.company_id,
    actorId: caller.id,
    action: "web_app.create",
    entity: "web_app",
    entityId: ids[0] ?? null,
    before: null,
    after: {
      applications: ids,
      assets: body.assets,
      schedulle_type: body.schedulle_type,
      frequency_type: frequency,
      scan_time: scanTime,
    },
    requestId,
  });
  const results = [];
  for (const id of ids) {
    const app = await webAppById(tx, id, null);
    if (!app) throw new Error(`Application ${id} was not inserted.`);
    results.push(app);
  }
  return { results };
}
