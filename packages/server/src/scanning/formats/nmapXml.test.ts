import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import { type ParsedFinding, type ParsedService, ReportError } from "../report.ts";
import { nmapXmlParser } from "./nmapXml.ts";

describe("nmap XML", () => {
  it("reads hosts that are up, their open ports as services, and NSE results as findings", async () => {
    const { items, tool } = await parseAll("nmap-xml", fixture("nmap.xml"));
    expect(tool).toEqual({ name: "nmap", version: "7.93" });
    expect(items.filter((item) => item.kind === "host")).toEqual([
      { kind: "host", address: "192.0.2.10", hostnames: ["www.example.com"] },
      { kind: "host", address: "192.0.2.11", hostnames: [] },
    ]);
    const services = items.filter((item): item is ParsedService => item.kind === "service");
    // udp/161 is open|filtered, so not a service; the down host has none.
    expect(services.map((s) => `${s.host}:${s.port}/${s.protocol} ${s.secure ? "tls" : "plain"}`)).toEqual([
      "192.0.2.10:22/tcp plain",
      "192.0.2.10:80/tcp plain",
      "192.0.2.10:443/tcp tls",
      "192.0.2.11:443/tcp tls",
    ]);
    expect(services[0]).toMatchObject({
      name: "ssh",
      product: "OpenSSH",
      version: "7.4",
      cpe: ["cpe:/a:openbsd:openssh:7.4"],
    });
    const findings = items.filter((item): item is ParsedFinding => item.kind === "finding");
    expect(findings.map((f) => [f.ruleId, f.severity, f.port, f.cwe])).toEqual([
      ["ssh2-enum-algos/kex_algorithms", "MEDIUM", 22, "CWE-327"],
      ["ssh2-enum-algos/encryption_algorithms", "MEDIUM", 22, "CWE-327"],
      ["http-methods/trace", "LOW", 80, "CWE-693"],
      ["http-git/exposed-repository", "HIGH", 80, "CWE-527"],
      ["http-security-headers/x-frame-options", "LOW", 80, "CWE-1021"],
      ["http-security-headers/x-content-type-options", "LOW", 80, "CWE-693"],
      ["http-security-headers/content-security-policy", "LOW", 80, "CWE-693"],
      ["ssl-cert/self-signed", "MEDIUM", 443, "CWE-295"],
      ["ssl-enum-ciphers/tlsv1.0", "MEDIUM", 443, "CWE-327"],
      ["ssl-enum-ciphers/weak-ciphers", "LOW", 443, "CWE-327"],
      ["ssl-cert/expired", "MEDIUM", 443, "CWE-298"],
    ]);
    expect(findings.find((f) => f.ruleId === "ssh2-enum-algos/kex_algorithms")?.evidence).toBe(
      "diffie-hellman-group14-sha1, diffie-hellman-group1-sha1",
    );
    expect(findings.find((f) => f.ruleId === "ssl-enum-ciphers/tlsv1.0")?.evidence).toBe(
      "TLS_RSA_WITH_3DES_EDE_CBC_SHA, TLS_RSA_WITH_AES_128_CBC_SHA",
    );
    expect(findings.find((f) => f.ruleId === "ssl-enum-ciphers/weak-ciphers")?.evidence).toBe(
      "TLSv1.0 TLS_RSA_WITH_3DES_EDE_CBC_SHA (grade C)\n64-bit block cipher 3DES vulnerable to SWEET32 attack",
    );
    expect(findings.find((f) => f.ruleId === "http-git/exposed-repository")?.url).toBe("http://192.0.2.10:80/.git/");
    expect(
      findings.every((f) => f.tool === "nmap" && f.protocol === "tcp" && /^[0-9a-f]{64}$/.test(f.fingerprint)),
    ).toBe(true);
  });

  it("keeps identities across a rescan whose output text changed, and tells gone and new apart", async () => {
    const before = await findingsOf("nmap-xml", "nmap.xml");
    const after = await findingsOf("nmap-xml", "nmap-rescan.xml");
    const { gone, added, kept, old } = compareScans(before, after);
    expect(gone).toEqual(["ssl-enum-ciphers/weak-ciphers"]);
    expect(added).toEqual(["http-methods/put"]);
    expect(kept).toHaveLength(10);
    const git = kept.find((f) => f.ruleId === "http-git/exposed-repository") as ParsedFinding;
    expect(git.evidence).toContain("Deploy 2026-11-26 hotfix");
    expect(old.get(git.fingerprint)?.evidence).toContain("Deploy 2026-11-19");
  });

  it("gives the same check on another host or port another fingerprint", async () => {
    const text = fixture("nmap.xml").toString();
    const moved = text.replace(/192\.0\.2\.10/g, "192.0.2.20").replace('portid="80"', 'portid="8080"');
    const before = await findingsOf("nmap-xml", "nmap.xml");
    const { items } = await parseAll("nmap-xml", moved);
    const after = items.filter((item): item is ParsedFinding => item.kind === "finding");
    const fingerprints = new Set(before.map((f) => f.fingerprint));
    // Only host 192.0.2.11's expired certificate stays the same.
    expect(after.filter((f) => fingerprints.has(f.fingerprint)).map((f) => f.ruleId)).toEqual(["ssl-cert/expired"]);
    expect(after.find((f) => f.ruleId === "http-methods/trace")).toMatchObject({ host: "192.0.2.20", port: 8080 });
  });

  it("gives the same items whether the bytes come whole, one at a time or seven at a time", async () => {
    const bytes = fixture("nmap.xml");
    const whole = await parseAll("nmap-xml", bytes);
    expect(await parseAll("nmap-xml", bytes, 1)).toEqual(whole);
    expect(await parseAll("nmap-xml", bytes, 7)).toEqual(whole);
  });

  it("accepts nmap's bare DOCTYPE but refuses entity declarations and external DTDs", async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE nmaprun [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<nmaprun scanner="nmap" version="7.93"><host><status state="up"/><address addr="&xxe;" addrtype="ipv4"/></host></nmaprun>`;
    const error = await parseError("nmap-xml", xxe);
    expect(error).toBeInstanceOf(ReportError);
    expect(error?.message).toMatch(
      /^This nmap XML report declares a DOCTYPE with entities or external references \(line 2\)/,
    );
    const laughs = `<?xml version="1.0"?><!DOCTYPE nmaprun [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><nmaprun scanner="nmap">&c;</nmaprun>`;
    expect((await parseError("nmap-xml", laughs))?.message).toContain("declares a DOCTYPE");
    const external = `<?xml version="1.0"?><!DOCTYPE nmaprun SYSTEM "http://198.51.100.7/nmap.dtd"><nmaprun scanner="nmap"></nmaprun>`;
    expect((await parseError("nmap-xml", external))?.message).toContain("declares a DOCTYPE");
  });

  it("names the element a truncated report ends in, and the line it opened on", async () => {
    const text = fixture("nmap.xml").toString();
    const cut = text.slice(0, text.indexOf('<script id="ssl-cert"'));
    const error = await parseError("nmap-xml", cut);
    expect(error).toBeInstanceOf(ReportError);
    const hostLine = text.slice(0, text.indexOf("<host starttime")).split("\n").length;
    expect(error?.message).toBe(
      `This nmap XML report ends in the middle of <host> (line ${hostLine}), inside <port> (line ${cut.split("\n").length}).`,
    );
  });

  it("says where XML is malformed and what a report of another format looks like", async () => {
    const broken = '<nmaprun scanner="nmap">\n<host><status state="up"></host>\n</nmaprun>';
    expect((await parseError("nmap-xml", broken))?.message).toMatch(
      /^This nmap XML report is not well-formed XML at line 2, column \d+: unexpected close tag/,
    );
    expect((await parseError("nmap-xml", fixture("scan.nessus")))?.message).toBe(
      "This is not a nmap XML report: it looks like a Nessus report.",
    );
    expect((await parseError("nmap-xml", '{"runs": []}'))?.message).toBe(
      "This is not a nmap XML report: it is JSON of no format Sentinel reads.",
    );
    expect((await parseError("nmap-xml", ""))?.message).toBe("This nmap XML report is empty.");
  });

  it("refuses a text node larger than the limit rather than buffering it", async () => {
    async function* input(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('<?xml version="1.0"?>\n<nmaprun scanner="nmap"><host><status state="up"/>\n<address addr="');
      const piece = Buffer.from("A".repeat(1_048_576));
      for (let i = 0; i < 20; i++) yield piece;
      yield Buffer.from('" addrtype="ipv4"/></host></nmaprun>');
    }
    let error: unknown;
    try {
      for await (const _ of nmapXmlParser.parse(input())) {
        // Nothing is expected before the error.
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReportError);
    expect((error as Error).message).toBe(
      "This nmap XML report has a text, comment or attribute longer than 16 million characters (line 3).",
    );
  });

  it("streams: a 30 MB report yields hosts long before its end, with memory far below its size", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const hostXml = (i: number) =>
      `<host starttime="1795168801" endtime="1795168850"><status state="up" reason="syn-ack"/>\n<address addr="10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}" addrtype="ipv4"/>\n<hostnames><hostname name="h${i}.example.com" type="PTR"/></hostnames>\n<ports><port protocol="tcp" portid="443"><state state="open" reason="syn-ack"/><service name="https" product="nginx" version="1.24.0" tunnel="ssl"><cpe>cpe:/a:igor_sysoev:nginx:1.24.0</cpe></service><script id="http-methods" output="&#xa;  Potentially risky methods: TRACE"><table key="Potentially risky methods"><elem>TRACE</elem></table></script></port></ports>\n</host>\n`;
    const hostBytes = Buffer.byteLength(hostXml(0));
    const hosts = Math.ceil(30_000_000 / hostBytes);
    let produced = 0;
    let chunksRead = 0;
    async function* input(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(
        '<?xml version="1.0"?>\n<!DOCTYPE nmaprun>\n<nmaprun scanner="nmap" version="7.93" start="1795168800">\n',
      );
      // 64 KB chunks, made as they are read, so the test itself holds no copy of the report.
      let batch = "";
      for (let i = 0; i < hosts; i++) {
        batch += hostXml(i);
        if (batch.length >= 65_536) {
          produced += batch.length;
          chunksRead++;
          yield Buffer.from(batch);
          batch = "";
        }
      }
      yield Buffer.from(`${batch}</nmaprun>\n`);
      produced += batch.length;
    }
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let findings = 0;
    let chunksAtFirstItem = -1;
    const generator = nmapXmlParser.parse(input());
    for await (const item of generator) {
      if (chunksAtFirstItem < 0) chunksAtFirstItem = chunksRead;
      if (item.kind === "finding") {
        findings++;
        if (findings % 5_000 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      }
    }
    expect(produced).toBeGreaterThan(29_000_000);
    expect(findings).toBe(hosts);
    expect(chunksAtFirstItem).toBeLessThanOrEqual(2);
    // Retained memory while parsing stays far below the input (buffering would retain ~60 MB of UTF-16).
    expect(peak).toBeLessThan(produced / 4);
  });
});
