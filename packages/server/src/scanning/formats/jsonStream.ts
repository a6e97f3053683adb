import { ReportError, type ReportFormat } from "../report.ts";
import { limits } from "./limits.ts";
import { formatLabels } from "./sniff.ts";
import { reportText } from "./textStream.ts";

/**
 * An incremental JSON reader: fed text in pieces of any size, it builds in memory only the values at
 * "record" paths (one SARIF result, one ZAP alert) and hands each over as soon as it closes; every
 * other scalar is reported with its path and dropped. So memory follows the largest record, not the
 * report. Objects it builds have no prototype, so a "__proto__" key in a report is just a key.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export type JsonPath = readonly (string | number)[];

export type JsonEvent =
  | { kind: "record"; path: JsonPath; value: JsonValue }
  | { kind: "scalar"; path: JsonPath; value: string | number | boolean | null };

/** Malformed JSON, with the 1-based line where reading stopped. */
export class JsonStreamError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/** What the reader expects next in an open object or array; `done` is for the document itself. */
const S = {
  keyOrEnd: 0,
  key: 1,
  colon: 2,
  value: 3,
  valueOrEnd: 4,
  commaOrEnd: 5,
  done: 6,
} as const;
type State = (typeof S)[keyof typeof S];

interface Frame {
  array: boolean;
  key: string | number;
  state: State;
  /** Only inside a record: the object or array being built. */
  value: JsonObject | JsonValue[] | null;
}

const simpleEscapes: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

const numberPattern = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export class JsonStreamReader {
  line = 1;
  private readonly frames: Frame[] = [];
  private rootState: State = S.value;
  /** Index in `frames` of the record being built, or -1. */
  private recordFrame = -1;
  private recordLine = 0;
  private recordChars = 0;
  private recordStartsNext = false;
  private mode: "token" | "string" | "literal" = "token";
  private stringIsKey = false;
  private stringParts: string[] = [];
  private stringLength = 0;
  private escape: "" | "\\" | "u" = "";
  private unicodeHex = "";
  private literal = "";
  private events: JsonEvent[] = [];

  private readonly isRecord: (path: JsonPath) => boolean;
  /** Names the record at a path for messages ("an alert"). */
  private readonly describe: (path: JsonPath) => string;

  constructor(isRecord: (path: JsonPath) => boolean, describe: (path: JsonPath) => string) {
    this.isRecord = isRecord;
    this.describe = describe;
  }

  /** Reads the next piece and returns the events it completed. */
  write(text: string): JsonEvent[] {
    this.events = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.mode === "string") {
        i = this.readString(text, i);
        continue;
      }
      if (this.mode === "literal") {
        i = this.readLiteral(text, i);
        continue;
      }
      const c = text.charCodeAt(i);
      i++;
      if (c === 0x20 || c === 0x09 || c === 0x0d) continue;
      if (c === 0x0a) {
        this.line++;
        continue;
      }
      this.token(c);
    }
    if (this.recordFrame >= 0) {
      this.recordChars += n;
      if (this.recordChars > limits.recordChars) {
        throw new JsonStreamError(
          `${this.describe(this.path())} starting at line ${this.recordLine} is larger than ${limits.recordChars / 1_000_000} million characters`,
          this.line,
        );
      }
    }
    return this.events;
  }

  /** The input is over: throws if the document is not complete. */
  end(): JsonEvent[] {
    this.events = [];
    if (this.mode === "literal") this.finishLiteral();
    if (this.rootState !== S.done || this.mode === "string") {
      if (this.recordFrame >= 0) {
        throw new JsonStreamError(
          `ends in the middle of ${this.describe(this.recordPath())} (line ${this.recordLine})`,
          this.line,
        );
      }
      throw new JsonStreamError(
        this.rootState === S.value && this.frames.length === 0
          ? "is empty"
          : `ends before it is complete (line ${this.line})`,
        this.line,
      );
    }
    return this.events;
  }

  private fail(message: string): never {
    throw new JsonStreamError(`is not valid JSON at line ${this.line}: ${message}`, this.line);
  }

  private path(): (string | number)[] {
    return this.frames.map((frame) => frame.key);
  }

  private recordPath(): (string | number)[] {
    return this.frames.slice(0, this.recordFrame + 1).map((frame) => frame.key);
  }

  private top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  private token(c: number): void {
    const frame = this.top();
    switch (c) {
      case 0x7b: // {
      case 0x5b: {
        // [
        this.beginValue();
        const array = c === 0x5b;
        const building = this.recordFrame >= 0 || this.recordStartsNext;
        if (this.recordStartsNext) {
          this.recordFrame = this.frames.length;
          this.recordLine = this.line;
          this.recordChars = 0;
          this.recordStartsNext = false;
        }
        if (this.frames.length >= limits.nesting) this.fail(`nesting deeper than ${limits.nesting} levels`);
        this.frames.push({
          array,
          key: array ? 0 : "",
          state: array ? S.valueOrEnd : S.keyOrEnd,
          value: building ? (array ? [] : (Object.create(null) as JsonObject)) : null,
        });
        return;
      }
      case 0x7d: // }
      case 0x5d: {
        // ]
        const array = c === 0x5d;
        if (
          !frame ||
          frame.array !== array ||
          !(frame.state === S.commaOrEnd || frame.state === (array ? S.valueOrEnd : S.keyOrEnd))
        ) {
          this.fail(`unexpected "${String.fromCharCode(c)}"`);
        }
        this.frames.pop();
        const isRecordRoot = this.recordFrame === this.frames.length;
        this.completeValue(frame.value as JsonValue, isRecordRoot, true);
        return;
      }
      case 0x2c: // ,
        if (!frame || frame.state !== S.commaOrEnd) this.fail('unexpected ","');
        if (frame.array) {
          frame.key = (frame.key as number) + 1;
          frame.state = S.value;
        } else {
          frame.state = S.key;
        }
        return;
      case 0x3a: // :
        if (!frame || frame.state !== S.colon) this.fail('unexpected ":"');
        frame.state = S.value;
        return;
      case 0x22: // "
        if (frame && !frame.array && (frame.state === S.key || frame.state === S.keyOrEnd)) {
          this.stringIsKey = true;
        } else {
          this.beginValue();
          this.stringIsKey = false;
        }
        this.mode = "string";
        this.stringParts = [];
        this.stringLength = 0;
        return;
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e) {
          this.beginValue();
          this.mode = "literal";
          this.literal = String.fromCharCode(c);
          return;
        }
        this.fail(`unexpected character "${String.fromCharCode(c)}"`);
    }
  }

  /** Checks that a value may start here and whether it starts a record. */
  private beginValue(): void {
    const frame = this.top();
    if (frame) {
      const expected = frame.state === S.value || (frame.array && frame.state === S.valueOrEnd);
      if (!expected) this.fail("a value where it does not belong");
    } else if (this.rootState !== S.value) {
      this.fail("more content after the end of the document");
    }
    this.recordStartsNext = this.recordFrame < 0 && this.isRecord(this.path());
  }

  private completeValue(value: JsonValue, isRecordRoot: boolean, isContainer: boolean): void {
    const parent = this.top();
    if (isRecordRoot) {
      this.events.push({ kind: "record", path: this.path(), value });
      this.recordFrame = -1;
    } else if (this.recordFrame >= 0 && parent?.value) {
      if (parent.array) (parent.value as JsonValue[]).push(value);
      else (parent.value as JsonObject)[parent.key as string] = value;
    } else if (!isContainer) {
      this.events.push({ kind: "scalar", path: this.path(), value: value as string | number | boolean | null });
    }
    if (parent) parent.state = S.commaOrEnd;
    else this.rootState = S.done;
  }

  private completeScalar(value: string | number | boolean | null): void {
    const startsRecord = this.recordStartsNext;
    this.recordStartsNext = false;
    if (startsRecord) {
      this.events.push({ kind: "record", path: this.path(), value });
      const parent = this.top();
      if (parent) parent.state = S.commaOrEnd;
      else this.rootState = S.done;
      return;
    }
    this.completeValue(value, false, false);
  }

  private readString(text: string, start: number): number {
    let i = start;
    const n = text.length;
    while (i < n) {
      if (this.escape === "u") {
        while (i < n && this.unicodeHex.length < 4) this.unicodeHex += text[i++];
        if (this.unicodeHex.length < 4) return i;
        if (!/^[0-9a-fA-F]{4}$/.test(this.unicodeHex)) this.fail("a bad \\u escape in a string");
        this.appendString(String.fromCharCode(Number.parseInt(this.unicodeHex, 16)));
        this.escape = "";
        continue;
      }
      if (this.escape === "\\") {
        const e = text[i++];
        if (e === "u") {
          this.escape = "u";
          this.unicodeHex = "";
          continue;
        }
        const decoded = e === undefined ? undefined : simpleEscapes[e];
        if (decoded === undefined) this.fail(`a bad escape "\\${e}" in a string`);
        this.appendString(decoded);
        this.escape = "";
        continue;
      }
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 0x22 || c === 0x5c) break;
        if (c < 0x20) this.fail("a control character inside a string");
        j++;
      }
      if (j > i) this.appendString(text.slice(i, j));
      if (j === n) return n;
      i = j + 1;
      if (text.charCodeAt(j) === 0x5c) {
        this.escape = "\\";
        continue;
      }
      this.mode = "token";
      const value = this.stringParts.join("");
      this.stringParts = [];
      if (this.stringIsKey) {
        const frame = this.top() as Frame;
        frame.key = value;
        frame.state = S.colon;
      } else {
        this.completeScalar(value);
      }
      return i;
    }
    return i;
  }

  /** Keeps at most `limits.rawString` characters of a string; the rest is read and dropped. */
  private appendString(part: string): void {
    const room = limits.rawString - this.stringLength;
    if (room <= 0) return;
    const kept = part.length > room ? part.slice(0, room) : part;
    this.stringParts.push(kept);
    this.stringLength += kept.length;
  }

  private readLiteral(text: string, start: number): number {
    let i = start;
    while (i < text.length && /[0-9a-zA-Z.+-]/.test(text[i] as string)) {
      if (this.literal.length > 64) this.fail("a number or word that is too long");
      this.literal += text[i++];
    }
    if (i < text.length) this.finishLiteral();
    return i;
  }

  private finishLiteral(): void {
    const literal = this.literal;
    this.mode = "token";
    this.literal = "";
    const words: Record<string, boolean | null> = { true: true, false: false, null: null };
    if (Object.hasOwn(words, literal)) {
      this.completeScalar(words[literal] as boolean | null);
      return;
    }
    if (!numberPattern.test(literal)) this.fail(`"${literal}" is not a JSON value`);
    this.completeScalar(Number(literal));
  }
}

/** Whether a path matches a pattern, where "*" stands for any array index. */
export function pathIs(path: JsonPath, pattern: readonly string[]): boolean {
  if (path.length !== pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i];
    const got = path[i];
    if (want === "*" ? typeof got !== "number" : got !== want) return false;
  }
  return true;
}

/**
 * A report's JSON as batches of events, one batch per chunk read; malformed JSON becomes a
 * `ReportError` naming the format and the line.
 */
export async function* jsonEvents(
  input: AsyncIterable<Uint8Array>,
  format: ReportFormat,
  isRecord: (path: JsonPath) => boolean,
  describe: (path: JsonPath) => string,
): AsyncGenerator<JsonEvent[]> {
  const reader = new JsonStreamReader(isRecord, describe);
  const label = formatLabels[format];
  const wrap = (error: unknown) =>
    error instanceof JsonStreamError ? new ReportError(`This ${label} report ${error.message}.`) : error;
  for await (const text of reportText(input, format)) {
    let events: JsonEvent[];
    try {
      events = reader.write(text);
    } catch (error) {
      throw wrap(error);
    }
    if (events.length) yield events;
  }
  let last: JsonEvent[];
  try {
    last = reader.end();
  } catch (error) {
    throw wrap(error);
  }
  if (last.length) yield last;
}

/** A record's object, or an empty one when the record is not an object. */
export function asObject(value: JsonValue | undefined): JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value
    : (Object.create(null) as JsonObject);
}

export function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** A string or number field as a string, or null. */
export function asString(value: JsonValue | undefined): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}
