import type { ParsedItem, ReportParser, ReportTool } from "../report.ts";
import { cvssFields, makeFinding, makeHost, makeService } from "./finding.ts";
import { toolFingerprint } from "./fingerprint.ts";
import { cveIds, cweId, referenceList } from "./limits.ts";
import { nessusSeverity } from "./severity.ts";
import { sniffers } from "./sniff.ts";
import { children, childText, type XmlNode, xmlEvents } from "./xmlStream.ts";

/**
 * Tenable's `.nessus` (NessusClientData_v2): ReportHost elements, each with HostProperties and one
 * ReportItem per plugin hit. Each ReportItem is read on its own, so a host with thousands of items
 * is never held whole.
 */

interface HostState {
  name: string;
  services: Set<string>;
}

function itemFindings(item: XmlNode, host: HostState): ParsedItem[] {
  const items: ParsedItem[] = [];
  const pluginId = item.attrs.pluginID ?? "";
  const portNumber = Number(item.attrs.port);
  const protocol = item.attrs.protocol === "tcp" || item.attrs.protocol === "udp" ? item.attrs.protocol : null;
  // Port 0 is Nessus's host-wide finding, Greenbone's "general".
  const port = Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535 ? portNumber : "general";
  if (typeof port === "number" && protocol) {
    const key = `${port}/${protocol}`;
    if (!host.services.has(key)) {
      host.services.add(key);
      const name = item.attrs.svc_name?.replace(/\?$/, "") || null;
      items.push(
        makeService({
          host: host.name,
          port,
          protocol,
          secure: name === "https" || name === "ssl" || name === "tls",
          name,
          product: null,
          version: null,
          cpe: [],
        }),
      );
    }
  }
  const texts = (name: string) => children(item, name).map((c) => c.text.trim());
  const xrefs = texts("xref");
  items.push(
    makeFinding({
      fingerprint: toolFingerprint("nessus", pluginId, host.name, port, protocol),
      tool: "Nessus",
      ruleId: pluginId,
      name: item.attrs.pluginName ?? childText(item, "plugin_name") ?? pluginId,
      severity: nessusSeverity(item.attrs.severity),
      description: childText(item, "description") ?? childText(item, "synopsis") ?? "",
      summary: childText(item, "synopsis"),
      mitigation: childText(item, "solution"),
      ...cvssFields({
        v2: childText(item, "cvss_vector"),
        v2Score: childText(item, "cvss_base_score"),
        v3: childText(item, "cvss3_vector"),
        v3Score: childText(item, "cvss3_base_score"),
      }),
      cve: cveIds(texts("cve")),
      cwe: cweId(childText(item, "cwe")) ?? cweId(xrefs.find((x) => /^CWE:/i.test(x))),
      references: referenceList(texts("see_also").flatMap((text) => text.split(/\s+/))),
      host: host.name,
      port,
      protocol,
      evidence: childText(item, "plugin_output"),
    }),
  );
  return items;
}

export const nessusParser: ReportParser = {
  format: "nessus",
  version: 1,
  sniff: sniffers.nessus,
  async *parse(input) {
    const tool: ReportTool = { name: "Nessus", version: null };
    let host: HostState | null = null;
    const events = xmlEvents(input, "nessus", {
      roots: ["NessusClientData_v2"],
      isRecord: (name, ancestors) =>
        (name === "ReportItem" || name === "HostProperties") && ancestors[ancestors.length - 1] === "ReportHost",
    });
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind === "open" && event.name === "ReportHost") {
          host = { name: event.attrs.name?.trim() ?? "", services: new Set() };
        } else if (event.kind === "close" && event.name === "ReportHost") {
          host = null;
        } else if (event.kind === "record" && host) {
          if (event.node.name === "HostProperties") {
            const tags = new Map(children(event.node, "tag").map((t) => [t.attrs.name ?? "", t.text.trim()]));
            const address = tags.get("host-ip") || host.name;
            const fqdn = tags.get("host-fqdn")?.toLowerCase();
            const hostnames = [fqdn, host.name !== address ? host.name.toLowerCase() : undefined].filter(
              (name): name is string => !!name,
            );
            host.name = address;
            yield makeHost(address, hostnames);
          } else {
            yield* itemFindings(event.node, host);
          }
        }
      }
    }
    return tool;
  },
};
