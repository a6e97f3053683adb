import type { EndpointSelectionItem } from "@sentinel/api-client";

/** Ids the configuration already inspects: where a resumed purchase starts. */
export function assignedIds(endpoints: readonly EndpointSelectionItem[]): Set<number> {
  return new Set(endpoints.filter((e) => e.assigned).map((e) => e.id));
}

/** Case-insensitive match on the host name, the country, or a service's port/protocol ("443", "udp", "443/tcp"). */
export function filterEndpoints(
  endpoints: readonly EndpointSelectionItem[],
  search: string,
): readonly EndpointSelectionItem[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return endpoints;
  return endpoints.filter(
    (e) =>
      e.name.toLowerCase().includes(needle) ||
      (e.country ?? "").toLowerCase().includes(needle) ||
      e.services.some((s) => `${s.port}/${s.protocol}`.includes(needle)),
  );
}

/** Adds every endpoint in `shown` (the filtered list) to the selection; hidden rows keep their state. */
export function selectAll(current: ReadonlySet<number>, shown: readonly EndpointSelectionItem[]): Set<number> {
  const next = new Set(current);
  for (const e of shown) next.add(e.id);
  return next;
}

/** Adds the endpoints first seen in the latest scan to the selection. */
export function selectNew(current: ReadonlySet<number>, shown: readonly EndpointSelectionItem[]): Set<number> {
  const next = new Set(current);
  for (const e of shown) if (e.is_new) next.add(e.id);
  return next;
}

/** Removes the shown endpoints from the selection. */
export function deselect(current: ReadonlySet<number>, shown: readonly EndpointSelectionItem[]): Set<number> {
  const next = new Set(current);
  for (const e of shown) next.delete(e.id);
  return next;
}

/**
 * Applies a grid's selection change made while `shown` rows were visible: `"all"` means every shown
 * row; otherwise shown rows follow the grid and hidden rows keep their previous state, so a search
 * never silently drops endpoints chosen before it.
 */
export function applyGridSelection(
  current: ReadonlySet<number>,
  shown: readonly EndpointSelectionItem[],
  keys: "all" | Iterable<string | number>,
): Set<number> {
  if (keys === "all") return selectAll(current, shown);
  const picked = new Set([...keys].map((k) => Number(k)));
  const next = deselect(current, shown);
  for (const e of shown) if (picked.has(e.id)) next.add(e.id);
  return next;
}

/** Ids in a stable order for the update call, limited to endpoints that exist in the list. */
export function selectionPayload(endpoints: readonly EndpointSelectionItem[], selected: ReadonlySet<number>): number[] {
  return endpoints.filter((e) => selected.has(e.id)).map((e) => e.id);
}

export function sameSelection(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export interface SelectionSummary {
  endpoints: number;
  services: number;
  newEndpoints: number;
}

export function summariseSelection(
  endpoints: readonly EndpointSelectionItem[],
  selected: ReadonlySet<number>,
): SelectionSummary {
  let services = 0;
  let newEndpoints = 0;
  let count = 0;
  for (const e of endpoints) {
    if (!selected.has(e.id)) continue;
    count++;
    services += e.service_count;
    if (e.is_new) newEndpoints++;
  }
  return { endpoints: count, services, newEndpoints };
}
