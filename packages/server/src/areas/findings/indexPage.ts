import {
  cursorPageBody,
  decodeCursor,
  encodeCursor,
  endCursor,
  type FindingCursor,
  filterFingerprint,
  isEndCursor,
} from "@sentinel/api-client/mocks/findings-cursor";
import type { FastifyRequest } from "fastify";
import type { Tx } from "../../db/pool.ts";
import { fieldError } from "../../http/errors.ts";
import { type PageWindow, pageOf } from "../../http/paging.ts";
import type { FindingQuery } from "./model.ts";
import {
  countFindings,
  cursorPage,
  cursorValuesFit,
  type KeyedRow,
  offsetPage,
  searchCountAndPage,
} from "./queries.ts";
import type { IndexItem } from "./serialize.ts";

/** The request's own query parameters, as sent (the cursor's filter fingerprint reads them). */
const paramsOf = (request: FastifyRequest) => new URL(request.url, "http://index.invalid").searchParams;

/** The cursor the request names, checked against its ordering and filters; null without one. */
export function requestCursor(request: FastifyRequest, query: Record<string, unknown>, q: FindingQuery) {
  const raw = query.cursor;
  if (typeof raw !== "string" || raw === "") return null;
  // The route fills in page 1 when none was sent: only a page the client sent collides with a cursor.
  if (paramsOf(request).get("page")) throw fieldError("page", "Give either page or cursor, not both.");
  const decoded = decodeCursor(raw, q.ordering, filterFingerprint(paramsOf(request)));
  if (!decoded.ok) throw fieldError("cursor", decoded.message);
  if (!cursorValuesFit(q.ordering, decoded.cursor.keys)) {
    throw fieldError("cursor", "This is not a valid cursor. Start again from the first page.");
  }
  return decoded.cursor;
}

/**
 * One page of the index, by number or by cursor, as the contract's wrapper with the neighbouring
 * cursors. `items` turns the page's ids into index rows.
 */
export async function indexPage(
  tx: Tx,
  request: FastifyRequest,
  q: FindingQuery,
  window: PageWindow,
  cursor: FindingCursor | null,
  items: (ids: number[]) => Promise<IndexItem[]>,
) {
  const params = paramsOf(request);
  const filters = filterFingerprint(params);
  const make = (row: KeyedRow, direction: FindingCursor["direction"], position: number) =>
    encodeCursor({ ordering: q.ordering, filters, direction, keys: row.keys, id: row.id, position });
  const size = window.pageSize;
  const before = cursor?.direction === "before";
  // requestCursor checked that every value is a string or null.
  const at = cursor && { values: cursor.keys as Array<string | null>, id: cursor.id, before };
  // A search's count and page find its matches once, in one statement; otherwise the count comes
  // from finding_counts or its own query, and the page from the ordering's index.
  const searched = q.search
    ? await searchCountAndPage(tx, q, at ? { at, limit: size + 1 } : { limit: window.limit, offset: window.offset })
    : null;
  const count = searched ? searched.count : await countFindings(tx, q);
  // Read with it, the page's query reads the ordering's index backwards from its end (see END_ID).
  const lastCursor = endCursor(q.ordering, filters, count);

  if (at === null || cursor === null) {
    const rows = searched ? searched.rows : await offsetPage(tx, q, window.limit, window.offset);
    const body = pageOf(request, window, count, await items(rows.map((r) => r.id)));
    const first = rows[0];
    const last = rows.at(-1);
    return {
      ...body,
      next_cursor: body.next !== null && last ? make(last, "after", window.offset + rows.length) : null,
      previous_cursor: body.previous !== null && first ? make(first, "before", window.offset) : null,
      last_cursor: lastCursor,
    };
  }

  const fetched = searched ? searched.rows : await cursorPage(tx, q, at, size + 1);
  const more = fetched.length > size;
  const rows = before ? fetched.slice(0, size).reverse() : fetched.slice(0, size);
  // After: the page starts where the cursor says. Before: it ends there, and starts at 0 when
  // nothing precedes it (whatever was inserted or removed since the walk began).
  const start = before ? (more ? Math.max(1, cursor.position - rows.length) : 0) : cursor.position;
  const first = rows[0];
  const last = rows.at(-1);
  const nextCursor = last && (before ? !isEndCursor(cursor) : more) ? make(last, "after", start + rows.length) : null;
  const previousCursor = first && (!before || more) ? make(first, "before", start) : null;

  return cursorPageBody({
    base: new URL(request.url, `${request.protocol}://${request.host}`),
    count,
    size,
    start,
    results: await items(rows.map((r) => r.id)),
    nextCursor,
    previousCursor,
    lastCursor,
  });
}
