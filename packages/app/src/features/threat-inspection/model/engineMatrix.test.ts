import type { DomainReputation, EndpointReputation } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { engineRows, onlyDetected, parseEngineSort, serialiseEngineSort } from "./engineMatrix.ts";

const domain: DomainReputation = {
  id: 1,
  domain: "shop.example",
  detections: 1,
  detection_rate: 50,
  scan_time: "2026-11-21T12:00:00Z",
  engine_domain_reputations: [
    {
      id: 1,
      engine: "Spamhaus",
      detected: true,
      reference: "https://spamhaus.example.org/x",
      confidence: 90,
      elapsed: 1.5,
    },
    {
      id: 2,
      engine: "PhishTank",
      detected: false,
      reference: "javascript:window.__xss=1",
      confidence: 5,
      elapsed: null,
    },
  ],
};

const endpoint: EndpointReputation = {
  id: 2,
  endpoint: "192.0.2.1",
  detections: 0,
  detection_rate: 0,
  scan_time: "2026-11-21T12:00:00Z",
  engine_endpoint_reputations: [{ id: 3, engine: "SORBS", detected: false, reference: null, elapsed: 0.2 }],
};

describe("engine rows", () => {
  it("keeps only http(s) references as links", () => {
    const rows = engineRows({ kind: "domain", value: domain });
    expect(rows[0]?.referenceHref).toBe("https://spamhaus.example.org/x");
    expect(rows[1]?.referenceHref).toBeNull();
    expect(rows[1]?.reference).toBe("javascript:window.__xss=1");
  });

  it("has no confidence for endpoints", () => {
    expect(engineRows({ kind: "endpoint", value: endpoint })[0]?.confidence).toBeNull();
  });

  it("filters to the engines that detected", () => {
    const rows = engineRows({ kind: "domain", value: domain });
    expect(onlyDetected(rows, true).map((r) => r.engine)).toEqual(["Spamhaus"]);
    expect(onlyDetected(rows, false)).toHaveLength(2);
  });
});

describe("engine sort in the URL", () => {
  it("parses and drops the default", () => {
    expect(parseEngineSort("elapsed:ascending")).toEqual({ column: "elapsed", direction: "ascending" });
    expect(parseEngineSort("nope:up")).toEqual({ column: "detected", direction: "descending" });
    expect(serialiseEngineSort({ column: "detected", direction: "descending" })).toBeNull();
    expect(serialiseEngineSort({ column: "engine", direction: "ascending" })).toBe("engine:ascending");
  });
});
