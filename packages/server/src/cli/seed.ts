// Loads the demo data (SEED_DATASET: default or hostile) into DATABASE_URL, or the embedded
// PostgreSQL, when it holds no companies yet; a database with data is left alone.
import { ConfigError, loadConfig } from "../config.ts";
import { secureDataDir, startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/pool.ts";
import { seedDemo } from "../seed/load.ts";

try {
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? embedded?.url ?? "";
  await migrate(url);
  const database = openDatabase(url, 1);
  const loaded = await seedDemo(database.db, config.seedDataset);
  console.info(
    loaded ? `Loaded the ${config.seedDataset} demo data.` : "The database already has data; nothing was loaded.",
  );
  await database.close();
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
