import type { ParsedFinding, ParsedItem, ReportParser, ReportTool, Severity } from "../report.ts";
import { makeFinding, makeHost, makeService } from "./finding.ts";
import { structuralFingerprint } from "./fingerprint.ts";
import { limits, textOrNull } from "./limits.ts";
import { sniffers } from "./sniff.ts";
import { child, children, type XmlNode, xmlEvents } from "./xmlStream.ts";

/**
 * nmap's `-oX` report (nmap/nmap docs/nmap.dtd). Hosts that are up and their open ports become hosts
 * and services; an open port is not a finding. A chosen set of NSE scripts is read for findings, from
 * their structured <elem>/<table> output rather than their text, which changes between versions.
 */

interface ScriptContext {
  host: string;
  port: number;
  protocol: "tcp" | "udp";
  secure: boolean;
  /** Scan start, seconds since the epoch: "expired" is judged at scan time so parsing stays pure. */
  scanTime: number | null;
}

/** An NSE table as key → value, where list entries (no key) get their index as key. */
interface NseTable {
  elems: Map<string, string>;
  tables: Map<string, NseTable>;
}

function readTable(node: XmlNode): NseTable {
  const table: NseTable = { elems: new Map(), tables: new Map() };
  let index = 0;
  for (const c of node.children) {
    const key = c.attrs.key ?? String(index++);
    if (c.name === "elem") table.elems.set(key, c.text.trim());
    else if (c.name === "table") table.tables.set(key, readTable(c));
  }
  return table;
}

const values = (table: NseTable | undefined) => (table ? [...table.elems.values()] : []);

function scriptFinding(
  context: ScriptContext,
  check: {
    ruleId: string;
    name: string;
    severity: Severity;
    cwe: string;
    description: string;
    mitigation: string;
    evidence: string;
    url?: string | null;
  },
): ParsedFinding {
  return makeFinding({
    fingerprint: structuralFingerprint({
      tool: "nmap",
      ruleId: check.ruleId,
      cwe: check.cwe,
      host: context.host,
      port: context.port,
      protocol: context.protocol,
      url: check.url ?? null,
    }),
    tool: "nmap",
    ruleId: check.ruleId,
    name: check.name,
    severity: check.severity,
    description: check.description,
    mitigation: check.mitigation,
    cwe: check.cwe,
    host: context.host,
    port: context.port,
    protocol: context.protocol,
    url: check.url ?? null,
    evidence: check.evidence,
  });
}

const deprecatedProtocols: Record<string, Severity> = {
  SSLv2: "HIGH",
  SSLv3: "HIGH",
  "TLSv1.0": "MEDIUM",
  "TLSv1.1": "MEDIUM",
};
const gradeOrder = ["A", "B", "C", "D", "E", "F"];
const weakGrades: Record<string, Severity> = { C: "LOW", D: "MEDIUM", E: "MEDIUM", F: "HIGH" };

function sslEnumCiphers(context: ScriptContext, script: NseTable): ParsedFinding[] {
  const findings: ParsedFinding[] = [];
  for (const [protocol, severity] of Object.entries(deprecatedProtocols)) {
    if (!script.tables.has(protocol)) continue;
    findings.push(
      scriptFinding(context, {
        ruleId: `ssl-enum-ciphers/${protocol.toLowerCase()}`,
        name: `Deprecated protocol ${protocol} offered`,
        severity,
        cwe: "CWE-327",
        description: `The service accepts ${protocol}, which has known weaknesses (RFC 8996 deprecates TLS 1.0 and 1.1; SSL is broken).`,
        mitigation: "Offer TLS 1.2 and TLS 1.3 only.",
        evidence: [...(script.tables.get(protocol)?.tables.get("ciphers")?.tables.values() ?? [])]
          .map((cipher) => cipher.elems.get("name"))
          .filter(Boolean)
          .join(", "),
      }),
    );
  }
  const least = script.elems.get("least strength");
  const severity = least ? weakGrades[least] : undefined;
  if (least && severity) {
    const weak: string[] = [];
    const warnings = new Set<string>();
    for (const [protocol, table] of script.tables) {
      for (const cipher of table.tables.get("ciphers")?.tables.values() ?? []) {
        const strength = cipher.elems.get("strength") ?? "";
        if (gradeOrder.indexOf(strength) >= gradeOrder.indexOf("C")) {
          weak.push(`${protocol} ${cipher.elems.get("name") ?? "?"} (grade ${strength})`);
        }
      }
      for (const warning of values(table.tables.get("warnings"))) warnings.add(warning);
    }
    findings.push(
      scriptFinding(context, {
        ruleId: "ssl-enum-ciphers/weak-ciphers",
        name: "Weak TLS cipher suites offered",
        severity,
        cwe: "CWE-327",
        description: `The weakest cipher suite the service accepts is graded ${least} by nmap's ssl-enum-ciphers.`,
        mitigation:
          "Remove cipher suites without forward secrecy, with 64-bit blocks (3DES), RC4, export or NULL ciphers.",
        evidence: [...weak, ...warnings].join("\n"),
      }),
    );
  }
  return findings;
}

/** "2026-01-01T00:00:00" (nmap prints certificate dates in UTC, sometimes with "+00:00"). */
function certificateTime(value: string | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(time) ? time / 1000 : null;
}

function sameName(a: NseTable | undefined, b: NseTable | undefined): boolean {
  if (!a || !b || a.elems.size === 0) return false;
  if (a.elems.size !== b.elems.size) return false;
  for (const [key, value] of a.elems) if (b.elems.get(key) !== value) return false;
  return true;
}

function sslCert(context: ScriptContext, script: NseTable): ParsedFinding[] {
  const findings: ParsedFinding[] = [];
  const subject = script.tables.get("subject");
  const issuer = script.tables.get("issuer");
  const commonName = subject?.elems.get("commonName") ?? "(no common name)";
  if (sameName(subject, issuer)) {
    findings.push(
      scriptFinding(context, {
        ruleId: "ssl-cert/self-signed",
        name: "Self-signed TLS certificate",
        severity: "MEDIUM",
        cwe: "CWE-295",
        description: `The certificate for ${commonName} is issued by itself, so clients cannot verify the server's identity.`,
        mitigation: "Install a certificate issued by a trusted certificate authority.",
        evidence: `Subject: ${values(subject).join(", ")}\nIssuer: ${values(issuer).join(", ")}`,
      }),
    );
  }
  const notAfter = script.tables.get("validity")?.elems.get("notAfter");
  const expiry = certificateTime(notAfter);
  if (expiry !== null && context.scanTime !== null && expiry < context.scanTime) {
    findings.push(
      scriptFinding(context, {
        ruleId: "ssl-cert/expired",
        name: "Expired TLS certificate",
        severity: "MEDIUM",
        cwe: "CWE-298",
        description: `The certificate for ${commonName} expired before the scan.`,
        mitigation: "Renew the certificate.",
        evidence: `Not valid after: ${notAfter}`,
      }),
    );
  }
  return findings;
}

const weakSsh: { table: string; label: string; severity: Severity; weak: (name: string) => boolean }[] = [
  {
    table: "kex_algorithms",
    label: "key exchange",
    severity: "MEDIUM",
    weak: (name) => /^diffie-hellman-group(1|14)-sha1$|^diffie-hellman-group-exchange-sha1$|^gss-.*-sha1-/.test(name),
  },
  {
    table: "encryption_algorithms",
    label: "encryption",
    severity: "MEDIUM",
    weak: (name) => /-cbc(@|$)|^arcfour|^3des|^des|^blowfish|^cast128|^none$/.test(name),
  },
  {
    table: "mac_algorithms",
    label: "MAC",
    severity: "LOW",
    weak: (name) => /^hmac-md5|^hmac-sha1-96|^umac-64|^hmac-ripemd160|^none$/.test(name),
  },
  { table: "server_host_key_algorithms", label: "host key", severity: "LOW", weak: (name) => name === "ssh-dss" },
];

function ssh2EnumAlgos(context: ScriptContext, script: NseTable): ParsedFinding[] {
  const findings: ParsedFinding[] = [];
  for (const { table, label, severity, weak } of weakSsh) {
    const found = values(script.tables.get(table)).filter(weak);
    if (!found.length) continue;
    findings.push(
      scriptFinding(context, {
        ruleId: `ssh2-enum-algos/${table}`,
        name: `Weak SSH ${label} algorithms offered`,
        severity,
        cwe: "CWE-327",
        description: `The SSH server offers ${label} algorithms that are broken or deprecated.`,
        mitigation: `Remove them from the server's ${label} algorithm list.`,
        evidence: found.join(", "),
      }),
    );
  }
  return findings;
}

const securityHeaders: { key: string; header: string; cwe: string; httpsOnly: boolean }[] = [
  { key: "Strict_Transport_Security", header: "Strict-Transport-Security", cwe: "CWE-319", httpsOnly: true },
  { key: "X_Frame_Options", header: "X-Frame-Options", cwe: "CWE-1021", httpsOnly: false },
  { key: "X_Content_Type_Options", header: "X-Content-Type-Options", cwe: "CWE-693", httpsOnly: false },
  { key: "Content_Security_Policy", header: "Content-Security-Policy", cwe: "CWE-693", httpsOnly: false },
];

function httpSecurityHeaders(context: ScriptContext, script: NseTable): ParsedFinding[] {
  const findings: ParsedFinding[] = [];
  for (const { key, header, cwe, httpsOnly } of securityHeaders) {
    if (httpsOnly && !context.secure) continue;
    const table = script.tables.get(key);
    // The script lists the headers it saw; for HSTS on HTTPS it also says when it is missing.
    const missing = !table || values(table).some((line) => /not configured/i.test(line));
    if (!missing) continue;
    findings.push(
      scriptFinding(context, {
        ruleId: `http-security-headers/${header.toLowerCase()}`,
        name: `Missing HTTP security header ${header}`,
        severity: "LOW",
        cwe,
        description: `Responses do not carry the ${header} header.`,
        mitigation: `Send ${header} on every response.`,
        evidence: table ? values(table).join("\n") : `${header} not present`,
      }),
    );
  }
  return findings;
}

function httpGit(context: ScriptContext, script: NseTable, output: string): ParsedFinding[] {
  // The script keys its results by the repository's location ("127.0.0.1:8080/.git/").
  const locations = [...script.tables.keys()];
  if (!locations.length && !/git/i.test(output)) return [];
  const location = locations[0] ?? "/.git/";
  const path = location.includes("/") ? location.slice(location.indexOf("/")) : "/.git/";
  const scheme = context.secure ? "https" : "http";
  return [
    scriptFinding(context, {
      ruleId: "http-git/exposed-repository",
      name: "Exposed Git repository",
      severity: "HIGH",
      cwe: "CWE-527",
      description:
        "The web server serves a Git repository's metadata, from which source code and its history (and any secret ever committed) can be downloaded.",
      mitigation: "Remove the .git directory from the web root or deny access to it.",
      evidence: output,
      url: `${scheme}://${context.host}:${context.port}${path}`,
    }),
  ];
}

const riskyMethods: Record<string, Severity> = { PUT: "MEDIUM", DELETE: "MEDIUM" };

function httpMethods(context: ScriptContext, script: NseTable): ParsedFinding[] {
  return values(script.tables.get("Potentially risky methods")).map((method) =>
    scriptFinding(context, {
      ruleId: `http-methods/${method.toLowerCase()}`,
      name: `Risky HTTP method ${method} allowed`,
      severity: riskyMethods[method] ?? "LOW",
      cwe: method === "TRACE" || method === "TRACK" ? "CWE-693" : "CWE-650",
      description: `The server answers ${method} requests, which are rarely needed and widen what an attacker can do (TRACE echoes credentials back; PUT and DELETE can change content).`,
      mitigation: `Disable ${method} unless the application needs it.`,
      evidence: `Supported methods: ${values(script.tables.get("Supported Methods")).join(" ")}`,
    }),
  );
}

function scriptFindings(context: ScriptContext, script: XmlNode): ParsedFinding[] {
  const table = readTable(script);
  const output = textOrNull(script.attrs.output, limits.evidence) ?? "";
  switch (script.attrs.id) {
    case "ssl-enum-ciphers":
      return sslEnumCiphers(context, table);
    case "ssl-cert":
      return sslCert(context, table);
    case "ssh2-enum-algos":
      return ssh2EnumAlgos(context, table);
    case "http-security-headers":
      return httpSecurityHeaders(context, table);
    case "http-git":
      return httpGit(context, table, output);
    case "http-methods":
      return httpMethods(context, table);
    default:
      return [];
  }
}

function* hostItems(host: XmlNode, scanTime: number | null): Generator<ParsedItem> {
  const status = child(host, "status");
  if (status && status.attrs.state !== "up") return;
  const addresses = children(host, "address").filter((a) => a.attrs.addrtype !== "mac");
  const hostnames = [
    ...new Set(
      children(child(host, "hostnames") ?? host, "hostname")
        .map((h) => h.attrs.name?.toLowerCase())
        .filter((name): name is string => !!name),
    ),
  ];
  const address = addresses[0]?.attrs.addr ?? hostnames[0];
  if (!address) return;
  yield makeHost(address, hostnames);
  for (const port of children(child(host, "ports") ?? host, "port")) {
    if (child(port, "state")?.attrs.state !== "open") continue;
    const number = Number(port.attrs.portid);
    const protocol = port.attrs.protocol;
    if (!Number.isInteger(number) || number < 1 || number > 65535) continue;
    if (protocol !== "tcp" && protocol !== "udp") continue;
    const service = child(port, "service");
    const secure = service?.attrs.tunnel === "ssl" || service?.attrs.name === "https";
    yield makeService({
      host: address,
      port: number,
      protocol,
      secure,
      name: service?.attrs.name ?? null,
      product: service?.attrs.product ?? null,
      version: service?.attrs.version ?? null,
      cpe: service
        ? children(service, "cpe")
            .map((c) => c.text.trim())
            .filter(Boolean)
        : [],
    });
    const context: ScriptContext = { host: address, port: number, protocol, secure, scanTime };
    for (const script of children(port, "script")) yield* scriptFindings(context, script);
  }
}

export const nmapXmlParser: ReportParser = {
  format: "nmap-xml",
  version: 1,
  sniff: sniffers["nmap-xml"],
  async *parse(input) {
    const tool: ReportTool = { name: "nmap", version: null };
    let scanTime: number | null = null;
    const records = xmlEvents(input, "nmap-xml", {
      roots: ["nmaprun"],
      isRecord: (name, ancestors) => name === "host" && ancestors.length === 1,
    });
    for await (const events of records) {
      for (const event of events) {
        if (event.kind === "open" && event.name === "nmaprun") {
          tool.version = event.attrs.version ?? null;
          const start = Number(event.attrs.start);
          scanTime = Number.isFinite(start) && start > 0 ? start : null;
        } else if (event.kind === "record") {
          yield* hostItems(event.node, scanTime);
        }
      }
    }
    return tool;
  },
};
