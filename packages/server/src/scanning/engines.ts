import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ScanningConfig } from "../config.ts";
import type { ParsedService, ReportFormat } from "./report.ts";
import type { EngineCommand } from "./run.ts";

export interface NetworkEngine {
  id: string;
  format: ReportFormat;
  command(host: string, scanning: ScanningConfig, signal: AbortSignal): EngineCommand;
}

/**
 * The offline NSE scripts a network assessment runs: TLS protocols and ciphers, the certificate, SSH
 * algorithms, HTTP security headers, methods and an exposed .git. None is intrusive and none calls
 * out (vulners, which queries an online API per CPE, is not among them).
 */
const NSE_SCRIPTS = [
  "ssl-enum-ciphers",
  "ssl-cert",
  "ssh2-enum-algos",
  "http-security-headers",
  "http-methods",
  "http-git",
];

/**
 * nmap over one host: a TCP connect scan (no raw sockets, so no privileges), service and version
 * detection, and the scripts above; no DNS, no host discovery (a firewall that drops pings does not
 * hide a host), XML on standard output.
 */
export const nmap: NetworkEngine = {
  id: "nmap",
  format: "nmap-xml",
  command(host, scanning, signal) {
    const timeout = scanning.engineTimeoutSeconds;
    return {
      command: "nmap",
      args: () => [
        "-oX",
        "-",
        "-n",
        "-Pn",
        "-sT",
        "-sV",
        "--version-light",
        ...(scanning.ports ? ["-p", scanning.ports] : ["--top-ports", "1000"]),
        "--script",
        NSE_SCRIPTS.join(","),
        "--script-timeout",
        `${Math.max(10, Math.floor(timeout / 4))}s`,
        "--host-timeout",
        `${timeout}s`,
        "--",
        host,
      ],
      // nmap's own limit ends it first; this one catches a hang.
      timeoutMs: (timeout + 30) * 1000,
      memoryBytes: 2 * 1024 ** 3,
      maxReportBytes: 64 * 1024 ** 2,
      signal,
    };
  },
};

/**
 * An engine that looks closer at one service nmap found (a host and a port): it runs after nmap, on
 * each service it `wants`, and its findings are stored beside nmap's.
 */
export interface ServiceEngine {
  id: string;
  format: ReportFormat;
  wants(service: ParsedService): boolean;
  command(host: string, port: number, scanning: ScanningConfig, signal: AbortSignal): EngineCommand;
}

/**
 * ssh-audit (Debian's 2.5.0) over one SSH service: its batch text (its JSON names the algorithms but
 * not their verdicts), no colours. Its exit code says what it found (0 good, 2 warnings, 3 failures);
 * 1 is a connection error. Its own timeout applies to each connection; it opens a few (host keys, DH
 * group sizes). Neither -1 nor -2: it follows the server's banner, so an SSH-1 server is reported too.
 */
export const sshAudit: ServiceEngine = {
  id: "ssh-audit",
  format: "ssh-audit-text",
  wants: (service) => service.protocol === "tcp" && service.name === "ssh",
  command(host, port, scanning, signal) {
    return {
      command: "ssh-audit",
      args: () => ["-b", "-n", "-t", "10", "-p", String(port), "--", host],
      okExitCodes: [0, 2, 3],
      timeoutMs: Math.min(scanning.engineTimeoutSeconds, 300) * 1000,
      memoryBytes: 1024 ** 3,
      maxReportBytes: 4 * 1024 ** 2,
      signal,
    };
  },
};

/**
 * sslscan (Debian's 2.0.7) over one TLS service: protocols, accepted cipher suites, renegotiation,
 * compression, Heartbleed and the certificate, as XML on standard output. No SNI name is sent beyond
 * the address itself (the endpoint is an address), and nothing calls out. A connection it could not
 * open is an <error> in the report (and exit code 0), which the parser turns into a failed run.
 */
export const sslscan: ServiceEngine = {
  id: "sslscan",
  format: "sslscan-xml",
  wants: (service) => service.protocol === "tcp" && service.secure,
  command(host, port, scanning, signal) {
    // An IPv6 address needs brackets before its port.
    const target = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
    return {
      command: "sslscan",
      // No "--": sslscan does not know it. The target is an address and a port, so it never starts with "-".
      args: () => ["--xml=-", "--no-colour", "--timeout=10", target],
      timeoutMs: Math.min(scanning.engineTimeoutSeconds, 300) * 1000,
      memoryBytes: 1024 ** 3,
      maxReportBytes: 4 * 1024 ** 2,
      signal,
    };
  },
};

export interface WebEngine {
  id: string;
  format: ReportFormat;
  command(url: string, scanning: ScanningConfig, signal: AbortSignal): EngineCommand;
}

/**
 * Wapiti's modules that talk to the target only. Left out: ssrf and xxe (their payloads make the
 * target call Wapiti's public endpoint, and Wapiti polls it), wapp (downloads its fingerprint database),
 * nikto (Debian ships no database for it), buster and brute_login_form (word-list brute force: long,
 * and a login form may lock the client's accounts) and blindsql (time-based: each probe sleeps).
 */
export const WAPITI_MODULES = [
  "backup",
  "cookieflags",
  "crlf",
  "csp",
  "csrf",
  "exec",
  "file",
  "htaccess",
  "http_headers",
  "methods",
  "permanentxss",
  "redirect",
  "shellshock",
  "sql",
  "xss",
];

/**
 * Wapiti (Debian's 3.0.4) over one application: crawls the folder of its URL and below, then runs the
 * modules above, within the scan time. Its session and configuration databases live in the temporary
 * folder (so nothing of one scan is left for the next, and HOME is never written), and its JSON report
 * is a file there. Wapiti loads every module's code whatever `-m` says, and the wapp module then
 * downloads its database when the configuration folder has none: an empty one is put there first, so
 * a run never calls out. Automatic bug reports (which upload to Wapiti's site) are off.
 */
export const wapiti: WebEngine = {
  id: "wapiti",
  format: "wapiti-json",
  command(url, scanning, signal) {
    const timeout = scanning.engineTimeoutSeconds;
    return {
      command: "wapiti",
      args: (dir) => [
        "--url",
        url,
        "--scope",
        "folder",
        "--module",
        WAPITI_MODULES.join(","),
        "--flush-session",
        "--store-session",
        path.join(dir, "session"),
        "--store-config",
        path.join(dir, "config"),
        "--depth",
        String(scanning.webDepth),
        "--max-links-per-page",
        "100",
        "--max-files-per-dir",
        "50",
        "--max-parameters",
        "20",
        "--max-scan-time",
        String(timeout),
        "--max-attack-time",
        String(Math.max(10, Math.floor(timeout / 4))),
        "--timeout",
        "10",
        "--verify-ssl",
        "0",
        "--no-bugreport",
        "--verbose",
        "0",
        "--format",
        "json",
        "--output",
        path.join(dir, "report.json"),
      ],
      reportFile: "report.json",
      prepare: async (dir) => {
        await mkdir(path.join(dir, "config"), { recursive: true });
        await writeFile(path.join(dir, "config", "apps.json"), "{}");
      },
      // Wapiti's own limit ends the scan first (it then writes its report); this one catches a hang.
      timeoutMs: (timeout + 60) * 1000,
      memoryBytes: 2 * 1024 ** 3,
      maxReportBytes: 64 * 1024 ** 2,
      signal,
    };
  },
};
