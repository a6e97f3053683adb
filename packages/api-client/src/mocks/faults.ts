import { delay, HttpResponse } from "msw";
import type { Method } from "./typed.ts";

/**
 * The static-mode fault hook: a tester (or an e2e test) makes chosen operations fail in the
 * running demo by writing a rule set to localStorage, without touching the handlers:
 *
 * ```js
 * localStorage.setItem("sentinel.static.faults", JSON.stringify({
 *   "GET /api/v1/ticket/": "500",          // one operation, one method
 *   "/api/v1/networkva/*": "network",      // every method of every network path
 *   "GET /api/v1/user/profile/": "pass",   // answered normally (rules are tried in order)
 *   "GET *": "fuzz",                       // schema-valid random bodies, seeded
 * }));
 * localStorage.setItem("sentinel.static.fuzzSeed", "7");
 * ```
 *
 * Keys are the contract's path templates (`{id}` as written in openapi.yaml), optionally after an
 * upper-case method and a space; `*` matches any run of characters. The first matching key wins.
 * Rules are read on every request, so a change takes effect on the next call. Only the browser
 * demo reads them (`startStaticMode` switches the hook on); Storybook and node tests do not.
 */

export const FAULTS_STORAGE_KEY = "sentinel.static.faults";
/** Seed of the `fuzz` fault (an integer; 1 when missing). */
export const FUZZ_SEED_STORAGE_KEY = "sentinel.static.fuzzSeed";

export type FaultKind =
  /** Answered by the handler as usual: lets a later, broader rule skip one operation. */
  | "pass"
  /** An HTTP error status with a DRF-style body (400–599). */
  | `${number}`
  /** fetch rejects, as when the server cannot be reached. */
  | "network"
  /** No answer ever comes; the client's request time-out has to give up. */
  | "timeout"
  /** A 200 whose body claims to be JSON but does not parse. */
  | "malformed"
  /** A schema-valid random body for the operation's success response (see fuzz.ts). */
  | "fuzz";

export interface FaultRule {
  method: Method | null;
  pattern: RegExp;
  kind: FaultKind;
}

const METHODS: readonly Method[] = ["get", "post", "put", "patch", "delete"];
const NAMED_KINDS = new Set(["pass", "network", "timeout", "malformed", "fuzz"]);

export function isFaultKind(value: unknown): value is FaultKind {
  if (typeof value === "number") return Number.isInteger(value) && value >= 400 && value <= 599;
  if (typeof value !== "string") return false;
  if (NAMED_KINDS.has(value)) return true;
  return /^[45]\d\d$/.test(value);
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}

/**
 * The rules in a stored value. Anything unusable (not JSON, not an object, an unknown kind, a key
 * with an unknown method) is skipped with a warning, so a typo never breaks the demo.
 */
export function parseFaults(raw: string | null, warn: (message: string) => void = () => {}): FaultRule[] {
  if (raw === null || raw.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    warn(`${FAULTS_STORAGE_KEY} is not valid JSON; no faults.`);
    return [];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    warn(`${FAULTS_STORAGE_KEY} must hold an object of "path pattern": "fault kind"; no faults.`);
    return [];
  }
  const rules: FaultRule[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (!isFaultKind(value)) {
      warn(`${FAULTS_STORAGE_KEY}: ignoring "${key}" (unknown fault ${JSON.stringify(value)}).`);
      continue;
    }
    const match = /^([A-Za-z]+)\s+(.+)$/.exec(key.trim());
    const method = match ? (match[1]?.toLowerCase() as Method) : null;
    if (method !== null && !METHODS.includes(method)) {
      warn(`${FAULTS_STORAGE_KEY}: ignoring "${key}" (unknown method).`);
      continue;
    }
    const glob = match ? (match[2] ?? "") : key.trim();
    rules.push({ method, pattern: globToRegExp(glob), kind: String(value) as FaultKind });
  }
  return rules;
}

/** The fault for one operation (`path` in the contract's spelling), or null to answer normally. */
export function findFault(
  rules: readonly FaultRule[],
  method: Method,
  path: string,
): Exclude<FaultKind, "pass"> | null {
  for (const rule of rules) {
    if (rule.method !== null && rule.method !== method) continue;
    if (!rule.pattern.test(path)) continue;
    return rule.kind === "pass" ? null : (rule.kind as Exclude<FaultKind, "pass">);
  }
  return null;
}

export function parseFuzzSeed(raw: string | null): number {
  const seed = Number(raw);
  return raw !== null && Number.isSafeInteger(seed) ? seed : 1;
}

const ERROR_BODIES: Record<number, { detail: string }> = {
  400: { detail: "Invalid data." },
  401: { detail: "Given token not valid for any token type" },
  403: { detail: "You do not have permission to perform this action." },
  404: { detail: "Not found." },
  500: { detail: "A server error occurred." },
};

/**
 * The response for a fault (what mockError, mockNetworkError, mockMalformedJson and mockLoading
 * answer in stories), or for `fuzz` a random body from the operation's success schema.
 */
export async function faultResponse(
  kind: Exclude<FaultKind, "pass">,
  operation: { method: Method; path: string; fuzzSeed: () => number },
): Promise<Response> {
  switch (kind) {
    case "network":
      return HttpResponse.error();
    case "timeout":
      await delay("infinite");
      return new HttpResponse(null, { status: 204 });
    case "malformed":
      return new HttpResponse('{"results": [', { status: 200, headers: { "Content-Type": "application/json" } });
    case "fuzz": {
      // Loaded on first use: the generator and the contract it reads stay out of the demo's start-up.
      const { fuzzResponse } = await import("./fuzz.ts");
      const answer = fuzzResponse(operation.method, operation.path, operation.fuzzSeed());
      return answer.body === undefined
        ? new HttpResponse(null, { status: answer.status })
        : HttpResponse.json(answer.body as Parameters<typeof HttpResponse.json>[0], { status: answer.status });
    }
    default: {
      const status = Number(kind);
      return HttpResponse.json(ERROR_BODIES[status] ?? { detail: `Request failed with status ${status}.` }, {
        status,
      });
    }
  }
}

let source: (() => { faults: string | null; seed: string | null }) | null = null;
let cache: { raw: string | null; rules: FaultRule[] } = { raw: null, rules: [] };

/**
 * Switches the hook on with where to read the rules from (the browser demo passes localStorage),
 * or off with null.
 */
export function setFaultSource(read: (() => { faults: string | null; seed: string | null }) | null): void {
  source = read;
  cache = { raw: null, rules: [] };
}

/** The fault in force for an operation right now (null when the hook is off or nothing matches). */
export function activeFault(method: Method, path: string): Exclude<FaultKind, "pass"> | null {
  if (!source) return null;
  const raw = source().faults;
  if (raw !== cache.raw) cache = { raw, rules: parseFaults(raw, (message) => console.warn(message)) };
  return findFault(cache.rules, method, path);
}

/** The fuzz seed in force. */
export function activeFuzzSeed(): number {
  return parseFuzzSeed(source?.().seed ?? null);
}
