import { fileURLToPath } from "node:url";
import type { ScanningConfig } from "../config.ts";
import type { EngineCommand } from "./run.ts";

/** The subdomain names dnsrecon tries (brt): short, common names, shipped with the server. */
export const SUBDOMAIN_WORDLIST = fileURLToPath(new URL("./wordlists/subdomains.txt", import.meta.url));

/** Makes every resolver dnsrecon creates ask the configured name server (see the file). */
const DNSRECON_SHIM = fileURLToPath(new URL("./dnsrecon", import.meta.url));

/**
 * dnsrecon over one domain: the standard records (SOA, NS, A, AAAA, MX, SRV), a zone transfer from
 * each of the domain's name servers, and a brute force of common subdomain names; JSON to a file in
 * its temporary folder. No search engines, no crt.sh, no whois: nothing is asked of anyone but the
 * domain's DNS.
 */
export function dnsreconCommand(domain: string, scanning: ScanningConfig, signal: AbortSignal): EngineCommand {
  const timeout = scanning.engineTimeoutSeconds;
  const server = scanning.nameServer;
  return {
    command: "dnsrecon",
    args: () => [
      "-d",
      domain,
      ...(server ? ["-n", server] : []),
      "-t",
      "std,axfr,brt",
      "-D",
      SUBDOMAIN_WORDLIST,
      "--lifetime",
      "5",
      "--threads",
      "4",
      "-j",
      "report.json",
    ],
    reportFile: "report.json",
    timeoutMs: timeout * 1000,
    memoryBytes: 2 * 1024 ** 3,
    maxReportBytes: 16 * 1024 ** 2,
    signal,
    // No bytecode cache written beside the shim: the server's folder may be read-only, and is not the engine's.
    env: server ? { PYTHONPATH: DNSRECON_SHIM, SENTINEL_DNS_SERVER: server, PYTHONDONTWRITEBYTECODE: "1" } : {},
  };
}

/**
 * nmap over one address of the domain: host discovery first (an address that does not answer is
 * not port-scanned), then a TCP connect scan with service and version detection; no scripts (the
 * exposure is what listens, the weaknesses are threat inspection's and the network scan's).
 */
export function nmapDiscoveryCommand(address: string, scanning: ScanningConfig, signal: AbortSignal): EngineCommand {
  const timeout = scanning.engineTimeoutSeconds;
  return {
    command: "nmap",
    args: () => [
      "-oX",
      "-",
      "-n",
      "-sT",
      "-sV",
      "--version-light",
      ...(scanning.ports ? ["-p", scanning.ports] : ["--top-ports", "1000"]),
      "--host-timeout",
      `${timeout}s`,
      "--",
      address,
    ],
    timeoutMs: (timeout + 30) * 1000,
    memoryBytes: 2 * 1024 ** 3,
    maxReportBytes: 64 * 1024 ** 2,
    signal,
  };
}
