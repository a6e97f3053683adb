import { addressSpan, formatAddress } from "@sentinel/api-client/asset-rules";
import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";

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
 * Cloud instance metadata services: an address here answers with the scanning machine's own
 * credentials, so no company's widened scope reaches it; only the server's configuration can.
 */
const METADATA: Block[] = [
  block("169.254.169.254/32"), // AWS, Azure, GCP, Oracle, OpenStack, DigitalOcean
  block("169.254.170.2/32"), // AWS ECS task credentials
  block("169.254.170.23/32"), // AWS EKS pod identity
  block("100.100.100.200/32"), // Alibaba Cloud
  block("fd00:ec2::254/128"), // AWS over IPv6
  block("fd00:ec2::23/128"), // AWS EKS pod identity over IPv6
];

/** The scanning machine itself: never a client's asset, so only the server's configuration allows it. */
const OWN_MACHINE: Block[] = [block("127.0.0.0/8"), block("::1/128"), block("0.0.0.0/8"), block("::/128")];

/**
 * Why a target may not be scanned by this server for a company, or null when it may: a target that
 * touches a guarded range must lie wholly inside a range the configuration allows (`allowed`), or
 * inside one of the company's widened ranges (`widened`) without touching a cloud metadata address or
 * the scanning machine itself.
 */
export function outOfScope(target: string, allowed: Block[], widened: Block[] = []): string | null {
  const span = addressSpan(target);
  if (!span) return `${target} is not an address, a CIDR block or a range.`;
  if (allowed.some((range) => within(span, range))) return null;
  if (widened.some((range) => within(span, range))) {
    if (METADATA.some((b) => overlaps(span, b))) {
      return `${target} is or includes a cloud metadata address, which this server is not configured to scan.`;
    }
    if (!OWN_MACHINE.some((b) => overlaps(span, b))) return null;
  }
  const guarded = GUARDED.find((g) => g.blocks.some((b) => overlaps(span, b)));
  if (guarded) return `${target} is ${guarded.what}, which this server is not configured to scan.`;
  return null;
}

/** The ranges staff widened a company's scope by (company_scan_ranges), read in the caller's transaction. */
export async function widenedRanges(tx: Tx, companyId: number): Promise<Block[]> {
  const { rows } = await sql<{ range: string }>`
    select range::text as range from company_scan_ranges where company_id = ${companyId}`.execute(tx);
  return rows.map((r) => block(r.range));
}

/** The narrowest prefix a widened range may have: a /7 or wider is a continent, not a client's network. */
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
