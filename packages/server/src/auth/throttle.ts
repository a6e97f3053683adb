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
 * answers 429 with Retry-After once any key is over its limit. Fixed windows: one statement upserts
 * every key (a sign-in counts its account and its address in one round trip).
 */
export async function hit(db: Db, keys: Array<[string, Limit]>): Promise<void> {
  if (keys.length === 0) return;
  const rows = sql.join(keys.map(([key, limit]) => sql`(${key}, ${limit.windowSeconds}::int, ${limit.max}::int)`));
  const result = await sql<{ over: boolean; retry: number }>`
    with asked (key, window_seconds, max) as (values ${rows})
    insert into throttle_hits as t (key, window_start, hits)
    select key, to_timestamp(floor(extract(epoch from now()) / window_seconds) * window_seconds), 1 from asked
    on conflict (key, window_start) do update set hits = t.hits + 1
    returning t.hits > (select max from asked where asked.key = t.key) as over,
              ceil(extract(epoch from t.window_start
                + make_interval(secs => (select window_seconds from asked where asked.key = t.key)) - now()))::int as retry`.execute(
    db,
  );
  const retryAfter = Math.max(0, ...result.rows.filter((r) => r.over).map((r) => Math.max(1, r.retry)));
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
