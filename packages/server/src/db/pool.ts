import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";

// bigint columns (counts, sums) come back as numbers: every count here stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (credit amounts, rates) as numbers too; amounts are whole credits or two-decimal rates.
pg.types.setTypeParser(1700, (v) => Number(v));
// timestamptz becomes ISO 8601, as the serializers write it.
pg.types.setTypeParser(1184, isoTimestamp);

export type Db = Kysely<DB>;

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it, in ISO 8601 with milliseconds (as `Date#toISOString`). A UTC
 * session's text is rearranged without a Date (an export reads millions of them); any other offset
 * goes through Date.
 */
export function isoTimestamp(text: string): string {
  const utc = UTC_TIMESTAMP.exec(text);
  if (!utc) return new Date(text).toISOString();
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
}
export type Tx = Transaction<DB>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** How long a request waits for a connection (a new one, or a free one under load) before it fails. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long an unused connection stays open. The pool's default, 10 s, closed every connection after
 * any lull, and the next burst paid for new ones: connecting and signing in, and PostgreSQL reading
 * the tables', indexes' and row policies' definitions again on each one's first query. Measured at a
 * million findings (median of 15): connecting 8.6 ms, then an index-like query 2.8 ms on the new
 * connection against 0.9 ms on one that has run it.
 */
const IDLE_TIMEOUT_MS = 10 * 60_000;

export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: "sentinel",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
  });
  // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor may a checked-out one's (a request's transaction between two statements when PostgreSQL goes
  // away): the pool listens to its clients only while they are idle. The statement in flight fails on
  // its own, and the pool drops the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

/** PostgreSQL's SQLSTATEs for a server that is away, starting, stopping or full. */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
/** node-postgres words a lost or refused connection in these messages, with no code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * Whether an error says the database cannot be reached (restarting, down, out of connections) rather
 * than that a statement failed: a request that meets it is answered 503 and may be sent again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code))
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * Who is asking, as row-level security sees it. `all` is staff (super admins and analysts) and the
 * system itself (sign-in before a user is known, jobs); a number is one client company.
 */
export interface Scope {
  companies: "all" | number;
  userId: number | null;
}

export const SYSTEM: Scope = { companies: "all", userId: null };

/**
 * One transaction as the caller: PostgreSQL's row-level security reads the caller's company from
 * `app.company_id`, and the transaction runs as the unprivileged `sentinel_app` role, so a query
 * that forgets its company filter returns nothing of another company's rather than everything.
 */
export async function withScope<T>(db: Db, scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
  return await db.transaction().execute(async (tx) => {
    // set_config('role', …, true) is SET LOCAL ROLE: the scope and the role in one round trip.
    await sql`select set_config('app.scope', ${scope.companies === "all" ? "all" : "company"}, true),
                     set_config('app.company_id', ${scope.companies === "all" ? "" : String(scope.companies)}, true),
                     set_config('app.user_id', ${scope.userId === null ? "" : String(scope.userId)}, true),
                     set_config('role', 'sentinel_app', true)`.execute(tx);
    return await work(tx);
  });
}
