import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import type { PageWindow } from "../../http/paging.ts";
import { type FindingChangesWire, findingChangesColumn } from "../../scanning/findingChanges.ts";
import { severitySummary } from "../../scanning/severityCounts.ts";
import { companyIs, type SeveritySummary, type StatusSummary, statusOverview } from "./summaries.ts";

type GitProvider = "GITHUB" | "GITLAB" | "BITBUCKET" | "AZURE_DEVOPS";
type RepositoryScanStatus = "DONE" | "QUEUED" | "SCANNING" | "FAILED";
interface Ref {
  id: number;
  name: string;
}

export interface SourceAppWire {
  id: number;
  repository: string;
  git_provider: GitProvider;
  username: string;
  product: Ref;
  company: Ref;
  status: RepositoryScanStatus;
  last_scan: string | null;
  branches: string[];
}

/**
 * The contract's SourceCodeApplication. Its status and last scan are those of the newest scan
 * (created_at, then id, as static mode orders); an app with no scan yet is QUEUED.
 */
const appSelect = sql`
  select a.id, sa.repository_name as repository, sa.git_provider, sa.username,
         json_build_object('id', p.id, 'name', p.name) as product,
         json_build_object('id', c.id, 'name', c.name) as company,
         coalesce(latest.status, 'QUEUED') as status, latest.created_at as last_scan, sa.branches
  from source_apps a
  join source_assets sa on sa.id = a.asset_id
  join products p on p.id = sa.product_id
  join companies c on c.id = p.company_id
  left join lateral (
    select s.status, s.created_at from source_scans s
    where s.app_id = a.id order by s.created_at desc, s.id desc limit 1
  ) latest on true`;

/** Static mode's search: a case-insensitive substring of the repository, the username or the product. */
function searchIs(search: string | null) {
  const needle = search?.trim().toLowerCase() ?? "";
  if (!needle) return sql`true`;
  return sql`(strpos(lower(sa.repository_name), ${needle}) > 0 or strpos(lower(sa.username), ${needle}) > 0
              or strpos(lower(p.name), ${needle}) > 0)`;
}

export async function sourceAppPage(
  tx: Tx,
  companyId: number | null,
  search: string | null,
  window: PageWindow,
): Promise<{ count: number; rows: SourceAppWire[] }> {
  const where = sql`where ${companyIs(sql.ref("a.company_id"), companyId)} and ${searchIs(search)}`;
  const count = await sql<{ n: number }>`
    select count(*)::int as n from source_apps a
    join source_assets sa on sa.id = a.asset_id join products p on p.id = sa.product_id ${where}`.execute(tx);
  const rows = await sql<SourceAppWire>`${appSelect} ${where}
    order by a.created_at desc, a.id desc limit ${window.limit} offset ${window.offset}`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, rows: rows.rows };
}

export async function sourceAppById(tx: Tx, id: number, companyId: number | null): Promise<SourceAppWire | null> {
  const rows = await sql<SourceAppWire>`${appSelect}
    where a.id = ${id} and ${companyIs(sql.ref("a.company_id"), companyId)}`.execute(tx);
  return rows.rows[0] ?? null;
}

export interface SourceScanWire {
  id: number;
  created_at: string;
  status: RepositoryScanStatus;
  branch: string;
  total_severity: SeveritySummary;
  failure_reason: string | null;
  finding_changes: FindingChangesWire | null;
}

/** One app's scans, newest first, each with the severity count of its findings. */
export async function sourceScanPage(
  tx: Tx,
  appId: number,
  window: PageWindow,
): Promise<{ count: number; rows: SourceScanWire[] }> {
  const count = await sql<{ n: number }>`select count(*)::int as n from source_scans where app_id = ${appId}`.execute(
    tx,
  );
  const rows = await sql<SourceScanWire>`
    select s.id, s.created_at, s.status, s.branch, ${severitySummary("s")} as total_severity, s.failure_reason,
             ${findingChangesColumn(["DONE", "FAILED"])}
    from (select * from source_scans where app_id = ${appId}
          order by created_at desc, id desc limit ${window.limit} offset ${window.offset}) s
    order by s.created_at desc, s.id desc`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, rows: rows.rows };
}

export interface SourceScanDetailWire {
  repository_detail: {
    name: string;
    branch: string;
    git_provider: GitProvider;
    product: Ref;
    scan_held: string | null;
  };
  severity_overview: SeveritySummary;
  status_overview: StatusSummary;
}

export async function sourceScanDetail(
  tx: Tx,
  id: number,
  companyId: number | null,
): Promise<SourceScanDetailWire | null> {
  const row = (
    await sql<{
      name: string;
      branch: string;
      git_provider: GitProvider;
      product: Ref;
      scan_held: string | null;
      severity: SeveritySummary;
      status: StatusSummary;
    }>`
      select sa.repository_name as name, s.branch, sa.git_provider,
             json_build_object('id', p.id, 'name', p.name) as product,
             s.created_at as scan_held, ${severitySummary("s")} as severity, o.status
      from source_scans s
      join source_apps a on a.id = s.app_id
      join source_assets sa on sa.id = a.asset_id
      join products p on p.id = sa.product_id
      cross join ${statusOverview("sourcecode", sql.ref("s.id"), sql.ref("s.company_id"))} o
      where s.id = ${id} and ${companyIs(sql.ref("a.company_id"), companyId)}`.execute(tx)
  ).rows[0];
  if (!row) return null;
  const { severity, status, ...repository_detail } = row;
  return { repository_detail, severity_overview: severity, status_overview: status };
}

export interface RegisterOutcome {
  /** Why the asset cannot be registered, in static mode's words; null when it was. */
  refusal: "missing" | "registered" | "provider" | null;
  appId: number | null;
  scanId: number | null;
  companyId: number | null;
  branch: string | null;
}

/**
 * Registers a repository asset for scanning in one statement: the app and its first (queued) scan
 * on the asset's first branch. The checks run in static mode's order (the asset exists for the
 * caller, it is not registered yet, it is on GitHub); `on conflict do nothing` makes a registration
 * racing another one come back as "registered" instead of a unique-violation 500.
 */
export async function registerSourceApp(tx: Tx, assetId: number, companyId: number | null): Promise<RegisterOutcome> {
  const row = (
    await sql<RegisterOutcome>`
      with asset as (
        select sa.id, sa.company_id, sa.git_provider, coalesce(sa.branches[1], 'main') as branch,
               exists (select 1 from source_apps x where x.asset_id = sa.id) as registered
        from source_assets sa
        where sa.id = ${assetId} and ${companyIs(sql.ref("sa.company_id"), companyId)}
      ),
      app as (
        insert into source_apps (company_id, asset_id, created_at)
        select company_id, id, now() from asset where not registered and git_provider = 'GITHUB'
        on conflict (asset_id) do nothing
        returning id, company_id, created_at
      ),
      scan as (
        insert into source_scans (company_id, app_id, branch, status, created_at)
        select app.company_id, app.id, asset.branch, 'QUEUED', app.created_at from app cross join asset
        returning id
      )
      select case when asset.id is null then 'missing'
                  when asset.registered or (app.id is null and asset.git_provider = 'GITHUB') then 'registered'
                  when app.id is null then 'provider' end as refusal,
             app.id as "appId", (select id from scan) as "scanId",
             asset.company_id as "companyId", asset.branch
      from (select 1) one
      left join asset on true
      left join app on true`.execute(tx)
  ).rows[0];
  return row ?? { refusal: "missing", appId: null, scanId: null, companyId: null, branch: null };
}
