import { isIP } from "node:net";
import type { ScanningConfig } from "../config.ts";
import { type Block, outOfScope, type Resolve, resolveHost } from "./scope.ts";

/** The URL a web scan attacks, or why it cannot be scanned at all. */
export function webTarget(url: string): { url: URL; host: string } | { refused: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: `${url} is not a URL.` };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { refused: `${url} is not an http or https URL.` };
  }
  return { url: parsed, host: parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase() };
}

/** Names that always mean this machine, whatever DNS says (RFC 6761). */
const isLocalName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * Why the application's URL may not be scanned, checked when the scan is queued: an address in the
 * URL is checked as a network target's is (the server's allowed ranges and the company's widened
 * ones); `localhost` names are loopback. Other names are checked when the scan runs, on the addresses
 * they resolve to then.
 */
export function webOutOfScope(
  url: string,
  scanning: Pick<ScanningConfig, "allowedRanges">,
  widened: Block[] = [],
): string | null {
  const target = webTarget(url);
  if ("refused" in target) return target.refused;
  if (isIP(target.host)) return outOfScope(target.host, scanning.allowedRanges, widened);
  if (isLocalName(target.host)) {
    return outOfScope("127.0.0.1", scanning.allowedRanges)
      ? `${target.host} is a loopback address, which this server is not configured to scan.`
      : null;
  }
  return null;
}

/**
 * The same check when the scan runs, on every address the name resolves to now: a name that points
 * inside a guarded range (a rebinding record, an internal host) is refused like the address would be.
 */
export async function webOutOfScopeNow(
  url: string,
  scanning: Pick<ScanningConfig, "allowedRanges">,
  widened: Block[] = [],
  resolve: Resolve = resolveHost,
): Promise<string | null> {
  const queued = webOutOfScope(url, scanning, widened);
  if (queued) return queued;
  const target = webTarget(url);
  if ("refused" in target || isIP(target.host) || isLocalName(target.host)) return null;
  let addresses: string[];
  try {
    addresses = await resolve(target.host);
  } catch {
    return `${target.host} could not be resolved to an address.`;
  }
  for (const address of addresses) {
    if (outOfScope(address, scanning.allowedRanges, widened)) {
      return `${target.host} resolves to ${address}, which this server is not configured to scan.`;
    }
  }
  return null;
}
