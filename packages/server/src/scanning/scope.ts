import { addressSpan } from "@sentinel/api-client/asset-rules";
import { GUARDED, METADATA, OWN_MACHINE } from "@sentinel/api-client/scan-ranges";
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
