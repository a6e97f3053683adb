// Applies the migrations to DATABASE_URL (or the embedded PostgreSQL) and exits.
import { ConfigError, loadConfig } from "../config.ts";
import { secureDataDir, startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";

try {
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const applied = await migrate(config.databaseUrl ?? embedded?.url ?? "");
  console.info(applied.length ? `Applied ${applied.join(", ")}` : "The database is up to date.");
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
