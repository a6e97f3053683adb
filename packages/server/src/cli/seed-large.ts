// Loads the large dataset (issue 30: 1,000,000 findings over 20 companies by default) into
// DATABASE_URL, or the embedded PostgreSQL, when it holds no companies yet; a database with data is
// left alone. `--companies N --findings N --seed TEXT` change the size and the generator's seed.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { secureDataDir, startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/pool.ts";
import { LARGE_DEFAULTS, LARGE_SUPER_ADMIN, seedLarge } from "../seed/million.ts";

try {
  const { values } = parseArgs({
    options: { companies: { type: "string" }, findings: { type: "string" }, seed: { type: "string" } },
  });
  const count = (raw: string | undefined, fallback: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new ConfigError([`expected a positive integer, got "${raw}"`]);
    return n;
  };
  const options = {
    ...LARGE_DEFAULTS,
    companies: count(values.companies, LARGE_DEFAULTS.companies),
    findings: count(values.findings, LARGE_DEFAULTS.findings),
    seed: values.seed ?? LARGE_DEFAULTS.seed,
  };
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? embedded?.url ?? "";
  await migrate(url);
  const database = openDatabase(url, 2);
  const loaded = await seedLarge(database.db, database.pool, options);
  if (loaded) {
    const { summary: s, ms } = loaded;
    console.info(
      `Loaded ${s.findings} findings (${s.changes.NEW} new, ${s.changes.UNCHANGED} unchanged, ${s.changes.REOPENED} reopened), ${s.findingLogs} history entries, ${s.scans} scans, ${s.companies} companies and ${s.users} accounts in ${(ms / 1000).toFixed(1)} s. Staff sign in as ${LARGE_SUPER_ADMIN} (password "demo").`,
    );
  } else {
    console.info("The database already has data; nothing was loaded.");
  }
  await database.close();
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
