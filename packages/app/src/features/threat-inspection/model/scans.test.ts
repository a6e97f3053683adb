import type { ThreatInspectionScan } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { pickDefaultScan, scanLabel } from "./scans.ts";
import { topUpHref } from "./topUp.ts";

const scan = (id: number, status: ThreatInspectionScan["status"], start: string | null): ThreatInspectionScan => ({
  id,
  status,
  start_scan: start,
  end_scan: null,
  progress: 0,
  scanned_by: null,
  exposure_detection_target: { id: 1, name: "shop.example" },
  completed_count: 0,
  failed_count: 0,
  failure_reason: null,
});

describe("pickDefaultScan", () => {
  it("opens on the newest scan that has started", () => {
    const scans = [
      scan(3, "QUEUED", null),
      scan(1, "COMPLETED", "2026-10-01T00:00:00Z"),
      scan(2, "RUNNING", "2026-11-01T00:00:00Z"),
    ];
    expect(pickDefaultScan(scans)?.id).toBe(2);
  });
  it("falls back to a queued scan when none started", () => {
    expect(pickDefaultScan([scan(4, "QUEUED", null)])?.id).toBe(4);
    expect(pickDefaultScan([])).toBeUndefined();
  });
  it("labels scans by start and status", () => {
    expect(scanLabel(scan(1, "COMPLETED", "x"), (s) => `at ${s}`)).toBe("at x · Completed");
    expect(scanLabel(scan(1, "QUEUED", null))).toBe("Not started · Queued");
  });
});

describe("topUpHref", () => {
  it("asks the credits screen for a threat-inspection top-up of the missing amount", () => {
    expect(topUpHref(25)).toBe("/credits-activity?topup=1&credit_type=THREATINSPECTION&amount=25");
    expect(topUpHref(0)).toBe("/credits-activity?topup=1&credit_type=THREATINSPECTION");
  });
});
