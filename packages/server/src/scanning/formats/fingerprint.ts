import { createHash } from "node:crypto";

/**
 * A finding's identity across scans. Only structural fields take part: descriptions, plugin output
 * and timestamps change between runs of the same check on the same place, and hashing them would make
 * every rescan a new finding (DefectDojo's settings record the same lesson).
 */

export interface FingerprintParts {
  /** The tool family ("nmap", "codeql"); versions are left out so an upgrade keeps identities. */
  tool: string;
  ruleId: string;
  cwe?: string | null;
  cve?: readonly string[];
  host?: string | null;
  port?: number | "general" | null;
  protocol?: string | null;
  /** The URL: its scheme, host and port are kept, its path, and its query's parameter names only. */
  url?: string | null;
  parameter?: string | null;
  file?: string | null;
  /** Used only when there is no snippet: a line number moves when code above it changes. */
  line?: number | null;
  /** The source line's text; its trimmed hash replaces the line number. */
  snippet?: string | null;
  /** The affected package, for dependency findings (one CVE in two packages is two findings). */
  component?: string | null;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The URL reduced to what identifies the place: scheme, host, port, path and the names of its query
 * parameters, sorted. `?id=1` and `?id=2` are one place; `?id=1` and `?q=1` are two.
 */
export function urlShape(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not absolute: keep what comes before the query, and the query's names.
    const [path = "", query = ""] = url.split("?", 2);
    const names = [...new Set(query.split("&").map((pair) => pair.split("=", 1)[0] ?? ""))].filter(Boolean).sort();
    return names.length ? `${path}?${names.join("&")}` : path;
  }
  const names = [...new Set(parsed.searchParams.keys())].sort();
  const base = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  return names.length ? `${base}?${names.join("&")}` : base;
}

function canonical(parts: readonly (string | number | null | undefined)[]): string {
  // A JSON array keeps field boundaries unambiguous ("a|b" + "c" differs from "a" + "b|c").
  return JSON.stringify(parts.map((part) => (part === undefined || part === null ? "" : String(part)))).toLowerCase();
}

/** The structural fingerprint, for findings whose tool gives no stable id of its own. */
export function structuralFingerprint(parts: FingerprintParts): string {
  const snippet = parts.snippet?.trim() ? sha256Hex(parts.snippet.trim()) : "";
  return sha256Hex(
    canonical([
      "structural-v1",
      parts.tool,
      parts.ruleId,
      parts.cwe,
      [...(parts.cve ?? [])]
        .map((id) => id.toUpperCase())
        .sort()
        .join(","),
      parts.host,
      parts.port,
      parts.protocol,
      parts.url ? urlShape(parts.url) : "",
      parts.parameter,
      parts.file,
      snippet ? "" : parts.line,
      snippet,
      parts.component,
    ]),
  );
}

/**
 * A fingerprint from the tool's own stable id (SARIF fingerprints, an NVT OID with host and port),
 * namespaced by kind so that two tools' ids never collide.
 */
export function toolFingerprint(kind: string, ...parts: (string | number | null | undefined)[]): string {
  return sha256Hex(canonical([`${kind}-v1`, ...parts]));
}
