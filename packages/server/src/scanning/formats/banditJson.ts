import type { ParsedFinding, ReportParser, ReportTool, Severity } from "../report.ts";
import { makeFinding } from "./finding.ts";
import { structuralFingerprint } from "./fingerprint.ts";
import { asObject, asString, type JsonObject, jsonEvents, pathIs } from "./jsonStream.ts";
import { cweId, referenceList } from "./limits.ts";
import { sniffers } from "./sniff.ts";

/**
 * bandit's JSON report (PyCQA/bandit `bandit/formatters/json.py`): `results[]`, one per issue, with
 * the test (B602 …), its severity and confidence, the file, the line and a few numbered lines of code
 * around it. bandit 1.6 (Debian's) writes no SARIF and no CWE; later versions add `issue_cwe`.
 */

function banditSeverity(value: string | null): Severity {
  switch (value?.toUpperCase()) {
    case "HIGH":
      return "HIGH";
    case "MEDIUM":
      return "MEDIUM";
    case "LOW":
      return "LOW";
    default:
      return "INFO";
  }
}

/** bandit's confidence as a quality of detection (0–100), as Greenbone reports one. */
const CONFIDENCE_QOD: Record<string, number> = { HIGH: 90, MEDIUM: 70, LOW: 30 };

/**
 * The reported line's own text out of bandit's `code`, which numbers each line ("6     subprocess…").
 * The fingerprint hashes it, so the finding keeps its identity when code above it moves.
 */
export function reportedLine(code: string | null, line: number | null): string | null {
  if (!code || line === null) return null;
  for (const row of code.split("\n")) {
    const match = /^(\d+) ?(.*)$/.exec(row);
    if (match && Number(match[1]) === line) return match[2] ?? "";
  }
  return null;
}

function resultFinding(result: JsonObject): ParsedFinding {
  const testId = asString(result.test_id) ?? "";
  const file = asString(result.filename);
  const line = typeof result.line_number === "number" && result.line_number > 0 ? result.line_number : null;
  const code = asString(result.code);
  const snippet = reportedLine(code, line);
  const cwe = cweId(asObject(result.issue_cwe).id);
  const confidence = asString(result.issue_confidence)?.toUpperCase() ?? "";
  return makeFinding({
    fingerprint: structuralFingerprint({ tool: "bandit", ruleId: testId, cwe, file, line, snippet }),
    tool: "bandit",
    ruleId: testId,
    name: asString(result.issue_text) ?? asString(result.test_name) ?? testId,
    severity: banditSeverity(asString(result.issue_severity)),
    description: asString(result.issue_text) ?? "",
    summary: asString(result.test_name),
    cwe,
    references: referenceList([asString(result.more_info), asString(asObject(result.issue_cwe).link)]),
    qod: CONFIDENCE_QOD[confidence] ?? null,
    file,
    line,
    snippet,
    evidence: code,
  });
}

export const banditJsonParser: ReportParser = {
  format: "bandit-json",
  version: 1,
  sniff: sniffers["bandit-json"],
  async *parse(input) {
    const tool: ReportTool = { name: "bandit", version: null };
    const isResult = (path: readonly (string | number)[]) => pathIs(path, ["results", "*"]);
    const events = jsonEvents(input, "bandit-json", isResult, () => "a result");
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind === "record" && isResult(event.path)) {
          // `errors` lists files bandit could not read; only results are findings.
          yield resultFinding(asObject(event.value));
        }
      }
    }
    return tool;
  },
};
