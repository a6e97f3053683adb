import type { ParsedFinding, ReportParser, ReportTool, Severity } from "../report.ts";
import { makeFinding } from "./finding.ts";
import { toolFingerprint, urlShape } from "./fingerprint.ts";
import { asObject, asString, type JsonObject, type JsonPath, jsonEvents, pathIs } from "./jsonStream.ts";
import { cweId, limits, referenceList, textOrNull } from "./limits.ts";
import { sniffers } from "./sniff.ts";

/**
 * Wapiti's JSON report (`-f json`, 3.0 and later): `classifications` (each category's description,
 * solution and references) first, then `vulnerabilities`, `anomalies` and `additionals`, each a map
 * from category to a list of places, then `infos` (target, version). One finding per place.
 *
 * Wapiti has no ids of its own: a finding's identity is its section, category, method, the request's
 * path and query parameter names, the parameter, and, for the categories whose place is named only in
 * `info` (which header, which cookie, which CSP directive), that name. Never the rest of `info`.
 */

const SECTIONS = ["vulnerabilities", "anomalies", "additionals"] as const;
type Section = (typeof SECTIONS)[number];

/** Wapiti's levels: 4 critical, 3 high, 2 medium, 1 low, 0 info (the contract has no CRITICAL). */
function wapitiSeverity(section: Section, level: unknown): Severity {
  // Anomalies (a 500 answer, a timeout) and additionals (a detected technology) are hints for a
  // person to look at, not confirmed flaws, whatever level Wapiti gives them.
  if (section !== "vulnerabilities") return "INFO";
  switch (String(level).trim()) {
    case "4":
    case "3":
      return "HIGH";
    case "2":
      return "MEDIUM";
    case "1":
      return "LOW";
    default:
      return "INFO";
  }
}

/** The place a header, cookie or CSP finding is about, which Wapiti names only inside `info`. */
function subjectOf(category: string, info: string): string {
  const lower = category.toLowerCase();
  if (lower.includes("cookie")) return /cookie\s*:\s*(\S+)/i.exec(info)?.[1] ?? "";
  if (lower.includes("content security policy")) {
    return /"([\w-]+)"/.exec(info)?.[1] ?? (/not set/i.test(info) ? "not-set" : "");
  }
  if (lower.includes("header")) return /^\s*([\w-]+)\s+is\s+not\s+set/i.exec(info)?.[1] ?? "";
  return "";
}

/** The request line's target ("/item?id=1%27"), else the place's path. */
function requestTarget(httpRequest: string | null, path: string | null): string {
  const line = /^[A-Z]+\s+(\S+)\s+HTTP\//.exec(httpRequest ?? "");
  return line?.[1] ?? path ?? "";
}

interface Classification {
  description: string | null;
  solution: string | null;
  references: string[];
  cwe: string | null;
}

function classification(value: JsonObject): Classification {
  const refs = asObject(value.ref);
  const titles = Object.keys(refs);
  return {
    description: textOrNull(value.desc, limits.text),
    solution: textOrNull(value.sol, limits.text),
    references: referenceList(titles.map((title) => refs[title])),
    cwe: titles.map((title) => (/^\s*CWE-\d+/i.test(title) ? cweId(title) : null)).find(Boolean) ?? null,
  };
}

function placeFinding(
  section: Section,
  category: string,
  place: JsonObject,
  about: Classification | undefined,
  target: string | null,
): ParsedFinding {
  const method = asString(place.method)?.toUpperCase() || null;
  const parameter = asString(place.parameter) || null;
  const info = asString(place.info) ?? "";
  const httpRequest = asString(place.http_request);
  const relative = requestTarget(httpRequest, asString(place.path));
  let url = relative;
  let host: string | null = null;
  let port: number | null = null;
  if (target) {
    try {
      const absolute = new URL(relative, target);
      url = absolute.href;
      host = absolute.hostname.replace(/^\[|\]$/g, "");
      port = absolute.port ? Number(absolute.port) : absolute.protocol === "https:" ? 443 : 80;
    } catch {
      // A target that is not a URL leaves the place relative.
    }
  }
  return makeFinding({
    fingerprint: toolFingerprint(
      "wapiti",
      section,
      category,
      method,
      urlShape(relative),
      parameter,
      subjectOf(category, info),
    ),
    tool: "Wapiti",
    ruleId: category,
    name: category,
    severity: wapitiSeverity(section, place.level),
    description: info,
    insight: about?.description ?? null,
    mitigation: about?.solution ?? null,
    cwe: about?.cwe ?? null,
    references: about?.references ?? [],
    host,
    port,
    protocol: port === null ? null : "tcp",
    url,
    method,
    parameter,
    evidence: textOrNull(httpRequest, limits.evidence),
  });
}

const isPlace = (path: JsonPath) =>
  path.length === 3 &&
  SECTIONS.includes(path[0] as Section) &&
  typeof path[1] === "string" &&
  typeof path[2] === "number";
const isInfos = (path: JsonPath) => pathIs(path, ["infos"]);

export const wapitiJsonParser: ReportParser = {
  format: "wapiti-json",
  version: 1,
  sniff: sniffers["wapiti-json"],
  async *parse(input) {
    const tool: ReportTool = { name: "Wapiti", version: null };
    const classifications = new Map<string, Classification>();
    let target: string | null = null;
    const isRecord = (path: JsonPath) =>
      (path.length === 2 && path[0] === "classifications" && typeof path[1] === "string") ||
      isPlace(path) ||
      isInfos(path);
    const describe = (path: JsonPath) =>
      path[0] === "classifications" ? "a classification" : path[0] === "infos" ? "the infos" : "a finding";
    for await (const batch of jsonEvents(input, "wapiti-json", isRecord, describe)) {
      for (const event of batch) {
        if (event.kind === "scalar") continue;
        const path = event.path;
        if (path[0] === "classifications" && path.length === 2 && typeof path[1] === "string") {
          classifications.set(path[1], classification(asObject(event.value)));
        } else if (isPlace(path)) {
          const category = path[1] as string;
          yield placeFinding(
            path[0] as Section,
            category,
            asObject(event.value),
            classifications.get(category),
            target,
          );
        } else if (isInfos(path)) {
          const infos = asObject(event.value);
          target = asString(infos.target);
          // "Wapiti 3.0.4" in 3.0; a bare "3.1.8" later.
          const version = asString(infos.version);
          tool.version = version ? version.replace(/^\s*wapiti\s*/i, "") || null : null;
        }
      }
    }
    return tool;
  },
};
