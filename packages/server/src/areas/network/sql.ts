import { PROGRESS_STATUS_LABEL } from "@sentinel/api-client/mocks/labels";
import type { FastifyRequest } from "fastify";
import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import type { Caller } from "../../http/handler.ts";
import { pageOf, pageWindow } from "../../http/paging.ts";

/** The query of a list operation, as the route validated and coerced it against the contract. */
export type ListQuery = {
  page?: number;
  page_size?: number;
  company?: number;
  search?: string;
  product?: number;
};

export const SCHEDULE_LABEL = {
  ONE_TIME_SCAN: "Singular Scan",
  SPECIFIED_SCHEDULLE: "Specified Scan",
  AUTOMATIC_SCHEDULLE: "Continuous Scan",
} as const;
export type ScheduleType = keyof typeof SCHEDULE_LABEL;

export const FREQUENCY_LABEL = { WEEKLY: "Weekly", MONTHLY: "Monthly", QUARTERLY: "Quarterly" } as const;
export type Frequency = keyof typeof FREQUENCY_LABEL;

export const TARGET_TYPE_LABEL = { IP_SINGLE: "Single IP", IP_MULTIPLE: "Multiple IP", IP_RANGE: "IP Range" } as const;
export type TargetType = keyof typeof TARGET_TYPE_LABEL;

export const SCAN_STATUS_LABEL = {
  PENDING: "Pending",
  QUEUED: "Queued",
  RUNNING: "Running",
  COMPLETED: "Completed",
  FAILED: "Failed",
  ABORTED: "Aborted",
} as const;
export type ScanStatus = keyof typeof SCAN_STATUS_LABEL;

export const PROGRESS_LABEL = PROGRESS_STATUS_LABEL;

/** The one company a client may read; null for staff, who read every company. */
export const ownCompany = (caller: Caller): number | null =>
  caller.scope.companies === "all" ? null : caller.scope.companies;

/** `column = company`, or no condition when every company is in view. */
export const companyIs = (column: string, company: number | null): RawBuilder<unknown> =>
  company === null ? sql`true` : sql`${sql.ref(column)} = ${company}`;

/**
 * Static mode's search (DRF SearchFilter style): the trimmed text, case-insensitively, anywhere in any
 * of the columns. `strpos` rather than LIKE, so `%` and `_` in the text are plain characters.
 */
export function searchIn(search: string | undefined, ...columns: string[]): RawBuilder<unknown> {
  const needle = search?.trim().toLowerCase() ?? "";
  if (needle === "" || columns.length === 0) return sql`true`;
  return sql`(${sql.join(
    columns.map((c) => sql`strpos(lower(${sql.ref(c)}), ${needle}) > 0`),
    sql` or `,
  )})`;
}

/**
 * A timestamp as the serializers write it (`Date#toISOString`), for timestamps inside JSON built by
 * PostgreSQL, which would otherwise read `…+00:00`.
 */
export const isoText = (column: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A ProgressStatus: ON_PROGRESS while the newest scan has not finished. */
export const progressOf = (latestStatus: RawBuilder<unknown>): RawBuilder<"COMPLETED" | "ON_PROGRESS"> =>
  sql<
    "COMPLETED" | "ON_PROGRESS"
  >`case when ${latestStatus} in ('PENDING', 'QUEUED', 'RUNNING') then 'ON_PROGRESS' else 'COMPLETED' end`;

export interface ListParts {
  /** The table and the joins a filter needs (each joined row is one result row). */
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** Joins that only add columns to a page's rows (counters, references): not run for the count. */
  joins?: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

/** One page of a list in the contract's wrapper: the count and the page's rows, both in SQL. */
export async function listPage<Row, Wire>(
  tx: Tx,
  request: FastifyRequest,
  query: ListQuery,
  parts: ListParts,
  wire: (row: Row) => Wire,
) {
  const window = pageWindow(query);
  const counted = await sql<{ n: number }>`select count(*) as n from ${parts.from} where ${parts.where}`.execute(tx);
  const rows = await sql<Row>`select ${parts.select} from ${parts.from} ${parts.joins ?? sql``} where ${parts.where}
                              order by ${parts.order} limit ${window.limit} offset ${window.offset}`.execute(tx);
  return pageOf(request, window, counted.rows[0]?.n ?? 0, rows.rows.map(wire));
}

/** The contract's UserSummary of a scan's starter (null: the scheduler); see migration 0030. */
export const scannedBy = (column: string): RawBuilder<unknown> => sql`scanned_by_summary(${sql.ref(column)})`;
