import { type ContractOperation, contractOperations, type JsonSchema, resolveRef } from "./contract.ts";
import { createRng, hashSeed, type Rng } from "./prng.ts";
import { HOSTILE_VALUES } from "./seed/hostile.ts";
import type { Method } from "./typed.ts";

/**
 * Seeded, schema-valid random bodies for any operation of openapi.yaml: the `fuzz` fault of the
 * static-mode fault hook (faults.ts). Every value satisfies the operation's success schema (a unit
 * test checks 20 seeds per operation with Ajv), but leans on the edges a backend is allowed to send:
 * empty and very long strings, markup and `javascript:` URLs, right-to-left text, nulls wherever
 * the contract allows them, empty and inconsistent lists, zero, negative and huge numbers, dates far
 * in the past or future.
 */

const MAX_DEPTH = 7;

/** Strings any plain `type: string` may hold. */
const STRINGS: readonly string[] = [
  "",
  " ",
  "a",
  "Northwind Logistics",
  "0",
  "null",
  "undefined",
  "NaN",
  "__proto__",
  "constructor",
  "<b>bold</b>",
  "line one\nline two",
  "tab\tseparated",
  "emoji 🛡️🔥 ✓",
  "zero\u200Bwidth",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point.
  "%s %d {{0}} ${x}",
  "../../etc/passwd",
  "a".repeat(600),
  ...HOSTILE_VALUES,
];

const URIS: readonly string[] = [
  "https://example.com/",
  "https://example.com/path?q=1#frag",
  "http://192.0.2.10:8080/admin",
  "javascript:window.__xss=1",
  "data:text/html,%3Cscript%3Ewindow.__xss=1%3C/script%3E",
  `https://example.com/${"long-segment/".repeat(40)}`,
];

const EMAILS: readonly string[] = [
  "admin@example.com",
  "a@b.co",
  `${"very.long.local.part".repeat(5)}@example.org`,
  "o'brien+tag@example.net",
];

const DATE_TIMES: readonly string[] = [
  "1970-01-01T00:00:00Z",
  "2026-11-21T12:00:00Z",
  "2026-11-21T23:59:59.999+07:00",
  "2099-12-31T23:59:59Z",
  "2000-02-29T00:00:00-12:00",
];

/** Patterns the contract uses on response fields, with a generator for each. */
const PATTERNS: Record<string, (rng: Rng) => string> = {
  "^INV-.{8}$": (rng) => `INV-${rng.pick(["<b>x</b>", "        ", rng.code(8)])}`,
  "^[0-9]{6}$": (rng) => rng.code(6, "0123456789"),
};

interface State {
  rng: Rng;
  /** Ids are unique within one body: a backend never repeats a row, and lists key rows by id. */
  nextId: number;
}

function randomDateTime(rng: Rng): string {
  if (rng.chance(0.4)) return rng.pick(DATE_TIMES);
  const ms = Date.UTC(1990, 0, 1) + Math.floor(rng.next() * (Date.UTC(2080, 0, 1) - Date.UTC(1990, 0, 1)));
  return new Date(ms).toISOString();
}

function randomString(schema: JsonSchema, state: State): string {
  const { rng } = state;
  const pattern = typeof schema.pattern === "string" ? schema.pattern : null;
  if (pattern) {
    const make = PATTERNS[pattern];
    if (!make) throw new Error(`fuzz: no generator for the pattern ${pattern}`);
    return make(rng);
  }
  let value: string;
  switch (schema.format) {
    case "date-time":
      value = randomDateTime(rng);
      break;
    case "date":
      value = randomDateTime(rng).slice(0, 10);
      break;
    case "email":
      value = rng.pick(EMAILS);
      break;
    case "uri":
      value = rng.pick(URIS);
      break;
    default:
      value = rng.chance(0.3) ? `${rng.code(rng.int(1, 12), "abcdefghijklmnopqrstuvwxyz ")}` : rng.pick(STRINGS);
  }
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  while (value.length < min) value += "x";
  // The long hostile strings stop at a field's limit: a body past it would not be schema-valid.
  // JSON Schema counts code points, so a cut never splits a surrogate pair.
  if (typeof schema.maxLength === "number") value = Array.from(value).slice(0, schema.maxLength).join("");
  return value;
}

function randomNumber(schema: JsonSchema, state: State, integer: boolean): number {
  const { rng } = state;
  const min =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + (integer ? 1 : 0.01)
        : null;
  const max = typeof schema.maximum === "number" ? schema.maximum : null;
  const candidates = integer
    ? [0, 1, 2, 7, 10, 99, 1000, 65535, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1000]
    : [0, 0.5, 1, 9.99, 33.333333, 100, 1e6, 1.5e12, -0.01, -250];
  let value = rng.chance(0.3) && min !== null && max !== null ? rng.int(min, max) : rng.pick(candidates);
  if (!integer && rng.chance(0.3)) value = Math.round(rng.next() * 100_000) / 100;
  if (min !== null && value < min) value = min;
  if (max !== null && value > max) value = max;
  return integer ? Math.trunc(value) : value;
}

function arrayLength(schema: JsonSchema, state: State, depth: number): number {
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : depth >= MAX_DEPTH - 2 ? min : 5;
  if (state.rng.chance(0.15)) return min;
  return state.rng.int(min, Math.max(min, max));
}

function generate(schema: JsonSchema, state: State, depth: number, key: string | null): unknown {
  const { rng } = state;
  if (typeof schema.$ref === "string") return generate(resolveRef(schema.$ref), state, depth, key);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum as unknown[]);

  if (Array.isArray(schema.allOf)) {
    const merged: Record<string, unknown> = {};
    for (const member of schema.allOf as JsonSchema[]) {
      Object.assign(merged, generate(member, state, depth, key) as Record<string, unknown>);
    }
    return merged;
  }

  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches)) {
    const nullBranch = branches.find((b) => b.type === "null");
    // Deep down, prefer null so recursion ends; elsewhere null now and then.
    if (nullBranch && (depth >= MAX_DEPTH || rng.chance(0.25))) return null;
    const others = branches.filter((b) => b !== nullBranch);
    return generate(rng.pick(others.length ? others : branches), state, depth, key);
  }

  let type = schema.type;
  if (Array.isArray(type)) {
    const types = type as string[];
    type =
      types.includes("null") && (depth >= MAX_DEPTH || rng.chance(0.25))
        ? "null"
        : rng.pick(types.filter((t) => t !== "null"));
  }
  if (type === undefined && schema.properties) type = "object";

  switch (type) {
    case "null":
      return null;
    case "boolean":
      return rng.chance(0.5);
    case "integer":
      if (key === "id") {
        state.nextId += rng.int(1, 50);
        return state.nextId;
      }
      return randomNumber(schema, state, true);
    case "number":
      return randomNumber(schema, state, false);
    case "string":
      return randomString(schema, state);
    case "array": {
      const items = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: arrayLength(schema, state, depth) }, () => generate(items, state, depth + 1, null));
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name) && (depth >= MAX_DEPTH || rng.chance(0.4))) continue;
        out[name] = generate(property, state, depth + 1, name);
      }
      return out;
    }
    default:
      // An unconstrained schema (`{}`): any JSON value is valid.
      return rng.pick([null, "", 0, rng.pick(STRINGS)]);
  }
}

/** A random value valid against `schema` (refs into openapi.yaml's components), from `seed`. */
export function fuzzValue(schema: JsonSchema, seed: number): unknown {
  return generate(schema, { rng: createRng(seed), nextId: createRng(seed).int(0, 1000) }, 0, null);
}

function operationFor(method: Method, path: string): ContractOperation {
  const op = contractOperations().find((o) => o.method === method && o.path === path);
  if (!op) throw new Error(`fuzz: ${method.toUpperCase()} ${path} is not in openapi.yaml`);
  return op;
}

/**
 * The status and body of a fuzzed success answer for one operation. The same seed gives the same
 * answer; each operation gets its own stream, so one seed varies every screen differently.
 */
export function fuzzResponse(method: Method, path: string, seed: number): { status: number; body: unknown } {
  const op = operationFor(method, path);
  const status = Number(op.success);
  if (!op.schema) return { status, body: undefined };
  return { status, body: fuzzValue(op.schema, (seed ^ hashSeed(`${method} ${path}`)) >>> 0) };
}
