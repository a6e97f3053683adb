import { sql } from "kysely";
import type { Tx } from "../../db/pool.ts";
import { ApiError } from "../../http/errors.ts";

/**
 * The contract's Idempotency-Key on sends, in PostgreSQL so every server process shares it.
 *
 * The key is claimed INSIDE the send's own transaction: an insert with `status` null, first thing.
 * The unique (user_id, key) index arbitrates between processes: a second request with the same key
 * waits on the first one's uncommitted row, and `lock_timeout` turns that wait into 409 ("still being
 * handled"). The send's rows and the remembered answer commit together, or neither does:
 * - a failed send (4xx, 5xx) rolls its claim back with everything else, so it is not remembered and a
 *   corrected retry is handled afresh;
 * - a crash or a lost connection mid-send rolls back too, so no in-flight marker is ever left behind
 *   to answer 409 forever (a claim in a transaction of its own would need a timeout to take it over,
 *   and a send still running past that timeout could then be stored twice).
 */

/** A key is remembered this long (the contract's 24 hours). */
const LIFETIME = "24 hours";
/** How long a request waits for another one holding its key before answering 409. */
const WAIT = "200ms";
const LOCK_NOT_AVAILABLE = "55P03";

const stillHandled = () => new ApiError(409, { detail: "A request with this Idempotency-Key is still being handled." });

export type Claim = { kind: "new"; id: number } | { kind: "replay"; status: number; body: unknown };

export async function claimKey(
  tx: Tx,
  userId: number,
  key: string,
  target: string,
  fingerprint: string,
): Promise<Claim> {
  // Only the claim waits briefly; the send's own statements keep the server's setting.
  await sql`select set_config('lock_timeout', ${WAIT}, true)`.execute(tx);
  let id: number | undefined;
  try {
    // An expired key is forgotten: its user may send something new with it.
    await sql`delete from idempotency_keys
               where user_id = ${userId} and key = ${key} and created_at < now() - ${LIFETIME}::interval`.execute(tx);
    const inserted = await sql<{ id: number }>`
      insert into idempotency_keys (user_id, key, target, fingerprint, status)
      values (${userId}, ${key}, ${target}, ${fingerprint}, null)
      on conflict (user_id, key) do nothing
      returning id`.execute(tx);
    id = inserted.rows[0]?.id;
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw stillHandled();
    throw error;
  }
  await sql`set local lock_timeout to default`.execute(tx);
  if (id !== undefined) return { kind: "new", id };

  const seen = (
    await sql<{ target: string; fingerprint: string; status: number | null; body: unknown }>`
      select target, fingerprint, status, body from idempotency_keys where user_id = ${userId} and key = ${key}`.execute(
      tx,
    )
  ).rows[0];
  if (!seen || seen.status === null) throw stillHandled();
  if (seen.target !== target || seen.fingerprint !== fingerprint) {
    throw new ApiError(422, { detail: "This Idempotency-Key was already used with a different request." });
  }
  return { kind: "replay", status: seen.status, body: seen.body };
}

/** The send's answer, remembered in the send's transaction (see above). */
export async function rememberAnswer(tx: Tx, claimId: number, status: number, body: unknown): Promise<void> {
  await sql`update idempotency_keys set status = ${status}, body = ${JSON.stringify(body)}::jsonb
             where id = ${claimId}`.execute(tx);
}
