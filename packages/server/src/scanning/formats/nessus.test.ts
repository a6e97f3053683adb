import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";

describe("Nessus", () => {
  it("reads hosts, services and one finding per ReportItem", async () => {
    const { items, tool } = await parseAll("nessus", fixture("scan.nessus"));
    expect(tool).toEqual({ name: "Nessus", version: null });
    expect(items.filter((item) => item.kind === "host")).toEqual([
      { kind: "host", address: "192.0.2.10", hostnames: ["www.example.com"] },
      { kind: "host", address: "192.0.2.11", hostnames: ["api.example.com"] },
    ]);
    expect(items.filter((item) => item.kind === "service")).toHaveLength(4);
    const findings = await findingsOf("nessus", "scan.nessus");
    expect(findings.map((f) => [f.ruleId, f.severity, f.host, f.port])).toEqual([
      ["19506", "INFO", "192.0.2.10", "general"],
      ["104743", "MEDIUM", "192.0.2.10", 443],
      ["153584", "HIGH", "192.0.2.10", 80],
      ["70658", "LOW", "192.0.2.11", 22],
      ["15901", "MEDIUM", "192.0.2.11", 443],
    ]);
    expect(findings[1]).toMatchObject({
      name: "TLS Version 1.0 Protocol Detection",
      cwe: "CWE-327",
      cvss3: "CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:L/A:N",
      cvss3Score: 6.5,
      cvss2: "AV:N/AC:H/Au:N/C:C/I:P/A:N",
      cvss2Score: 6.1,
      summary: "The remote service encrypts traffic using an older version of TLS.",
      references: [
        "https://tools.ietf.org/html/draft-ietf-tls-oldversions-deprecate-00",
        "https://datatracker.ietf.org/doc/rfc8996/",
      ],
      evidence: "TLSv1 is enabled and the server supports at least one cipher.",
    });
    // Severity 4 (critical) is HIGH; the report's 9.0 loses to its vector's 9.8.
    expect(findings[2]).toMatchObject({
      name: "Apache 2.4.49 < 2.4.51 Path Traversal Vulnerability",
      cve: ["CVE-2021-41773", "CVE-2021-42013"],
      cvss3Score: 9.8,
      cvss2Score: 7.5,
    });
  });

  it("keeps identities across a rescan (plugin, host, port, protocol)", async () => {
    const before = await findingsOf("nessus", "scan.nessus");
    const after = await findingsOf("nessus", "scan-rescan.nessus");
    const { gone, added, kept, old } = compareScans(before, after);
    expect(gone).toEqual(["15901"]);
    expect(added).toEqual(["10262"]);
    expect(kept.map((f) => f.ruleId)).toEqual(["19506", "104743", "153584", "70658"]);
    const tls = kept[1];
    expect(tls?.description).not.toBe(old.get(tls?.fingerprint ?? "")?.description);
  });

  it("gives the same items in 1- and 7-byte chunks", async () => {
    const bytes = fixture("scan.nessus");
    const whole = await parseAll("nessus", bytes);
    expect(await parseAll("nessus", bytes, 1)).toEqual(whole);
    expect(await parseAll("nessus", bytes, 7)).toEqual(whole);
  });

  it("names a cut-off ReportItem and refuses a SARIF file", async () => {
    const text = fixture("scan.nessus").toString();
    const cut = text.slice(0, text.indexOf("<cve>CVE-2021-41773</cve>"));
    const line = text.slice(0, text.indexOf('<ReportItem port="80"')).split("\n").length;
    expect((await parseError("nessus", cut))?.message).toBe(
      `This Nessus report ends in the middle of <ReportItem> (line ${line}).`,
    );
    expect((await parseError("nessus", fixture("sarif.json")))?.message).toBe(
      "This is not a Nessus report: it looks like a SARIF report.",
    );
  });
});
