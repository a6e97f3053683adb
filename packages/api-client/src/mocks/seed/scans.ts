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
