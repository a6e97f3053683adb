import type { ParsedFinding, ParsedHost, ParsedService } from "../report.ts";
import { cvss2, cvss3 } from "./cvss.ts";
import { clip, limits, textOrNull } from "./limits.ts";

type Optional =
  | "summary"
  | "insight"
  | "impact"
  | "affected"
  | "mitigation"
  | "cvss2"
  | "cvss2Score"
  | "cvss3"
  | "cvss3Score"
  | "cve"
  | "cwe"
  | "references"
  | "qod"
  | "host"
  | "port"
  | "protocol"
  | "url"
  | "method"
  | "parameter"
  | "file"
  | "line"
  | "snippet"
  | "evidence";

export type FindingInput = Omit<ParsedFinding, "kind" | Optional> & Partial<Pick<ParsedFinding, Optional>>;

/** A finding with every absent field null and every text field cut to its limit. */
export function makeFinding(input: FindingInput): ParsedFinding {
  const text = (value: string | null | undefined) => textOrNull(value, limits.text);
  const id = (value: string | null | undefined) => textOrNull(value, limits.identifier);
  return {
    kind: "finding",
    fingerprint: input.fingerprint,
    tool: clip(input.tool, limits.identifier),
    ruleId: clip(input.ruleId, limits.identifier),
    name: clip(input.name.trim() || input.ruleId, limits.name),
    severity: input.severity,
    description: clip(input.description.trim(), limits.description),
    summary: text(input.summary),
    insight: text(input.insight),
    impact: text(input.impact),
    affected: text(input.affected),
    mitigation: text(input.mitigation),
    cvss2: input.cvss2 ?? null,
    cvss2Score: input.cvss2Score ?? null,
    cvss3: input.cvss3 ?? null,
    cvss3Score: input.cvss3Score ?? null,
    cve: input.cve ?? [],
    cwe: input.cwe ?? null,
    references: input.references ?? [],
    qod: input.qod ?? null,
    host: id(input.host),
    port: input.port ?? null,
    protocol: input.protocol ?? null,
    url: id(input.url),
    method: id(input.method),
    parameter: id(input.parameter),
    file: id(input.file),
    line: input.line ?? null,
    snippet: textOrNull(input.snippet, limits.snippet),
    evidence: textOrNull(input.evidence, limits.evidence),
  };
}

function reportedScore(value: string | number | null | undefined): number | null {
  const score = typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(score) && score >= 0 && score <= 10 ? score : null;
}

/**
 * The CVSS fields from the vectors a report gives, with scores computed from them: the vector wins
 * over a score printed beside it. An invalid vector is dropped and its score is null. A score with no
 * vector at all is kept as reported.
 */
export function cvssFields(input: {
  v2?: string | null;
  v2Score?: string | number | null;
  v3?: string | null;
  v3Score?: string | number | null;
}): Pick<ParsedFinding, "cvss2" | "cvss2Score" | "cvss3" | "cvss3Score"> {
  const v2 = input.v2?.trim() ? cvss2(input.v2) : undefined;
  const v3 = input.v3?.trim() ? cvss3(input.v3) : undefined;
  return {
    cvss2: v2?.vector ?? null,
    cvss2Score: v2 === undefined ? reportedScore(input.v2Score) : (v2?.score ?? null),
    cvss3: v3?.vector ?? null,
    cvss3Score: v3 === undefined ? reportedScore(input.v3Score) : (v3?.score ?? null),
  };
}

/** "443/tcp" → 443 and tcp; "general/tcp" → "general"; anything else → nulls. */
export function portAndProtocol(value: string | null | undefined): {
  port: number | "general" | null;
  protocol: "tcp" | "udp" | null;
} {
  const match = /^\s*(\d{1,5}|general)\s*\/\s*(tcp|udp)\b/i.exec(value ?? "");
  if (!match?.[1] || !match[2]) return { port: null, protocol: null };
  const protocol = match[2].toLowerCase() as "tcp" | "udp";
  if (match[1].toLowerCase() === "general") return { port: "general", protocol };
  const port = Number(match[1]);
  return { port: port >= 1 && port <= 65535 ? port : "general", protocol };
}

/** A host with its address and names clipped, names lower-cased, unique, at most `limits.references`. */
export function makeHost(address: string, hostnames: readonly string[]): ParsedHost {
  const names = new Set<string>();
  for (const name of hostnames) {
    const clipped = textOrNull(name.toLowerCase(), limits.identifier);
    if (clipped && names.size < limits.references) names.add(clipped);
  }
  return { kind: "host", address: clip(address.trim(), limits.identifier), hostnames: [...names] };
}

/** A service with its text fields clipped. */
export function makeService(input: Omit<ParsedService, "kind">): ParsedService {
  const id = (value: string | null) => textOrNull(value, limits.identifier);
  return {
    kind: "service",
    host: clip(input.host, limits.identifier),
    port: input.port,
    protocol: input.protocol,
    secure: input.secure,
    name: id(input.name),
    product: id(input.product),
    version: id(input.version),
    cpe: input.cpe.slice(0, limits.references).map((cpe) => clip(cpe, limits.identifier)),
  };
}
