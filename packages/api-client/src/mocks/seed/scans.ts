import { MINUTE } from "../clock.ts";
import type { Rng } from "../prng.ts";
import type { ScanStatus } from "../schema-types.ts";

export interface ScanTiming {
  start: number | null;
  end: number | null;
  progress: number;
  completed: number;
  failed: number;
}

/** Scan timing for a status: start/end, progress and how many of `total` units completed or failed. */
export function timing(rng: Rng, status: ScanStatus, startMs: number, total: number): ScanTiming {
  const duration = rng.int(20, 180) * MINUTE;
  switch (status) {
    case "COMPLETED": {
      const failed = total > 2 && rng.chance(0.2) ? 1 : 0;
      return { start: startMs, end: startMs + duration, progress: 100, completed: total - failed, failed };
    }
    case "RUNNING": {
      const progress = rng.int(15, 85);
      const completed = Math.floor((total * progress) / 100);
      return { start: startMs, end: null, progress, completed, failed: 0 };
    }
    case "FAILED": {
      const completed = Math.floor(total / 3);
      return {
        start: startMs,
        end: startMs + duration / 2,
        progress: rng.int(10, 60),
        completed,
        failed: total - completed,
      };
    }
    case "ABORTED": {
      const completed = Math.floor(total / 2);
      return { start: startMs, end: startMs + duration / 3, progress: rng.int(20, 70), completed, failed: 0 };
    }
    default:
      return { start: null, end: null, progress: 0, completed: 0, failed: 0 };
  }
}

/** Status of one unit (endpoint) of a scan, consistent with the scan's counters. */
export function unitStatus(scan: ScanStatus, index: number, t: Pick<ScanTiming, "completed" | "failed">): ScanStatus {
  if (index < t.completed) return "COMPLETED";
  if (index < t.completed + t.failed) return "FAILED";
  if (scan === "RUNNING") return index === t.completed + t.failed ? "RUNNING" : "QUEUED";
  if (scan === "COMPLETED") return "COMPLETED";
  return scan;
}

/** A scan before a target's latest one: most ran to the end. */
export const olderStatus = (rng: Rng): ScanStatus =>
  rng.chance(0.85) ? "COMPLETED" : rng.pick<ScanStatus>(["FAILED", "ABORTED"]);

const WEB_FAILURES = [
  "The application did not answer within 30 minutes. The server may have been down, or a firewall may block the scanner's address.",
  "Every request was refused with HTTP 403. A web application firewall may be blocking the scanner's address.",
  "The application's host name could not be resolved. Check that the address is still in use.",
] as const;
const WEB_ABORTS = [
  "Stopped when the agreed scan window closed, before every page was tested.",
  "Stopped at the client's request while it was running.",
] as const;
const SOURCE_FAILURES = [
  "The repository could not be cloned: access was denied. The access token may have expired or lost its permission.",
  "The branch was not found in the repository. It may have been renamed or deleted.",
  "The repository is larger than the 2 GB a scan can check out.",
] as const;

const NETWORK_FAILURES = [
  "No target answered: every address dropped the scanner's probes. A firewall may block the scanner's address.",
  "The scan's time limit of 6 hours was reached before every target was scanned.",
  "The targets' network could not be reached from the scanner. Check that the addresses are still routed to the internet.",
] as const;
const EXPOSURE_FAILURES = [
  "The domain's name servers did not answer. The domain may have expired, or its DNS may be down.",
  "The domain's name servers refused every query from the scanner.",
] as const;
const THREAT_FAILURES = [
  "Too few reputation engines answered to give a reliable verdict. The scan will be run again at its next time.",
  "The hosts to inspect could not be resolved: the exposure detection scan they came from is out of date.",
] as const;
/** Aborts read alike in every area: a window closed, or somebody stopped it. */
const ABORTS = [
  "Stopped when the agreed scan window closed, before every target was tested.",
  "Stopped at the client's request while it was running.",
] as const;

const FAILURES: Readonly<Record<ScanKind, readonly string[]>> = {
  web: WEB_FAILURES,
  sourcecode: SOURCE_FAILURES,
  network: NETWORK_FAILURES,
  exposure: EXPOSURE_FAILURES,
  threat: THREAT_FAILURES,
};

type ScanKind = "web" | "sourcecode" | "network" | "exposure" | "threat";

/**
 * Why a failed or aborted scan stopped (null for any other status). Picked by the scan's id, not drawn
 * from the generator, so adding it left every other seeded value as it was. Source code scans cannot
 * be aborted (their status has no ABORTED).
 */
export function failureReason(kind: ScanKind, status: string, id: number): string | null {
  if (status === "FAILED") {
    const reasons = FAILURES[kind];
    return reasons[id % reasons.length] ?? null;
  }
  if (status === "ABORTED") {
    const reasons = kind === "web" ? WEB_ABORTS : ABORTS;
    return reasons[id % reasons.length] ?? null;
  }
  return null;
}
