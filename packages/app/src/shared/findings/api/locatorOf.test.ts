import { describe, expect, it } from "vitest";
import { makeFinding } from "../testing/findingFixture.ts";
import { locatorOf } from "./locatorOf.ts";
import type { FindingIndexItem } from "./types.ts";

const location = {
  scan: 31,
  configuration: null,
  application: null,
  scan_endpoint: null,
  threat_endpoint: null,
  target: "app.example.com",
};

function row(area: FindingIndexItem["area"], place: Partial<FindingIndexItem["location"]> = {}): FindingIndexItem {
  return {
    ...makeFinding({ id: 900 }),
    area,
    area_display: area,
    company: { id: 1, name: "Northwind Logistics" },
    product: null,
    first_seen: "2026-11-01T00:00:00Z",
    last_seen: "2026-11-20T00:00:00Z",
    change: "NEW",
    version: 1,
    location: { ...location, ...place },
  };
}

describe("locatorOf", () => {
  it("places a network finding under its configuration, scan and scan endpoint", () => {
    expect(locatorOf(row("NETWORK", { configuration: 4, scan_endpoint: 77 }))).toEqual({
      path: "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/",
      params: { id: 4, scanId: 31, endpointId: 77, findingId: 900 },
    });
  });

  it("gives no locator for a network row without its endpoint, rather than a wrong path", () => {
    expect(locatorOf(row("NETWORK", { configuration: 4 }))).toBeNull();
  });

  it("places web, source code and threat findings by their own ids", () => {
    expect(locatorOf(row("WEB_APPLICATION", { application: 2 }))?.params).toEqual({ id: 31, findingId: 900 });
    expect(locatorOf(row("SOURCE_CODE", { application: 3 }))?.path).toBe(
      "/api/v1/sourcecode/scans/{id}/findings/{findingId}/",
    );
    expect(locatorOf(row("THREAT_INSPECTION", { configuration: 5, threat_endpoint: 9 }))?.params).toEqual({ id: 900 });
  });
});
