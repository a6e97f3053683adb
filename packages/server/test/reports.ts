import { readFileSync } from "node:fs";
import { parseReport } from "../src/scanning/formats/index.ts";
import type { ParsedFinding, ParsedItem, ReportFormat, ReportTool } from "../src/scanning/report.ts";

/** A fixture report's bytes, from test/fixtures/reports. */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(`./fixtures/reports/${name}`, import.meta.url));
}

/** The bytes as a stream of `size`-byte chunks (the whole at once when size is omitted). */
export async function* chunked(bytes: Uint8Array, size = bytes.length || 1): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export async function parseAll(
  format: ReportFormat,
  bytes: Uint8Array | string,
  chunkSize?: number,
): Promise<{ items: ParsedItem[]; tool: ReportTool }> {
  const data = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
  const generator = parseReport(format, chunked(data, chunkSize));
  const items: ParsedItem[] = [];
  for (;;) {
    const next = await generator.next();
    if (next.done) return { items, tool: next.value };
    items.push(next.value);
  }
}

export async function findingsOf(format: ReportFormat, name: string): Promise<ParsedFinding[]> {
  const { items } = await parseAll(format, fixture(name));
  return items.filter((item): item is ParsedFinding => item.kind === "finding");
}

/** The error a parse ends with, or undefined when it succeeds. */
export async function parseError(format: ReportFormat, bytes: Uint8Array | string): Promise<Error | undefined> {
  try {
    await parseAll(format, bytes);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Compares a scan with its rescan by fingerprint: what is gone, kept and new. */
export function compareScans(before: ParsedFinding[], after: ParsedFinding[]) {
  const old = new Map(before.map((finding) => [finding.fingerprint, finding]));
  const now = new Map(after.map((finding) => [finding.fingerprint, finding]));
  return {
    gone: before.filter((finding) => !now.has(finding.fingerprint)).map((finding) => finding.ruleId),
    added: after.filter((finding) => !old.has(finding.fingerprint)).map((finding) => finding.ruleId),
    kept: after.filter((finding) => old.has(finding.fingerprint)),
    old,
  };
}
