import type { ParsedItem, ReportParser, ReportTool } from "../report.ts";
import { cvssFields, makeFinding, makeHost, portAndProtocol } from "./finding.ts";
import { toolFingerprint } from "./fingerprint.ts";
import { cveIds, cweId, referenceList } from "./limits.ts";
import { greenboneSeverity } from "./severity.ts";
import { sniffers } from "./sniff.ts";
import { child, children, childText, type XmlNode, xmlEvents } from "./xmlStream.ts";

/**
 * Greenbone's GMP report XML (gvmd src/schema_formats/XML/GMP.xml.in): one <result> per NVT hit.
 * Sentinel's network finding fields are the NVT's tags one to one.
 */

/** `<tags>`: "cvss_base_vector=AV:N/...|summary=...|insight=..." (a value may itself hold "|"). */
export function greenboneTags(tags: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of tags.split(/\|(?=[a-z_]+=)/)) {
    const eq = part.indexOf("=");
    if (eq > 0) map.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return map;
}

function resultItems(result: XmlNode, seenHosts: Set<string>): ParsedItem[] {
  const items: ParsedItem[] = [];
  const hostNode = child(result, "host");
  const host = hostNode?.text.trim() || null;
  const hostname = hostNode ? childText(hostNode, "hostname") : null;
  if (host && !seenHosts.has(host)) {
    seenHosts.add(host);
    items.push(makeHost(host, hostname ? [hostname] : []));
  }
  const nvt = child(result, "nvt");
  const oid = nvt?.attrs.oid ?? "";
  const tags = greenboneTags(nvt ? (childText(nvt, "tags") ?? "") : "");
  const { port, protocol } = portAndProtocol(childText(result, "port"));
  const threat = childText(result, "threat");
  // Overrides can turn a result into a false positive; it is not a finding then.
  if (threat?.toLowerCase() === "false positive") return items;
  const score = Number.parseFloat(childText(result, "severity") ?? "");
  const severityVectors = nvt
    ? children(child(nvt, "severities") ?? nvt, "severity").map((s) => childText(s, "value") ?? "")
    : [];
  const vectors = [tags.get("cvss_base_vector") ?? "", ...severityVectors];
  const refs = nvt ? children(child(nvt, "refs") ?? nvt, "ref") : [];
  const qod = Number.parseInt(childText(child(result, "qod") ?? result, "value") ?? "", 10);
  items.push(
    makeFinding({
      fingerprint: toolFingerprint("greenbone", oid, host, port, protocol),
      tool: "Greenbone",
      ruleId: oid,
      name: childText(result, "name") ?? (nvt ? childText(nvt, "name") : null) ?? oid,
      severity: greenboneSeverity(threat, Number.isFinite(score) ? score : null),
      description: childText(result, "description") ?? tags.get("summary") ?? "",
      summary: tags.get("summary"),
      insight: tags.get("insight"),
      affected: tags.get("affected"),
      impact: tags.get("impact"),
      mitigation: (nvt ? childText(nvt, "solution") : null) ?? tags.get("solution"),
      ...cvssFields({
        v2: vectors.find((v) => v.trim() && !v.startsWith("CVSS:")),
        v3: vectors.find((v) => v.startsWith("CVSS:3")),
      }),
      cve: cveIds(refs.filter((r) => r.attrs.type?.toLowerCase() === "cve").map((r) => r.attrs.id)),
      cwe: cweId(refs.find((r) => r.attrs.type?.toLowerCase() === "cwe")?.attrs.id),
      references: referenceList(refs.filter((r) => r.attrs.type?.toLowerCase() === "url").map((r) => r.attrs.id)),
      qod: Number.isInteger(qod) && qod >= 0 && qod <= 100 ? qod : null,
      host,
      port,
      protocol,
      evidence: childText(result, "description"),
    }),
  );
  return items;
}

export const greenboneXmlParser: ReportParser = {
  format: "greenbone-xml",
  version: 1,
  sniff: sniffers["greenbone-xml"],
  async *parse(input) {
    const tool: ReportTool = { name: "Greenbone", version: null };
    const seenHosts = new Set<string>();
    const events = xmlEvents(input, "greenbone-xml", {
      roots: ["report", "get_reports_response"],
      // Results sit in <results>; a report's <host> summaries and other lists are skipped.
      isRecord: (name, ancestors) =>
        (name === "result" && ancestors[ancestors.length - 1] === "results") || name === "gmp" || name === "omp",
    });
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind !== "record") continue;
        // <gmp><version> (<omp> before GMP 8) is the manager's protocol version, the only one the report names.
        if (event.node.name === "result") yield* resultItems(event.node, seenHosts);
        else tool.version = childText(event.node, "version");
      }
    }
    return tool;
  },
};
