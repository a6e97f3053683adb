import { isIP } from "node:net";
import path from "node:path";
import type { ScanningConfig } from "../config.ts";
import { type Block, outOfScope, type Resolve, resolveHost } from "./scope.ts";

/** Where a clone goes: an https or ssh host, or (tests only) a local folder. */
export type GitSource = { kind: "remote"; host: string } | { kind: "file"; path: string };

const ONLY_REMOTE = "This server clones only https and ssh repositories.";

/**
 * The host (or, for file://, the folder) of a stored clone URL. The asset rules store https, ssh and
 * scp-like (`git@host:owner/name`) URLs only; file:// reaches here only when a test wrote it.
 */
export function gitSource(url: string): GitSource | string {
  if (/^file:\/\//i.test(url)) {
    try {
      return { kind: "file", path: path.resolve(decodeURIComponent(new URL(url).pathname)) };
    } catch {
      return ONLY_REMOTE;
    }
  }
  const scp = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):(?!\/\/)/.exec(url);
  if (scp?.[1] && !url.includes("://")) return { kind: "remote", host: scp[1].toLowerCase() };
  if (!/^(https|ssh):\/\//i.test(url)) return ONLY_REMOTE;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
    if (!host || host.startsWith("-")) return ONLY_REMOTE;
    return { kind: "remote", host };
  } catch {
    return ONLY_REMOTE;
  }
}

/** A file:// repository is cloned only from inside a folder the configuration names (tests' own). */
function fileAllowed(folder: string, scanning: ScanningConfig): boolean {
  return scanning.gitFileRoots.some((root) => folder === root || folder.startsWith(`${root}${path.sep}`));
}

/**
 * Why this server may not clone the repository, checked without the network (when a scan is queued):
 * a scheme other than https or ssh, a file:// folder no setting allows, or a host written as an
 * address in a guarded range (loopback, private, link-local) that neither the server's allowed ranges
 * nor the company's widened ones (`widened`) cover. Null when it may.
 */
export function gitOutOfScope(url: string, scanning: ScanningConfig, widened: Block[] = []): string | null {
  const source = gitSource(url);
  if (typeof source === "string") return source;
  if (source.kind === "file") return fileAllowed(source.path, scanning) ? null : ONLY_REMOTE;
  if (source.host === "localhost" || source.host.endsWith(".localhost")) {
    return (
      outOfScope("127.0.0.1", scanning.allowedRanges) &&
      `The repository's host ${source.host} is a loopback address, which this server is not configured to scan.`
    );
  }
  if (isIP(source.host)) {
    const refused = outOfScope(source.host, scanning.allowedRanges, widened);
    return refused && `The repository's host: ${refused}`;
  }
  return null;
}

/**
 * The same check when the scan runs, with the host's name resolved: every address it resolves to
 * must be in scope, so a name pointed at the server's own network is refused. (git resolves the name
 * again; a name that changes its answer in between is the residual risk, recorded in decisions.md.)
 */
export async function gitOutOfScopeResolved(
  url: string,
  scanning: ScanningConfig,
  widened: Block[] = [],
  resolve: Resolve = resolveHost,
): Promise<string | null> {
  const first = gitOutOfScope(url, scanning, widened);
  if (first) return first;
  const source = gitSource(url);
  if (typeof source === "string" || source.kind === "file" || isIP(source.host)) return null;
  let addresses: string[];
  try {
    addresses = await resolve(source.host);
  } catch {
    return `The repository's host ${source.host} could not be resolved.`;
  }
  for (const address of addresses) {
    const refused = outOfScope(address, scanning.allowedRanges, widened);
    if (refused) return `The repository's host ${source.host} resolves to ${refused.replace(/^\S+ is /, "")}`;
  }
  return null;
}
