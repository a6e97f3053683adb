import type { ExposureDetectionScan, ExposureDomain, ExposureHost } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import { domainsOfHosts, hostChanges, latestCompletedScan, newDomains, previousScan } from "./scanComparison.ts";

const scan = (
  id: number,
  start: string | null,
  status: ExposureDetectionScan["status"] = "COMPLETED",
): ExposureDetectionScan => ({
  id,
  start_scan: start,
  end_scan: null,
  status,
  scanned_by: null,
  failure_reason: null,
  progress: status === "COMPLETED" ? 100 : 0,
  zone_transfer_servers: [],
});

const host = (id: number, name: string, is_new = false, domains: ExposureDomain[] = []): ExposureHost => ({
  id,
  name,
  is_new,
  country: null,
  country_code: null,
  service_count: 0,
  services: [],
  domains,
  scanned_by: null,
});

describe("scans", () => {
  const scans = [
    scan(3, "2026-11-20T00:00:00Z", "RUNNING"),
    scan(1, "2026-10-01T00:00:00Z"),
    scan(2, "2026-11-01T00:00:00Z"),
  ];
  it("finds the scan just before", () => {
    expect(previousScan(scans, 3)?.id).toBe(2);
    expect(previousScan(scans, 2)?.id).toBe(1);
    expect(previousScan(scans, 1)).toBeUndefined();
  });
  it("finds the newest completed scan", () => {
    expect(latestCompletedScan(scans)?.id).toBe(2);
  });
});

describe("what is new", () => {
  it("marks hosts flagged is_new or unseen before, and lists gone hosts", () => {
    const previous = [host(1, "a.example"), host(2, "b.example")];
    const current = [host(3, "a.example"), host(4, "c.example"), host(5, "b.example", true)];
    const changes = hostChanges(current, previous);
    expect(changes.added.map((h) => h.name)).toEqual(["c.example", "b.example"]);
    expect(changes.gone).toEqual([]);
    expect(hostChanges([host(6, "a.example")], previous).gone).toEqual(["b.example"]);
  });

  it("relies on is_new alone without a previous scan", () => {
    expect(hostChanges([host(1, "a", true), host(2, "b")], null).added.map((h) => h.name)).toEqual(["a"]);
  });

  it("finds new domains by name", () => {
    const d = (name: string): ExposureDomain => ({ id: name.length, name, domain_type: "SUBDOMAIN" });
    expect(newDomains([d("a.x"), d("b.x")], [d("a.x")]).map((x) => x.name)).toEqual(["b.x"]);
    expect(newDomains([d("a.x")], null)).toEqual([]);
  });

  it("lists the distinct domains of hosts, domains first", () => {
    const sub: ExposureDomain = { id: 1, name: "a.shop.example", domain_type: "SUBDOMAIN" };
    const main: ExposureDomain = { id: 2, name: "shop.example", domain_type: "DOMAIN" };
    expect(domainsOfHosts([host(1, "x", false, [sub, main]), host(2, "y", false, [sub])]).map((d) => d.name)).toEqual([
      "shop.example",
      "a.shop.example",
    ]);
  });
});
