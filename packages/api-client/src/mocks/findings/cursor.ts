/**
 * The findings index's keyset cursor, shared by the server and static mode so both read and refuse
 * the same cursors. A cursor is base64url of JSON: the ordering it was made for, a fingerprint of the
 * filters, which way it reads (after or before the row), the row's sort values and id, and where the
 * walk stands (for start_index; rows added before the cursor later are not counted).
 */

export type CursorValue = string | number | null;

export interface FindingCursor {
  ordering: string;
  filters: string;
  direction: "after" | "before";
  /** The sort values of the row the page continues from, one per ordering key. */
  keys: CursorValue[];
  id: number;
  /** 0-based position of the page's first row in the walk. */
  position: number;
}

/** Query parameters that choose the page, not the rows: left out of the filter fingerprint. */
const NOT_FILTERS = new Set(["page", "page_size", "cursor", "ordering"]);

/**
 * The filters of a request as one short string: every other parameter, empty values dropped, names
 * and values sorted (so a repeated parameter's order does not matter). FNV-1a, 32 bits: it only has
 * to tell an honest client's filter change apart, not resist forgery (a forged cursor only chooses
 * where the caller's own rows start).
 */
export function filterFingerprint(params: URLSearchParams): string {
  const pairs: string[] = [];
  for (const [name, value] of params) {
    if (NOT_FILTERS.has(name) || value === "") continue;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const text = pairs.sort().join("&");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: FindingCursor): string {
  return toBase64Url(
    JSON.stringify({
      o: cursor.ordering,
      f: cursor.filters,
      d: cursor.direction === "after" ? "a" : "b",
      k: cursor.keys,
      i: cursor.id,
      p: cursor.position,
    }),
  );
}

/**
 * The id of the end cursor's row: the largest a finding's id can be (an int4 identity). With every
 * sort value null it stands after every row of every ordering, since rows without a value come last
 * in both directions and ties end with the id, so reading before it reads the index's last rows.
 */
export const END_ID = 2_147_483_647;

/**
 * The `last_cursor` of an answer: reading before a row that stands after every other, with the walk's
 * position at `count` (so the last page's `start_index` says where it is). Null when no row matches.
 */
export function endCursor(ordering: string, filters: string, count: number): string | null {
  if (count <= 0) return null;
  const keys = ordering.split(",").map(() => null);
  return encodeCursor({ ordering, filters, direction: "before", keys, id: END_ID, position: count });
}

/** Whether `cursor` reads before the end (an answer's `last_cursor`): no row follows its page. */
export const isEndCursor = (cursor: FindingCursor) =>
  cursor.direction === "before" && cursor.id === END_ID && cursor.keys.every((k) => k === null);

export const CURSOR_INVALID = "This is not a valid cursor. Start again from the first page.";
export const CURSOR_MISMATCH =
  "This cursor belongs to another ordering or other filters. Start again from the first page.";

const isValue = (v: unknown): v is CursorValue => v === null || typeof v === "string" || Number.isFinite(v);

/**
 * The cursor, or the field error's message: not a cursor at all, or one made for another ordering
 * (`ordering` is the request's, defaulted) or other filters (`filters` is the request's fingerprint).
 */
export function decodeCursor(
  raw: string,
  ordering: string,
  filters: string,
): { ok: true; cursor: FindingCursor } | { ok: false; message: string } {
  const text = fromBase64Url(raw);
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    value = null;
  }
  const o = value as Record<string, unknown> | null;
  if (
    !o ||
    typeof o !== "object" ||
    typeof o.o !== "string" ||
    typeof o.f !== "string" ||
    (o.d !== "a" && o.d !== "b") ||
    !Array.isArray(o.k) ||
    !o.k.every(isValue) ||
    o.k.length !== o.o.split(",").length ||
    !Number.isSafeInteger(o.i) ||
    (o.i as number) < 1 ||
    !Number.isSafeInteger(o.p) ||
    (o.p as number) < 0
  ) {
    return { ok: false, message: CURSOR_INVALID };
  }
  if (o.o !== ordering || o.f !== filters) return { ok: false, message: CURSOR_MISMATCH };
  return {
    ok: true,
    cursor: {
      ordering: o.o,
      filters: o.f,
      direction: o.d === "a" ? "after" : "before",
      keys: o.k as CursorValue[],
      id: o.i as number,
      position: o.p as number,
    },
  };
}

/** How many page numbers `pages` lists around the current page (as every paged list). */
const PAGE_WINDOW = 5;

/**
 * The contract's page wrapper for a page read by cursor, the same from the server and static mode:
 * links carry the neighbouring cursors (with `page` and the old cursor taken off `base`), and the
 * page numbers count from where the walk began (`start`, the page's first row's 0-based position).
 */
export function cursorPageBody<T>(page: {
  base: URL;
  count: number;
  size: number;
  start: number;
  results: T[];
  nextCursor: string | null;
  previousCursor: string | null;
  lastCursor: string | null;
}) {
  const { count, size, start, results, nextCursor, previousCursor, lastCursor } = page;
  const base = new URL(page.base.href);
  base.searchParams.delete("page");
  base.searchParams.delete("cursor");
  const link = (c: string | null) => {
    if (c === null) return null;
    const url = new URL(base);
    url.searchParams.set("cursor", c);
    return url.href;
  };
  const totalPages = Math.ceil(count / size);
  const currentPage = Math.floor(start / size) + 1;
  const firstPage = Math.max(1, Math.min(currentPage - Math.floor(PAGE_WINDOW / 2), totalPages - PAGE_WINDOW + 1));
  const pages: number[] = [];
  for (let n = firstPage; n <= Math.min(totalPages, firstPage + PAGE_WINDOW - 1); n++) pages.push(n);
  return {
    next: link(nextCursor),
    previous: link(previousCursor),
    base_link: base.href,
    pages,
    count,
    current_page: currentPage,
    start_index: results.length ? start + 1 : 0,
    end_index: results.length ? start + results.length : 0,
    page_size: size,
    total_pages: totalPages,
    results,
    next_cursor: nextCursor,
    previous_cursor: previousCursor,
    last_cursor: lastCursor,
  };
}
