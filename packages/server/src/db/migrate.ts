import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any number: two processes starting at once take turns instead of migrating twice. */
const MIGRATION_LOCK = 74_251_001;

export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies the hand-written SQL migrations in name order, each in its own transaction, and records
 * them. Returns the names applied by this call.
 */
export async function migrate(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set(
      (await client.query<{ name: string }>("select name from schema_migrations")).rows.map((r) => r.name),
    );
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const text = readFileSync(path.join(migrationsDir, file), "utf8");
      await client.query("begin");
      try {
        await client.query(text);
        await client.query("insert into schema_migrations (name) values ($1)", [file]);
        await client.query("commit");
        applied.push(file);
      } catch (error) {
        await client.query("rollback");
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
    }
    // The request role reads and writes every table and sequence; ownership stays with the migrator.
    await client.query(`
      grant usage on schema public to sentinel_app;
      grant select, insert, update, delete on all tables in schema public to sentinel_app;
      grant usage, select on all sequences in schema public to sentinel_app;
      revoke all on schema_migrations from sentinel_app;
      -- Only the findings triggers (migrations 0310, 0330) write the index's counts and status order.
      revoke insert, update, delete on finding_counts from sentinel_app;
      revoke insert, update, delete on finding_status_order from sentinel_app;
    `);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
  return applied;
}
