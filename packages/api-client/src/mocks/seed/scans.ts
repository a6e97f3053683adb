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

/**
 * Why a failed or aborted scan stopped (null for any other status). Picked by the scan's id, not drawn
 * from the generator, so adding it left every other seeded value as it was.
 */
export function failureReason(kind: "web" | "sourcecode", status: string, id: number): string | null {
  if (status === "FAILED") {
    const reasons = kind === "web" ? WEB_FAILURES : SOURCE_FAILURES;
    return reasons[id % reasons.length] ?? null;
  }
  if (status === "ABORTED" && kind === "web") return WEB_ABORTS[id % WEB_ABORTS.length] ?? null;
  return null;
}
