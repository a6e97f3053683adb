/**
 * What every engine run and every imported report is turned into: one normalised shape per kind of
 * result, so the store that writes them (and matches findings across scans) knows no tool.
 *
 * A parser is a pure function of the report's bytes: the same bytes give the same items in the same
 * order, on every machine. That is what lets a stored raw report be parsed again after a parser fix.
 */

/** The contract's severity scale (no CRITICAL: a tool's critical maps to HIGH). */
export type Severity = "HIGH" | "MEDIUM" | "LOW" | "INFO" | "LOG";

export type ReportFormat =
  | "sarif"
  | "nmap-xml"
  | "greenbone-xml"
  | "nessus"
  | "zap-json"
  | "trivy-json"
  | "bandit-json"
  | "dnsrecon-json"
  | "wapiti-json"
  | "ssh-audit-text"
  | "sslscan-xml";

export interface ParsedHost {
  kind: "host";
  /** An IPv4 or IPv6 address, or a host name when the report has no address. */
  address: string;
  hostnames: string[];
}

export interface ParsedService {
  kind: "service";
  host: string;
  port: number;
  protocol: "tcp" | "udp";
  /** Served over TLS (nmap's `tunnel="ssl"`, an https URL). */
  secure: boolean;
  name: string | null;
  product: string | null;
  version: string | null;
  cpe: string[];
}

export interface ParsedDomain {
  kind: "domain";
  /** Lower case, punycode, no trailing dot. */
  name: string;
  type: "DOMAIN" | "SUBDOMAIN";
}

export interface ParsedFinding {
  kind: "finding";
  /**
   * Identity across scans of one target: the tool's own stable id where it has one, otherwise a
   * sha256 over structural fields (tool, rule, CWE, CVEs, host, port, protocol, path, file, a hash of
   * the line's text). Never free text: descriptions carry versions and timestamps.
   */
  fingerprint: string;
  /** The engine or tool that reported it, as the report names it ("nmap", "CodeQL", "OpenVAS"). */
  tool: string;
  /** The tool's id for the check (NVT OID, SARIF ruleId, Nessus plugin id, ZAP plugin id). */
  ruleId: string;
  name: string;
  severity: Severity;
  description: string;
  summary: string | null;
  insight: string | null;
  impact: string | null;
  affected: string | null;
  mitigation: string | null;
  cvss2: string | null;
  cvss2Score: number | null;
  cvss3: string | null;
  cvss3Score: number | null;
  /** Upper case, sorted, unique: ["CVE-2021-41773"]. */
  cve: string[];
  /** "CWE-79", or null. */
  cwe: string | null;
  references: string[];
  /** Greenbone's quality of detection, 0–100. */
  qod: number | null;
  host: string | null;
  /** A port number, or "general" for a host-wide finding (Greenbone's `general/tcp`). */
  port: number | "general" | null;
  protocol: "tcp" | "udp" | null;
  /** Web findings: the URL the finding is about, its HTTP method and parameter. */
  url: string | null;
  method: string | null;
  parameter: string | null;
  /** Source-code findings: the file relative to the repository root, and a 1-based line. */
  file: string | null;
  line: number | null;
  snippet: string | null;
  /** What the tool saw (detection output, an HTTP exchange, the matched text). */
  evidence: string | null;
}

export interface ParsedVerdict {
  kind: "verdict";
  engine: string;
  /** What was looked up: a domain or an address. */
  subject: string;
  category: "listed" | "not-listed" | "error";
  /** The engine's label ("spam", "phishing"), or null. */
  result: string | null;
  reference: string | null;
  /** 0–100. */
  confidence: number;
  elapsedMs: number;
}

export type ParsedItem = ParsedHost | ParsedService | ParsedDomain | ParsedFinding | ParsedVerdict;

export interface ReportTool {
  name: string;
  version: string | null;
}

/**
 * A format's parser: reads the report as a stream of bytes, so a 100 MB report is never held whole,
 * and yields items as it meets them. It throws a `ReportError` on input it cannot read.
 */
export interface ReportParser {
  format: ReportFormat;
  /** Bumped whenever the parser's output for some input changes; stored beside each raw report. */
  version: number;
  /** True when the first bytes of a report look like this format. */
  sniff(head: string): boolean;
  parse(input: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem, ReportTool>;
}

/** A report the parser cannot read: the message says what and where, for the person who uploaded it. */
export class ReportError extends Error {
  override name = "ReportError";
}
