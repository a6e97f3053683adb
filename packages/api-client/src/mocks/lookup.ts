/**
 * Id and foreign-key indexes over the db's arrays, rebuilt when an array is replaced or grows
 * (rows are only ever added or changed in place, never removed, by the handlers).
 */
const idIndexes = new WeakMap<readonly unknown[], { size: number; map: Map<number, unknown> }>();
const groupIndexes = new WeakMap<readonly unknown[], Map<string, { size: number; map: Map<unknown, unknown[]> }>>();

export function byId<T extends { id: number }>(rows: readonly T[], id: number | null | undefined): T | undefined {
  if (id === null || id === undefined) return undefined;
  let index = idIndexes.get(rows);
  if (!index || index.size !== rows.length) {
    index = { size: rows.length, map: new Map(rows.map((r) => [r.id, r])) };
    idIndexes.set(rows, index);
  }
  return index.map.get(id) as T | undefined;
}

export function childrenOf<T, K extends keyof T>(rows: readonly T[], key: K, value: T[K]): T[] {
  let perKey = groupIndexes.get(rows);
  if (!perKey) {
    perKey = new Map();
    groupIndexes.set(rows, perKey);
  }
  let index = perKey.get(String(key));
  if (!index || index.size !== rows.length) {
    const map = new Map<unknown, unknown[]>();
    for (const row of rows) {
      const k = row[key];
      const list = map.get(k);
      if (list) list.push(row);
      else map.set(k, [row]);
    }
    index = { size: rows.length, map };
    perKey.set(String(key), index);
  }
  return (index.map.get(value) as T[] | undefined) ?? [];
}

/** Newest first by an ISO timestamp field, then by id. */
export function newestFirst<T extends { id: number }>(rows: readonly T[], field: (row: T) => string | null): T[] {
  return [...rows].sort((a, b) => (field(b) ?? "").localeCompare(field(a) ?? "") || b.id - a.id);
}
