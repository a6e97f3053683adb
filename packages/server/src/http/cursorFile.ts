import { once } from "node:events";
import { sql } from "kysely";
import type { Tx } from "../db/pool.ts";
import type { AuthedCtx } from "./handler.ts";

export interface CursorFile<Row> {
  /** A cursor already declared in `tx` (declared before this call, so a bad query still answers an error). */
  cursor: string;
  /** Rows fetched, and held, at a time. */
  batch: number;
  contentType: string;
  filename: string;
  /** Written before the first row, e.g. the CSV header line. */
  head: string;
  /** Written after the last row, e.g. a JSON document's closing brackets (asked for then: it may count them). */
  tail?: () => string;
  /** One batch of cursor rows as the file's text. */
  encode(rows: Row[]): string | Promise<string>;
  /** Names the file in the log when it is cut off part-way, e.g. "findings export". */
  what: string;
}

/**
 * Waits until `stream` drains or closes, then removes both listeners: a race of two plain `once`
 * calls left the loser's listener behind on every wait, thousands on a large export (Node's
 * MaxListenersExceededWarning during the million-finding benchmark).
 */
export async function drained(stream: NodeJS.EventEmitter): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, "drain", { signal: stop.signal }),
      once(stream, "close", { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

/**
 * Answers with a file written from an open cursor, a batch in memory at a time (and the next one being
 * read), waiting for the connection to drain: memory stays flat whatever the file's size. From the first byte the answer is
 * this file, so Fastify steps aside; a failure part-way cuts the connection, the only honest answer
 * left once the headers are gone.
 */
export async function streamCursorFile<Row>(ctx: AuthedCtx, tx: Tx, file: CursorFile<Row>): Promise<void> {
  const { reply } = ctx;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "x-request-id": ctx.requestId,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  });
  const write = async (text: string) => {
    if (!text || raw.destroyed) return;
    if (!raw.write(text)) await drained(raw);
  };
  try {
    const fetchBatch = async () =>
      (await sql<Row>`fetch forward ${sql.lit(file.batch)} from ${sql.ref(file.cursor)}`.execute(tx)).rows;
    let next = fetchBatch();
    await write(file.head);
    for (;;) {
      const rows = await next;
      if (rows.length === 0 || raw.destroyed) break;
      // The next batch is read while this one is encoded and written, so the database and the encoding
      // work side by side; at most two batches are held. A short batch was the cursor's last.
      next = rows.length < file.batch ? Promise.resolve([]) : fetchBatch();
      // Its failure is thrown where it is awaited; left unawaited (the client went away) it is moot.
      next.catch(() => {});
      await write(await file.encode(rows));
    }
    await write(file.tail?.() ?? "");
    raw.end();
  } catch (error) {
    ctx.request.log.error({ err: error }, `${file.what} failed part-way`);
    raw.destroy(error as Error);
  }
}
