import type { ParsedFinding, ReportParser, ReportTool } from "../report.ts";
import { makeFinding } from "./finding.ts";
import { structuralFingerprint, toolFingerprint } from "./fingerprint.ts";
import {
  asArray,
  asObject,
  asString,
  type JsonObject,
  type JsonPath,
  type JsonValue,
  jsonEvents,
  pathIs,
} from "./jsonStream.ts";
import { cveIds, cweId, referenceList } from "./limits.ts";
import { sarifLevel, sarifSecuritySeverity } from "./severity.ts";
import { sniffers } from "./sniff.ts";

/**
 * SARIF 2.1.0 (oasis-tcs/sarif-spec), as written by CodeQL, Semgrep, gitleaks, Trivy, ESLint's SARIF
 * formatter and flawfinder. Each run's `tool` (with its rules) and each result are read as records.
 */

interface RunTool {
  name: string;
  version: string | null;
  driverRules: JsonObject[];
  extensionRules: JsonObject[][];
  rulesById: Map<string, JsonObject>;
}

function readTool(value: JsonValue): RunTool {
  const tool = asObject(value);
  const driver = asObject(tool.driver);
  const driverRules = asArray(driver.rules).map(asObject);
  const extensionRules = asArray(tool.extensions).map((extension) => asArray(asObject(extension).rules).map(asObject));
  const rulesById = new Map<string, JsonObject>();
  for (const rule of [...driverRules, ...extensionRules.flat()]) {
    const id = asString(rule.id);
    if (id && !rulesById.has(id)) rulesById.set(id, rule);
  }
  return {
    name: asString(driver.name)?.trim() || "SARIF",
    version: asString(driver.semanticVersion) ?? asString(driver.version),
    driverRules,
    extensionRules,
    rulesById,
  };
}

const text = (value: JsonValue | undefined) => asString(asObject(value).text);

function findRule(tool: RunTool, result: JsonObject, ruleId: string | null): JsonObject {
  const reference = asObject(result.rule);
  const index = typeof reference.index === "number" ? reference.index : result.ruleIndex;
  const component = asObject(reference.toolComponent).index;
  if (typeof index === "number") {
    const rules = typeof component === "number" ? tool.extensionRules[component] : tool.driverRules;
    const rule = rules?.[index];
    if (rule) return rule;
  }
  return (ruleId ? tool.rulesById.get(ruleId) : undefined) ?? asObject(null);
}

function ruleCwe(rule: JsonObject): string | null {
  for (const tag of asArray(asObject(rule.properties).tags)) {
    const value = asString(tag);
    if (value && /cwe/i.test(value)) {
      const cwe = cweId(value);
      if (cwe) return cwe;
    }
  }
  for (const relationship of asArray(rule.relationships)) {
    const target = asObject(asObject(relationship).target);
    if (/^cwe$/i.test(asString(asObject(target.toolComponent).name) ?? "")) {
      const cwe = cweId(asString(target.id));
      if (cwe) return cwe;
    }
  }
  return null;
}

/** A file path from an artifact URI: "file:///src/a.js" → "/src/a.js", "src/a%20b.js" → "src/a b.js". */
function filePath(uri: string | null): string | null {
  if (!uri) return null;
  const path = uri.replace(/^file:\/\//i, "");
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A result the tool itself reports as passing, or that is suppressed in the source, is no finding. */
function isOpen(result: JsonObject): boolean {
  const kind = asString(result.kind);
  if (kind === "pass" || kind === "notApplicable") return false;
  const suppressions = asArray(result.suppressions).map(asObject);
  return !(suppressions.length && suppressions.every((s) => (asString(s.status) ?? "accepted") === "accepted"));
}

function stableId(result: JsonObject): string | null {
  for (const value of Object.values(asObject(result.fingerprints))) {
    const id = asString(value);
    if (id) return id;
  }
  const partial = Object.entries(asObject(result.partialFingerprints))
    .map(([key, value]) => `${key}=${asString(value) ?? ""}`)
    .sort();
  return partial.length ? partial.join("|") : null;
}

function resultFinding(tool: RunTool, result: JsonObject): ParsedFinding | null {
  if (!isOpen(result)) return null;
  const ruleId = asString(result.ruleId) ?? asString(asObject(result.rule).id);
  const rule = findRule(tool, result, ruleId);
  const id = ruleId ?? asString(rule.id) ?? "";
  const location = asObject(asObject(asArray(result.locations)[0]).physicalLocation);
  const region = asObject(location.region);
  const file = filePath(asString(asObject(location.artifactLocation).uri));
  const line = typeof region.startLine === "number" && region.startLine > 0 ? region.startLine : null;
  const snippet = text(region.snippet);
  const properties = asObject(result.properties);
  const ruleProperties = asObject(rule.properties);
  const severity =
    sarifSecuritySeverity(properties["security-severity"]) ??
    sarifSecuritySeverity(ruleProperties["security-severity"]) ??
    sarifLevel(asString(result.level) ?? asString(asObject(rule.defaultConfiguration).level));
  const cwe = ruleCwe(rule);
  const cve = cveIds([id, ...asArray(ruleProperties.tags)]);
  const messageId = asString(asObject(result.message).id);
  const message = text(result.message) ?? (messageId ? text(asObject(rule.messageStrings)[messageId]) : null) ?? "";
  const uid = stableId(result);
  return makeFinding({
    fingerprint: uid
      ? toolFingerprint("sarif", tool.name, id, uid)
      : structuralFingerprint({ tool: tool.name, ruleId: id, cwe, cve, file, line, snippet }),
    tool: tool.name,
    ruleId: id,
    name: text(rule.shortDescription) ?? asString(rule.name) ?? id,
    severity,
    description: message,
    summary: text(rule.shortDescription),
    insight: text(rule.fullDescription),
    mitigation: text(rule.help),
    cve,
    cwe,
    references: referenceList([asString(rule.helpUri)]),
    file,
    line,
    snippet,
    evidence: snippet,
  });
}

const isTool = (path: JsonPath) => pathIs(path, ["runs", "*", "tool"]);
const isResult = (path: JsonPath) => pathIs(path, ["runs", "*", "results", "*"]);

export const sarifParser: ReportParser = {
  format: "sarif",
  version: 1,
  sniff: sniffers.sarif,
  async *parse(input) {
    let first: ReportTool | null = null;
    let run = -1;
    let tool: RunTool | null = null;
    // Results met before their run's `tool` wait for it (the spec does not fix key order; the tools
    // listed above all write `tool` first, so this stays empty in practice).
    let waiting: JsonObject[] = [];
    const unknownTool = readTool(null);
    const events = jsonEvents(
      input,
      "sarif",
      (path) => isTool(path) || isResult(path),
      (path) => (isTool(path) ? "a run's tool" : "a result"),
    );
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind !== "record") continue;
        const index = event.path[1] as number;
        if (index !== run) {
          for (const result of waiting) {
            const finding = resultFinding(tool ?? unknownTool, result);
            if (finding) yield finding;
          }
          waiting = [];
          run = index;
          tool = null;
        }
        if (isTool(event.path)) {
          tool = readTool(event.value);
          first ??= { name: tool.name, version: tool.version };
          for (const result of waiting) {
            const finding = resultFinding(tool, result);
            if (finding) yield finding;
          }
          waiting = [];
        } else if (tool) {
          const finding = resultFinding(tool, asObject(event.value));
          if (finding) yield finding;
        } else {
          waiting.push(asObject(event.value));
        }
      }
    }
    for (const result of waiting) {
      const finding = resultFinding(tool ?? unknownTool, result);
      if (finding) yield finding;
    }
    return first ?? { name: "SARIF", version: null };
  },
};
