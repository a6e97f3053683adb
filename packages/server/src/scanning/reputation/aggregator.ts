import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import type { Category, DnsblEngine } from "./engines.ts";

/**
 * The reputation aggregator: one subject (an IP address or a domain) asked of every blocklist of its
 * kind over DNS, each answer read through the engine's code map. Three verdicts, never more: LISTED,
 * NOT_LISTED (NXDOMAIN, or the list's own "clean" answer), NO_ANSWER (timeout, SERVFAIL, a refusal
 * such as 127.255.255.x, a skipped engine). Only engines that answered count towards the rate.
 */

export type Verdict = "LISTED" | "NOT_LISTED" | "NO_ANSWER";

export interface EngineVerdict {
  engine: string;
  zone: string;
  verdict: Verdict;
  category: Category | null;
  /** The A records the list answered (empty for NXDOMAIN and failures). */
  answers: string[];
  /** The listing's explanation page; only for LISTED. */
  reference: string | null;
  /** Why it did not answer (a timeout, SERVFAIL, a refusal, the breaker); null otherwise. */
  detail: string | null;
  /** Seconds the query took; null when the engine was not asked (breaker open, aborted). */
  elapsed: number | null;
}

export interface ReputationSettings {
  /** DNS servers (`ip` or `ip:port`, `[v6]:port`); empty: the system's. */
  servers: string[];
  timeoutMs: number;
  concurrency: number;
  /** Consecutive failures after which an engine is skipped for `breakerCooldownMs`. */
  breakerThreshold: number;
  breakerCooldownMs: number;
}

export const DEFAULT_REPUTATION: ReputationSettings = {
  servers: [],
  timeoutMs: 3_000,
  concurrency: 10,
  breakerThreshold: 5,
  breakerCooldownMs: 10 * 60_000,
};

/** The name to ask: IPv4 reversed by octet, IPv6 by nibble (RFC 5782 §2.1, §2.4), a domain as is. */
export function queryName(subject: string, engine: DnsblEngine): string | null {
  const version = isIP(subject);
  if (engine.kind === "ip") {
    if (version === 4) return `${subject.split(".").reverse().join(".")}.${engine.zone}`;
    if (version === 6) return `${ipv6Nibbles(subject)}.${engine.zone}`;
    return null;
  }
  if (version !== 0) return null;
  const domain = subject.toLowerCase().replace(/\.$/, "");
  return domain ? `${domain}.${engine.zone}` : null;
}

export function ipv6Nibbles(address: string): string {
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => "0"), ...right];
  return groups
    .map((g) => g.padStart(4, "0"))
    .join("")
    .split("")
    .reverse()
    .join(".");
}

/** What a list's A records mean under its code map. */
export function readAnswer(
  engine: DnsblEngine,
  answers: string[],
): { verdict: Verdict; category: Category | null; detail: string | null } {
  const categories: Category[] = [];
  for (const answer of answers) {
    const octets = answer.split(".").map(Number);
    if (octets.length !== 4 || octets[0] !== 127) {
      return { verdict: "NO_ANSWER", category: null, detail: `Not a blocklist answer: ${answer}.` };
    }
    if (octets[1] === 255 && octets[2] === 255) {
      return { verdict: "NO_ANSWER", category: null, detail: `The list refused the query (${answer}).` };
    }
    const coded = engine.codes?.[answer];
    if (coded === "error")
      return { verdict: "NO_ANSWER", category: null, detail: `The list refused the query (${answer}).` };
    if (coded === "clean") continue;
    if (coded) {
      categories.push(coded);
      continue;
    }
    if (engine.bits) {
      const mask = octets[3] ?? 0;
      const set = Object.entries(engine.bits).filter(([bit]) => (mask & Number(bit)) !== 0);
      if (set.length > 0) {
        categories.push(...set.map(([, category]) => category));
        continue;
      }
    }
    categories.push("listed");
  }
  if (categories.length > 0) return { verdict: "LISTED", category: mostSevere(categories), detail: null };
  // No answers, or only the list's "known good" ones.
  return { verdict: "NOT_LISTED", category: null, detail: null };
}

/** Categories from the worst down: the one a listing is shown and rated by when a list gives several. */
export const CATEGORY_ORDER: readonly Category[] = [
  "malware",
  "phishing",
  "botnet",
  "exploited",
  "spam",
  "abuse",
  "bruteforce",
  "proxy",
  "backscatter",
  "suspicious",
  "tor",
  "new-domain",
  "policy",
  "listed",
];

const mostSevere = (categories: Category[]) =>
  [...categories].sort((a, b) => CATEGORY_ORDER.indexOf(a) - CATEGORY_ORDER.indexOf(b))[0] ?? "listed";

/** Percent of the engines that answered which listed the subject, one decimal; 0 when none answered. */
export function detectionRate(verdicts: readonly { verdict: Verdict }[]): number {
  const answered = verdicts.filter((v) => v.verdict !== "NO_ANSWER").length;
  if (answered === 0) return 0;
  const detected = verdicts.filter((v) => v.verdict === "LISTED").length;
  return Math.round((detected / answered) * 1000) / 10;
}

/**
 * Skips an engine that keeps failing: after `threshold` consecutive failures it is open (not asked,
 * NO_ANSWER) for the cool-down, then asked again; one answer closes it. A dead or rate-limiting list
 * then costs one timeout per cool-down, not one per subject.
 */
export class CircuitBreaker {
  private readonly failures = new Map<string, number>();
  private readonly openUntil = new Map<string, number>();
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  constructor(threshold: number, cooldownMs: number, now: () => number = Date.now) {
    this.threshold = threshold;
    this.cooldownMs = cooldownMs;
    this.now = now;
  }

  isOpen(engine: string): boolean {
    const until = this.openUntil.get(engine);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.openUntil.delete(engine);
    return false;
  }

  succeeded(engine: string) {
    this.failures.delete(engine);
  }

  failed(engine: string) {
    const count = (this.failures.get(engine) ?? 0) + 1;
    this.failures.set(engine, count);
    if (count >= this.threshold) {
      this.openUntil.set(engine, this.now() + this.cooldownMs);
      this.failures.delete(engine);
    }
  }
}

/** Runs `tasks` with at most `limit` at a time, results in the tasks' order. */
async function pooled<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

const dnsCode = (error: unknown) => (error as { code?: string }).code ?? "";

export class ReputationAggregator {
  readonly breaker: CircuitBreaker;
  readonly engines: readonly DnsblEngine[];
  readonly settings: ReputationSettings;
  constructor(engines: readonly DnsblEngine[], settings: ReputationSettings) {
    this.engines = engines;
    this.settings = settings;
    this.breaker = new CircuitBreaker(settings.breakerThreshold, settings.breakerCooldownMs);
  }

  /** Every engine of the subject's kind, in list order; an empty list when no engine takes it. */
  async check(subject: string, signal?: AbortSignal): Promise<EngineVerdict[]> {
    const engines = this.engines.filter((e) => queryName(subject, e) !== null);
    return await pooled(
      engines.map((engine) => () => this.ask(engine, subject, signal)),
      this.settings.concurrency,
    );
  }

  private async ask(engine: DnsblEngine, subject: string, signal?: AbortSignal): Promise<EngineVerdict> {
    const base = { engine: engine.name, zone: engine.zone, answers: [] as string[], category: null, reference: null };
    if (signal?.aborted) return { ...base, verdict: "NO_ANSWER", detail: "The scan was aborted.", elapsed: null };
    if (this.breaker.isOpen(engine.name)) {
      return {
        ...base,
        verdict: "NO_ANSWER",
        detail: "Skipped: this list failed repeatedly and is resting.",
        elapsed: null,
      };
    }
    const name = queryName(subject, engine) ?? "";
    // One resolver per query: cancelling it (abort, our own deadline) cancels this query only.
    const resolver = new Resolver({ timeout: this.settings.timeoutMs, tries: 1 });
    if (this.settings.servers.length > 0) resolver.setServers(this.settings.servers);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started) / 1000;
    const onAbort = () => resolver.cancel();
    signal?.addEventListener("abort", onAbort, { once: true });
    // c-ares's timeout is per try and grows; this bounds the whole query.
    const deadline = setTimeout(() => resolver.cancel(), this.settings.timeoutMs + 500);
    try {
      const answers = await resolver.resolve4(name);
      const read = readAnswer(engine, answers);
      if (read.verdict === "NO_ANSWER") this.breaker.failed(engine.name);
      else this.breaker.succeeded(engine.name);
      return {
        ...base,
        answers,
        verdict: read.verdict,
        category: read.category,
        detail: read.detail,
        reference:
          read.verdict === "LISTED" ? engine.reference.replace("{subject}", encodeURIComponent(subject)) : null,
        elapsed: elapsed(),
      };
    } catch (error) {
      const code = dnsCode(error);
      if (code === "ENOTFOUND" || code === "ENODATA") {
        this.breaker.succeeded(engine.name);
        return { ...base, verdict: "NOT_LISTED", detail: null, elapsed: elapsed() };
      }
      if (signal?.aborted) return { ...base, verdict: "NO_ANSWER", detail: "The scan was aborted.", elapsed: null };
      this.breaker.failed(engine.name);
      const detail =
        code === "ETIMEOUT" || code === "ECANCELLED"
          ? `No answer within ${this.settings.timeoutMs} ms.`
          : code === "ESERVFAIL"
            ? "The list's server failed (SERVFAIL)."
            : `The query failed (${code || (error as Error).message}).`;
      return { ...base, verdict: "NO_ANSWER", detail, elapsed: elapsed() };
    } finally {
      clearTimeout(deadline);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
