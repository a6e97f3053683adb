import { type Area, type FindingStatus, type Severity, WIRE_AREA } from "./model.ts";
import type { IndexItem } from "./serialize.ts";

/**
 * The export formats, written piece by piece so a file of any size is streamed: a head, one chunk
 * per batch of rows, a tail. The bytes are those static mode's findings/export writes for the same
 * rows (CSV, the JSON envelope and SARIF 2.1.0, both pretty-printed with two spaces).
 */

// ---------------------------------------------------------------- CSV

/**
 * A CSV row as the export's query reads it: only the shown fields, resolved in SQL where SQL can
 * (names, the score, first and last seen, the change), so a million rows parse and encode cheaply.
 * Each field holds what the index row (`indexItem`) shows.
 */
export interface CsvRow {
  id: number;
  name: string;
  severity: string;
  status: string;
  area: Area;
  company: string;
  /** Null without a product. */
  product: string | null;
  /** The endpoint's host; null without an endpoint. */
  host: string | null;
  port: string | null;
  component: string | null;
  affected: string | null;
  line: number | null;
  cve: string | null;
  cwe: string | null;
  /** v3 where the scanner gave one, else v2: the score the screen shows. */
  cvss_score: number | null;
  first_seen: string;
  last_seen: string;
  change: string | null;
}

const CSV_HEADERS = [
  "name",
  "severity",
  "status",
  "area",
  "company",
  "product",
  "location",
  "cve",
  "cwe",
  "cvss_score",
  "first_seen",
  "last_seen",
  "change",
  "id",
];

/** `file:line` for source code, `host:port` (or the host) for network and threat, else the affected URL. */
function locationText(row: CsvRow): string {
  if (row.area === "sourcecode") {
    const file = row.component ?? "";
    return row.line === null ? file : `${file}:${row.line}`;
  }
  if (row.host !== null) {
    // The catalogue keeps ports as text: a number, or 'general' for host-wide findings.
    const hostArea = row.area === "network" || row.area === "threat";
    return hostArea && row.port !== null && /^\d+$/.test(row.port) ? `${row.host}:${Number(row.port)}` : row.host;
  }
  return row.affected ?? "";
}

/**
 * Scan targets write any text, so a cell a spreadsheet would evaluate (leading `=`, `+`, `-`, `@`,
 * tab or carriage return, as OWASP lists them) gets a leading `'`, which spreadsheets read as text.
 */
export const neutraliseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** RFC 4180: a field holding a quote, comma, CR or LF is quoted, and its quotes are doubled. */
const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Whether a text cell needs either of the two above; most cells need neither and are written as they are. */
const NEEDS_CARE = /[",\r\n]|^[=+\-@\t\r]/;

const textCell = (text: string | null) =>
  text === null ? "" : NEEDS_CARE.test(text) ? quote(neutraliseFormula(text)) : text;
// Numbers come from the data, never from a scan target: written as they are.
const numberCell = (n: number | null) => (n === null || !Number.isFinite(n) ? "" : String(n));

/** The byte order mark lets spreadsheets read non-ASCII names instead of guessing a code page. */
export const csvHead = () => `\uFEFF${CSV_HEADERS.join(",")}\r\n`;

/** The rows' lines, in CSV_HEADERS' order, each ended by CRLF. */
export function csvRows(rows: readonly CsvRow[]): string {
  let out = "";
  for (const r of rows) {
    out += `${textCell(r.name)},${textCell(r.severity)},${textCell(r.status)},${textCell(WIRE_AREA[r.area])},${textCell(r.company)},${textCell(r.product)},${textCell(locationText(r))},${textCell(r.cve)},${textCell(r.cwe)},${numberCell(r.cvss_score)},${textCell(r.first_seen)},${textCell(r.last_seen)},${textCell(r.change)},${numberCell(r.id)}\r\n`;
  }
  return out;
}

// ---------------------------------------------------------------- pretty-printed JSON, streamed

const MARK = "__sentinel_rows__";

/**
 * Splits `JSON.stringify(doc, null, 2)` around an array holding one marker, so the array's items can
 * be written in between with the same indentation; `empty` is the whole document with no items.
 */
function around(doc: (items: unknown[]) => unknown): {
  head: string;
  tail: string;
  indent: string;
  empty: string;
} {
  const text = `${JSON.stringify(doc([MARK]), null, 2)}\n`;
  const at = text.indexOf(`"${MARK}"`);
  const lineStart = text.lastIndexOf("\n", at) + 1;
  return {
    head: text.slice(0, lineStart),
    tail: text.slice(at + MARK.length + 2),
    indent: text.slice(lineStart, at),
    empty: `${JSON.stringify(doc([]), null, 2)}\n`,
  };
}

/** Array items as JSON.stringify(…, null, 2) writes them at `indent`; `first` says whether a comma leads. */
function items(values: readonly unknown[], indent: string, first: boolean): string {
  return values
    .map((v, k) => {
      const text = JSON.stringify(v, null, 2).replaceAll("\n", `\n${indent}`);
      return `${first && k === 0 ? "" : ",\n"}${indent}${text}`;
    })
    .join("");
}

/** A streamed JSON document: head, items in batches, tail. */
export interface JsonStream {
  head(): string;
  rows(values: readonly unknown[]): string;
  tail(): string;
}

function streamed(doc: (items: unknown[]) => unknown, total: number): JsonStream {
  const parts = around(doc);
  let written = 0;
  return {
    head: () => (total === 0 ? parts.empty : parts.head),
    rows(values) {
      if (total === 0 || values.length === 0) return "";
      const text = items(values, parts.indent, written === 0);
      written += values.length;
      return text;
    },
    tail: () => (total === 0 ? "" : parts.tail),
  };
}

/** The JSON export (the contract's FindingExport): when, for which filters, how many, then the rows. */
export function jsonExport(generatedAt: string, total: number, filters: Record<string, unknown>): JsonStream {
  return streamed(
    (results) => ({
      generated_at: generatedAt,
      count: total,
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
      results,
    }),
    total,
  );
}

// ---------------------------------------------------------------- SARIF 2.1.0

export const SARIF_EXPORT_VERSION = "1.0.0";
const SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

const LEVEL: Record<Severity, "error" | "warning" | "note" | "none"> = {
  HIGH: "error",
  MEDIUM: "warning",
  LOW: "note",
  INFO: "note",
  LOG: "none",
};
/** `security-severity` for a finding without a CVSS score: a score inside its severity's CVSS band. */
export const SEVERITY_SCORE: Record<Severity, number> = { HIGH: 7.5, MEDIUM: 5.0, LOW: 2.0, INFO: 0.0, LOG: 0.0 };
/** Statuses that say "not a risk to act on": SARIF's accepted external suppression. */
const SUPPRESSED: ReadonlySet<FindingStatus> = new Set(["FALSE_POSITIVE", "TOLERATED", "MITIGATED"]);
const BASELINE_STATE = { NEW: "new", UNCHANGED: "unchanged", REOPENED: "new" } as const;

/** A stable rule id from the rule's name: the data has no separate rule identifier. */
export function ruleIdOf(name: string, id: number): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || `finding-${id}`;
}

function ruleNameOf(name: string, id: number): string {
  const words = name.normalize("NFKD").match(/[A-Za-z0-9]+/g) ?? [];
  const joined = words.map((w) => (w[0] ?? "").toUpperCase() + w.slice(1).toLowerCase()).join("");
  return joined || `Finding${id}`;
}

const fileUri = (path: string) => path.split("/").map(encodeURIComponent).join("/");
const isAbsoluteHttp = (url: string) => /^https?:\/\/[^\s]+$/.test(url);
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};
const cweTag = (cwe: string) => {
  const m = /^CWE-(\d+)$/i.exec(cwe.trim());
  return m ? `external/cwe/cwe-${m[1]}` : null;
};

/** A rule: the text of its first finding (in the export's order), the highest score of all of them. */
export interface RuleSource {
  first: IndexItem;
  score: number;
}

function rule({ first, score }: RuleSource) {
  const helpUri = first.references.find(isAbsoluteHttp);
  const tag = first.cwe ? cweTag(first.cwe) : null;
  return {
    id: ruleIdOf(first.name, first.id),
    name: ruleNameOf(first.name, first.id),
    shortDescription: { text: sentence(first.name) },
    fullDescription: { text: sentence(first.description) },
    ...(first.mitigation ? { help: { text: sentence(first.mitigation) } } : {}),
    ...(helpUri ? { helpUri } : {}),
    defaultConfiguration: { level: LEVEL[first.severity as Severity] },
    properties: {
      tags: ["security", ...(tag ? [tag] : [])],
      ...(first.cwe ? { cwe: first.cwe } : {}),
      "security-severity": score.toFixed(1),
    },
  };
}

/** Snippets written `42 | code` become the region's snippet and context when they cover the line. */
function regions(row: IndexItem) {
  if (row.line === null) return {};
  const region = { startLine: row.line };
  const lines = row.code_snippets.map((s) => /^\s*(\d+) \| ?(.*)$/s.exec(s));
  const numbered = lines.every((m) => m !== null) ? (lines as RegExpExecArray[]) : [];
  const numbers = numbered.map((m) => Number(m[1]));
  const consecutive = numbers.every((n, k) => k === 0 || n === (numbers[k - 1] ?? 0) + 1);
  const at = numbers.indexOf(row.line);
  if (numbered.length === 0 || !consecutive || at < 0) return { region };
  if (numbered.length === 1) return { region: { ...region, snippet: { text: numbered[0]?.[2] ?? "" } } };
  return {
    region: { ...region, snippet: { text: numbered[at]?.[2] ?? "" } },
    contextRegion: {
      startLine: numbers[0],
      endLine: numbers.at(-1),
      snippet: { text: numbered.map((m) => m[2]).join("\n") },
    },
  };
}

export function sarifResult(row: IndexItem, ruleIndex: number) {
  const file = row.component ?? row.affected ?? "";
  const ruleId = ruleIdOf(row.name, row.id);
  return {
    ruleId,
    ruleIndex,
    level: LEVEL[row.severity as Severity],
    message: { text: sentence(row.description) },
    locations: [{ physicalLocation: { artifactLocation: { uri: fileUri(file) }, ...regions(row) } }],
    // Ids change from scan to scan; the rule, the repository (asset) and the file stay.
    partialFingerprints: { "sentinelRuleAssetFile/v1": `${ruleId}|${row.asset ?? ""}|${file}` },
    ...(row.change ? { baselineState: BASELINE_STATE[row.change as keyof typeof BASELINE_STATE] } : {}),
    // Present on every result: an empty list says "known not suppressed", as opposed to unknown.
    suppressions: SUPPRESSED.has(row.status as FindingStatus)
      ? [
          {
            kind: "external",
            status: "accepted",
            justification: row.message ? `${row.status_display}: ${row.message}` : row.status_display,
          },
        ]
      : [],
    properties: {
      id: row.id,
      status: row.status,
      change: row.change,
      version: row.version,
      company: row.company.name,
      product: row.product?.name ?? null,
      first_seen: row.first_seen,
      last_seen: row.last_seen,
    },
  };
}

/** SARIF 2.1.0: one run, its rules (known before the results), then one result per finding. */
export function sarifExport(
  rules: readonly RuleSource[],
  total: number,
  generatedAt: string,
  informationUri: string,
): JsonStream {
  return streamed(
    (results) => ({
      $schema: SARIF_SCHEMA_URI,
      version: "2.1.0",
      runs: [
        {
          tool: {
            driver: {
              name: "Sentinel",
              version: SARIF_EXPORT_VERSION,
              semanticVersion: SARIF_EXPORT_VERSION,
              informationUri,
              rules: rules.map(rule),
            },
          },
          invocations: [{ executionSuccessful: true, endTimeUtc: generatedAt }],
          columnKind: "unicodeCodePoints",
          results,
        },
      ],
    }),
    total,
  );
}

/** `sentinel-findings-20261126T083500Z.csv`: sortable, and free of characters file systems refuse. */
export const exportFilename = (format: string, generatedAt: string) =>
  `sentinel-findings-${generatedAt.replace(/\.\d+/, "").replace(/[-:]/g, "")}.${format}`;
