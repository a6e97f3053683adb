import { addressSpan, carriedIpv4, formatAddress, TRANSLATED } from "./assetRules.ts";

/**
 * The address ranges a scan may not reach by default, shared by the server's scope check
 * (packages/server/src/scanning/scope.ts) and static mode, so both refuse a company's widened range
 * in the same words (docs/decisions.md, "Company scan scope (issue 29)").
 */

export interface Block {
  family: 4 | 6;
  first: bigint;
  last: bigint;
}

const block = (cidr: string): Block => {
  const span = addressSpan(cidr);
  if (!span) throw new Error(`Not a CIDR block: ${cidr}`);
  return span;
};

const overlaps = (a: Block, b: Block) => a.family === b.family && a.first <= b.last && b.first <= a.last;
const within = (inner: Block, outer: Block) =>
  inner.family === outer.family && outer.first <= inner.first && inner.last <= outer.last;

/**
 * Where a scanner must not go unless the server's configuration says so: an attack tool pointed at
 * the machine it runs on, the network behind it or a cloud's metadata service would reach what no
 * client owns. Public addresses are the default scope; asset rules already refuse what can never be
 * scanned (multicast, reserved).
 */
export const GUARDED: Array<{ what: string; blocks: Block[] }> = [
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
      // Local-use NAT64 (RFC 8215): the operator's own translator, where the IPv4 address may sit anywhere.
      block("64:ff9b:1::/48"),
    ],
  },
  { what: "an unspecified address", blocks: [block("0.0.0.0/8"), block("::/128")] },
];

/**
 * Cloud instance metadata services: an address here answers with the scanning machine's own
 * credentials, so no company's widened scope reaches it; only the server's configuration can.
 */
export const METADATA: Block[] = [
  block("169.254.169.254/32"), // AWS, Azure, GCP, Oracle, OpenStack, DigitalOcean
  block("169.254.170.2/32"), // AWS ECS task credentials
  block("169.254.170.23/32"), // AWS EKS pod identity
  block("100.100.100.200/32"), // Alibaba Cloud
  block("fd00:ec2::254/128"), // AWS over IPv6
  block("fd00:ec2::23/128"), // AWS EKS pod identity over IPv6
];

/** The scanning machine itself: never a client's asset, so only the server's configuration allows it. */
export const OWN_MACHINE: Block[] = [block("127.0.0.0/8"), block("::1/128"), block("0.0.0.0/8"), block("::/128")];

/** The shortest prefix a widened range may have: a /7 or wider is a continent, not a client's network. */
export const WIDEST_PREFIX = 8;

/**
 * A range staff may widen a company's scope by, as the CIDR block to store, or why not: it must be a
 * block (or one address) no wider than /8 with no host bits set, touch a guarded range (public space
 * needs no widening), stay off the scanning machine itself and be more than cloud metadata addresses.
 */
export function checkWidenedRange(raw: string): { ok: true; cidr: string } | { ok: false; error: string } {
  const text = raw.trim();
  const refuse = (error: string) => ({ ok: false as const, error });
  if (text === "") return refuse("Enter an address or a CIDR block, such as 10.20.0.0/16.");
  if (text.includes("-")) return refuse(`${text} is a range; enter it as a CIDR block, such as 10.20.0.0/16.`);
  const span = addressSpan(text);
  if (!span) return refuse(`${text} is not an IPv4 or IPv6 address or CIDR block.`);
  const size = span.family === 4 ? 32 : 128;
  const prefix = text.includes("/") ? Number(text.split("/")[1]) : size;
  const start = addressSpan(text.split("/")[0] ?? "");
  const network = `${formatAddress({ family: span.family, value: span.first })}/${prefix}`;
  if (start && start.first !== span.first) {
    return refuse(`${text} has host bits set after its /${prefix} prefix; the block is ${network}.`);
  }
  if (prefix < WIDEST_PREFIX) {
    return refuse(`${text} is wider than /${WIDEST_PREFIX}; widen a company's scope by narrower blocks.`);
  }
  if (OWN_MACHINE.some((b) => overlaps(span, b))) {
    return refuse(
      `${text} includes the scanning server itself (loopback or unspecified addresses); only the server's configuration (SCAN_ALLOWED_RANGES) can allow it.`,
    );
  }
  const translation = TRANSLATED.find((t) => within(span, block(`${t.base}/${t.prefix}`)));
  const [carried] = translation ? carriedIpv4(span) : [];
  if (translation && carried) {
    const v4 = formatAddress({ family: 4, value: carried.first });
    return refuse(
      `${text} is the ${translation.what} form of IPv4 addresses (from ${v4}); widen by the IPv4 block instead, which covers both forms.`,
    );
  }
  if (METADATA.some((b) => within(span, b))) {
    return refuse(
      `${text} is a cloud metadata address, which no company's scope can include; only the server's configuration (SCAN_ALLOWED_RANGES) can allow it.`,
    );
  }
  if (!GUARDED.some((g) => g.blocks.some((b) => overlaps(span, b)))) {
    return refuse(`${text} is public address space, which every company's scans may reach already.`);
  }
  return { ok: true, cidr: network };
}

/** Who may change a company's scope, and who may read it, in the server's words. */
export const SCOPE_SUPER_ADMIN_ONLY = "Only a super admin can change a company's scan scope.";
export const SCOPE_ADMINS_AND_STAFF = "Only the company's admins and staff can see its scan scope.";
export const alreadyInScope = (cidr: string) => `${cidr} is already in this company's scan scope.`;
