import { ReportError, type ReportFormat } from "../report.ts";

/** How messages name each format. */
export const formatLabels: Record<ReportFormat, string> = {
  sarif: "SARIF",
  "nmap-xml": "nmap XML",
  "greenbone-xml": "Greenbone XML",
  nessus: "Nessus",
  "zap-json": "ZAP JSON",
  "trivy-json": "Trivy JSON",
  "bandit-json": "bandit JSON",
  "dnsrecon-json": "dnsrecon JSON",
  "wapiti-json": "Wapiti JSON",
  "ssh-audit-text": "ssh-audit",
  "sslscan-xml": "sslscan XML",
};

/** How many characters of a report's start the sniffers look at. */
export const headLength = 4096;

const startsWithObject = (head: string) => /^\s*\{/.test(head);

/**
 * Recognises each format from its first few kilobytes, by its root element or its top-level keys in
 * the order the tools write them.
 */
export const sniffers: Record<ReportFormat, (head: string) => boolean> = {
  sarif: (head) =>
    startsWithObject(head) &&
    (/"\$schema"\s*:\s*"[^"]*sarif/i.test(head) || (/"version"\s*:\s*"2\.1\.0"/.test(head) && /"runs"\s*:/.test(head))),
  "zap-json": (head) =>
    startsWithObject(head) &&
    (/"@programName"\s*:\s*"ZAP"/i.test(head) || (/"@generated"\s*:/.test(head) && /"@version"\s*:/.test(head))),
  "trivy-json": (head) =>
    startsWithObject(head) && /"SchemaVersion"\s*:\s*\d/.test(head) && /"(ArtifactName|Results)"\s*:/.test(head),
  // bandit writes its keys sorted: errors, generated_at, metrics, results.
  "bandit-json": (head) => /^\s*\{\s*"errors"\s*:/.test(head) && /"generated_at"\s*:/.test(head),
  // Wapiti writes its category descriptions first, then vulnerabilities, anomalies, additionals, infos.
  "wapiti-json": (head) => /^\s*\{\s*"classifications"\s*:\s*\{/.test(head),
  "nmap-xml": (head) => /<nmaprun[\s>]/.test(head),
  "greenbone-xml": (head) =>
    /<get_reports_response[\s>]/.test(head) ||
    /<report\s[^>]*\bformat_id=/.test(head) ||
    (/<report[\s>]/.test(head) && /<(gmp|omp|results)[\s>]/.test(head)),
  nessus: (head) => /<NessusClientData_v2[\s>]/.test(head),
  // An array whose first object is dnsrecon's ScanInfo (its keys are written sorted: arguments first).
  "dnsrecon-json": (head) =>
    /^\s*\[\s*\{/.test(head) && /"type"\s*:\s*"ScanInfo"/.test(head) && /"arguments"\s*:\s*"[^"]*dnsrecon/.test(head),
  // ssh-audit's text (its -j JSON before 3.0 names the algorithms but not their weaknesses): an
  // optional "Starting audit of" line, then "(gen) banner: SSH-…", colour codes allowed.
  "ssh-audit-text": (head) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ssh-audit colours its lines with ANSI escapes.
    /^(?:\s|\x1b\[[\d;]*m|Starting audit of [^\n]*\n|# general)*\(gen\) (?:target|banner): /.test(head),
  "sslscan-xml": (head) => /<document\s[^>]*title="SSLScan Results"/.test(head),
};

const order: ReportFormat[] = [
  "nmap-xml",
  "nessus",
  "greenbone-xml",
  "sarif",
  "zap-json",
  "trivy-json",
  "bandit-json",
  "dnsrecon-json",
  "wapiti-json",
  "ssh-audit-text",
  "sslscan-xml",
];

/** The format whose signature the report's first ~4 KB carry, or null. */
export function sniffFormat(head: string): ReportFormat | null {
  const start = head.replace(/^\uFEFF/, "").slice(0, headLength);
  return order.find((format) => sniffers[format](start)) ?? null;
}

/** The error for a report given to the wrong parser, saying what it looks like instead. */
export function wrongFormat(expected: ReportFormat, head: string): ReportError {
  const label = formatLabels[expected];
  const actual = sniffFormat(head);
  if (actual) return new ReportError(`This is not a ${label} report: it looks like a ${formatLabels[actual]} report.`);
  const trimmed = head.trimStart();
  if (trimmed === "") return new ReportError(`This ${label} report is empty.`);
  if (trimmed.startsWith("<")) {
    const root = /<([A-Za-z_][\w.:-]*)[\s>/]/.exec(
      trimmed.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, ""),
    );
    return new ReportError(
      `This is not a ${label} report: it is XML${root ? ` with the root element <${root[1]}>` : ""}, of no format Sentinel reads.`,
    );
  }
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    return new ReportError(`This is not a ${label} report: it is JSON of no format Sentinel reads.`);
  }
  return new ReportError(`This is not a ${label} report: it is neither JSON nor XML.`);
}
