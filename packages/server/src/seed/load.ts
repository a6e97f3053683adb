import { hash } from "@node-rs/argon2";
import { hostileDb, setDataset } from "@sentinel/api-client/mocks/dataset";
import type { Db as SeedDb } from "@sentinel/api-client/mocks/db-types";
import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { ARGON2_OPTIONS } from "../auth/passwords.ts";
import type { Db, Tx } from "../db/pool.ts";
import { insertRows } from "./rows.ts";
import { seedSections } from "./sections.ts";

/**
 * Loads static mode's deterministic demo data (the same generator, so the accounts, data and
 * screenshots are the same on both) into an empty database, in one transaction. Each table is one
 * set-based insert from a JSON array.
 */
export async function seedDemo(db: Db, dataset: "default" | "hostile" = "default"): Promise<boolean> {
  return await db.transaction().execute(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the data loaded.
    await sql`select pg_advisory_xact_lock(74251002)`.execute(tx);
    const existing = await sql<{ n: number }>`select count(*)::int as n from companies`.execute(tx);
    if ((existing.rows[0]?.n ?? 0) > 0) return false;
    setDataset(dataset);
    const seed = dataset === "hostile" ? hostileDb(buildSeed()) : buildSeed();
    await loadCore(tx, seed);
    for (const section of seedSections) await section(tx, seed);
    await resetSequences(tx);
    return true;
  });
}

async function loadCore(tx: Tx, seed: SeedDb): Promise<void> {
  await insertRows(
    tx,
    "companies",
    seed.companies.map((c) => ({ ...c, description: c.description ?? null })),
  );
  const hashes = new Map<string, string>();
  for (const password of new Set(seed.users.map((u) => u.password))) {
    hashes.set(password, await hash(password, ARGON2_OPTIONS));
  }
  await insertRows(
    tx,
    "users",
    seed.users.map((u) => ({
      id: u.id,
      company_id: u.company_id,
      first_name: u.first_name,
      last_name: u.last_name,
      username: u.username,
      email: u.email,
      password_hash: hashes.get(u.password),
      role: u.role,
      is_superuser: u.is_superuser,
      is_active: true,
      last_login: u.last_login,
      two_fa: u.two_fa,
      totp_secret: u.two_fa === "ACTIVE" ? DEMO_TOTP_SECRET : null,
      totp_last_step: null,
      phone_number: u.phone_number,
      created_at: u.created_at,
      updated_at: u.updated_at,
    })),
  );
}

/**
 * The 2FA demo account's authenticator secret, documented in the README so a tester can compute
 * codes (any TOTP app, or `oathtool --totp -b <secret>`).
 */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPSENTINELDEMO2FA2";

/** Identity columns continue after the seed's explicit ids. */
export async function resetSequences(tx: Tx): Promise<void> {
  await sql`
    do $$
    declare r record;
    begin
      for r in
        select c.relname as tbl, a.attname as col
          from pg_attribute a
          join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and a.attidentity <> '' and c.relkind = 'r'
      loop
        execute format(
          'select setval(pg_get_serial_sequence(%L, %L), greatest((select coalesce(max(%I), 0) from %I), 1), (select count(*) > 0 from %I))',
          r.tbl, r.col, r.col, r.tbl, r.tbl);
      end loop;
    end
    $$`.execute(tx);
}
