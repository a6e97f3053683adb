import { addressSpan } from "@sentinel/api-client/asset-rules";

interface Block {
  family: 4 | 6;
  first: bigint;
  last: bigint;
}

const block = (cidr: string): Block => {
  const span = addressSpan(cidr);
  if (!span) throw new Error(`Not a CIDR block: ${cidr}`);
  return span;
};

/**
 * Where a scanner must not go unless the server's configuration says so: an attack tool pointed at
 * the machine it runs on, the network behind it or a cloud's metadata service would reach what no
 * client owns. Public addresses are the default scope; asset rules already refuse what can never be
 * scanned (multicast, reserved).
 */
const GUARDED: Array<{ what: string; blocks: Block[] }> = [
  { what: "a loopback address", blocks: [block("127.0.0.0/8"), block("::1/128")] },
  { what: "a link-local or cloud metadata address", blocks: [block("169.254.0.0/16"), block("fe80::/10")] },
  {
    what: "a private address",
    blocks: [
      block("10.0.0.0/8"),
      block("172.16.0.0/12"),
      block("192.168.0.0/16"),
      block("100.64.0.0/10"),
      block("fc00::/7"),
    ],
  },
  { what: "an unspecified address", blocks: [block("0.0.0.0/8"), block("::/128")] },
];

/** The extra ranges a deployment allows, from `SCAN_ALLOWED_RANGES` (comma-separated CIDR blocks). */
export function parseAllowedRanges(text: string): { blocks: Block[]; problems: string[] } {
  const blocks: Block[] = [];
  const problems: string[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    if (part === "") continue;
    const span = part.includes("/") ? addressSpan(part) : null;
    if (span) blocks.push(span);
    else problems.push(`SCAN_ALLOWED_RANGES: "${part}" is not a CIDR block`);
  }
  return { blocks, problems };
}

const overlaps = (a: Block, b: Block) => a.family === b.family && a.first <= b.last && b.first <= a.last;
const within = (inner: Block, outer: Block) =>
  inner.family === outer.family && outer.first <= inner.first && inner.last <= outer.last;

/**
 * Why a target may not be scanned by this server, or null when it may: a target that touches a
 * guarded range must lie wholly inside a range the configuration allows.
 */
export function outOfScope(target: string, allowed: Block[]): string | null {
  const span = addressSpan(target);
  if (!span) return `${target} is not an address, a CIDR block or a range.`;
  if (allowed.some((range) => within(span, range))) return null;
  const guarded = GUARDED.find((g) => g.blocks.some((b) => overlaps(span, b)));
  if (guarded) return `${target} is ${guarded.what}, which this server is not configured to scan.`;
  return null;
}
