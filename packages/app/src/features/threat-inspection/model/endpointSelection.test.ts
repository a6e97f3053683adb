import type { EndpointSelectionItem } from "@sentinel/api-client";
import { describe, expect, it } from "vitest";
import {
  applyGridSelection,
  assignedIds,
  filterEndpoints,
  sameSelection,
  selectAll,
  selectionPayload,
  selectNew,
  summariseSelection,
} from "./endpointSelection.ts";

const endpoint = (id: number, over: Partial<EndpointSelectionItem> = {}): EndpointSelectionItem => ({
  id,
  name: `host-${id}.example`,
  is_new: false,
  country: "Germany",
  services: [{ id: id * 10, port: 443, protocol: "tcp", secure: true }],
  service_count: 1,
  assigned: false,
  ...over,
});

const list = [
  endpoint(1, { assigned: true }),
  endpoint(2, { is_new: true, country: "Japan" }),
  endpoint(3, { is_new: true, services: [{ id: 1, port: 53, protocol: "udp", secure: false }] }),
  endpoint(4, { name: "mail.example", country: null }),
];

describe("endpoint selection", () => {
  it("starts from the endpoints already assigned", () => {
    expect([...assignedIds(list)]).toEqual([1]);
  });

  it("searches names, countries and services", () => {
    expect(filterEndpoints(list, "MAIL").map((e) => e.id)).toEqual([4]);
    expect(filterEndpoints(list, "japan").map((e) => e.id)).toEqual([2]);
    expect(filterEndpoints(list, "53/udp").map((e) => e.id)).toEqual([3]);
    expect(filterEndpoints(list, "  ")).toHaveLength(4);
  });

  it("select all adds only the shown endpoints", () => {
    const shown = filterEndpoints(list, "japan");
    expect([...selectAll(new Set([1]), shown)].sort()).toEqual([1, 2]);
  });

  it("select new adds the endpoints marked is_new", () => {
    expect([...selectNew(new Set([1]), list)].sort()).toEqual([1, 2, 3]);
  });

  it("a grid change under a search keeps hidden selections", () => {
    const shown = filterEndpoints(list, "japan");
    const next = applyGridSelection(new Set([1, 2]), shown, []);
    expect([...next]).toEqual([1]);
    expect([...applyGridSelection(new Set([1]), shown, ["2"])].sort()).toEqual([1, 2]);
    expect([...applyGridSelection(new Set(), list, "all")].sort()).toEqual([1, 2, 3, 4]);
  });

  it("sends ids in list order, dropping unknown ids", () => {
    expect(selectionPayload(list, new Set([4, 99, 2]))).toEqual([2, 4]);
  });

  it("compares selections as sets", () => {
    expect(sameSelection(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameSelection(new Set([1, 2]), new Set([1, 3]))).toBe(false);
  });

  it("summarises endpoints, services and new ones", () => {
    expect(summariseSelection(list, new Set([1, 2, 3]))).toEqual({ endpoints: 3, services: 3, newEndpoints: 2 });
  });
});
