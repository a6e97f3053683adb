import { ENGINES } from "@sentinel/api-client/mocks/names";
import { createRng, hashSeed } from "@sentinel/api-client/mocks/prng";
import { detectionRate, type Verdict } from "../../scanning/reputation/aggregator.ts";

/**
 * Endpoint and domain reputations, derived from ids and names exactly as static mode derives them
 * (packages/api-client/src/mocks/serialize.ts, endpointReputation and domainReputations), so both
 * modes show the same engines, verdicts and timings. The engine list and the PRNG are the seed's own
 * (threat.test.ts compares the two modes' answers).
 *
 * Static mode's "hostile" dataset swaps one engine's reference for a `javascript:` URL; that branch
 * is not ported (the server's hostile seed is for the end-to-end walk, which checks no text runs).
 */

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

/** One stored blocklist verdict (threat_verdicts), as the reputation reads select it. */
export interface StoredVerdict {
  id: number;
  engine: string;
  verdict: Verdict;
  category: string | null;
  reference: string | null;
  elapsed: number | null;
  checked_at: string;
}

/** Listings in these categories are hints, not proof; the rest are what the list exists to report. */
const SOFT_CATEGORIES = new Set(["suspicious", "new-domain", "policy", "listed"]);

function storedEngines(verdicts: StoredVerdict[]) {
  return verdicts.map((v) => ({
    id: v.id,
    engine: v.engine,
    detected: v.verdict === "LISTED",
    reference: v.reference,
    elapsed: v.elapsed === null ? null : Number(v.elapsed),
    verdict: v.verdict,
    category: v.category,
  }));
}

const lastChecked = (verdicts: StoredVerdict[], fallback: string) =>
  verdicts
    .map((v) => v.checked_at)
    .sort()
    .at(-1) ?? fallback;

/** A checked endpoint's reputation from what the blocklists answered: the rate over those that answered. */
export function storedEndpointReputation(
  e: { id: number; status: string; host_name: string; updated_at: string },
  verdicts: StoredVerdict[],
) {
  if (e.status !== "COMPLETED") return null;
  return {
    id: e.id,
    endpoint: e.host_name,
    detections: verdicts.filter((v) => v.verdict === "LISTED").length,
    detection_rate: detectionRate(verdicts),
    scan_time: lastChecked(verdicts, e.updated_at),
    engine_endpoint_reputations: storedEngines(verdicts),
  };
}

/** A checked scan's domain reputations, one per domain (the first endpoint that checked it). */
export function storedDomainReputations(rows: Array<{ domain: string; verdicts: StoredVerdict[] }>, fallback: string) {
  return rows.map(({ domain, verdicts }) => ({
    id: Math.min(...verdicts.map((v) => v.id)),
    domain,
    detections: verdicts.filter((v) => v.verdict === "LISTED").length,
    detection_rate: detectionRate(verdicts),
    scan_time: lastChecked(verdicts, fallback),
    engine_domain_reputations: storedEngines(verdicts).map((v) => ({
      ...v,
      confidence: v.verdict === "LISTED" ? (SOFT_CATEGORIES.has(v.category ?? "") ? 60 : 100) : null,
    })),
  }));
}
