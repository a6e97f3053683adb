import { lookup } from "node:dns/promises";
import { addressSpan, carriedIpv4, formatAddress } from "@sentinel/api-client/asset-rules";
import { GUARDED, METADATA, OWN_MACHINE } from "@sentinel/api-client/scan-ranges";
import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";

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

export { checkWidenedRange } from "@sentinel/api-client/scan-ranges";

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
 * Why a target may not be scanned by this server for a company, or null when it may: a target that
 * touches a guarded range must lie wholly inside a range the configuration allows (`allowed`), or
 * inside one of the company's widened ranges (`widened`) without touching a cloud metadata address or
 * the scanning machine itself. An IPv6 target that carries IPv4 addresses (::ffff:10.0.0.1,
 * 64:ff9b::10.0.0.1, ::10.0.0.1, 6to4) reaches them, so it is judged as those IPv4 addresses too.
 */
export function outOfScope(target: string, allowed: Block[], widened: Block[] = []): string | null {
  const span = addressSpan(target);
  if (!span) return `${target} is not an address, a CIDR block or a range.`;
  const views = [{ span, via: "" }];
  for (const carried of carriedIpv4(span)) {
    const first = formatAddress({ family: 4, value: carried.first });
    const last = formatAddress({ family: 4, value: carried.last });
    views.push({ span: carried, via: ` (${carried.what} ${first === last ? first : `${first}-${last}`})` });
  }
  // The configuration's own ranges may name either form: an allowed IPv6 block is not second-guessed.
  if (allowed.some((range) => within(span, range))) return null;
  for (const view of views) {
    const why = spanOutOfScope(view.span, allowed, widened);
    if (why) return `${target} is ${why}${view.via}, which this server is not configured to scan.`;
  }
  return null;
}

/** What a span is that keeps it out of scope ("a private address"), or null when it may be scanned. */
function spanOutOfScope(span: Block, allowed: Block[], widened: Block[]): string | null {
  if (allowed.some((range) => within(span, range))) return null;
  if (widened.some((range) => within(span, range))) {
    if (METADATA.some((b) => overlaps(span, b))) return "or includes a cloud metadata address";
    if (!OWN_MACHINE.some((b) => overlaps(span, b))) return null;
  }
  return GUARDED.find((g) => g.blocks.some((b) => overlaps(span, b)))?.what ?? null;
}

/** The ranges staff widened a company's scope by (company_scan_ranges), read in the caller's transaction. */
export async function widenedRanges(tx: Tx, companyId: number): Promise<Block[]> {
  const { rows } = await sql<{ range: string }>`
    select range::text as range from company_scan_ranges where company_id = ${companyId}`.execute(tx);
  return rows.map((r) => block(r.range));
}

/** Every address a host name resolves to now, as the system resolver answers (tests pass their own). */
export type Resolve = (host: string) => Promise<string[]>;
export const resolveHost: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
