/**
 * Report text is written by whoever controls the scanned target (a page's body, a banner, a file's
 * contents) or by whoever uploads the report. It is kept as plain strings and cut to these lengths,
 * so one oversized field shortens a finding instead of failing the whole report.
 */

export const limits = {
  name: 500,
  description: 20_000,
  /** summary, insight, impact, affected, mitigation. */
  text: 20_000,
  evidence: 10_000,
  snippet: 5_000,
  /** url, file, parameter, method, rule and tool ids. */
  identifier: 2_000,
  reference: 2_000,
  references: 100,
  cves: 500,
  /** Any one string the streaming readers keep, before the per-field limits above apply. */
  rawString: 200_000,
  /** One record (a SARIF result, a ZAP alert, an nmap host) built in memory. */
  recordChars: 16_000_000,
  nesting: 256,
} as const;

const ellipsis = " […]";

/** Cut to at most `max` characters, marking the cut, without splitting a surrogate pair. */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  let end = max - ellipsis.length;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return value.slice(0, end) + ellipsis;
}

/** Trimmed and clipped, or null when nothing is left. */
export function textOrNull(value: unknown, max: number): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const trimmed = String(value).trim();
  return trimmed === "" ? null : clip(trimmed, max);
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

/**
 * ZAP writes its descriptions as HTML. Sentinel shows findings as text, so markup is removed rather
 * than escaped: block ends become line breaks, every tag goes, entities are decoded last (so an
 * encoded "&lt;script&gt;" becomes the visible text "<script>", never a tag).
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|ul|ol|table)\s*>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-z!][^>]*>/gi, "");
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const cvePattern = /CVE-\d{4}-\d{4,}/gi;

/** Every CVE id in the strings, upper case, sorted, unique, at most `limits.cves`. */
export function cveIds(values: Iterable<unknown>): string[] {
  const found = new Set<string>();
  for (const value of values) {
    if (typeof value !== "string") continue;
    for (const match of value.matchAll(cvePattern)) found.add(match[0].toUpperCase());
  }
  return [...found].sort().slice(0, limits.cves);
}

/** "CWE-79" from 79, "79", "CWE-79", "cwe-079: ...", "external/cwe/cwe-79"; null for 0 or none. */
export function cweId(value: unknown): string | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 ? `CWE-${value}` : null;
  if (typeof value !== "string") return null;
  const match = /^\s*(?:external\/cwe\/)?(?:cwe[\s:_-]*)?0*(\d{1,6})\b/i.exec(value);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return id > 0 ? `CWE-${id}` : null;
}

/** Unique, trimmed, clipped references, in the order met, at most `limits.references`. */
export function referenceList(values: Iterable<unknown>): string[] {
  const found = new Set<string>();
  for (const value of values) {
    const text = textOrNull(value, limits.reference);
    if (text !== null && found.size < limits.references) found.add(text);
  }
  return [...found];
}
