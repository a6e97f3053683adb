// Writes src/db/schema.ts, Kysely's row types, from the migrations applied to a fresh database
// (`--verify` fails instead when the committed file is stale). The migrations are the one truth.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../src/db/migrate.ts";
import { startTestCluster } from "../test/postgres.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const cluster = await startTestCluster();
let status = 1;
try {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query("create database codegen");
  await admin.end();
  const url = cluster.adminUrl.replace(/\/postgres$/, "/codegen");
  await migrate(url);
  const result = spawnSync(
    path.join(here, "../node_modules/.bin/kysely-codegen"),
    [
      "--dialect",
      "postgres",
      "--url",
      url,
      "--out-file",
      path.join(here, "../src/db/schema.ts"),
      "--numeric-parser",
      "number",
      "--date-parser",
      "string",
      "--type-mapping",
      JSON.stringify({ timestamptz: "string", timestamp: "string", date: "string", int8: "number" }),
      "--exclude-pattern",
      "schema_migrations",
      ...process.argv.slice(2),
    ],
    { stdio: "inherit" },
  );
  status = result.status ?? 1;
} finally {
  await cluster.stop();
}
process.exit(status);
