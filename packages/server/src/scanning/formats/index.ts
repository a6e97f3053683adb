import type { ParsedItem, ReportFormat, ReportParser, ReportTool } from "../report.ts";
import { banditJsonParser } from "./banditJson.ts";

import { dnsreconJsonParser } from "./dnsreconJson.ts";
import { greenboneXmlParser } from "./greenboneXml.ts";
import { nessusParser } from "./nessus.ts";
import { nmapXmlParser } from "./nmapXml.ts";
import { sarifParser } from "./sarif.ts";
import { sshAuditTextParser } from "./sshAuditText.ts";
import { sslscanXmlParser } from "./sslscanXml.ts";
import { trivyJsonParser } from "./trivyJson.ts";
import { wapitiJsonParser } from "./wapitiJson.ts";
import { zapJsonParser } from "./zapJson.ts";

export { formatLabels, sniffFormat } from "./sniff.ts";

/** Every format Sentinel reads, imports and engine runs alike. */
export const reportParsers: readonly ReportParser[] = [
  sarifParser,
  nmapXmlParser,
  greenboneXmlParser,
  nessusParser,
  zapJsonParser,
  trivyJsonParser,
  banditJsonParser,

  dnsreconJsonParser,

  wapitiJsonParser,
  sshAuditTextParser,
  sslscanXmlParser,
];

const byFormat = new Map(reportParsers.map((parser) => [parser.format, parser]));

export function reportParser(format: ReportFormat): ReportParser {
  const parser = byFormat.get(format);
  if (!parser) throw new Error(`No parser for ${format}`);
  return parser;
}

/** Parses a report of a known format; the generator returns the tool that wrote it. */
export function parseReport(
  format: ReportFormat,
  input: AsyncIterable<Uint8Array>,
): AsyncGenerator<ParsedItem, ReportTool> {
  return reportParser(format).parse(input);
}
