import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";

// bigint columns (counts, sums) come back as numbers: every count here stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric (credit amounts, rates) as numbers too; amounts are whole credits or two-decimal rates.
pg.types.setTypeParser(1700, (v) => Number(v));
// timestamptz stays a string from PostgreSQL and is turned into ISO 8601 by the serializers.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: "sentinel" });
  // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
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
    await sql`select set_config('app.scope', ${scope.companies === "all" ? "all" : "company"}, true),
                     set_config('app.company_id', ${scope.companies === "all" ? "" : String(scope.companies)}, true),
                     set_config('app.user_id', ${scope.userId === null ? "" : String(scope.userId)}, true)`.execute(tx);
    await sql`set local role sentinel_app`.execute(tx);
    return await work(tx);
  });
}
