import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import type { ParsedFinding } from "../report.ts";

describe("ssh-audit text", () => {
  it("turns CVEs and failing or warned algorithms into findings, and the server into a service", async () => {
    const { items, tool } = await parseAll("ssh-audit-text", fixture("ssh-audit.txt"));
    expect(tool).toEqual({ name: "ssh-audit", version: null });
    expect(items.filter((item) => item.kind !== "finding")).toEqual([
      { kind: "host", address: "192.0.2.20", hostnames: [] },
      {
        kind: "service",
        host: "192.0.2.20",
        port: 22,
        protocol: "tcp",
        secure: false,
        name: "ssh",
        product: "OpenSSH",
        version: "7.2p2",
        cpe: [],
      },
    ]);
    const findings = items.filter((item): item is ParsedFinding => item.kind === "finding");
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ["CVE-2018-15473", "MEDIUM"],
      ["CVE-2016-6515", "HIGH"],
      ["CVE-2015-8325", "HIGH"],
      ["kex:diffie-hellman-group1-sha1", "MEDIUM"],
      ["kex:diffie-hellman-group14-sha1", "LOW"],
      ["kex:diffie-hellman-group-exchange-sha1", "MEDIUM"],
      ["key:ssh-rsa", "MEDIUM"],
      ["key:ssh-dss", "MEDIUM"],
      ["enc:aes128-cbc", "MEDIUM"],
      ["enc:3des-cbc", "MEDIUM"],
      ["enc:arcfour", "MEDIUM"],
      ["mac:hmac-sha2-256", "LOW"],
      ["mac:hmac-md5", "MEDIUM"],
      ["mac:hmac-sha1", "LOW"],
    ]);
    // An algorithm with only [info] lines (curve25519, aes128-ctr) is no finding.
    expect(findings.map((f) => f.ruleId).join()).not.toMatch(/curve25519|aes128-ctr/);
    expect(new Set(findings.map((f) => `${f.tool} ${f.host} ${f.port} ${f.protocol}`))).toEqual(
      new Set(["ssh-audit 192.0.2.20 22 tcp"]),
    );
    const [cve] = findings;
    expect(cve).toMatchObject({
      name: "OpenSSH 7.2p2: CVE-2018-15473",
      cve: ["CVE-2018-15473"],
      cvss2Score: 5.3,
      affected: "OpenSSH 7.2p2",
      description: "enumerate usernames due to timing discrepencies",
      evidence: "Banner: SSH-2.0-OpenSSH_7.2p2 Ubuntu-4ubuntu2.8",
      qod: 80,
    });
    const group1 = findings.find((f) => f.ruleId === "kex:diffie-hellman-group1-sha1");
    expect(group1).toMatchObject({
      name: "Weak SSH key exchange algorithm diffie-hellman-group1-sha1 offered",
      cwe: "CWE-327",
      qod: 95,
      mitigation:
        "Remove diffie-hellman-group1-sha1 from the server's KexAlgorithms (ssh-audit recommends removing it).",
    });
    expect(group1?.insight).toBe(
      [
        "fail: using small 1024-bit modulus",
        "fail: removed (in server) since OpenSSH 6.7, unsafe algorithm",
        "fail: disabled (in client) since OpenSSH 7.0, logjam attack",
        "warn: using weak hashing algorithm",
      ].join("\n"),
    );
  });

  it("keeps identities across a rescan (section and algorithm, or CVE id, with host and port)", async () => {
    const before = await findingsOf("ssh-audit-text", "ssh-audit.txt");
    const after = await findingsOf("ssh-audit-text", "ssh-audit-rescan.txt");
    const { gone, added, kept } = compareScans(before, after);
    // The upgrade to 7.4 fixed two CVEs; the weak algorithms it dropped are gone.
    expect(gone.sort()).toEqual(
      [
        "CVE-2015-8325",
        "CVE-2016-6515",
        "enc:3des-cbc",
        "enc:arcfour",
        "kex:diffie-hellman-group-exchange-sha1",
        "kex:diffie-hellman-group1-sha1",
        "key:ssh-dss",
        "mac:hmac-md5",
      ].sort(),
    );
    expect(added).toEqual([]);
    expect(kept.map((f) => f.ruleId).sort()).toEqual(
      [
        "CVE-2018-15473",
        "enc:aes128-cbc",
        "kex:diffie-hellman-group14-sha1",
        "key:ssh-rsa",
        "mac:hmac-sha1",
        "mac:hmac-sha2-256",
      ].sort(),
    );
    // The banner changed (evidence, affected, name), the identity did not.
    const cve = kept.find((f) => f.ruleId === "CVE-2018-15473");
    expect(cve?.affected).toBe("OpenSSH 7.4");
  });

  it("reads the default coloured, padded output too, and the other port's identity differs", async () => {
    const coloured = [
      "\u001b[0;36m# general\u001b[0m",
      "\u001b[0;32m(gen) banner: SSH-2.0-OpenSSH_7.2p2\u001b[0m",
      "\u001b[0;32m(gen) software: OpenSSH 7.2p2\u001b[0m",
      "",
      "\u001b[0;36m# key exchange algorithms\u001b[0m",
      "\u001b[0;31m(kex) diffie-hellman-group1-sha1      -- [fail] using small 1024-bit modulus\u001b[0m",
      "\u001b[0;33m                                      `- [warn] using weak hashing algorithm\u001b[0m",
      "\u001b[0;32m(kex) curve25519-sha256@libssh.org    -- [info] available since OpenSSH 6.5\u001b[0m",
      "\u001b[0;32m(kex) diffie-hellman-group-exchange-sha256 (2048-bit) -- [info] available since OpenSSH 4.4\u001b[0m",
      "",
    ].join("\n");
    const findings = (await parseAll("ssh-audit-text", coloured)).items.filter(
      (item): item is ParsedFinding => item.kind === "finding",
    );
    expect(findings.map((f) => [f.ruleId, f.severity, f.insight])).toEqual([
      [
        "kex:diffie-hellman-group1-sha1",
        "MEDIUM",
        "fail: using small 1024-bit modulus\nwarn: using weak hashing algorithm",
      ],
    ]);
    // Without a "Starting audit of" line the report names no place.
    expect(findings[0]).toMatchObject({ host: null, port: null });

    const onPort = (port: number) =>
      `Starting audit of 192.0.2.20:${port}...\n(gen) banner: SSH-2.0-X\n(enc) arcfour -- [fail] unsafe\n`;
    const [a] = (await parseAll("ssh-audit-text", onPort(22))).items.filter((i) => i.kind === "finding");
    const [b] = (await parseAll("ssh-audit-text", onPort(2222))).items.filter((i) => i.kind === "finding");
    expect(a?.kind === "finding" && b?.kind === "finding" && a.fingerprint !== b.fingerprint).toBe(true);
  });

  it("refuses what is not an ssh-audit report", async () => {
    expect((await parseError("ssh-audit-text", '{"banner": {"raw": "SSH-2.0-OpenSSH_7.2p2"}}'))?.message).toBe(
      "This is not a ssh-audit report: it is JSON of no format Sentinel reads.",
    );
    expect((await parseError("ssh-audit-text", "usage: ssh-audit [options] <host>\n"))?.message).toBe(
      "This is not a ssh-audit report: it is neither JSON nor XML.",
    );
  });
});
