import { type RawBuilder, sql } from "kysely";

export type FindingArea = "sourcecode" | "web";

export interface SeveritySummary {
  high: number;
  medium: number;
  low: number;
  info: number;
  log: number;
}

export interface StatusSummary {
  active: number;
  fixing: number;
  mitigated: number;
  tolerated: number;
  false_positive: number;
}

/**
 * A lateral subquery giving one scan's `status` overview, counted in PostgreSQL from the findings of
 * that scan (`parent_id` is the scan for source code and web findings): statuses change, so they are
 * counted on read. Its severity overview is on the scan row (`severitySummary`, migration 0300).
 * `scanId` is the outer query's scan id column. The company condition repeats the scan's own so the
 * planner can use the findings' company index, and so the count never crosses tenants even without RLS.
 */
export function statusOverview(area: FindingArea, scanId: RawBuilder<unknown>, companyId: RawBuilder<unknown>) {
  return sql`lateral (
    select
      json_build_object(
        'active', count(*) filter (where f.status = 'ACTIVE'),
        'fixing', count(*) filter (where f.status = 'FIXING'),
        'mitigated', count(*) filter (where f.status = 'MITIGATED'),
        'tolerated', count(*) filter (where f.status = 'TOLERATED'),
        'false_positive', count(*) filter (where f.status = 'FALSE_POSITIVE')
      ) as status
    from findings f
    where f.area = ${area} and f.parent_id = ${scanId} and f.company_id = ${companyId}
  )`;
}

/** The row filter for a company, or none (staff across every company). */
export const companyIs = (column: RawBuilder<unknown>, companyId: number | null) =>
  companyId === null ? sql`true` : sql`${column} = ${companyId}`;

/** The company a detail route may read: the caller's own, or any (staff). Another company's id is a 404. */
export const detailCompany = (scope: { companies: "all" | number }): number | null =>
  scope.companies === "all" ? null : scope.companies;
