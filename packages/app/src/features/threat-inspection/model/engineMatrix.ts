import type { DomainReputation, EndpointReputation } from "@sentinel/api-client";
import { safeHttpUrl } from "../../../lib/safeHttpUrl.ts";

/** One blocklist engine's verdict, for domains and endpoints alike (endpoints have no confidence). */
export interface EngineRow {
  id: number;
  engine: string;
  detected: boolean;
  /** The reference as the API sent it, shown as text when it is not a safe link. */
  reference: string | null;
  /** `reference` when it is an http(s) URL, otherwise null: only this may become an href. */
  referenceHref: string | null;
  confidence: number | null;
  elapsed: number | null;
}

export type Reputation = { kind: "domain"; value: DomainReputation } | { kind: "endpoint"; value: EndpointReputation };

export function reputationSubject(r: Reputation): string {
  return r.kind === "domain" ? r.value.domain : r.value.endpoint;
}

export function engineRows(r: Reputation): EngineRow[] {
  if (r.kind === "domain") {
    return r.value.engine_domain_reputations.map((e) => ({
      id: e.id,
      engine: e.engine,
      detected: e.detected,
      reference: e.reference,
      referenceHref: safeHttpUrl(e.reference),
      confidence: e.confidence,
      elapsed: e.elapsed,
    }));
  }
  return r.value.engine_endpoint_reputations.map((e) => ({
    id: e.id,
    engine: e.engine,
    detected: e.detected,
    reference: e.reference,
    referenceHref: safeHttpUrl(e.reference),
    confidence: null,
    elapsed: e.elapsed,
  }));
}

export function onlyDetected(rows: readonly EngineRow[], enabled: boolean): readonly EngineRow[] {
  return enabled ? rows.filter((r) => r.detected) : rows;
}

export type EngineSortColumn = "engine" | "detected" | "confidence" | "elapsed";
export interface EngineSort {
  column: EngineSortColumn;
  direction: "ascending" | "descending";
}

const sortColumns: readonly EngineSortColumn[] = ["engine", "detected", "confidence", "elapsed"];

/** Detections first: what a reader of a reputation report looks for. */
export const defaultEngineSort: EngineSort = { column: "detected", direction: "descending" };

/** `engine_sort=elapsed:descending` in the URL; anything unreadable is the default order. */
export function parseEngineSort(raw: string | null): EngineSort {
  const [column, direction] = (raw ?? "").split(":");
  const c = sortColumns.find((s) => s === column);
  if (!c || (direction !== "ascending" && direction !== "descending")) return defaultEngineSort;
  return { column: c, direction };
}

export function serialiseEngineSort(sort: EngineSort): string | null {
  return sort.column === defaultEngineSort.column && sort.direction === defaultEngineSort.direction
    ? null
    : `${sort.column}:${sort.direction}`;
}
