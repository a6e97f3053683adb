import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";

describe("sslscan XML", () => {
  it("derives findings from protocols, cipher grades, Heartbleed, renegotiation, compression and the certificate", async () => {
    const { items, tool } = await parseAll("sslscan-xml", fixture("sslscan.xml"));
    expect(tool).toEqual({ name: "sslscan", version: "2.0.7" });
    expect(items.filter((item) => item.kind !== "finding")).toEqual([
      { kind: "host", address: "192.0.2.30", hostnames: [] },
      {
        kind: "service",
        host: "192.0.2.30",
        port: 443,
        protocol: "tcp",
        secure: true,
        name: null,
        product: null,
        version: null,
        cpe: [],
      },
    ]);
    const findings = await findingsOf("sslscan-xml", "sslscan.xml");
    expect(findings.map((f) => [f.ruleId, f.name, f.severity])).toEqual([
      ["protocol/sslv3", "SSLv3 enabled", "HIGH"],
      ["protocol/tlsv1.0", "TLSv1.0 enabled", "MEDIUM"],
      ["cipher/0x0005", "Weak TLS cipher suite RC4-SHA accepted", "MEDIUM"],
      ["cipher/0x000a", "Weak TLS cipher suite DES-CBC3-SHA accepted", "MEDIUM"],
      ["cipher/0x003b", "Weak TLS cipher suite NULL-SHA256 accepted", "HIGH"],
      ["cipher/0x0034", "Weak TLS cipher suite ADH-AES128-SHA accepted", "HIGH"],
      ["cipher/0x0003", "Weak TLS cipher suite EXP-RC4-MD5 accepted", "HIGH"],
      ["heartbleed", "OpenSSL Heartbleed vulnerability", "HIGH"],
      ["renegotiation/insecure", "Insecure TLS renegotiation supported", "MEDIUM"],
      ["compression", "TLS compression enabled", "MEDIUM"],
      ["fallback-scsv", "TLS_FALLBACK_SCSV not supported", "LOW"],
      ["certificate/self-signed", "TLS certificate is self-signed", "MEDIUM"],
      ["certificate/expired", "TLS certificate has expired", "MEDIUM"],
      ["certificate/weak-signature", "TLS certificate signed with a weak hash", "MEDIUM"],
      ["certificate/short-key", "TLS certificate with a short key", "MEDIUM"],
    ]);
    expect(new Set(findings.map((f) => `${f.tool} ${f.host} ${f.port} ${f.protocol} ${f.qod}`))).toEqual(
      new Set(["sslscan 192.0.2.30 443 tcp 95"]),
    );
    const rc4 = findings.find((f) => f.ruleId === "cipher/0x0005");
    expect(rc4).toMatchObject({
      cve: ["CVE-2015-2808"],
      cwe: "CWE-327",
      evidence: 'RC4-SHA (128 bits, sslscan grade "medium") accepted over SSLv3, TLSv1.0',
    });
    expect(findings.find((f) => f.ruleId === "heartbleed")).toMatchObject({
      cve: ["CVE-2014-0160"],
      evidence: "Vulnerable over TLSv1.0",
    });
    expect(findings.find((f) => f.ruleId === "certificate/self-signed")?.evidence).toBe(
      "Subject: intranet.example.com\nIssuer: intranet.example.com\nNot valid after: Jan  4 09:12:40 2022 GMT",
    );
    expect(findings.find((f) => f.ruleId === "protocol/sslv3")?.cve).toEqual(["CVE-2014-3566"]);
  });

  it("keeps identities across a rescan (check, host and port), whatever the certificate's text", async () => {
    const before = await findingsOf("sslscan-xml", "sslscan.xml");
    const after = await findingsOf("sslscan-xml", "sslscan-rescan.xml");
    const { gone, added, kept } = compareScans(before, after);
    expect(added).toEqual([]);
    expect(kept.map((f) => f.ruleId).sort()).toEqual(["cipher/0x0005", "protocol/tlsv1.0"]);
    expect(gone).toHaveLength(before.length - 2);
    // RC4 is now accepted over TLS 1.0 only: the evidence changed, the identity did not.
    expect(kept.find((f) => f.ruleId === "cipher/0x0005")?.evidence).toContain("accepted over TLSv1.0");
  });

  it("gives a clean service no findings, and another port other identities", async () => {
    const report = (port: number, tls10: number) =>
      `<?xml version="1.0"?><document title="SSLScan Results" version="2.0.7"><ssltest host="192.0.2.30" port="${port}"><protocol type="tls" version="1.0" enabled="${tls10}"/><protocol type="tls" version="1.3" enabled="1"/><renegotiation supported="0" secure="0"/><certificates><certificate type="short"><signature-algorithm>sha256WithRSAEncryption</signature-algorithm><pk error="false" type="EC" bits="256"/><self-signed>false</self-signed><expired>false</expired></certificate></certificates></ssltest></document>`;
    expect(await findingsOf2(report(443, 0))).toEqual([]);
    const [a] = await findingsOf2(report(443, 1));
    const [b] = await findingsOf2(report(8443, 1));
    expect(a?.ruleId).toBe("protocol/tlsv1.0");
    expect(a?.fingerprint).not.toBe(b?.fingerprint);
  });

  it("refuses a report of a service sslscan could not reach (it exits 0 then)", async () => {
    const unreachable = `<?xml version="1.0" encoding="UTF-8"?>
<document title="SSLScan Results" version="2.0.7" web="http://github.com/rbsec/sslscan">
  <error><![CDATA[Could not open a connection to host 192.0.2.30 (192.0.2.30) on port 443.]]></error>
</document>`;
    expect((await parseError("sslscan-xml", unreachable))?.message).toBe(
      "sslscan could not scan the service: Could not open a connection to host 192.0.2.30 (192.0.2.30) on port 443.",
    );
  });

  it("refuses other XML and DOCTYPE entities", async () => {
    expect((await parseError("sslscan-xml", fixture("nmap.xml")))?.message).toBe(
      "This is not a sslscan XML report: it looks like a nmap XML report.",
    );
    expect(
      (
        await parseError(
          "sslscan-xml",
          '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><document title="SSLScan Results"><ssltest host="&x;"/></document>',
        )
      )?.message,
    ).toMatch(/declares a DOCTYPE with entities/);
  });
});

async function findingsOf2(report: string) {
  return (await parseAll("sslscan-xml", report)).items.filter((item) => item.kind === "finding");
}
