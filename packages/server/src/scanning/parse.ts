import { reportParser } from "./formats/index.ts";
import type { ParsedItem, ReportFormat, ReportTool } from "./report.ts";

/** Bytes fed to a parser a slice at a time, as a stream would arrive. */
async function* slices(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

/**
 * An engine's report, read whole into items: an engine's report over one host is small (its size is
 * capped by the runner); imports of large reports read the stream instead.
 */
export async function readReport(
  format: ReportFormat,
  bytes: Buffer,
): Promise<{ items: ParsedItem[]; tool: ReportTool; parserVersion: number }> {
  const parser = reportParser(format);
  const items: ParsedItem[] = [];
  const reading = parser.parse(slices(bytes));
  for (;;) {
    const next = await reading.next();
    if (next.done) return { items, tool: next.value, parserVersion: parser.version };
    items.push(next.value);
  }
}
