import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import type { PageWindow } from "../../http/paging.ts";
import { type FindingChangesWire, findingChangesColumn } from "../../scanning/findingChanges.ts";
import { severitySummary } from "../../scanning/severityCounts.ts";
import { companyIs, type SeveritySummary, type StatusSummary, statusOverview } from "./summaries.ts";

type ScanStatus = "PENDING" | "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED" | "ABORTED";
interface Ref {
  id: number;
  name: string;
}

export interface WebAppWire {
  id: number;
  target: string;
  application: string;
  product: Ref;
  company: Ref;
  status: ScanStatus;
  last_scan: string | null;
}

/** The contract's WebApplication: status and last scan of the newest scan; PENDING before the first. */
const appSelect = sql`
  select a.id, wa.url as target, wa.application_name as application,
         json_build_object('id', p.id, 'name', p.name) as product,
         json_build_object('id', c.id, 'name', c.name) as company,
         coalesce(latest.status, 'PENDING') as status, latest.created_at as last_scan
  from web_apps a
  join web_assets wa on wa.id = a.asset_id
  join products p on p.id = wa.product_id
  join companies c on c.id = p.company_id
  left join lateral (
    select s.status, s.created_at from web_scans s
    where s.app_id = a.id order by s.created_at desc, s.id desc limit 1
  ) latest on true`;

export async function webAppPage(
  tx: Tx,
  companyId: number | null,
  window: PageWindow,
): Promise<{ count: number; rows: WebAppWire[] }> {
  const where = sql`where ${companyIs(sql.ref("a.company_id"), companyId)}`;
  const count = await sql<{ n: number }>`select count(*)::int as n from web_apps a ${where}`.execute(tx);
  const rows = await sql<WebAppWire>`${appSelect} ${where}
    order by a.created_at desc, a.id desc limit ${window.limit} offset ${window.offset}`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, rows: rows.rows };
}

export async function webAppById(tx: Tx, id: number, companyId: number | null): Promise<WebAppWire | null> {
  const rows = await sql<WebAppWire>`${appSelect}
    where a.id = ${id} and ${companyIs(sql.ref("a.company_id"), companyId)}`.execute(tx);
  return rows.rows[0] ?? null;
}

export interface WebScanWire {
  id: number;
  target_detail: {
    target: string;
    scan_history: string | null;
    status: ScanStatus;
    product: Ref;
    failure_reason: string | null;
    progress: number;
    start_time: string | null;
    end_time: string | null;
  };
  severity_overview: SeveritySummary;
  status_overview: StatusSummary;
  finding_changes: FindingChangesWire | null;
}

interface WebScanRow {
  id: number;
  target: string;
  scan_history: string | null;
  status: ScanStatus;
  product: Ref;
  failure_reason: string | null;
  progress: number;
  start_time: string | null;
  end_time: string | null;
  severity: SeveritySummary;
  findings_status: StatusSummary;
  finding_changes: FindingChangesWire | null;
}

/**
 * The contract's WebScan. `scan_history` stays a top-level column until here, so PostgreSQL's
 * timestamp comes back through the pool's ISO 8601 parser rather than as json text.
 */
const scanSelect = sql`
  select s.id, wa.url as target, s.created_at as scan_history, s.status, s.failure_reason,
         case when s.status in ('COMPLETED', 'FAILED', 'ABORTED') then 100 else s.progress end as progress,
         s.start_time, s.end_time,
         json_build_object('id', p.id, 'name', p.name) as product,
         ${severitySummary("s")} as severity, o.status as findings_status, ${findingChangesColumn(["COMPLETED", "FAILED", "ABORTED"])}`;
const scanJoins = sql`
  join web_apps a on a.id = s.app_id
  join web_assets wa on wa.id = a.asset_id
  join products p on p.id = wa.product_id
  cross join ${statusOverview("web", sql.ref("s.id"), sql.ref("s.company_id"))} o`;

const scanWire = ({
  id,
  target,
  scan_history,
  status,
  product,
  failure_reason,
  progress,
  start_time,
  end_time,
  severity,
  findings_status,
  finding_changes,
}: WebScanRow): WebScanWire => ({
  id,
  target_detail: { target, scan_history, status, product, failure_reason, progress, start_time, end_time },
  severity_overview: severity,
  status_overview: findings_status,
  finding_changes,
});

/** One app's scans, newest first (static mode's order), each with its findings' overviews. */
export async function webScanPage(
  tx: Tx,
  appId: number,
  window: PageWindow,
): Promise<{ count: number; rows: WebScanWire[] }> {
  const count = await sql<{ n: number }>`select count(*)::int as n from web_scans where app_id = ${appId}`.execute(tx);
  const rows = await sql<WebScanRow>`${scanSelect}
    from (select * from web_scans where app_id = ${appId}
          order by created_at desc, id desc limit ${window.limit} offset ${window.offset}) s
    ${scanJoins}
    order by s.created_at desc, s.id desc`.execute(tx);
  return { count: count.rows[0]?.n ?? 0, rows: rows.rows.map(scanWire) };
}

export async function webScanById(tx: Tx, id: number, companyId: number | null): Promise<WebScanWire | null> {
  const row = (
    await sql<WebScanRow>`${scanSelect} from web_scans s ${scanJoins}
      where s.id = ${id} and ${companyIs(sql.ref("a.company_id"), companyId)}`.execute(tx)
  ).rows[0];
  return row ? scanWire(row) : null;
}
