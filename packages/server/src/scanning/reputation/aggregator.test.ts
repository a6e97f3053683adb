import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsAnswer, startDnsServer } from "../../../test/dnsblServer.ts";
import {
  CircuitBreaker,
  DEFAULT_REPUTATION,
  detectionRate,
  ipv6Nibbles,
  queryName,
  ReputationAggregator,
  readAnswer,
} from "./aggregator.ts";
import { DNSBL_ENGINES, type DnsblEngine } from "./engines.ts";

const engine = (name: string) => {
  const found = DNSBL_ENGINES.find((e) => e.name === name);
  if (!found) throw new Error(`no engine ${name}`);
  return found;
};

describe("the engine list", () => {
  it("has about fifty engines with unique names, both kinds, and a reference template each", () => {
    expect(DNSBL_ENGINES.length).toBeGreaterThanOrEqual(45);
    expect(new Set(DNSBL_ENGINES.map((e) => e.name)).size).toBe(DNSBL_ENGINES.length);
    expect(new Set(DNSBL_ENGINES.map((e) => `${e.kind}:${e.zone}`)).size).toBe(DNSBL_ENGINES.length);
    expect(DNSBL_ENGINES.filter((e) => e.kind === "ip").length).toBeGreaterThan(20);
    expect(DNSBL_ENGINES.filter((e) => e.kind === "domain").length).toBeGreaterThan(10);
    for (const e of DNSBL_ENGINES) expect(e.reference).toMatch(/^https:\/\//);
  });
});

describe("query names", () => {
  it("reverses IPv4 by octet, IPv6 by nibble, and asks domains as they are", () => {
    expect(queryName("192.0.2.99", engine("Spamhaus ZEN"))).toBe("99.2.0.192.zen.spamhaus.org");
    expect(ipv6Nibbles("2001:db8::1")).toBe("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2");
    expect(queryName("::1", engine("Spamhaus ZEN"))).toBe(`1${".0".repeat(31)}.zen.spamhaus.org`);
    expect(queryName("Example.COM.", engine("Spamhaus DBL"))).toBe("example.com.dbl.spamhaus.org");
  });

  it("asks an IP list only about addresses and a domain list only about names", () => {
    expect(queryName("example.com", engine("SpamCop"))).toBeNull();
    expect(queryName("192.0.2.1", engine("Spamhaus DBL"))).toBeNull();
  });
});

describe("return codes", () => {
  it("reads Spamhaus ZEN and DBL codes as their categories", () => {
    expect(readAnswer(engine("Spamhaus ZEN"), ["127.0.0.2"])).toMatchObject({ verdict: "LISTED", category: "spam" });
    expect(readAnswer(engine("Spamhaus ZEN"), ["127.0.0.4"])).toMatchObject({ category: "exploited" });
    expect(readAnswer(engine("Spamhaus ZEN"), ["127.0.0.10"])).toMatchObject({ category: "policy" });
    expect(readAnswer(engine("Spamhaus DBL"), ["127.0.1.4"])).toMatchObject({
      verdict: "LISTED",
      category: "phishing",
    });
    expect(readAnswer(engine("Spamhaus DBL"), ["127.0.1.5"])).toMatchObject({ category: "malware" });
  });

  it("rates a multi-code answer by its worst category", () => {
    expect(readAnswer(engine("Spamhaus ZEN"), ["127.0.0.10", "127.0.0.4"])).toMatchObject({ category: "exploited" });
  });

  it("never counts Spamhaus's 127.255.255.x refusals as a listing", () => {
    for (const code of ["127.255.255.252", "127.255.255.254", "127.255.255.255"]) {
      const read = readAnswer(engine("Spamhaus ZEN"), [code]);
      expect(read.verdict).toBe("NO_ANSWER");
      expect(read.category).toBeNull();
      expect(read.detail).toContain(code);
    }
    expect(readAnswer(engine("SpamCop"), ["127.255.255.254"]).verdict).toBe("NO_ANSWER");
  });

  it("reads SURBL's and URIBL's bit masks, and URIBL's 127.0.0.1 as a refusal", () => {
    expect(readAnswer(engine("SURBL"), ["127.0.0.24"])).toMatchObject({ verdict: "LISTED", category: "malware" });
    expect(readAnswer(engine("SURBL"), ["127.0.0.8"])).toMatchObject({ category: "phishing" });
    expect(readAnswer(engine("URIBL"), ["127.0.0.2"])).toMatchObject({ verdict: "LISTED", category: "spam" });
    expect(readAnswer(engine("URIBL"), ["127.0.0.4"])).toMatchObject({ category: "suspicious" });
    expect(readAnswer(engine("URIBL"), ["127.0.0.1"]).verdict).toBe("NO_ANSWER");
  });

  it("reads a list's own clean answer as not listed, and an answer outside 127/8 as no answer", () => {
    expect(readAnswer(engine("Hostkarma"), ["127.0.0.1"])).toMatchObject({ verdict: "NOT_LISTED", category: null });
    expect(readAnswer(engine("Hostkarma"), ["127.0.0.2"])).toMatchObject({ verdict: "LISTED" });
    expect(readAnswer(engine("SpamCop"), ["198.51.100.7"]).verdict).toBe("NO_ANSWER");
  });

  it("counts an unknown 127.x code as a listing", () => {
    expect(readAnswer(engine("SpamCop"), ["127.0.0.9"])).toMatchObject({ verdict: "LISTED", category: "listed" });
  });
});

describe("detection rate", () => {
  it("divides detections by the engines that answered", () => {
    const v = (verdict: "LISTED" | "NOT_LISTED" | "NO_ANSWER") => ({ verdict });
    expect(detectionRate([v("LISTED"), v("NOT_LISTED"), v("NO_ANSWER"), v("NO_ANSWER")])).toBe(50);
    expect(detectionRate([v("LISTED"), v("NOT_LISTED"), v("NOT_LISTED")])).toBe(33.3);
    expect(detectionRate([v("NO_ANSWER"), v("NO_ANSWER")])).toBe(0);
    expect(detectionRate([])).toBe(0);
  });
});

describe("the circuit breaker", () => {
  it("opens after the threshold of consecutive failures, rests, and closes on an answer", () => {
    let now = 0;
    const breaker = new CircuitBreaker(3, 1_000, () => now);
    breaker.failed("a");
    breaker.failed("a");
    breaker.succeeded("a");
    breaker.failed("a");
    breaker.failed("a");
    expect(breaker.isOpen("a")).toBe(false);
    breaker.failed("a");
    expect(breaker.isOpen("a")).toBe(true);
    expect(breaker.isOpen("b")).toBe(false);
    now = 999;
    expect(breaker.isOpen("a")).toBe(true);
    now = 1_000;
    expect(breaker.isOpen("a")).toBe(false);
  });
});

/** RFC 5782 §5 test points for every zone: 127.0.0.2 and `test` listed, anything else not. */
function testPoints(overrides: (name: string) => DnsAnswer | null = () => null) {
  return (name: string): DnsAnswer => {
    const special = overrides(name);
    if (special) return special;
    if (name.startsWith("2.0.0.127.") || name.startsWith("test.")) return { a: ["127.0.0.2"] };
    return { rcode: "NXDOMAIN" };
  };
}

describe("the aggregator against a loopback DNS server", () => {
  const dead: DnsblEngine = {
    name: "Dead list",
    zone: "dead.invalid-list.test",
    kind: "ip",
    codes: { "127.0.0.2": "spam" },
    reference: "https://dead.invalid-list.test/{subject}",
  };
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const settings = { ...DEFAULT_REPUTATION, timeoutMs: 1_500, concurrency: 8 };

  beforeAll(async () => {
    dns = await startDnsServer(
      testPoints((name) => {
        if (name.endsWith(".dead.invalid-list.test")) return "drop";
        if (name.endsWith(".zen.spamhaus.org") && name.startsWith("3.0.0.127.")) return { a: ["127.255.255.254"] };
        if (name.endsWith(".psbl.surriel.com") && name.startsWith("3.0.0.127.")) return { rcode: "SERVFAIL" };
        return null;
      }),
    );
  });
  afterAll(async () => await dns.close());

  it("finds RFC 5782's listed test points on every list, and not the unlisted ones", async () => {
    const aggregator = new ReputationAggregator(DNSBL_ENGINES, { ...settings, servers: [dns.server] });
    const ipEngines = DNSBL_ENGINES.filter((e) => e.kind === "ip");
    const domainEngines = DNSBL_ENGINES.filter((e) => e.kind === "domain");

    const listed = await aggregator.check("127.0.0.2");
    expect(listed.map((v) => v.engine)).toEqual(ipEngines.map((e) => e.name));
    expect(listed.every((v) => v.verdict === "LISTED")).toBe(true);
    expect(detectionRate(listed)).toBe(100);
    expect(listed.find((v) => v.engine === "Spamhaus ZEN")).toMatchObject({
      category: "spam",
      answers: ["127.0.0.2"],
      reference: "https://check.spamhaus.org/results/?query=127.0.0.2",
    });

    const clean = await aggregator.check("127.0.0.1");
    expect(clean.every((v) => v.verdict === "NOT_LISTED" && v.reference === null)).toBe(true);
    expect(detectionRate(clean)).toBe(0);

    const test = await aggregator.check("test");
    expect(test.map((v) => v.engine)).toEqual(domainEngines.map((e) => e.name));
    expect(test.every((v) => v.verdict === "LISTED")).toBe(true);
    const invalid = await aggregator.check("invalid");
    expect(invalid.every((v) => v.verdict === "NOT_LISTED")).toBe(true);
    expect(dns.queries).toContain("2.0.0.127.zen.spamhaus.org");
    expect(dns.queries).toContain("test.dbl.spamhaus.org");
  });

  it("counts a refusal, a SERVFAIL and a timeout as not answered, out of the rate", async () => {
    const engines = [engine("Spamhaus ZEN"), engine("PSBL"), engine("SpamCop"), engine("Barracuda"), dead];
    const aggregator = new ReputationAggregator(engines, { ...settings, servers: [dns.server] });
    // 127.0.0.3: ZEN refuses (127.255.255.254), PSBL fails, SpamCop and Barracuda say not listed.
    const verdicts = await aggregator.check("127.0.0.3");
    const by = Object.fromEntries(verdicts.map((v) => [v.engine, v]));
    expect(by["Spamhaus ZEN"]).toMatchObject({ verdict: "NO_ANSWER", category: null, reference: null });
    expect(by["Spamhaus ZEN"]?.detail).toContain("127.255.255.254");
    expect(by.PSBL).toMatchObject({ verdict: "NO_ANSWER" });
    expect(by.PSBL?.detail).toContain("SERVFAIL");
    expect(by["Dead list"]).toMatchObject({ verdict: "NO_ANSWER" });
    expect(by["Dead list"]?.detail).toContain("No answer");
    expect(by.SpamCop?.verdict).toBe("NOT_LISTED");
    expect(detectionRate(verdicts)).toBe(0);

    const listed = await aggregator.check("127.0.0.2");
    // Four of the five answer and list it; the dead list does not answer and is out of the rate.
    expect(listed.filter((v) => v.verdict === "LISTED").map((v) => v.engine)).toEqual([
      "Spamhaus ZEN",
      "PSBL",
      "SpamCop",
      "Barracuda",
    ]);
    expect(detectionRate(listed)).toBe(100);
  }, 30_000);

  it("skips a list that keeps timing out until its cool-down ends", async () => {
    const aggregator = new ReputationAggregator([dead, engine("SpamCop")], {
      ...settings,
      servers: [dns.server],
      breakerThreshold: 2,
      breakerCooldownMs: 60_000,
    });
    const asked = () => dns.queries.filter((q) => q.endsWith(".dead.invalid-list.test")).length;
    const before = asked();
    await aggregator.check("127.0.0.1");
    await aggregator.check("127.0.0.1");
    expect(asked()).toBeGreaterThanOrEqual(before + 2);
    const afterTwo = asked();
    const third = await aggregator.check("127.0.0.2");
    expect(asked()).toBe(afterTwo);
    expect(third[0]).toMatchObject({ engine: "Dead list", verdict: "NO_ANSWER", elapsed: null });
    expect(third[0]?.detail).toContain("Skipped");
    expect(third[1]).toMatchObject({ engine: "SpamCop", verdict: "LISTED" });
    expect(detectionRate(third)).toBe(100);
  }, 30_000);
});
