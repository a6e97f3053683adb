import { describe, expect, it } from "vitest";
import { fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedDomain, ParsedFinding, ParsedHost } from "../report.ts";

const of = async (name: string, chunkSize?: number) => {
  const { items, tool } = await parseAll("dnsrecon-json", fixture(name), chunkSize);
  return {
    tool,
    domains: items.filter((i): i is ParsedDomain => i.kind === "domain").map((d) => [d.name, d.type]),
    hosts: items.filter((i): i is ParsedHost => i.kind === "host").map((h) => [h.address, h.hostnames]),
    findings: items.filter((i): i is ParsedFinding => i.kind === "finding"),
  };
};

describe("dnsrecon JSON", () => {
  it("reads the domain, its subdomains, the addresses they point at and an open zone transfer", async () => {
    const { tool, domains, hosts, findings } = await of("dnsrecon.json");
    expect(tool).toEqual({ name: "dnsrecon", version: null });
    expect(domains).toEqual([
      ["example-corp.test", "DOMAIN"],
      ["admin.example-corp.test", "SUBDOMAIN"],
      ["dev.example-corp.test", "SUBDOMAIN"],
      ["ns1.example-corp.test", "SUBDOMAIN"],
      ["vpn.example-corp.test", "SUBDOMAIN"],
      ["www.example-corp.test", "SUBDOMAIN"],
    ]);
    // AXFR's "@." apex is the apex; names found by several enumerations are listed once.
    expect(hosts).toEqual([
      ["127.0.0.53", ["ns1.example-corp.test"]],
      ["127.0.0.60", ["example-corp.test", "www.example-corp.test"]],
      ["127.0.0.61", ["admin.example-corp.test", "dev.example-corp.test"]],
      ["127.0.0.62", ["vpn.example-corp.test"]],
    ]);
    expect(findings.map((f) => [f.ruleId, f.host, f.port, f.protocol, f.severity])).toEqual([
      ["axfr", "127.0.0.53", 53, "tcp", "MEDIUM"],
    ]);
  });

  it("gives the same items however the bytes arrive", async () => {
    expect(await of("dnsrecon.json", 7)).toEqual(await of("dnsrecon.json"));
  });

  it("reads a rescan whose name server refused the transfer: the same hosts, no finding", async () => {
    const first = await of("dnsrecon.json");
    const rescan = await of("dnsrecon-rescan.json");
    expect(rescan.hosts).toEqual(first.hosts);
    expect(rescan.domains).toEqual(first.domains);
    expect(rescan.findings).toEqual([]);
  });

  it("leaves out names outside the domain, and records without an address are names only", async () => {
    const report = JSON.stringify([
      { arguments: "dnsrecon -d Shop.Example.test -t std -j out.json", type: "ScanInfo", date: "now" },
      { type: "MX", exchange: "mx.mail-provider.test", address: "198.51.100.7", domain: "shop.example.test" },
      { type: "CNAME", name: "cdn.shop.example.test.", target: "edge.cdn-provider.test" },
      { type: "A", name: "api.shop.example.test", address: "203.0.113.10" },
      {
        type: "SRV",
        name: "_sip._tcp.shop.example.test",
        target: "sip.shop.example.test",
        address: "no_ip",
        port: "5060",
      },
    ]);
    const { items } = await parseAll("dnsrecon-json", report);
    expect(items).toEqual([
      { kind: "domain", name: "shop.example.test", type: "DOMAIN" },
      { kind: "domain", name: "api.shop.example.test", type: "SUBDOMAIN" },
      { kind: "domain", name: "cdn.shop.example.test", type: "SUBDOMAIN" },
      { kind: "host", address: "203.0.113.10", hostnames: ["api.shop.example.test"] },
    ]);
  });

  it("says what is wrong with a broken report", async () => {
    expect(
      (await parseError("dnsrecon-json", '[{"arguments": "dnsrecon -d a.test", "type": "ScanInfo"},'))?.message,
    ).toMatch(/^This dnsrecon JSON report ends/);
  });
});
