import type { ParsedDomain, ParsedItem, ReportParser, ReportTool } from "../report.ts";
import { makeFinding, makeHost } from "./finding.ts";
import { structuralFingerprint } from "./fingerprint.ts";
import { asObject, asString, type JsonObject, jsonEvents, pathIs } from "./jsonStream.ts";
import { sniffers } from "./sniff.ts";

/**
 * dnsrecon's JSON report (`-j`, dnsrecon 1.1.x write_json): one array whose first element is the
 * ScanInfo (the command line, so the domain asked about), then one object per record found by each
 * enumeration (std, axfr, brt): A/AAAA with `name` and `address`, CNAME, NS with `target`, SOA with
 * `mname`, MX with `exchange`, and `{"type": "info", "zone_transfer": "success" | "failed"}` per name
 * server tried.
 *
 * Items: the domain and each subdomain under it, each address with the names under the domain that
 * point at it, and a finding per name server that handed out the whole zone. Names outside the domain
 * (a mail provider's MX) are not the organisation's and are left out. Records are held only as the
 * set of names and addresses (a DNS report is small and the same name comes from several
 * enumerations), and yielded when the array ends, in a stable order.
 */

/** Lower case, no trailing dot, and AXFR's "@." apex spelled as the apex. */
function normalName(name: string, apex: string | null): string {
  const lower = name.trim().toLowerCase().replace(/\.$/, "");
  if (apex && (lower === `@.${apex}` || lower === "@")) return apex;
  return lower;
}

const within = (name: string, apex: string) => name === apex || name.endsWith(`.${apex}`);

/** The domain given with -d/--domain in the ScanInfo's command line. */
function domainOfArguments(args: string | null): string | null {
  if (!args) return null;
  const match = /(?:^|\s)(?:-d|--domain)[\s=]+(\S+)/.exec(args);
  return match?.[1] ? normalName(match[1], null) : null;
}

/** The record's host name and address, whatever the record type calls them. */
function nameAndAddress(record: JsonObject): { name: string | null; address: string | null } {
  const type = asString(record.type)?.toUpperCase();
  const address = asString(record.address);
  switch (type) {
    case "A":
    case "AAAA":
    case "CNAME":
      return { name: asString(record.name), address: type === "CNAME" ? null : address };
    case "NS":
      return { name: asString(record.target), address };
    case "SOA":
      return { name: asString(record.mname), address };
    case "MX":
      return { name: asString(record.exchange), address };
    default:
      return { name: null, address: null };
  }
}

const isAddress = (text: string) => /^[0-9.]+$/.test(text) || text.includes(":");

export const dnsreconJsonParser: ReportParser = {
  format: "dnsrecon-json",
  version: 1,
  sniff: sniffers["dnsrecon-json"],
  async *parse(input) {
    const tool: ReportTool = { name: "dnsrecon", version: null };
    let apex: string | null = null;
    const records: JsonObject[] = [];
    const events = jsonEvents(
      input,
      "dnsrecon-json",
      (path) => pathIs(path, ["*"]),
      () => "a record",
    );
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind !== "record") continue;
        const record = asObject(event.value);
        if (asString(record.type) === "ScanInfo") {
          apex ??= domainOfArguments(asString(record.arguments));
          continue;
        }
        // std's records name the domain they were asked for.
        if (!apex && asString(record.domain)) apex = normalName(asString(record.domain) ?? "", null);
        records.push(record);
      }
    }

    const names = new Set<string>();
    const hosts = new Map<string, Set<string>>();
    const transfers = new Set<string>();
    for (const record of records) {
      if (asString(record.type) === "info") {
        const server = asString(record.ns_server);
        if (asString(record.zone_transfer) === "success" && server) transfers.add(server.trim());
        continue;
      }
      const found = nameAndAddress(record);
      if (!found.name) continue;
      const name = normalName(found.name, apex);
      if (!apex || !within(name, apex)) continue;
      names.add(name);
      const address = found.address?.trim();
      if (address && address !== "no_ip" && isAddress(address)) {
        const set = hosts.get(address) ?? new Set<string>();
        set.add(name);
        hosts.set(address, set);
      }
    }

    const items: ParsedItem[] = [];
    if (apex) items.push({ kind: "domain", name: apex, type: "DOMAIN" } satisfies ParsedDomain);
    for (const name of [...names].filter((n) => n !== apex).sort()) {
      items.push({ kind: "domain", name, type: "SUBDOMAIN" } satisfies ParsedDomain);
    }
    for (const [address, hostnames] of [...hosts.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      items.push(makeHost(address, [...hostnames].sort()));
    }
    for (const server of [...transfers].sort()) {
      items.push(
        makeFinding({
          fingerprint: structuralFingerprint({
            tool: "dnsrecon",
            ruleId: "axfr",
            host: server,
            port: 53,
            protocol: "tcp",
          }),
          tool: "dnsrecon",
          ruleId: "axfr",
          name: "DNS zone transfer allowed",
          severity: "MEDIUM",
          description: `The name server ${server} hands the whole zone ${apex ?? ""} to anyone who asks (AXFR), listing every host name of the domain, internal ones included.`,
          mitigation:
            "Allow zone transfers only to the domain's secondary name servers (allow-transfer), or turn them off.",
          host: server,
          port: 53,
          protocol: "tcp",
        }),
      );
    }
    yield* items;
    return tool;
  },
};
