import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import { ReportError } from "../report.ts";
import { greenboneTags } from "./greenboneXml.ts";

describe("Greenbone GMP XML", () => {
  it("maps each result's NVT tags, refs, QoD and port onto a finding", async () => {
    const { items, tool } = await parseAll("greenbone-xml", fixture("greenbone.xml"));
    expect(tool).toEqual({ name: "Greenbone", version: "22.4" });
    expect(items.filter((item) => item.kind === "host")).toEqual([
      { kind: "host", address: "192.0.2.10", hostnames: ["www.example.com"] },
      { kind: "host", address: "192.0.2.11", hostnames: ["api.example.com"] },
    ]);
    const findings = await findingsOf("greenbone-xml", "greenbone.xml");
    expect(findings.map((f) => [f.name, f.severity, f.host, f.port, f.protocol, f.qod])).toEqual([
      ["SSL/TLS: Deprecated TLSv1.0 and TLSv1.1 Protocol Detection", "MEDIUM", "192.0.2.10", 443, "tcp", 98],
      ["Apache HTTP Server 2.4.49 Path Traversal and RCE Vulnerability", "HIGH", "192.0.2.10", 80, "tcp", 95],
      ["OS Detection Consolidation and Reporting", "LOG", "192.0.2.11", "general", "tcp", 80],
      ["SSL/TLS: Certificate Expired", "MEDIUM", "192.0.2.11", 443, "tcp", 99],
    ]);
    const [tls, apache] = findings;
    expect(tls).toMatchObject({
      tool: "Greenbone",
      ruleId: "1.3.6.1.4.1.25623.1.0.117274",
      summary: "It was possible to detect the usage of the deprecated TLSv1.0 and/or TLSv1.1 protocol on this system.",
      affected: "All services providing an encrypted communication using the TLSv1.0 and/or TLSv1.1 protocols.",
      mitigation:
        "It is recommended to disable the deprecated TLSv1.0 and/or TLSv1.1 protocols in favor of the TLSv1.2+ protocols.",
      cvss2: "AV:N/AC:M/Au:N/C:P/I:N/A:N",
      cvss2Score: 4.3,
      cvss3: null,
      cve: ["CVE-2011-3389", "CVE-2015-0204"],
      cwe: null,
      references: ["https://datatracker.ietf.org/doc/rfc8996/"],
    });
    expect(tls?.insight).toContain("CVE-2011-3389: Browser Exploit Against SSL/TLS (BEAST)");
    expect(tls?.description).toMatch(/^In addition to TLSv1.2\+ the service/);
    // The report says 9.8; its vector says 7.5, and the vector wins.
    expect(apache).toMatchObject({
      cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
      cvss3Score: 7.5,
      cve: ["CVE-2021-41773", "CVE-2021-42013"],
      cwe: "CWE-22",
    });
    expect(apache?.evidence).toContain("root:x:0:0:root:/root:/bin/bash");
  });

  it("keeps identities across a rescan (NVT OID, host, port), whatever the text says", async () => {
    const before = await findingsOf("greenbone-xml", "greenbone.xml");
    const after = await findingsOf("greenbone-xml", "greenbone-rescan.xml");
    const { gone, added, kept, old } = compareScans(before, after);
    expect(gone).toEqual(["1.3.6.1.4.1.25623.1.0.103955"]);
    expect(added).toEqual(["1.3.6.1.4.1.25623.1.0.105611"]);
    expect(kept).toHaveLength(3);
    const os = kept.find((f) => f.port === "general");
    expect(os?.description).toContain("kernel 6.1.0-28");
    expect(old.get(os?.fingerprint ?? "")?.description).not.toContain("kernel");
  });

  it("splits tags only where a new key starts", () => {
    expect([...greenboneTags("summary=a|b|insight=c=d|solution_type=")]).toEqual([
      ["summary", "a|b"],
      ["insight", "c=d"],
      ["solution_type", ""],
    ]);
  });

  it("gives the same items in 1- and 7-byte chunks", async () => {
    const bytes = fixture("greenbone-rescan.xml");
    const whole = await parseAll("greenbone-xml", bytes);
    expect(await parseAll("greenbone-xml", bytes, 1)).toEqual(whole);
    expect(await parseAll("greenbone-xml", bytes, 7)).toEqual(whole);
  });

  it("refuses entities, names a cut-off result, and tells another format apart", async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE report [<!ENTITY x SYSTEM "file:///etc/shadow">]><report format_id="a994b278"><report><results><result><name>&x;</name></result></results></report></report>`;
    const error = await parseError("greenbone-xml", xxe);
    expect(error).toBeInstanceOf(ReportError);
    expect(error?.message).toContain("This Greenbone XML report declares a DOCTYPE");
    const text = fixture("greenbone.xml").toString();
    const cut = text.slice(0, text.indexOf("<threat>High</threat>"));
    const line = text.slice(0, text.indexOf('<result id="1a2b3c4d-0002')).split("\n").length;
    expect((await parseError("greenbone-xml", cut))?.message).toBe(
      `This Greenbone XML report ends in the middle of <result> (line ${line}).`,
    );
    expect((await parseError("greenbone-xml", fixture("nmap.xml")))?.message).toBe(
      "This is not a Greenbone XML report: it looks like a nmap XML report.",
    );
  });
});
