// What the e2e server may scan, shared by serve-api.ts (which configures the server) and the scan
// specs (which start their weak fixtures there). The product refuses loopback addresses and
// `localhost` as assets whatever the server allows (the scanning machine is never a client's asset),
// so a client admin cannot add 127.0.0.1 on the assets screen: the fixtures listen on this machine's
// own network address instead, which the server is allowed to scan and nothing else.
import os from "node:os";
import path from "node:path";
import { SERVER_PORT } from "./topology.ts";

/**
 * The ports the network scan probes (SCAN_PORTS): a few, so nmap takes seconds. A fixture takes the
 * first of them that is free, so two runs on one machine do not collide.
 */
export const SCAN_FIXTURE_PORTS = { first: 47311, last: 47318 } as const;

/**
 * The name server exposure detection asks (SCAN_NAME_SERVER): the spec serves its zone there, on port
 * 53 (dnsrecon takes no port), on a loopback address of its own so it does not meet the server tests'.
 */
export const SCAN_NAME_SERVER = "127.0.47.53";

/**
 * The DNS server threat inspection asks the blocklists through (REPUTATION_DNS_SERVERS): the spec
 * serves one blocklist zone there, on port 53 of a loopback address of its own.
 */
export const REPUTATION_DNS_SERVER = "127.0.47.54";

/**
 * Where serve-api.ts writes the certificate authority the e2e server trusts for https clones
 * (SCAN_GIT_CA_FILE) and the certificate it signed for the fixture address, which the source code
 * spec's Git server presents: the asset rules take https and ssh clone URLs only.
 */
export const GIT_TLS_DIR = path.join(os.tmpdir(), `sentinel-e2e-git-tls-${SERVER_PORT}`);

/** This machine's own addresses on its network interfaces, loopback and link-local left out. */
export function ownAddresses(): Array<{ address: string; family: 4 | 6 }> {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal && !(a.family === "IPv6" && /^fe[89ab]/i.test(a.address)))
    .map((a) => ({ address: (a as os.NetworkInterfaceInfo).address, family: a?.family === "IPv4" ? 4 : 6 }));
}

/** SCAN_ALLOWED_RANGES for the e2e server: each of this machine's own addresses, alone. */
export function allowedRanges(): string {
  return ownAddresses()
    .map((a) => `${a.address}/${a.family === 4 ? 32 : 128}`)
    .join(",");
}

/** The address the fixtures listen on and the assets name: this machine's first IPv4 address, else IPv6. */
export function fixtureAddress(): { address: string; family: 4 | 6 } {
  const addresses = ownAddresses();
  const chosen = addresses.find((a) => a.family === 4) ?? addresses[0];
  if (!chosen) {
    throw new Error(
      "The scan specs need a network interface with an address other than loopback; this machine has none.",
    );
  }
  return chosen;
}
