import type { ReportFormat } from "../report.ts";
import { headLength, sniffers, wrongFormat } from "./sniff.ts";

/**
 * The report's bytes as text, decoded as UTF-8 across chunk boundaries (a character split between
 * two chunks is joined, a byte-order mark dropped). The first ~4 KB are held back until the format's
 * sniffer has seen them, so a report of another format fails before anything is yielded.
 */
export async function* reportText(input: AsyncIterable<Uint8Array>, format: ReportFormat): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  let head = "";
  let checked = false;
  for await (const chunk of input) {
    const text = decoder.decode(chunk, { stream: true });
    if (checked) {
      if (text) yield text;
      continue;
    }
    head += text;
    if (head.length >= headLength) {
      check(format, head);
      checked = true;
      yield head;
      head = "";
    }
  }
  const rest = decoder.decode();
  if (!checked) {
    head += rest;
    check(format, head);
    if (head) yield head;
  } else if (rest) {
    yield rest;
  }
}

function check(format: ReportFormat, head: string): void {
  if (!sniffers[format](head.slice(0, headLength))) throw wrongFormat(format, head.slice(0, headLength));
}
