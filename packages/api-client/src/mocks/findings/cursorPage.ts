import type { Db, DbFinding } from "../db-types.ts";
import { type Paged, paginate } from "../paginate.ts";
import { type ErrorReply, reply } from "../typed.ts";
import {
  CURSOR_INVALID,
  cursorPageBody,
  decodeCursor,
  encodeCursor,
  endCursor,
  type FindingCursor,
  filterFingerprint,
  isEndCursor,
} from "./cursor.ts";
import { compareWithCursor, cursorValuesFit, DEFAULT_ORDERING, type FindingQuery, sortValues } from "./query.ts";

export type IndexPage = Paged<DbFinding> & {
  next_cursor: string | null;
  previous_cursor: string | null;
  last_cursor: string | null;
};

/**
 * One page of the findings index (`rows` is the whole selection in its order), by number or by the
 * request's `cursor`, with the neighbouring cursors: as the server pages it, the server's rules and
 * messages. Rows are found by binary search in the ordered selection, as an index finds them.
 */
export function findingsPage(
  db: Db,
  url: URL,
  query: FindingQuery,
  rows: readonly DbFinding[],
  maxPageSize: number,
): IndexPage | ErrorReply | "invalid-page" {
  const params = url.searchParams;
  const ordering = query.ordering ?? DEFAULT_ORDERING;
  const filters = filterFingerprint(params);
  const make = (f: DbFinding, direction: FindingCursor["direction"], position: number) =>
    encodeCursor({ ordering, filters, direction, keys: sortValues(db, f, ordering), id: f.id, position });

  const raw = params.get("cursor");
  if (!raw) {
    const base = new URL(url.href);
    base.searchParams.delete("page");
    const page = paginate(rows, {
      page: params.get("page"),
      pageSize: params.get("page_size"),
      baseLink: base.href,
      maxPageSize,
    });
    if (!page.ok) return "invalid-page";
    const body = page.body;
    const first = body.results[0];
    const last = body.results.at(-1);
    const offset = (body.current_page - 1) * body.page_size;
    return {
      ...body,
      next_cursor: body.next !== null && last ? make(last, "after", offset + body.results.length) : null,
      previous_cursor: body.previous !== null && first ? make(first, "before", offset) : null,
      last_cursor: endCursor(ordering, filters, rows.length),
    };
  }
  if (params.get("page")) return reply.field("page", "Give either page or cursor, not both.");
  const decoded = decodeCursor(raw, ordering, filters);
  if (!decoded.ok) return reply.field("cursor", decoded.message);
  const cursor = decoded.cursor;
  if (!cursorValuesFit(ordering, cursor.keys)) return reply.field("cursor", CURSOR_INVALID);

  const rawSize = params.get("page_size");
  const size = rawSize && /^\d+$/.test(rawSize) && Number(rawSize) >= 1 ? Math.min(Number(rawSize), maxPageSize) : 10;
  // The first row after the cursor's row (or, reading backwards, the cursor's row's place).
  const before = cursor.direction === "before";
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareWithCursor(db, rows[mid] as DbFinding, ordering, cursor);
    if (c < 0 || (c === 0 && !before)) lo = mid + 1;
    else hi = mid;
  }
  const from = before ? Math.max(0, lo - size) : lo;
  const results = rows.slice(from, before ? lo : lo + size);
  const more = before ? from > 0 : lo + size < rows.length;
  const start = before ? (more ? Math.max(1, cursor.position - results.length) : 0) : cursor.position;
  const first = results[0];
  const last = results.at(-1);
  const nextCursor =
    last && (before ? !isEndCursor(cursor) : more) ? make(last, "after", start + results.length) : null;
  const previousCursor = first && (!before || more) ? make(first, "before", start) : null;

  return cursorPageBody({
    base: url,
    count: rows.length,
    size,
    start,
    results,
    nextCursor,
    previousCursor,
    lastCursor: endCursor(ordering, filters, rows.length),
  });
}
