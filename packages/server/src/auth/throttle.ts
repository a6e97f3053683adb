import { sql } from "kysely";
import type { Db } from "../db/pool.ts";
import { throttled } from "../http/errors.ts";

export interface Limit {
  /** At most this many attempts … */
  max: number;
  /** … per window of this many seconds. */
  windowSeconds: number;
}

/** OWASP ASVS V2.2.1: sign-in, 2FA codes and resets are throttled per account and per client address. */
export const LIMITS = {
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  loginAddress: { max: 50, windowSeconds: 15 * 60 },
  otpAccount: { max: 5, windowSeconds: 5 * 60 },
  resetAddress: { max: 10, windowSeconds: 15 * 60 },
  resetAccount: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one attempt against each key (in PostgreSQL, so every server process counts together) and
 * answers 429 with Retry-After once any key is over its limit. Fixed windows: one upsert per key.
 */
export async function hit(db: Db, keys: Array<[string, Limit]>): Promise<void> {
  let retryAfter = 0;
  for (const [key, limit] of keys) {
    const result = await sql<{ hits: number; retry: number }>`
      insert into throttle_hits (key, window_start, hits)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${limit.windowSeconds}) * ${limit.windowSeconds}), 1)
      on conflict (key, window_start) do update set hits = throttle_hits.hits + 1
      returning hits, ceil(extract(epoch from window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int as retry`.execute(
      db,
    );
    const row = result.rows[0];
    if (row && row.hits > limit.max) retryAfter = Math.max(retryAfter, Math.max(1, row.retry));
  }
  if (retryAfter > 0) throw throttled(retryAfter);
}

/** Forgets an account's failed attempts after a success (the address count stays). */
export async function clear(db: Db, key: string): Promise<void> {
  await sql`delete from throttle_hits where key = ${key}`.execute(db);
}

/** Old windows are dropped now and then so the table stays small. */
export async function pruneThrottle(db: Db): Promise<void> {
  await sql`delete from throttle_hits where window_start < now() - interval '1 day'`.execute(db);
}
