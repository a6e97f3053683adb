import type { ScanningConfig } from "../config.ts";
import type { ReportFormat } from "./report.ts";
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
