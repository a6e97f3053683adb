import {
  type ParsedFinding,
  type ParsedItem,
  ReportError,
  type ReportParser,
  type ReportTool,
  type Severity,
} from "../report.ts";
import { makeFinding, makeHost, makeService } from "./finding.ts";
import { toolFingerprint } from "./fingerprint.ts";
import { clip } from "./limits.ts";
import { sniffers } from "./sniff.ts";
import { child, children, childText, type XmlNode, xmlEvents } from "./xmlStream.ts";

/**
 * sslscan's XML report (`--xml=`, 2.x): one <ssltest> per host and port, with the protocols it tried,
 * the cipher suites the server accepted (each with sslscan's own strength grade), renegotiation,
 * compression, Heartbleed and the certificate. Findings are derived from those attributes only; the
 * identity of each is its check (protocol version, cipher suite id, certificate property), host and
 * port. The certificate's subject and dates are evidence, never identity: a renewed certificate that
 * is still self-signed is the same finding.
 */

type Where = Pick<ParsedFinding, "host" | "port" | "protocol">;

interface Check {
  ruleId: string;
  name: string;
  severity: Severity;
  summary: string;
  insight?: string;
  impact: string;
  mitigation: string;
  cve?: string[];
  cwe: string;
  evidence: string;
}

const deprecated: Record<string, { label: string; severity: Severity; cve: string[] }> = {
  "ssl:2": { label: "SSLv2", severity: "HIGH", cve: ["CVE-2016-0800"] },
  "ssl:3": { label: "SSLv3", severity: "HIGH", cve: ["CVE-2014-3566"] },
  "tls:1.0": { label: "TLSv1.0", severity: "MEDIUM", cve: [] },
  "tls:1.1": { label: "TLSv1.1", severity: "MEDIUM", cve: [] },
};

/** sslscan's grades below "acceptable"/"strong": no encryption, no authentication, export or short keys, RC4/DES. */
const weakStrength: Record<string, { severity: Severity; why: string }> = {
  null: { severity: "HIGH", why: "encrypts nothing" },
  anonymous: { severity: "HIGH", why: "authenticates no server, so anyone in the path can impersonate it" },
  weak: { severity: "HIGH", why: "uses an export-grade or very short key" },
  medium: { severity: "MEDIUM", why: "uses RC4 or DES/3DES (broken stream cipher, or a 64-bit block open to SWEET32)" },
};

const isTrue = (value: string | null | undefined) => value === "1" || value?.toLowerCase() === "true";

function finding(where: Where, check: Check): ParsedFinding {
  return makeFinding({
    fingerprint: toolFingerprint("sslscan", check.ruleId, where.host, where.port),
    tool: "sslscan",
    ruleId: check.ruleId,
    name: check.name,
    severity: check.severity,
    description: check.insight ?? check.summary,
    summary: check.summary,
    insight: check.insight ?? null,
    impact: check.impact,
    mitigation: check.mitigation,
    cve: check.cve ?? [],
    cwe: check.cwe,
    // sslscan completed the handshakes itself (Greenbone's remote_active).
    qod: 95,
    ...where,
    evidence: check.evidence,
  });
}

function protocolFindings(test: XmlNode, where: Where): ParsedFinding[] {
  const found: ParsedFinding[] = [];
  for (const protocol of children(test, "protocol")) {
    const known = deprecated[`${protocol.attrs.type}:${protocol.attrs.version}`];
    if (!known || !isTrue(protocol.attrs.enabled)) continue;
    found.push(
      finding(where, {
        ruleId: `protocol/${known.label.toLowerCase()}`,
        name: `${known.label} enabled`,
        severity: known.severity,
        summary: `The service accepts connections over ${known.label}.`,
        insight: `${known.label} has known weaknesses: RFC 8996 deprecates TLS 1.0 and 1.1, and SSL is broken (POODLE, DROWN).`,
        impact: "An attacker in the path may be able to downgrade the connection and decrypt parts of it.",
        mitigation: "Offer TLS 1.2 and TLS 1.3 only.",
        cve: known.cve,
        cwe: "CWE-327",
        evidence: `${known.label} enabled`,
      }),
    );
  }
  return found;
}

function cipherFindings(test: XmlNode, where: Where): ParsedFinding[] {
  // One finding per suite, whichever protocol versions accept it.
  const suites = new Map<string, { name: string; strength: string; bits: string; versions: string[] }>();
  for (const cipher of children(test, "cipher")) {
    const strength = cipher.attrs.strength?.toLowerCase() ?? "";
    const name = cipher.attrs.cipher;
    if (!name || !weakStrength[strength]) continue;
    const key = cipher.attrs.id?.toLowerCase() || name;
    const suite = suites.get(key) ?? { name, strength, bits: cipher.attrs.bits ?? "?", versions: [] };
    if (cipher.attrs.sslversion && !suite.versions.includes(cipher.attrs.sslversion)) {
      suite.versions.push(cipher.attrs.sslversion);
    }
    suites.set(key, suite);
  }
  return [...suites].map(([key, suite]) => {
    const grade = weakStrength[suite.strength] as (typeof weakStrength)[string];
    return finding(where, {
      ruleId: `cipher/${key}`,
      name: `Weak TLS cipher suite ${suite.name} accepted`,
      severity: grade.severity,
      summary: `The service accepts the cipher suite ${suite.name}, which ${grade.why}.`,
      impact: "An attacker in the path may be able to read or change the traffic.",
      mitigation: "Accept only AEAD cipher suites with forward secrecy (ECDHE with AES-GCM or ChaCha20-Poly1305).",
      cve: suite.name.includes("DES-CBC3") ? ["CVE-2016-2183"] : suite.name.includes("RC4") ? ["CVE-2015-2808"] : [],
      cwe: "CWE-327",
      evidence: `${suite.name} (${suite.bits} bits, sslscan grade "${suite.strength}") accepted over ${suite.versions.join(", ")}`,
    });
  });
}

function serviceFindings(test: XmlNode, where: Where): ParsedFinding[] {
  const found: ParsedFinding[] = [];
  const vulnerable = children(test, "heartbleed").filter((h) => isTrue(h.attrs.vulnerable));
  if (vulnerable.length > 0) {
    found.push(
      finding(where, {
        ruleId: "heartbleed",
        name: "OpenSSL Heartbleed vulnerability",
        severity: "HIGH",
        summary: "The service answers malformed TLS heartbeats with its own memory (Heartbleed).",
        impact: "An attacker can read the server's memory: private keys, session cookies and passwords.",
        mitigation: "Update OpenSSL, then replace the certificate's private key and revoke the old certificate.",
        cve: ["CVE-2014-0160"],
        cwe: "CWE-125",
        evidence: `Vulnerable over ${vulnerable.map((h) => h.attrs.sslversion ?? "?").join(", ")}`,
      }),
    );
  }
  const renegotiation = child(test, "renegotiation");
  if (renegotiation && isTrue(renegotiation.attrs.supported) && !isTrue(renegotiation.attrs.secure)) {
    found.push(
      finding(where, {
        ruleId: "renegotiation/insecure",
        name: "Insecure TLS renegotiation supported",
        severity: "MEDIUM",
        summary: "The service supports renegotiation without the RFC 5746 extension.",
        impact: "An attacker in the path can prefix the client's session with requests of their own.",
        mitigation: "Support secure renegotiation (RFC 5746) only, or disable renegotiation.",
        cve: ["CVE-2009-3555"],
        cwe: "CWE-295",
        evidence: "Renegotiation supported, not secure",
      }),
    );
  }
  if (isTrue(child(test, "compression")?.attrs.supported)) {
    found.push(
      finding(where, {
        ruleId: "compression",
        name: "TLS compression enabled",
        severity: "MEDIUM",
        summary: "The service compresses TLS records.",
        impact: "An attacker who can inject requests can recover secrets such as session cookies (CRIME).",
        mitigation: "Disable TLS compression.",
        cve: ["CVE-2012-4929"],
        cwe: "CWE-310",
        evidence: "Compression supported",
      }),
    );
  }
  const fallback = child(test, "fallback");
  if (fallback && !isTrue(fallback.attrs.supported)) {
    found.push(
      finding(where, {
        ruleId: "fallback-scsv",
        name: "TLS_FALLBACK_SCSV not supported",
        severity: "LOW",
        summary: "The service does not refuse protocol downgrades signalled by TLS_FALLBACK_SCSV (RFC 7507).",
        impact: "An attacker in the path can force clients that retry to an older protocol version.",
        mitigation: "Support TLS_FALLBACK_SCSV, or offer a single protocol version.",
        cwe: "CWE-757",
        evidence: "Fallback SCSV not supported",
      }),
    );
  }
  return found;
}

function certificateFindings(test: XmlNode, where: Where): ParsedFinding[] {
  const certificate = children(child(test, "certificates") ?? test, "certificate")[0];
  if (!certificate) return [];
  const subject = childText(certificate, "subject");
  const issuer = childText(certificate, "issuer");
  const notAfter = childText(certificate, "not-valid-after");
  const evidence = [
    subject ? `Subject: ${subject}` : null,
    issuer ? `Issuer: ${issuer}` : null,
    notAfter ? `Not valid after: ${notAfter}` : null,
  ]
    .filter(Boolean)
    .join("\n");
  const found: ParsedFinding[] = [];
  const certificateCheck = (check: Omit<Check, "evidence" | "cwe"> & { cwe?: string; detail?: string }) =>
    found.push(
      finding(where, {
        cwe: "CWE-295",
        ...check,
        evidence: check.detail ? `${check.detail}\n${evidence}` : evidence,
      }),
    );
  if (childText(certificate, "self-signed") === "true") {
    certificateCheck({
      ruleId: "certificate/self-signed",
      name: "TLS certificate is self-signed",
      severity: "MEDIUM",
      summary: "The service's certificate is signed by its own key, not by a certificate authority.",
      impact: "Clients cannot tell the server from an impostor, and users learn to click through warnings.",
      mitigation: "Use a certificate issued by a certificate authority the clients trust.",
    });
  }
  if (childText(certificate, "expired") === "true") {
    certificateCheck({
      ruleId: "certificate/expired",
      name: "TLS certificate has expired",
      severity: "MEDIUM",
      summary: "The service's certificate has expired.",
      impact: "Clients reject the connection or warn, and users learn to ignore certificate warnings.",
      mitigation: "Renew the certificate, and automate its renewal.",
    });
  }
  const signature = childText(certificate, "signature-algorithm") ?? "";
  if (/md2|md4|md5|sha1With|sha1-with|dsaWithSHA1/i.test(signature)) {
    certificateCheck({
      ruleId: "certificate/weak-signature",
      name: "TLS certificate signed with a weak hash",
      severity: "MEDIUM",
      summary: `The service's certificate is signed with ${signature}.`,
      impact: "A certificate with the same signature can be forged through a hash collision.",
      mitigation: "Reissue the certificate with a SHA-256 (or stronger) signature.",
      cwe: "CWE-328",
      detail: `Signature algorithm: ${signature}`,
    });
  }
  const key = child(certificate, "pk");
  const bits = Number(key?.attrs.bits);
  const type = key?.attrs.type?.toUpperCase() ?? "";
  const minimum = type === "EC" || type === "ECDSA" ? 224 : type === "RSA" || type === "DSA" ? 2048 : 0;
  if (Number.isFinite(bits) && bits > 0 && bits < minimum) {
    certificateCheck({
      ruleId: "certificate/short-key",
      name: "TLS certificate with a short key",
      severity: "MEDIUM",
      summary: `The service's certificate has a ${bits}-bit ${type} key.`,
      impact: "A key this short can be factored or broken by a well-funded attacker.",
      mitigation: `Reissue the certificate with a key of at least ${minimum} bits.`,
      cwe: "CWE-326",
      detail: `Key: ${type} ${bits} bits`,
    });
  }
  return found;
}

function* testItems(test: XmlNode, seenHosts: Set<string>): Generator<ParsedItem> {
  const host = test.attrs.host?.trim() || null;
  const port = Number(test.attrs.port ?? "443");
  const validPort = Number.isInteger(port) && port >= 1 && port <= 65535 ? port : null;
  if (host && !seenHosts.has(host)) {
    seenHosts.add(host);
    yield makeHost(host, []);
  }
  if (host && validPort !== null) {
    yield makeService({
      host,
      port: validPort,
      protocol: "tcp",
      secure: true,
      name: null,
      product: null,
      version: null,
      cpe: [],
    });
  }
  const where: Where = { host, port: validPort, protocol: validPort === null ? null : "tcp" };
  yield* protocolFindings(test, where);
  yield* cipherFindings(test, where);
  yield* serviceFindings(test, where);
  yield* certificateFindings(test, where);
}

export const sslscanXmlParser: ReportParser = {
  format: "sslscan-xml",
  version: 1,
  sniff: sniffers["sslscan-xml"],
  async *parse(input) {
    const tool: ReportTool = { name: "sslscan", version: null };
    const seenHosts = new Set<string>();
    let tests = 0;
    let error: string | null = null;
    const events = xmlEvents(input, "sslscan-xml", {
      roots: ["document"],
      isRecord: (name, ancestors) => (name === "ssltest" || name === "error") && ancestors.length === 1,
    });
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind === "open" && event.name === "document") tool.version = event.attrs.version?.trim() || null;
        else if (event.kind === "record" && event.node.name === "error") error ??= event.node.text.trim();
        else if (event.kind === "record") {
          tests++;
          yield* testItems(event.node, seenHosts);
        }
      }
    }
    // sslscan reports a target it could not reach as an <error> and exits 0: that is no clean result
    // (its absent findings would read as fixed), so a report of errors only is refused.
    if (tests === 0 && error !== null) {
      throw new ReportError(`sslscan could not scan the service: ${clip(error, 500)}`);
    }
    return tool;
  },
};
