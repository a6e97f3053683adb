import { describe, expect, it } from "vitest";
import { fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedFinding, ReportFormat } from "../report.ts";
import { parseReport, reportParsers, sniffFormat } from "./index.ts";
import { limits } from "./limits.ts";

const fixtures: [string, ReportFormat][] = [
  ["sarif.json", "sarif"],
  ["sarif-rescan.json", "sarif"],
  ["nmap.xml", "nmap-xml"],
  ["nmap-rescan.xml", "nmap-xml"],
  ["greenbone.xml", "greenbone-xml"],
  ["greenbone-rescan.xml", "greenbone-xml"],
  ["scan.nessus", "nessus"],
  ["scan-rescan.nessus", "nessus"],
  ["zap.json", "zap-json"],
  ["zap-rescan.json", "zap-json"],
  ["wapiti.json", "wapiti-json"],
  ["wapiti-rescan.json", "wapiti-json"],
  ["trivy.json", "trivy-json"],
  ["trivy-rescan.json", "trivy-json"],
  ["bandit.json", "bandit-json"],
  ["bandit-rescan.json", "bandit-json"],
  ["dnsrecon.json", "dnsrecon-json"],
  ["dnsrecon-rescan.json", "dnsrecon-json"],
  ["ssh-audit.txt", "ssh-audit-text"],
  ["ssh-audit-rescan.txt", "ssh-audit-text"],
  ["sslscan.xml", "sslscan-xml"],
  ["sslscan-rescan.xml", "sslscan-xml"],
];

describe("the format list", () => {
  it("has one parser per format", () => {
    expect(reportParsers.map((parser) => parser.format).sort()).toEqual(
      [
        "bandit-json",
        "dnsrecon-json",
        "greenbone-xml",
        "nessus",
        "nmap-xml",
        "sarif",
        "ssh-audit-text",
        "sslscan-xml",
        "trivy-json",
        "wapiti-json",
        "zap-json",
      ].sort(),
    );
  });

  it.each(fixtures)("sniffs %s as %s from its first 4 KB, and only its own parser claims it", (name, format) => {
    const head = fixture(name).toString().slice(0, 4096);
    expect(sniffFormat(head)).toBe(format);
    expect(reportParsers.filter((parser) => parser.sniff(head)).map((parser) => parser.format)).toEqual([format]);
  });

  it("sniffs a GMP response wrapper, a byte-order mark, and nothing in other text", () => {
    expect(sniffFormat('<get_reports_response status="200" status_text="OK"><report id="x">')).toBe("greenbone-xml");
    expect(sniffFormat('\uFEFF{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0"')).toBe(
      "sarif",
    );
    expect(sniffFormat('{"name": "package", "version": "2.1.0"}')).toBeNull();
    expect(sniffFormat("<html><body>Not a report</body></html>")).toBeNull();
    expect(sniffFormat("")).toBeNull();
  });

  it("parses through parseReport and returns the tool", async () => {
    async function* input() {
      yield fixture("trivy.json");
    }
    const generator = parseReport("trivy-json", input());
    let count = 0;
    let next = await generator.next();
    while (!next.done) {
      count++;
      next = await generator.next();
    }
    expect(count).toBe(4);
    expect(next.value).toEqual({ name: "Trivy", version: "0.57.1" });
  });

  it("says what an unknown file is", async () => {
    expect((await parseError("sarif", "<html><body>x</body></html>"))?.message).toBe(
      "This is not a SARIF report: it is XML with the root element <html>, of no format Sentinel reads.",
    );
    expect((await parseError("zap-json", "PK\u0003\u0004 zip bytes"))?.message).toBe(
      "This is not a ZAP JSON report: it is neither JSON nor XML.",
    );
    expect((await parseError("trivy-json", "   \n"))?.message).toBe("This Trivy JSON report is empty.");
  });
});

describe("limits on hostile input", () => {
  it("cuts an oversized description and evidence instead of failing", async () => {
    const huge = "A".repeat(300_000);
    const report = JSON.stringify({
      "@programName": "ZAP",
      "@version": "2.15.0",
      "@generated": "now",
      site: [
        {
          "@name": "https://a.example",
          alerts: [
            {
              pluginid: "1",
              name: "Big",
              riskcode: "1",
              confidence: "2",
              desc: `<p>${huge}</p>`,
              instances: [{ uri: "https://a.example/", method: "GET", evidence: huge }],
            },
          ],
        },
      ],
    });
    const { items } = await parseAll("zap-json", report, 65_536);
    const finding = items[0] as ParsedFinding;
    expect(finding.description).toHaveLength(limits.description);
    expect(finding.description.endsWith(" […]")).toBe(true);
    expect(finding.evidence).toHaveLength(limits.evidence);
  });

  it("clips host names and service fields too", async () => {
    const long = `${"a".repeat(5_000)}.example`;
    const report = `<nmaprun scanner="nmap"><host><status state="up"/><address addr="192.0.2.1" addrtype="ipv4"/><hostnames><hostname name="${long.toUpperCase()}"/></hostnames><ports><port protocol="tcp" portid="80"><state state="open"/><service name="http" product="${"P".repeat(3_000)}"/></port></ports></host></nmaprun>`;
    const { items } = await parseAll("nmap-xml", report);
    const [host, service] = items;
    expect(host?.kind === "host" && host.hostnames[0]).toHaveLength(limits.identifier);
    expect(host?.kind === "host" && host.hostnames[0]?.startsWith("aaa")).toBe(true);
    expect(service?.kind === "service" && service.product).toHaveLength(limits.identifier);
  });

  it("refuses nesting deeper than the limit with a clear message", async () => {
    const deep = `{"version":"2.1.0","runs":[{"results":[${"[".repeat(1000)}`;
    expect((await parseError("sarif", deep))?.message).toMatch(
      /^This SARIF report is not valid JSON at line 1: nesting deeper than 256 levels\.$/,
    );
  });
});
