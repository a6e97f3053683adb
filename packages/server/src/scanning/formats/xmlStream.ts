import { SaxesParser } from "saxes";
import { ReportError, type ReportFormat } from "../report.ts";
import { limits } from "./limits.ts";
import { formatLabels } from "./sniff.ts";
import { reportText } from "./textStream.ts";

/**
 * Streaming XML on saxes: elements outside records are reported as they open and close, and each
 * record element (an nmap <host>, a Greenbone <result>) is built as a small tree and handed over when
 * it closes. Memory follows the largest record, not the report.
 */

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  /** The element's own text (not its children's), entities decoded, CDATA included. */
  text: string;
  children: XmlNode[];
  line: number;
}

export type XmlEvent =
  | { kind: "open"; name: string; attrs: Record<string, string>; depth: number }
  | { kind: "close"; name: string; depth: number }
  | { kind: "record"; node: XmlNode; depth: number };

export interface XmlReadOptions {
  /** Accepted root element names. */
  roots: readonly string[];
  /** Whether an element, met outside any record, is one; `ancestors` are the names above it. */
  isRecord(name: string, ancestors: readonly string[]): boolean;
}

interface Open {
  name: string;
  line: number;
  node: XmlNode | null;
}

/** The first child element of that name, or undefined. */
export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

export function children(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child of that name, or null when absent or blank. */
export function childText(node: XmlNode, name: string): string | null {
  const text = child(node, name)?.text.trim();
  return text ? text : null;
}

// A bare `<!DOCTYPE nmaprun>` (nmap writes one) declares nothing; an internal subset or an external
// identifier is how XXE and entity-expansion attacks start, and no scanner report needs either.
const harmlessDoctype = /^\s*[A-Za-z_][\w.:-]*\s*$/;

export async function* xmlEvents(
  input: AsyncIterable<Uint8Array>,
  format: ReportFormat,
  options: XmlReadOptions,
): AsyncGenerator<XmlEvent[]> {
  const label = formatLabels[format];
  const parser = new SaxesParser({ position: true });
  const stack: Open[] = [];
  let recordDepth = -1;
  let recordChars = 0;
  let sawRoot = false;
  let events: XmlEvent[] = [];
  // saxes holds a text node, comment or attribute whole until it ends, so a report made of one
  // endless text would be buffered whole: the characters fed since saxes last reported are bounded.
  let charsSinceEvent = 0;

  parser.on("doctype", (doctype) => {
    if (!harmlessDoctype.test(doctype)) {
      throw new ReportError(
        `This ${label} report declares a DOCTYPE with entities or external references (line ${parser.line}); Sentinel refuses those, because they can read files on the server or expand into gigabytes.`,
      );
    }
  });
  parser.on("opentag", (tag) => {
    charsSinceEvent = 0;
    const depth = stack.length;
    const attrs = tag.attributes as Record<string, string>;
    if (depth === 0) {
      if (!options.roots.includes(tag.name)) {
        throw new ReportError(`This is not a ${label} report: its root element is <${tag.name}>.`);
      }
      sawRoot = true;
    }
    if (recordDepth >= 0) {
      const node: XmlNode = { name: tag.name, attrs, text: "", children: [], line: parser.line };
      stack[stack.length - 1]?.node?.children.push(node);
      stack.push({ name: tag.name, line: parser.line, node });
      return;
    }
    const ancestors = stack.map((open) => open.name);
    if (options.isRecord(tag.name, ancestors)) {
      recordDepth = depth;
      recordChars = 0;
      const node: XmlNode = { name: tag.name, attrs, text: "", children: [], line: parser.line };
      stack.push({ name: tag.name, line: parser.line, node });
      return;
    }
    stack.push({ name: tag.name, line: parser.line, node: null });
    events.push({ kind: "open", name: tag.name, attrs, depth });
  });
  const onText = (text: string) => {
    charsSinceEvent = 0;
    const node = stack[stack.length - 1]?.node;
    if (!node) return;
    const room = limits.rawString - node.text.length;
    if (room > 0) node.text += text.length > room ? text.slice(0, room) : text;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    charsSinceEvent = 0;
    const open = stack.pop();
    if (!open) return;
    const depth = stack.length;
    if (depth === recordDepth && open.node) {
      events.push({ kind: "record", node: open.node, depth });
      recordDepth = -1;
    } else if (recordDepth < 0) {
      events.push({ kind: "close", name: open.name, depth });
    }
  });

  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      if (error instanceof ReportError) throw error;
      const message = error instanceof Error ? error.message.replace(/^[^:]*:?\d+:\d+:\s*/, "") : String(error);
      throw new ReportError(
        `This ${label} report is not well-formed XML at line ${parser.line}, column ${parser.column + 1}: ${message}.`,
      );
    }
  };

  for await (const text of reportText(input, format)) {
    feed(text);
    charsSinceEvent += text.length;
    if (charsSinceEvent > limits.recordChars) {
      throw new ReportError(
        `This ${label} report has a text, comment or attribute longer than ${limits.recordChars / 1_000_000} million characters (line ${parser.line}).`,
      );
    }
    if (recordDepth >= 0) {
      recordChars += text.length;
      if (recordChars > limits.recordChars) {
        const open = stack[recordDepth];
        throw new ReportError(
          `This ${label} report has a <${open?.name}> (line ${open?.line}) larger than ${limits.recordChars / 1_000_000} million characters.`,
        );
      }
    }
    if (events.length) {
      yield events;
      events = [];
    }
  }
  if (!sawRoot) throw new ReportError(`This ${label} report is empty.`);
  if (stack.length) {
    const open = stack[recordDepth >= 0 ? recordDepth : stack.length - 1] as Open;
    // The innermost element is the most precise place, but the record names the item that is cut off.
    const inner = stack[stack.length - 1] as Open;
    const where = inner === open ? "" : `, inside <${inner.name}> (line ${inner.line})`;
    throw new ReportError(`This ${label} report ends in the middle of <${open.name}> (line ${open.line})${where}.`);
  }
  feed(null);
  if (events.length) yield events;
}
