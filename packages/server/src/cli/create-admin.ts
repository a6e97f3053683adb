// Creates a super admin (or makes an existing account one) and prints a one-time link to set the
// password: the way into a fresh production database.
import { createSuperAdmin } from "../auth/superAdmin.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { secureDataDir, startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { openDatabase } from "../db/pool.ts";

const email = process.argv[2]?.trim() ?? "";
if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("Usage: pnpm --filter @sentinel/server create-admin <e-mail address>");
  process.exit(2);
}

try {
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? embedded?.url ?? "";
  await migrate(url);
  const database = openDatabase(url, 1);
  const token = await createSuperAdmin(database.db, email);
  console.info(
    `${email} is a super admin. Set the password within a day at:\n${config.publicOrigin}/auth/reset-password/${token}`,
  );
  await database.close();
  await embedded?.stop();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
