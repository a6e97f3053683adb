import type { ParsedFinding, ReportParser, ReportTool } from "../report.ts";
import { cvssFields, makeFinding } from "./finding.ts";
import { structuralFingerprint } from "./fingerprint.ts";
import { asArray, asObject, asString, type JsonObject, jsonEvents, pathIs } from "./jsonStream.ts";
import { cveIds, cweId, referenceList } from "./limits.ts";
import { trivySeverity } from "./severity.ts";
import { sniffers } from "./sniff.ts";

/**
 * Trivy's JSON report (aquasecurity/trivy pkg/types/report.go): Results[] per target (a lockfile, an
 * image layer's OS packages, a scanned file), with Vulnerabilities and Secrets.
 */

/** The vendor whose CVSS Trivy used for the severity first, then NVD, then any. */
function pickCvss(vulnerability: JsonObject) {
  const sources = asObject(vulnerability.CVSS);
  const order = [asString(vulnerability.SeveritySource), "nvd", ...Object.keys(sources)];
  const v2Source = order.map((name) => asObject(name ? sources[name] : null)).find((s) => asString(s.V2Vector));
  const v3Source = order.map((name) => asObject(name ? sources[name] : null)).find((s) => asString(s.V3Vector));
  return cvssFields({
    v2: v2Source ? asString(v2Source.V2Vector) : null,
    v2Score: v2Source ? asString(v2Source.V2Score) : null,
    v3: v3Source ? asString(v3Source.V3Vector) : null,
    v3Score: v3Source ? asString(v3Source.V3Score) : null,
  });
}

function vulnerabilityFinding(vulnerability: JsonObject, target: string | null): ParsedFinding {
  const id = asString(vulnerability.VulnerabilityID) ?? "";
  const pkg = asString(vulnerability.PkgName);
  const installed = asString(vulnerability.InstalledVersion);
  const fixed = asString(vulnerability.FixedVersion);
  const cwe = cweId(asString(asArray(vulnerability.CweIDs)[0]));
  const cve = cveIds([id]);
  const location = asString(vulnerability.PkgPath) ?? target;
  return makeFinding({
    fingerprint: structuralFingerprint({
      tool: "trivy",
      ruleId: id,
      cwe,
      cve,
      file: location,
      component: asString(vulnerability.PkgID)?.replace(/@.*$/, "") ?? pkg,
    }),
    tool: "Trivy",
    ruleId: id,
    name: asString(vulnerability.Title) ?? `${id} in ${pkg ?? "a package"}`,
    severity: trivySeverity(vulnerability.Severity),
    description: asString(vulnerability.Description) ?? "",
    affected: pkg ? `${pkg} ${installed ?? ""}`.trim() : null,
    mitigation: fixed ? `Upgrade ${pkg ?? "the package"} to ${fixed}.` : null,
    ...pickCvss(vulnerability),
    cve,
    cwe,
    references: referenceList([asString(vulnerability.PrimaryURL), ...asArray(vulnerability.References)]),
    file: location,
  });
}

function secretFinding(secret: JsonObject, target: string | null): ParsedFinding {
  const ruleId = asString(secret.RuleID) ?? "";
  const line = typeof secret.StartLine === "number" && secret.StartLine > 0 ? secret.StartLine : null;
  const cause = asArray(asObject(secret.Code).Lines)
    .map(asObject)
    .find((l) => l.IsCause === true);
  // Trivy masks the secret itself in Match and in the code lines, so neither holds the secret.
  const snippet = asString(secret.Match) ?? (cause ? asString(cause.Content) : null);
  return makeFinding({
    fingerprint: structuralFingerprint({ tool: "trivy", ruleId, cwe: "CWE-798", file: target, line, snippet }),
    tool: "Trivy",
    ruleId,
    name: asString(secret.Title) ?? ruleId,
    severity: trivySeverity(secret.Severity),
    description: `A secret of the kind "${asString(secret.Category) ?? ruleId}" is written in the file.`,
    mitigation: "Revoke the secret, remove it from the file and its history, and load it from a secret store.",
    cwe: "CWE-798",
    file: target,
    line,
    snippet,
    evidence: snippet,
  });
}

export const trivyJsonParser: ReportParser = {
  format: "trivy-json",
  version: 1,
  sniff: sniffers["trivy-json"],
  async *parse(input) {
    const tool: ReportTool = { name: "Trivy", version: null };
    // Trivy writes each result's Target before its lists, so the current one is all there is to keep.
    let target: { result: number; name: string } | null = null;
    const isVulnerability = (path: readonly (string | number)[]) =>
      pathIs(path, ["Results", "*", "Vulnerabilities", "*"]);
    const isSecret = (path: readonly (string | number)[]) => pathIs(path, ["Results", "*", "Secrets", "*"]);
    const events = jsonEvents(
      input,
      "trivy-json",
      (path) => isVulnerability(path) || isSecret(path),
      (path) => (isSecret(path) ? "a secret" : "a vulnerability"),
    );
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind === "scalar") {
          if (pathIs(event.path, ["Trivy", "Version"])) tool.version = asString(event.value);
          else if (pathIs(event.path, ["Results", "*", "Target"])) {
            target = { result: event.path[1] as number, name: asString(event.value) ?? "" };
          }
          continue;
        }
        const file = target && target.result === event.path[1] ? target.name : null;
        const value = asObject(event.value);
        yield isSecret(event.path) ? secretFinding(value, file) : vulnerabilityFinding(value, file);
      }
    }
    return tool;
  },
};
