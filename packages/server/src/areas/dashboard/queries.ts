import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../db/pool.ts";

/**
 * The dashboard's figures, each one SQL statement. `company` is the caller's company for clients and
 * null for staff (every company); row-level security narrows the same way underneath.
 *
 * Rounding and percentages follow static mode (packages/api-client/src/mocks/handlers/dashboard.ts)
 * to the last digit: they are computed in float8, which is the same IEEE double arithmetic as
 * JavaScript, and `floor(x + 0.5)` is JavaScript's Math.round (halves go up, also below zero).
 */

/**
 * The seed's fixed "now" (SEED_NOW in packages/api-client/src/mocks/clock.ts; the tests hold the two
 * equal). Static mode looks back from the newer of it and the newest credit transaction, so the
 * fixed demo data still fills the dashboard after that date; the server does the same rather than
 * use the wall clock, and moves on with the data once transactions are newer.
 */
export const SEED_NOW = "2026-11-21T12:00:00.000Z";

/** One comparison period: 30 days as an exact 720 hours, so a daylight-saving change never stretches it. */
const PERIOD = sql`interval '720 hours'`;

/** `column = company`, or nothing to compare for staff. */
const scoped = (column: string, company: number | null): RawBuilder<unknown> =>
  company === null ? sql`true` : sql`${sql.ref(column)} = ${company}`;

/**
 * Where the dashboard's periods end: the newer of the seed's "now" and the newest credit transaction
 * the caller may see (a client's window is never moved by another company's activity).
 */
const windowEnd = (company: number | null) =>
  sql`(select greatest(${SEED_NOW}::timestamptz, max(created_at)) from credit_transactions
        where ${scoped("company_id", company)})`;

/** Percentage change of `current` against `previous`, one decimal: 100 from nothing, 0 for nothing. */
const change = (current: RawBuilder<unknown>, previous: RawBuilder<unknown>) =>
  sql`case when ${previous} = 0 then case when ${current} > 0 then 100 else 0 end
           else floor((${current} - ${previous})::float8 / ${previous} * 1000 + 0.5) / 10 end::float8`;

export interface Growth {
  total: number;
  growth: number;
}

/**
 * Rows created by the end of the window against those created a period earlier. `total` counts every
 * row (as the mock's list length does); the growth compares the two counts at the window's edges.
 */
const growthColumns = sql`count(*)::int as total,
  ${change(sql`count(*) filter (where r.created_at < w.e)`, sql`count(*) filter (where r.created_at < w.e - ${PERIOD})`)} as growth`;

export type AssetArea = "networkva" | "exposure_detection" | "threat_inspection" | "web" | "sourcecode";

/** Asset counts and growth per area, and over all areas (`area` null), in one pass. */
export async function assetGrowth(tx: Tx, company: number | null): Promise<Array<Growth & { area: AssetArea | null }>> {
  const assets = (area: AssetArea, table: string) =>
    sql`select ${area}::text as area, created_at from ${sql.table(table)} where ${scoped("company_id", company)}`;
  const result = await sql<Growth & { area: AssetArea | null }>`
    with w as (select ${windowEnd(company)} as e),
    r as (${assets("networkva", "network_assets")}
          union all ${assets("exposure_detection", "exposure_assets")}
          union all ${assets("threat_inspection", "threat_assets")}
          union all ${assets("web", "web_assets")}
          union all ${assets("sourcecode", "source_assets")})
    select r.area, ${growthColumns}
      from r cross join w
     group by grouping sets ((r.area), ())
     order by r.area nulls first`.execute(tx);
  return result.rows;
}

/** Companies: the caller's own for a client, every one for staff. */
export async function companyGrowth(tx: Tx, company: number | null): Promise<Growth> {
  const result = await sql<Growth>`
    with w as (select ${windowEnd(company)} as e)
    select ${growthColumns} from companies r cross join w where ${scoped("r.id", company)}`.execute(tx);
  return result.rows[0] ?? { total: 0, growth: 0 };
}

/** Users: every account for staff; a client counts its company's accounts, staff assigned to it excluded. */
export async function userGrowth(tx: Tx, company: number | null): Promise<Growth> {
  const who =
    company === null ? sql`true` : sql`r.company_id = ${company} and r.role not in ('SUPER_ADMIN', 'ANALYST')`;
  const result = await sql<Growth>`
    with w as (select ${windowEnd(company)} as e)
    select ${growthColumns} from users r cross join w where ${who}`.execute(tx);
  return result.rows[0] ?? { total: 0, growth: 0 };
}

export interface MonthPoint {
  month: string;
  spending: number;
  topup: number;
}

/**
 * Credits spent and topped up in each of the 12 calendar months (UTC) ending with the window's
 * month; refunds are in neither.
 */
export async function creditGraph(tx: Tx, company: number | null): Promise<MonthPoint[]> {
  const result = await sql<MonthPoint>`
    with w as (select date_trunc('month', ${windowEnd(company)} at time zone 'UTC') as last),
    months as (select generate_series(w.last - interval '11 months', w.last, interval '1 month') as m from w)
    select to_char(months.m, 'Mon YYYY') as month,
           coalesce(sum(-t.amount) filter (where t.transaction_action = 'SPENDING'), 0) as spending,
           coalesce(sum(t.amount) filter (where t.transaction_action = 'TOPUP'), 0) as topup
      from months
      left join credit_transactions t
        on t.created_at >= months.m at time zone 'UTC'
       and t.created_at < (months.m + interval '1 month') at time zone 'UTC'
       and ${scoped("t.company_id", company)}
     group by months.m
     order by months.m`.execute(tx);
  return result.rows;
}

export type CreditType = "THREATINSPECTION" | "NETWORKVA" | "APPLICATIONVA" | "SOURCECODE" | "EXPOSUREDETECTION";

/** The contract's order of credit types: the first of equal spenders wins, as in static mode. */
const CREDIT_TYPES: readonly CreditType[] = [
  "THREATINSPECTION",
  "NETWORKVA",
  "APPLICATIONVA",
  "SOURCECODE",
  "EXPOSUREDETECTION",
];

/**
 * The service with the most credits spent in the last period (up to and including the window's end),
 * with the change against the period before.
 */
export async function mostUsedService(
  tx: Tx,
  company: number | null,
): Promise<{ service_name: CreditType; spending_amount: number; comparison: number } | undefined> {
  const types = sql.join(CREDIT_TYPES.map((t, i) => sql`(${t}::text, ${i}::int)`));
  const result = await sql<{ service_name: CreditType; spending_amount: number; comparison: number }>`
    with w as (select ${windowEnd(company)} + interval '1 millisecond' as e),
    types (name, ord) as (values ${types}),
    s as (
      select types.name, types.ord,
             coalesce(sum(-t.amount) filter (where t.created_at >= w.e - ${PERIOD}), 0) as cur,
             coalesce(sum(-t.amount) filter (where t.created_at < w.e - ${PERIOD}), 0) as prev
        from types cross join w
        left join credit_transactions t
          on t.transaction_type = types.name and t.transaction_action = 'SPENDING'
         and t.created_at >= w.e - 2 * ${PERIOD} and t.created_at < w.e
         and ${scoped("t.company_id", company)}
       group by types.name, types.ord)
    select name as service_name, cur as spending_amount, ${change(sql`cur`, sql`prev`)} as comparison
      from s order by cur desc, ord limit 1`.execute(tx);
  return result.rows[0];
}

export interface CompanySpending {
  company_name: string;
  networkva: number;
  exposure_detection: number;
  threat_inspection: number;
  web: number;
  sourcecode: number;
  total_credit_spent: number;
}

/** The five companies that spent the most credits ever (companies without spending too, last). */
export async function topSpendingCompanies(tx: Tx, company: number | null): Promise<CompanySpending[]> {
  const spent = (type: CreditType) => sql`coalesce(sum(-t.amount) filter (where t.transaction_type = ${type}), 0)`;
  const result = await sql<CompanySpending>`
    select c.name as company_name,
           ${spent("NETWORKVA")} as networkva,
           ${spent("EXPOSUREDETECTION")} as exposure_detection,
           ${spent("THREATINSPECTION")} as threat_inspection,
           ${spent("APPLICATIONVA")} as web,
           ${spent("SOURCECODE")} as sourcecode,
           coalesce(sum(-t.amount), 0) as total_credit_spent
      from companies c
      left join credit_transactions t on t.company_id = c.id and t.transaction_action = 'SPENDING'
     where ${scoped("c.id", company)}
     group by c.id
     order by total_credit_spent desc, c.id
     limit 5`.execute(tx);
  return result.rows;
}

export interface ScanSummaryRow {
  id: number;
  parent_id: number;
  target_id: number | null;
  company_id: number;
  company_name: string;
  total_endpoint: number;
  status: "PENDING" | "QUEUED" | "RUNNING" | "COMPLETED" | "FAILED" | "ABORTED";
  progress: number;
  domains: string[];
  created_at: string;
}

/** How many recent rows each dashboard list shows. */
const RECENT = 5;

/**
 * Progress of scans whose rows keep none, derived as static mode does: done is 100, waiting is 0, a
 * running scan somewhere between 25 and 84 (stable per id), anything else half way.
 */
const derivedProgress = (status: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
  sql`case when ${status} = 'COMPLETED' then 100
           when ${status} = 'RUNNING' then 25 + (${id} * 37) % 60
           when ${status} in ('PENDING', 'QUEUED') then 0
           else 50 end`;

/** Newest exposure detection scans, by the date shown (the start, or the configuration's last change). */
export async function exposureScans(tx: Tx, company: number | null): Promise<ScanSummaryRow[]> {
  const result = await sql<ScanSummaryRow>`
    select s.id, cfg.id as parent_id, a.target_id, c.id as company_id, c.name as company_name,
           (select count(*)::int from exposure_hosts h where h.scan_id = s.id) as total_endpoint,
           s.status, ${derivedProgress(sql`s.status`, sql`s.id`)} as progress,
           case when exists (select from exposure_domains d where d.scan_id = s.id)
                then array(select d.name from exposure_domains d where d.scan_id = s.id order by d.id limit ${RECENT})
                when a.id is not null then array[a.name]
                else '{}'::text[] end as domains,
           coalesce(s.start_scan, cfg.updated_at) as created_at
      from exposure_scans s
      join exposure_configs cfg on cfg.id = s.config_id
      join companies c on c.id = cfg.company_id
      left join exposure_assets a on a.id = cfg.asset_id
     where ${scoped("s.company_id", company)}
     order by coalesce(s.start_scan, cfg.updated_at) desc, s.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

/** Newest network scans, with the first endpoints' hosts. */
export async function networkScans(tx: Tx, company: number | null): Promise<ScanSummaryRow[]> {
  const result = await sql<ScanSummaryRow>`
    select s.id, cfg.id as parent_id, null::int as target_id, c.id as company_id, c.name as company_name,
           (select count(*)::int from scan_endpoints se where se.scan_id = s.id) as total_endpoint,
           s.status, s.progress,
           array(select coalesce(e.host, '') from scan_endpoints se
                   left join network_endpoints e on e.id = se.endpoint_id
                  where se.scan_id = s.id order by se.id limit ${RECENT}) as domains,
           s.created_at
      from network_scans s
      join network_configs cfg on cfg.id = s.config_id
      join companies c on c.id = cfg.company_id
     where ${scoped("s.company_id", company)}
     order by s.created_at desc, s.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

/** Newest threat inspection scans: the selected hosts, and the domain of the exposure target inspected. */
export async function threatScans(tx: Tx, company: number | null): Promise<ScanSummaryRow[]> {
  const result = await sql<ScanSummaryRow>`
    select s.id, cfg.id as parent_id, null::int as target_id, c.id as company_id, c.name as company_name,
           coalesce(cardinality(cfg.selected_host_ids), 0) as total_endpoint,
           s.status, s.progress,
           array(select a.name from exposure_assets a where a.target_id = cfg.exposure_target_id
                  order by a.id limit 1) as domains,
           coalesce(s.start_scan, cfg.updated_at) as created_at
      from threat_scans s
      join threat_configs cfg on cfg.id = s.config_id
      join companies c on c.id = cfg.company_id
     where ${scoped("s.company_id", company)}
     order by coalesce(s.start_scan, cfg.updated_at) desc, s.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

/** Newest source code scans: one repository each; the scanner's states in the contract's terms. */
export async function sourceCodeScans(tx: Tx, company: number | null): Promise<ScanSummaryRow[]> {
  const status = sql`case s.status when 'DONE' then 'COMPLETED' when 'SCANNING' then 'RUNNING'
                                   when 'FAILED' then 'FAILED' else 'QUEUED' end`;
  const result = await sql<ScanSummaryRow>`
    select s.id, app.id as parent_id, null::int as target_id, c.id as company_id, c.name as company_name,
           1 as total_endpoint,
           ${status} as status, ${derivedProgress(status, sql`s.id`)} as progress,
           array[a.username || '/' || a.repository_name] as domains,
           s.created_at
      from source_scans s
      join source_apps app on app.id = s.app_id
      join source_assets a on a.id = app.asset_id
      join products p on p.id = a.product_id
      join companies c on c.id = p.company_id
     where ${scoped("s.company_id", company)}
     order by s.created_at desc, s.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

/** Newest web application scans, with the application's address (its host name is taken by the caller). */
export async function webScans(tx: Tx, company: number | null): Promise<Array<ScanSummaryRow & { url: string }>> {
  const result = await sql<ScanSummaryRow & { url: string }>`
    select s.id, app.id as parent_id, null::int as target_id, c.id as company_id, c.name as company_name,
           1 as total_endpoint,
           s.status, ${derivedProgress(sql`s.status`, sql`s.id`)} as progress,
           a.url, '{}'::text[] as domains, s.created_at
      from web_scans s
      join web_apps app on app.id = s.app_id
      join web_assets a on a.id = app.asset_id
      join products p on p.id = a.product_id
      join companies c on c.id = p.company_id
     where ${scoped("s.company_id", company)}
     order by s.created_at desc, s.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

export interface LatestTicketRow {
  id: number;
  category: string;
  name: string;
  status: string;
  created_at: string;
  requestor_id: number | null;
  requestor_email: string | null;
  requestor_fullname: string | null;
  latest_message: string | null;
}

/** The newest tickets, each with its last message. */
export async function latestTickets(tx: Tx, company: number | null): Promise<LatestTicketRow[]> {
  const result = await sql<LatestTicketRow>`
    select t.id, t.category, t.name, t.status, t.created_at,
           u.id as requestor_id, u.email as requestor_email, u.first_name || ' ' || u.last_name as requestor_fullname,
           (select m.message from ticket_messages m where m.ticket_id = t.id order by m.id desc limit 1)
             as latest_message
      from tickets t
      left join users u on u.id = t.requestor_id
     where ${scoped("t.company_id", company)}
     order by t.created_at desc, t.id desc
     limit ${RECENT}`.execute(tx);
  return result.rows;
}

export interface TicketOverview {
  unread_count: number;
  processing_count: number;
  closed_count: number;
  total_count: number;
  average_rating: number | null;
}

/** Tickets per status, and the average rating (one decimal) of those rated. */
export async function ticketOverview(tx: Tx, company: number | null): Promise<TicketOverview> {
  const result = await sql<TicketOverview>`
    select count(*) filter (where status = 'UNREAD')::int as unread_count,
           count(*) filter (where status = 'PROCESSING')::int as processing_count,
           count(*) filter (where status = 'CLOSED')::int as closed_count,
           count(*)::int as total_count,
           case when count(rating) = 0 then null
                else floor(sum(rating)::float8 / count(rating) * 10 + 0.5) / 10 end as average_rating
      from tickets
     where ${scoped("company_id", company)}`.execute(tx);
  return (
    result.rows[0] ?? { unread_count: 0, processing_count: 0, closed_count: 0, total_count: 0, average_rating: null }
  );
}
