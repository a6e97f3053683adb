/**
 * What a product or an asset may hold, shared by the server and static mode so both refuse the same
 * input with the same words. Assets are the targets scans are pointed at: anything accepted here is
 * later handed to a scanner, so the rules refuse rather than guess.
 *
 * Each check returns `{ ok: true, value }` with the value as it is stored (normalised, so duplicates
 * are found whatever the spelling), or `{ ok: false, error }` with the message for that field.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** Field lengths; the contract's maxLength says the same. */
export const NAME_MAX = 100;
export const URL_MAX = 2048;
export const BRANCHES_MAX = 20;
/** The most addresses one network asset may cover: a /16 of IPv4 (see docs/decisions.md, issue 28). */
export const RANGE_MAX = 65_536n;

/** Product names and application names: trimmed, not blank, at most NAME_MAX characters. */
export function checkName(raw: unknown): Checked<string> {
  if (typeof raw !== "string") return fail("Not a valid string.");
  const value = raw.trim();
  if (value === "") return fail("This field may not be blank.");
  if (value.length > NAME_MAX) return fail(`Ensure this field has no more than ${NAME_MAX} characters.`);
  // Control characters would reach report headers and CSV exports as they are.
  if (/\p{Cc}/u.test(value)) return fail("Enter a name without control characters.");
  return { ok: true, value };
}

// ------------------------------------------------------------------------------------------ IP

type Family = 4 | 6;
interface Address {
  family: Family;
  value: bigint;
}

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // A leading zero is refused: some tools read 010 as octal (8), others as 10.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let groups: number[] = [];
  let tail = text;
  // An embedded IPv4 address (::ffff:192.0.2.1) stands for the last two groups.
  const lastColon = tail.lastIndexOf(":");
  const ipv4 = tail.includes(".") ? parseIpv4(tail.slice(lastColon + 1)) : undefined;
  if (ipv4 === null) return null;
  if (ipv4 !== undefined) tail = `${tail.slice(0, lastColon + 1)}0:0`;
  const halves = tail.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    for (const group of half.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      out.push(Number.parseInt(group, 16));
    }
    return out;
  };
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (!head || !rest) return null;
  if (halves.length === 2) {
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    if (head.length !== 8) return null;
    groups = head;
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  if (ipv4 !== undefined) value = (value & ~0xffffffffn) | ipv4;
  return value;
}

function parseAddress(text: string): Address | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  if (!text.includes(":")) return null;
  const v6 = parseIpv6(text);
  return v6 === null ? null : { family: 6, value: v6 };
}

const bits = (family: Family) => (family === 4 ? 32 : 128);

export function formatAddress({ family, value }: Address): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes "::".
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}

/** Blocks no scan may be pointed at: nothing, this machine, link-local, multicast and reserved. */
const NOT_SCANNABLE: Array<{ family: Family; base: string; prefix: number; what: string }> = [
  { family: 4, base: "0.0.0.0", prefix: 8, what: "an unspecified (0.0.0.0/8) address" },
  { family: 4, base: "127.0.0.0", prefix: 8, what: "a loopback address" },
  { family: 4, base: "169.254.0.0", prefix: 16, what: "a link-local address" },
  { family: 4, base: "224.0.0.0", prefix: 4, what: "a multicast address" },
  { family: 4, base: "240.0.0.0", prefix: 4, what: "a reserved address" },
  { family: 6, base: "::", prefix: 128, what: "the unspecified address" },
  { family: 6, base: "::1", prefix: 128, what: "a loopback address" },
  { family: 6, base: "fe80::", prefix: 10, what: "a link-local address" },
  { family: 6, base: "ff00::", prefix: 8, what: "a multicast address" },
];

/**
 * IPv6 blocks whose addresses carry an IPv4 address and reach it: a dual-stack socket given
 * ::ffff:10.0.0.1 connects to 10.0.0.1, a NAT64 gateway forwards 64:ff9b::10.0.0.1 to it, an
 * IPv4-compatible ::10.0.0.1 and a 6to4 2002:a00:1:: are tunnelled to it. Such an address is judged
 * as the IPv4 address it carries (`shift`: how far the IPv4 bits sit from the end).
 */
export const TRANSLATED: ReadonlyArray<{ what: string; base: string; prefix: number; shift: bigint }> = [
  { what: "IPv4-mapped", base: "::ffff:0:0", prefix: 96, shift: 0n },
  { what: "NAT64", base: "64:ff9b::", prefix: 96, shift: 0n },
  { what: "IPv4-compatible", base: "::", prefix: 96, shift: 0n },
  { what: "6to4", base: "2002::", prefix: 16, shift: 80n },
];

/**
 * The IPv4 addresses an IPv6 span carries, one span per translation block it touches (the part of
 * the span inside that block), with the block's name; none for IPv4 or other IPv6 spans.
 */
export function carriedIpv4(span: {
  family: Family;
  first: bigint;
  last: bigint;
}): Array<{ what: string; family: 4; first: bigint; last: bigint }> {
  if (span.family !== 6) return [];
  const out: Array<{ what: string; family: 4; first: bigint; last: bigint }> = [];
  for (const t of TRANSLATED) {
    const hostBits = BigInt(128 - t.prefix);
    const start = parseAddress(t.base)?.value ?? 0n;
    const end = start + (1n << hostBits) - 1n;
    if (span.last < start || span.first > end) continue;
    const first = span.first > start ? span.first : start;
    const last = span.last < end ? span.last : end;
    // Inside one block the IPv4 bits rank just below the prefix, so the carried addresses stay in order.
    out.push({
      what: t.what,
      family: 4,
      first: (first >> t.shift) & 0xffffffffn,
      last: (last >> t.shift) & 0xffffffffn,
    });
  }
  return out;
}

function unscannable(address: Address): string | null {
  for (const block of NOT_SCANNABLE) {
    if (block.family !== address.family) continue;
    const base = parseAddress(block.base)?.value ?? 0n;
    const shift = BigInt(bits(block.family) - block.prefix);
    if (address.value >> shift === base >> shift) return block.what;
  }
  const [carried] = carriedIpv4({ family: address.family, first: address.value, last: address.value });
  const bad = carried ? unscannable({ family: 4, value: carried.first }) : null;
  return bad && `${bad} (${carried?.what} ${formatAddress({ family: 4, value: carried?.first ?? 0n })})`;
}

export type IpTargetKind = "IP_ADDRESS" | "IP_RANGE";

/**
 * A network asset's target: one IPv4 or IPv6 address, a CIDR block (host bits zero) or a range
 * `first-last` of one family, at most RANGE_MAX addresses, none of them unscannable.
 */
export function checkIpTarget(raw: unknown): Checked<{ target: string; kind: IpTargetKind }> {
  if (typeof raw !== "string") return fail("Not a valid string.");
  const text = raw.trim();
  if (text === "") return fail("This field may not be blank.");
  const invalid = `Enter an IPv4 or IPv6 address, a CIDR block (192.0.2.0/24) or a range (192.0.2.10-192.0.2.20).`;

  let first: Address;
  let last: Address;
  let canonical: string;
  if (text.includes("/")) {
    const [addressText = "", prefixText = "", ...more] = text.split("/");
    const address = parseAddress(addressText.trim());
    if (!address || more.length > 0) return fail(invalid);
    const width = bits(address.family);
    if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText.trim()) || Number(prefixText) > width)
      return fail(`The prefix length must be a whole number from 0 to ${width}.`);
    const prefix = Number(prefixText);
    const hostBits = BigInt(width - prefix);
    const network = (address.value >> hostBits) << hostBits;
    if (network !== address.value) {
      const suggestion = `${formatAddress({ family: address.family, value: network })}/${prefix}`;
      return fail(`${text} has host bits set; the block is ${suggestion}.`);
    }
    first = address;
    last = { family: address.family, value: network + (1n << hostBits) - 1n };
    canonical = prefix === width ? formatAddress(address) : `${formatAddress(address)}/${prefix}`;
  } else if (text.includes("-")) {
    const ends = text.split("-");
    if (ends.length !== 2) return fail(invalid);
    const a = parseAddress((ends[0] ?? "").trim());
    const b = parseAddress((ends[1] ?? "").trim());
    if (!a || !b) return fail(invalid);
    if (a.family !== b.family) return fail("Both ends of a range must be IPv4, or both IPv6.");
    if (a.value > b.value) return fail("The range's first address must not come after its last.");
    first = a;
    last = b;
    canonical = a.value === b.value ? formatAddress(a) : `${formatAddress(a)}-${formatAddress(b)}`;
  } else {
    const address = parseAddress(text);
    if (!address) return fail(invalid);
    first = address;
    last = address;
    canonical = formatAddress(address);
  }
  if (last.value - first.value + 1n > RANGE_MAX)
    return fail(`A network asset may cover at most ${RANGE_MAX.toLocaleString("en")} addresses; split the range.`);
  const bad = unscannable(first) ?? unscannable(last);
  if (bad) return fail(`${text} is ${bad}, which cannot be scanned.`);
  return { ok: true, value: { target: canonical, kind: first.value === last.value ? "IP_ADDRESS" : "IP_RANGE" } };
}

// ------------------------------------------------------------------------------------------ names

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A DNS host name (already lower case, punycode): labels of letters, digits and inner hyphens. */
function hostnameProblem(host: string): string | null {
  if (host.length > 253) return "A domain name has at most 253 characters.";
  const labels = host.split(".");
  if (labels.length < 2) return "Enter a full domain name, such as example.com.";
  if (!labels.every((label) => LABEL.test(label)))
    return "Each part of a domain name has 1 to 63 letters, digits or inner hyphens.";
  // A label "ab--…" is reserved for encodings; only punycode's xn-- is one.
  if (labels.some((label) => /^..--/.test(label) && !label.startsWith("xn--")))
    return "Only punycode (xn--) labels may have hyphens in their third and fourth places.";
  if (/^[0-9]+$/.test(labels[labels.length - 1] ?? "")) return "Enter a domain name, not an IP address.";
  return null;
}

/** Unicode names become punycode the way browsers do (the WHATWG URL parser's domain-to-ASCII). */
function toAsciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** An exposure-detection domain: a host name alone, no scheme, port, path or wildcard. */
export function checkDomain(raw: unknown): Checked<string> {
  if (typeof raw !== "string") return fail("Not a valid string.");
  let text = raw.trim();
  if (text === "") return fail("This field may not be blank.");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.includes("/"))
    return fail("Enter the domain alone, without a scheme (https://) or a path.");
  if (text.includes("*")) return fail("Enter one domain; wildcards are not accepted.");
  if (/[\s:@?#[\]\\]/.test(text)) return fail("Enter a domain name only, such as example.com.");
  if (text.endsWith(".")) text = text.slice(0, -1);
  const ascii = /^[\x21-\x7e]+$/.test(text) ? text.toLowerCase() : toAsciiHost(text);
  if (!ascii) return fail("Enter a valid domain name.");
  if (parseIpv4(ascii) !== null) return fail("Enter a domain name, not an IP address.");
  const problem = hostnameProblem(ascii);
  return problem ? fail(problem) : { ok: true, value: ascii };
}

/** A URL's host: a domain name, or an IP address literal that could be scanned. */
function urlHostProblem(hostname: string): string | null {
  if (hostname.startsWith("[")) {
    const address = parseAddress(hostname.slice(1, -1));
    if (!address) return "Enter a valid host.";
    const bad = unscannable(address);
    return bad ? `The host is ${bad}, which cannot be scanned.` : null;
  }
  const v4 = parseIpv4(hostname);
  if (v4 !== null) {
    const bad = unscannable({ family: 4, value: v4 });
    return bad ? `The host is ${bad}, which cannot be scanned.` : null;
  }
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return "The host is this machine.";
  return hostnameProblem(hostname) ? "Enter a URL with a valid host name." : null;
}

/** A web application's address: http or https, a host, no user name or password in it. */
export function checkWebUrl(raw: unknown): Checked<string> {
  if (typeof raw !== "string") return fail("Not a valid string.");
  const text = raw.trim();
  if (text === "") return fail("This field may not be blank.");
  if (text.length > URL_MAX) return fail(`Ensure this field has no more than ${URL_MAX} characters.`);
  if (!/^https?:\/\//i.test(text)) return fail("Enter a URL that starts with https:// or http://.");
  if (/[\s\p{Cc}]/u.test(text)) return fail("Enter a URL without spaces or control characters.");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail("Enter a valid URL.");
  }
  if (url.username || url.password || /^https?:\/\/[^/?#]*@/i.test(text))
    return fail("Leave the user name and password out of the URL; scans sign in through their settings.");
  if (!url.hostname) return fail("Enter a URL with a host.");
  const problem = urlHostProblem(url.hostname);
  if (problem) return fail(problem);
  // The fragment never reaches the server, so two URLs that differ only there are one application.
  url.hash = "";
  return { ok: true, value: url.href };
}

// ------------------------------------------------------------------------------------------ git

/** Where each provider's repositories live, for repositories stored without a clone URL. */
export const PROVIDER_HOST = {
  GITHUB: "github.com",
  GITLAB: "gitlab.com",
  BITBUCKET: "bitbucket.org",
  AZURE_DEVOPS: "dev.azure.com",
} as const;

export const providerUrl = (provider: keyof typeof PROVIDER_HOST, username: string, repositoryName: string) =>
  `https://${PROVIDER_HOST[provider]}/${username}/${repositoryName}`;

export interface GitRepository {
  /** The URL as stored: https or ssh, without credentials. */
  repository_url: string;
  /** Owner, group or project path before the repository's own name. */
  username: string;
  repository_name: string;
}

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

function repositoryPath(path: string): { username: string; repository_name: string } | null {
  const segments = path.replace(/^\/+/, "").replace(/\/+$/, "").split("/");
  if (segments.length < 2) return null;
  if (!segments.every((s) => SEGMENT.test(s) && s !== "." && s !== ".." && !s.startsWith("-"))) return null;
  const name = (segments.pop() ?? "").replace(/\.git$/, "");
  if (name === "") return null;
  return { username: segments.join("/"), repository_name: name };
}

/**
 * A repository's clone address: `https://host/owner/name(.git)`, `ssh://[user@]host[:port]/owner/name`
 * or `user@host:owner/name`. Anything else (http, git://, file://, ext::) is refused: git would run
 * it or send it unencrypted. A host or path that starts with "-" would reach ssh as an option.
 */
export function checkGitUrl(raw: unknown): Checked<GitRepository> {
  if (typeof raw !== "string") return fail("Not a valid string.");
  const text = raw.trim();
  if (text === "") return fail("This field may not be blank.");
  if (text.length > URL_MAX) return fail(`Ensure this field has no more than ${URL_MAX} characters.`);
  if (/[\s\p{Cc}]/u.test(text)) return fail("Enter a URL without spaces or control characters.");
  const shape =
    "Enter an https or ssh clone URL, such as https://github.com/owner/repo.git or git@github.com:owner/repo.git.";

  const scp = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+):(?!\/\/)(.+)$/.exec(text);
  if (scp && !text.includes("://")) {
    const [, user = "", host = "", path = ""] = scp;
    if (user.startsWith("-") || host.startsWith("-") || hostnameProblem(host.toLowerCase())) return fail(shape);
    const parts = repositoryPath(path);
    return parts
      ? { ok: true, value: { repository_url: `${user}@${host.toLowerCase()}:${path}`, ...parts } }
      : fail(shape);
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== "https" && scheme !== "ssh") return fail(shape);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(shape);
  }
  if (url.password || (scheme === "https" && url.username))
    return fail("Leave tokens and passwords out of the URL; the repository's access is set in its settings.");
  if (url.search || url.hash) return fail(shape);
  const host = url.hostname;
  if (!host || host.startsWith("-") || urlHostProblem(host)) return fail(shape);
  if (url.username.startsWith("-")) return fail(shape);
  const parts = repositoryPath(decodeURIComponent(url.pathname));
  if (!parts) return fail(shape);
  return { ok: true, value: { repository_url: url.href, ...parts } };
}

/**
 * A branch name as `git check-ref-format --branch` accepts it: no "..", "@{", "//", control
 * characters, space, ~ ^ : ? * [ \, no part starting with "." or ending with ".lock", not starting
 * with "-" or "/", not ending with "/" or ".", not "@" or "HEAD".
 */
export function branchProblem(name: string): string | null {
  if (name === "") return "A branch name may not be blank.";
  if (name.length > 255) return "A branch name has at most 255 characters.";
  const quoted = `“${name}”`;
  if (name === "@" || name === "HEAD") return `${quoted} is not a branch name git accepts.`;
  if (name.startsWith("-")) return `Branch ${quoted} may not start with “-”.`;
  if (/[\p{Cc} ~^:?*[\\]/u.test(name))
    return `Branch ${quoted} may not contain spaces, control characters or any of ~ ^ : ? * [ \\.`;
  if (name.includes("..")) return `Branch ${quoted} may not contain “..”.`;
  if (name.includes("@{")) return `Branch ${quoted} may not contain “@{”.`;
  if (name.startsWith("/") || name.endsWith("/") || name.includes("//"))
    return `Branch ${quoted} may not start or end with “/” or contain “//”.`;
  if (name.endsWith(".")) return `Branch ${quoted} may not end with “.”.`;
  if (name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock")))
    return `No part of branch ${quoted} may start with “.” or end with “.lock”.`;
  return null;
}

/** The branches to scan: one at least, each a valid name, none twice. */
export function checkBranches(raw: unknown): Checked<string[]> {
  if (!Array.isArray(raw)) return fail(`Expected a list of items but got type "${typeof raw}".`);
  const names = raw.map((b) => (typeof b === "string" ? b.trim() : b));
  if (names.length === 0) return fail("Name at least one branch.");
  if (names.length > BRANCHES_MAX) return fail(`Name at most ${BRANCHES_MAX} branches.`);
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== "string") return fail("Each branch is a name.");
    const problem = branchProblem(name);
    if (problem) return fail(problem);
    if (seen.has(name)) return fail(`Branch “${name}” is listed twice.`);
    seen.add(name);
  }
  return { ok: true, value: names as string[] };
}

/** What each duplicate within a product answers, by field. */
export const DUPLICATE = {
  productName: "This company already has a product with this name.",
  target: "This product already has this address or range.",
  url: "This product already has an application at this URL.",
  repository: "This product already has this repository.",
  domain: "This product already has this domain.",
} as const;

/** Who may change products and assets, and what everyone else is told (403). */
export const ASSET_WRITE_REFUSAL =
  "Only your company's admins can add, change or remove products and assets. Ask an admin to do it.";

/** Who may point scans at a company's assets (configurations), and what everyone else is told (403). */
export const TARGET_WRITE_REFUSAL = "Only your company's admins can add scan targets. Ask an admin to do it.";

/** Removing a product that still holds assets (409). */
export function productHoldsAssets(counts: Record<string, number>): string {
  const words: Record<string, [string, string]> = {
    network: ["network asset", "network assets"],
    webapp: ["web application", "web applications"],
    sourcecode: ["repository", "repositories"],
    exposure: ["domain", "domains"],
    threat: ["threat inspection asset", "threat inspection assets"],
  };
  const held = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${(words[kind] ?? [kind, kind])[n === 1 ? 0 : 1]}`);
  return `This product still holds ${held.join(", ")}. Remove them first.`;
}

/** The first and last address a target covers (an address, a CIDR block or a range), or null. */
export function addressSpan(text: string): { family: 4 | 6; first: bigint; last: bigint } | null {
  const trimmed = text.trim();
  if (trimmed.includes("/")) {
    const [addressText = "", prefixText = ""] = trimmed.split("/");
    const address = parseAddress(addressText);
    const prefix = Number(prefixText);
    if (!address || !/^[0-9]{1,3}$/.test(prefixText) || prefix > bits(address.family)) return null;
    const hostBits = BigInt(bits(address.family) - prefix);
    const first = (address.value >> hostBits) << hostBits;
    return { family: address.family, first, last: first + (1n << hostBits) - 1n };
  }
  const [a, b, ...more] = trimmed.split("-");
  const first = parseAddress(a ?? "");
  const last = b === undefined ? first : parseAddress(b);
  if (!first || !last || more.length > 0 || first.family !== last.family || first.value > last.value) return null;
  return { family: first.family, first: first.value, last: last.value };
}

/**
 * The addresses a network asset is scanned as, one endpoint each (the spec prices a scan per
 * endpoint): an address itself, every address of a range, and every address of an IPv4 block of four
 * or more but its network and broadcast addresses, which no host answers on. Null for text that is
 * not a target, or a span wider than an asset may be (RANGE_MAX).
 */
export function endpointHosts(target: string): string[] | null {
  const span = addressSpan(target);
  if (!span || span.last - span.first + 1n > RANGE_MAX) return null;
  const edges = target.includes("/") && span.family === 4 && span.last - span.first >= 3n ? 1n : 0n;
  const hosts: string[] = [];
  for (let value = span.first + edges; value <= span.last - edges; value++) {
    hosts.push(formatAddress({ family: span.family, value }));
  }
  return hosts;
}
