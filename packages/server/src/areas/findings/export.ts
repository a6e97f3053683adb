import { sql } from "kysely";
import { withScope } from "../../db/pool.ts";
import { streamCursorFile } from "../../http/cursorFile.ts";
import { fieldError } from "../../http/errors.ts";
import type { AuthedCtx } from "../../http/handler.ts";
import {
  type CsvRow,
  csvHead,
  csvRows,
  exportFilename,
  type JsonStream,
  jsonExport,
  type RuleSource,
  ruleIdOf,
  SEVERITY_SCORE,
  sarifExport,
  sarifResult,
} from "./formats.ts";
import { AREA_LABEL, type FindingQuery, type Severity } from "./model.ts";
import {
  areasOf,
  countFindings,
  FACTS,
  type FindingRow,
  findingsFrom,
  HISTORY_CTE,
  HISTORY_FACTS,
  historiesOf,
  NAMES_JOINED,
  NAMES_JOINS,
  needsFacts,
  orderBy,
  ROW_COLUMNS,
  ROW_JOINS,
  readsInIndexOrder,
  readsStatusOrder,
  SEEN,
  whereOf,
} from "./queries.ts";
import { type IndexItem, indexItem } from "./serialize.ts";
import { indexItems, ownCompany } from "./service.ts";

/**
 * Rows fetched (and held) at a time. The cursor yields finished rows, so a batch is one round trip;
 * a CSV row is a couple of hundred bytes, a JSON or SARIF one carries the finding's whole text and history.
 */
const BATCH = { csv: 2000, json: 1000, sarif: 1000 } as const;

/** The CSV's columns (a CsvRow): the finding, its vulnerability's few shown fields, its company and product. */
const CSV_COLUMNS = sql`f.id, f.name, f.severity, f.status, f.area, coalesce(co.name, '') as company,
  case when f.product_id is not null then coalesce(pr.name, '') end as product,
  case when f.host_id is not null then f.host end as host, v.port, v.component, v.affected, f.line, v.cve, v.cwe,
  coalesce(v.cvss3_score, v.cvss2_score) as cvss_score, coalesce(seen.first_seen, f.created_at) as first_seen,
  coalesce(seen.last_seen, f.created_at) as last_seen, coalesce(f.change, d.change) as change`;
const CSV_JOINS = sql`join vulnerabilities v on v.id = f.vulnerability_id
  left join companies co on co.id = f.company_id
  left join products pr on pr.id = f.product_id
  ${SEEN}`;

/**
 * The whole selection's finished rows in the index's order (its filters, its order, its scope: the
 * row policy applies to every table read), for a cursor to read in batches.
 */
export function exportRowsQuery(q: FindingQuery, format: ExportFormat) {
  const [columns, joins] =
    format === "csv"
      ? [CSV_COLUMNS, CSV_JOINS]
      : [sql`${ROW_COLUMNS}, ${NAMES_JOINED}, d.change, d.previous_id`, sql`${ROW_JOINS} ${NAMES_JOINS}`];
  return sql`with ${HISTORY_CTE}
    select ${columns} from ${findingsFrom(q.ordering)} ${joins} ${HISTORY_FACTS}
     where ${whereOf(q)} order by ${orderBy(q.ordering, readsStatusOrder(q, false))}`;
}

const CONTENT_TYPE = {
  csv: "text/csv; charset=utf-8; header=present",
  json: "application/json",
  sarif: "application/sarif+json",
} as const;
export type ExportFormat = keyof typeof CONTENT_TYPE;

/** The request's filters as the JSON envelope records them: repeated keys become arrays, as given. */
export function echoedFilters(url: string): Record<string, unknown> {
  const params = new URL(url, "http://x").searchParams;
  const filters: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (key === "format") continue;
    const values = params.getAll(key);
    filters[key] = values.length > 1 || key === "ids" || key === "exclude_ids" ? values : values[0];
  }
  return filters;
}

/**
 * The SARIF rules of the selection, in order of their first finding: one SQL aggregate per finding
 * name (its first row in the export's order and its highest score), merged by rule id.
 */
async function sarifRules(ctx: AuthedCtx, tx: Parameters<typeof indexItems>[0], q: FindingQuery) {
  const ranked = sql`select f.id, f.name, f.severity, f.cvss,
      row_number() over (order by ${orderBy(q.ordering, readsStatusOrder(q, false))}) as pos
    from ${findingsFrom(q.ordering)} ${needsFacts(q) ? FACTS : sql``}
    where ${whereOf(q)}`;
  const { rows } = await sql<{ name: string; first_id: number; max_cvss: number | null; severities: Severity[] }>`
    with ${HISTORY_CTE}
    select name, (array_agg(id order by pos))[1] as first_id, max(cvss) as max_cvss,
           array_agg(distinct severity) filter (where cvss is null) as severities
      from (${ranked}) r group by name order by min(pos)`.execute(tx);
  const firsts = await indexItems(
    tx,
    rows.map((r) => r.first_id),
    ownCompany(ctx.caller),
  );
  const byId = new Map(firsts.map((f) => [f.id, f]));
  const rules = new Map<string, RuleSource>();
  for (const r of rows) {
    const first = byId.get(r.first_id);
    if (!first) continue;
    // A finding's score is its CVSS score, else its severity's band; a rule takes its highest.
    const score = Math.max(0, r.max_cvss ?? 0, ...(r.severities ?? []).map((s) => SEVERITY_SCORE[s]));
    const id = ruleIdOf(first.name, first.id);
    const known = rules.get(id);
    if (known) known.score = Math.max(known.score, score);
    else rules.set(id, { first, score });
  }
  return [...rules.values()];
}

/**
 * `GET /findings/export/`: the index's selection in its order, without paging. Everything that can
 * refuse the export (SARIF over other areas) is checked before the first byte; then the file is
 * written from a cursor, one batch of rows in memory at a time, with backpressure.
 */
export async function streamExport(ctx: AuthedCtx, format: ExportFormat, q: FindingQuery): Promise<void> {
  const { caller, services } = ctx;
  await withScope(services.db, caller.scope, async (tx) => {
    const generatedAt = new Date().toISOString();
    if (format === "sarif") {
      const others = (await areasOf(tx, q)).filter((a) => a.area !== "sourcecode");
      if (others.length) {
        const list = others.map((a) => `${a.n} ${AREA_LABEL[a.area]}`).join(", ");
        throw fieldError(
          "format",
          `SARIF export covers source code findings only; this selection also holds ${list} finding(s). Filter by area=SOURCE_CODE, or choose CSV or JSON.`,
        );
      }
    }
    // JSON and SARIF state the count before the rows; a CSV file does not (a count of a million rows
    // is a scan of them).
    const total = format === "csv" ? 0 : await countFindings(tx, q);
    let stream: JsonStream | null = null;
    let ruleIndex = new Map<string, number>();
    if (format === "json") stream = jsonExport(generatedAt, total, echoedFilters(ctx.request.url));
    if (format === "sarif") {
      const rules = await sarifRules(ctx, tx, q);
      ruleIndex = new Map(rules.map((r, k) => [ruleIdOf(r.first.name, r.first.id), k]));
      stream = sarifExport(rules, total, generatedAt, `${ctx.request.protocol}://${ctx.request.host}`);
    }
    const encode = (rows: IndexItem[]) => {
      if (format === "json") return stream?.rows(rows) ?? "";
      return stream?.rows(rows.map((row) => sarifResult(row, ruleIndex.get(ruleIdOf(row.name, row.id)) ?? 0))) ?? "";
    };

    // The cursor reads the whole selection, so it is planned for all of it, not (the default) for its
    // first tenth of the rows the planner expects (the row policy makes it expect 0.5 %): planned for a
    // few, the occurrence probe is not memoized and runs once a row, not once an occurrence (a million
    // rows: 1,000,000 probes instead of 319,293). Where the index pages read the ordering's index in
    // order (`readsInIndexOrder`), so does the export: sorting a million wide rows would spill to disk
    // and hold the first byte back until the end. Local to this transaction, which only exports.
    await sql`select set_config('cursor_tuple_fraction', '1', true)`.execute(tx);
    if (readsInIndexOrder(q)) {
      await sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
        set_config('jit', 'off', true)`.execute(tx);
    }
    await sql`declare findings_export no scroll cursor for ${exportRowsQuery(q, format)}`.execute(tx);
    // A CSV row is a CsvRow (CSV_COLUMNS); a JSON or SARIF one a whole FindingRow.
    await streamCursorFile<CsvRow | FindingRow>(ctx, tx, {
      cursor: "findings_export",
      batch: BATCH[format],
      contentType: CONTENT_TYPE[format],
      filename: exportFilename(format, generatedAt),
      head: format === "csv" ? csvHead() : (stream?.head() ?? ""),
      tail: () => stream?.tail() ?? "",
      encode: async (rows) => {
        if (format === "csv") return csvRows(rows as CsvRow[]);
        const full = rows as FindingRow[];
        const histories = await historiesOf(
          tx,
          full.map((r) => r.id),
        );
        return encode(full.map((r) => indexItem(r, histories)));
      },
      what: "findings export",
    });
  });
}
