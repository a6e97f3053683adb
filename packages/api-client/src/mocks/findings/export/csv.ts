import { cvssScore, type ExportRow, locationText } from "./row.ts";

/** A cell before encoding: text is neutralised against formulas, numbers are written as they are. */
type Cell = string | number | null;

/** The columns of the findings screen, in its order, with the id last (for re-import and lookups). */
export const CSV_COLUMNS: readonly { header: string; value: (row: ExportRow) => Cell }[] = [
  { header: "name", value: (r) => r.name },
  { header: "severity", value: (r) => r.severity },
  { header: "status", value: (r) => r.status },
  { header: "area", value: (r) => r.area },
  { header: "company", value: (r) => r.company.name },
  { header: "product", value: (r) => r.product?.name ?? null },
  { header: "location", value: locationText },
  { header: "cve", value: (r) => r.cve },
  { header: "cwe", value: (r) => r.cwe },
  { header: "cvss_score", value: cvssScore },
  { header: "first_seen", value: (r) => r.first_seen },
  { header: "last_seen", value: (r) => r.last_seen },
  { header: "change", value: (r) => r.change },
  { header: "id", value: (r) => r.id },
];

/**
 * Characters that make a spreadsheet read a cell as a formula when they lead it, as OWASP's CSV
 * injection page lists them: `=`, `+`, `-`, `@`, tab and carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would evaluate gets a leading `'`, which spreadsheets read as "this is text". */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a quote, comma, CR or LF is quoted, and its quotes are doubled. */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Numbers come from the data, never from a scan target, so they are written as they are: a negative
 * number stays a number for the spreadsheet (none of today's columns can be negative, but the rule
 * holds for any numeric column added later).
 */
export function encodeCell(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  return quote(neutraliseFormula(cell));
}

/**
 * RFC 4180 CSV with a header row and CRLF line ends (the last record ends with CRLF as well). The
 * UTF-8 byte order mark in front lets spreadsheets read non-ASCII names (scan targets write any
 * script) instead of guessing a legacy code page.
 */
export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [CSV_COLUMNS.map((c) => c.header).join(",")];
  for (const row of rows) lines.push(CSV_COLUMNS.map((c) => encodeCell(c.value(row))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
