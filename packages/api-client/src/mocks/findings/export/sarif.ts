import type { components } from "../../../generated/schema.ts";
import { cvssScore, type ExportRow } from "./row.ts";

type Severity = components["schemas"]["Severity"];
type FindingStatus = components["schemas"]["FindingStatus"];

/** The version the export writes as `tool.driver.version`; raise it when the SARIF mapping changes. */
export const SARIF_EXPORT_VERSION = "1.0.0";
export const SARIF_SCHEMA_URI =
  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

const LEVEL: Record<Severity, "error" | "warning" | "note" | "none"> = {
  HIGH: "error",
  MEDIUM: "warning",
  LOW: "note",
  INFO: "note",
  LOG: "none",
};

/**
 * `security-severity` is a CVSS-like score as text (what code-scanning consumers sort and badge by).
 * A finding without a CVSS score gets one inside its severity's CVSS band.
 */
const SEVERITY_SCORE: Record<Severity, number> = { HIGH: 7.5, MEDIUM: 5.0, LOW: 2.0, INFO: 0.0, LOG: 0.0 };

/** Statuses that say "not a risk to act on": SARIF calls that an accepted external suppression. */
const SUPPRESSED: ReadonlySet<FindingStatus> = new Set(["FALSE_POSITIVE", "TOLERATED", "MITIGATED"]);

const BASELINE_STATE = { NEW: "new", UNCHANGED: "unchanged", REOPENED: "new" } as const;

/** A stable rule id from the rule's name: the seed and the API give no separate rule identifier. */
export function ruleIdOf(row: ExportRow): string {
  const slug = row.name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || `finding-${row.id}`;
}

/** SARIF rule names are identifier-like (PascalCase), distinct from the human-readable description. */
function ruleNameOf(row: ExportRow): string {
  const words = row.name.normalize("NFKD").match(/[A-Za-z0-9]+/g) ?? [];
  const name = words.map((w) => (w[0] ?? "").toUpperCase() + w.slice(1).toLowerCase()).join("");
  return name || `Finding${row.id}`;
}

/** Each path segment percent-encoded, so any file name a repository holds makes a valid URI reference. */
const fileUri = (path: string) => path.split("/").map(encodeURIComponent).join("/");

const isAbsoluteHttp = (url: string) => /^https?:\/\/[^\s]+$/.test(url);

/** Sentences end with a period, as SARIF's message guidance asks. */
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

function securitySeverity(row: ExportRow): number {
  return cvssScore(row) ?? SEVERITY_SCORE[row.severity];
}

function cweTag(cwe: string): string | null {
  const m = /^CWE-(\d+)$/i.exec(cwe.trim());
  return m ? `external/cwe/cwe-${m[1]}` : null;
}

function rule(rows: readonly ExportRow[]) {
  const first = rows[0] as ExportRow;
  // A loop, not Math.max(...): a rule can hold more findings than a call takes arguments.
  const score = rows.reduce((max, row) => Math.max(max, securitySeverity(row)), 0);
  const helpUri = first.references.find(isAbsoluteHttp);
  const tag = first.cwe ? cweTag(first.cwe) : null;
  return {
    id: ruleIdOf(first),
    name: ruleNameOf(first),
    shortDescription: { text: sentence(first.name) },
    fullDescription: { text: sentence(first.description) },
    ...(first.mitigation ? { help: { text: sentence(first.mitigation) } } : {}),
    ...(helpUri ? { helpUri } : {}),
    defaultConfiguration: { level: LEVEL[first.severity] },
    properties: {
      tags: ["security", ...(tag ? [tag] : [])],
      ...(first.cwe ? { cwe: first.cwe } : {}),
      "security-severity": score.toFixed(1),
    },
  };
}

/**
 * The seed's and scanners' code snippets are lines written `42 | code`. When they cover the finding's
 * line they become the region's snippet and its context region; otherwise they are left out rather
 * than guessed at.
 */
function regions(row: ExportRow) {
  if (row.line === null) return {};
  const region = { startLine: row.line };
  const lines = row.code_snippets.map((s) => /^\s*(\d+) \| ?(.*)$/s.exec(s));
  const numbered = lines.every((m) => m !== null) ? (lines as RegExpExecArray[]) : [];
  const numbers = numbered.map((m) => Number(m[1]));
  const consecutive = numbers.every((n, k) => k === 0 || n === (numbers[k - 1] ?? 0) + 1);
  const at = numbers.indexOf(row.line);
  // A context region must be a proper superset of the region (the Multitool checks it), so a
  // one-line snippet gives the region's snippet only.
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

function result(row: ExportRow, ruleIndex: number) {
  const file = row.component ?? row.affected ?? "";
  return {
    ruleId: ruleIdOf(row),
    ruleIndex,
    level: LEVEL[row.severity],
    message: { text: sentence(row.description) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: fileUri(file) },
          ...regions(row),
        },
      },
    ],
    // Each scan records its own finding rows, so the id changes from scan to scan. What stays is the
    // rule, the repository (asset) and the file; the line is left out because edits above it move it.
    partialFingerprints: { "sentinelRuleAssetFile/v1": `${ruleIdOf(row)}|${row.asset ?? ""}|${file}` },
    ...(row.change ? { baselineState: BASELINE_STATE[row.change] } : {}),
    // Present on every result: an empty list says "known not suppressed", as opposed to unknown.
    suppressions: SUPPRESSED.has(row.status)
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

/** How many rows of each other area a set holds, for the refusal's message. */
function otherAreas(rows: readonly ExportRow[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.area !== "SOURCE_CODE") counts.set(r.area_display, (counts.get(r.area_display) ?? 0) + 1);
  return [...counts].map(([area, n]) => `${n} ${area}`).join(", ");
}

/**
 * SARIF 2.1.0: one run, one rule per distinct rule, one result per finding. Only source-code findings
 * have a file and a line to point at, so a set holding any other area is refused, not silently cut.
 */
export function toSarif(
  rows: readonly ExportRow[],
  generatedAt: string,
  informationUri?: string,
): { body: string } | { error: string } {
  const others = otherAreas(rows);
  if (others) {
    return {
      error: `SARIF export covers source code findings only; this selection also holds ${others} finding(s). Filter by area=SOURCE_CODE, or choose CSV or JSON.`,
    };
  }
  const byRule = new Map<string, ExportRow[]>();
  const ruleOfRow = rows.map(ruleIdOf);
  rows.forEach((row, k) => {
    const id = ruleOfRow[k] as string;
    const group = byRule.get(id);
    if (group) group.push(row);
    else byRule.set(id, [row]);
  });
  const ruleIds = [...byRule.keys()];
  const ruleIndex = new Map(ruleIds.map((id, k) => [id, k]));
  const sarif = {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "Sentinel",
            version: SARIF_EXPORT_VERSION,
            semanticVersion: SARIF_EXPORT_VERSION,
            ...(informationUri ? { informationUri } : {}),
            rules: ruleIds.map((id) => rule(byRule.get(id) ?? [])),
          },
        },
        invocations: [{ executionSuccessful: true, endTimeUtc: generatedAt }],
        columnKind: "unicodeCodePoints",
        results: rows.map((row, k) => result(row, ruleIndex.get(ruleOfRow[k] as string) ?? 0)),
      },
    ],
  };
  return { body: `${JSON.stringify(sarif, null, 2)}\n` };
}
