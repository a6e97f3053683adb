import { sql } from "kysely";
import { withScope } from "../../db/pool.ts";
import { streamCursorFile } from "../../http/cursorFile.ts";
import { fieldError } from "../../http/errors.ts";
import type { AuthedCtx } from "../../http/handler.ts";
import {
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
  HISTORY_CTE,
  needsFacts,
  orderBy,
  orderedIdsQuery,
  whereOf,
} from "./queries.ts";
import type { IndexItem } from "./serialize.ts";
import { indexItems, ownCompany } from "./service.ts";

/** Rows read (and held) at a time: the file is written batch by batch from a cursor. */
const BATCH = 500;

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
      row_number() over (order by ${orderBy(q.ordering)}) as pos
    from findings f ${needsFacts(q) ? FACTS : sql``}
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
  const company = ownCompany(caller);
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
    const total = await countFindings(tx, q);
    let stream: JsonStream | null = null;
    let ruleIndex = new Map<string, number>();
    if (format === "json") stream = jsonExport(generatedAt, total, echoedFilters(ctx.request.url));
    if (format === "sarif") {
      const rules = await sarifRules(ctx, tx, q);
      ruleIndex = new Map(rules.map((r, k) => [ruleIdOf(r.first.name, r.first.id), k]));
      stream = sarifExport(rules, total, generatedAt, `${ctx.request.protocol}://${ctx.request.host}`);
    }
    const encode = (rows: IndexItem[]) => {
      if (format === "csv") return csvRows(rows);
      if (format === "json") return stream?.rows(rows) ?? "";
      return stream?.rows(rows.map((row) => sarifResult(row, ruleIndex.get(ruleIdOf(row.name, row.id)) ?? 0))) ?? "";
    };

    await sql`declare findings_export no scroll cursor for ${orderedIdsQuery(q)}`.execute(tx);
    await streamCursorFile<{ id: number }>(ctx, tx, {
      cursor: "findings_export",
      batch: BATCH,
      contentType: CONTENT_TYPE[format],
      filename: exportFilename(format, generatedAt),
      head: format === "csv" ? csvHead() : (stream?.head() ?? ""),
      tail: () => stream?.tail() ?? "",
      encode: async (rows) =>
        encode(
          await indexItems(
            tx,
            rows.map((r) => r.id),
            company,
          ),
        ),
      what: "findings export",
    });
  });
}
