/**
 * Endpoint and domain reputations, derived from ids and names exactly as static mode derives them
 * (packages/api-client/src/mocks/serialize.ts, endpointReputation and domainReputations), so both
 * modes show the same engines, verdicts and timings. The mock's PRNG and engine list are not part of
 * the api-client package's exports, so they are ported here; a change there must be made here too
 * (threat.test.ts compares the two).
 *
 * Static mode's "hostile" dataset swaps one engine's reference for a `javascript:` URL; the server
 * only ever loads the default dataset, so that branch is not ported.
 */

const ENGINES = [
  "Spamhaus",
  "SURBL",
  "AbuseIPDB",
  "PhishTank",
  "URLhaus",
  "OpenPhish",
  "SpamCop",
  "Barracuda",
  "SORBS",
  "UCEPROTECT",
  "ThreatFox",
  "Feodo Tracker",
  "CINS Army",
  "Emerging Threats",
  "Blocklist.de",
  "DShield",
  "Talos Intelligence",
  "AlienVault OTX",
  "Safe Browsing",
  "Quad9",
  "CleanTalk",
  "NiX Spam",
  "Mailspike",
  "Invaluement",
  "PSBL",
  "JustSpam",
  "DroneBL",
  "Hostkarma",
  "Backscatterer",
  "SpamRATS",
  "Lashback",
  "Manitu",
  "WPBL",
  "IPsum",
  "GreenSnow",
  "Botvrij",
  "Bambenek",
  "Spam404",
  "Phishing Army",
  "CyberCrime Tracker",
  "StopForumSpam",
  "ZeroDot1",
  "Darklist",
  "Interserver",
  "SpamEatingMonkey",
  "Threatlog",
  "Nordspam",
  "Suomispam",
  "s5h",
  "Abusix",
] as const;

/** mulberry32, as static mode's prng.ts. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createRng(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
  };
}

/** FNV-1a, as static mode's hashSeed. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const engineSlug = (engine: string) => engine.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export interface EngineResult {
  id: number;
  engine: string;
  detected: boolean;
  reference: string | null;
  confidence: number | null;
  elapsed: number | null;
}

function engineResults(seedKey: string, subject: string, detectionRate: number, withConfidence: boolean) {
  const rng = createRng(hashSeed(seedKey));
  // The order of the draws is the derivation: `chance(0.3)` is drawn only when not detected, and
  // the elapsed time's draw only when it is not null, exactly as in static mode.
  return ENGINES.map((engine): EngineResult => {
    const detected = rng.next() < detectionRate;
    return {
      id: hashSeed(`${seedKey}:${engine}`) % 1_000_000_000,
      engine,
      detected,
      reference:
        detected || rng.chance(0.3)
          ? `https://${engineSlug(engine)}.example.org/lookup/${encodeURIComponent(subject)}`
          : null,
      confidence: withConfidence ? (detected ? rng.int(60, 100) : rng.int(0, 30)) : null,
      elapsed: rng.chance(0.04) ? null : Math.round((0.05 + rng.next() * 3) * 100) / 100,
    };
  });
}

const rateOf = (detections: number, total: number) => Math.round((detections / total) * 1000) / 10;

/** A completed threat endpoint's reputation; null before the endpoint is completed. */
export function endpointReputation(e: {
  id: number;
  status: string;
  host_id: number;
  host_name: string;
  updated_at: string;
}) {
  if (e.status !== "COMPLETED") return null;
  const rate = createRng(hashSeed(`rate:${e.host_id}`)).pick([0, 0, 0.02, 0.06, 0.12, 0.3]);
  const engines = engineResults(`endpoint:${e.id}`, e.host_name, rate, false).map(
    ({ confidence: _c, ...rest }) => rest,
  );
  const detections = engines.filter((r) => r.detected).length;
  return {
    id: e.id,
    endpoint: e.host_name,
    detections,
    detection_rate: rateOf(detections, engines.length),
    scan_time: e.updated_at,
    engine_endpoint_reputations: engines,
  };
}

const FINISHED_ENOUGH = new Set(["COMPLETED", "RUNNING", "ABORTED", "FAILED"]);

/** The reputations of the domains of a scan's configuration's selected hosts, in selection order. */
export function domainReputations(
  scan: { id: number; status: string; start_scan: string | null; end_scan: string | null },
  domains: readonly string[],
) {
  if (!FINISHED_ENOUGH.has(scan.status)) return [];
  return [...new Set(domains)].map((domain) => {
    const rate = createRng(hashSeed(`domain-rate:${domain}`)).pick([0, 0, 0.04, 0.1, 0.24]);
    const engines = engineResults(`domain:${scan.id}:${domain}`, domain, rate, true);
    const detections = engines.filter((r) => r.detected).length;
    return {
      id: hashSeed(`domain-reputation:${scan.id}:${domain}`) % 1_000_000_000,
      domain,
      detections,
      detection_rate: rateOf(detections, engines.length),
      scan_time: scan.end_scan ?? scan.start_scan ?? "",
      engine_domain_reputations: engines,
    };
  });
}
