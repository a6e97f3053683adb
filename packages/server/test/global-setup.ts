import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "../src/db/migrate.ts";
import { openDatabase } from "../src/db/pool.ts";
import { startJobQueue } from "../src/jobs/queue.ts";
import { seedDemo } from "../src/seed/load.ts";
import { startTestCluster, type TestCluster } from "./postgres.ts";

export const TEMPLATE = "sentinel_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run and one migrated, seeded template database; each test file gets
 * its own copy (CREATE DATABASE … TEMPLATE), so files run in parallel without seeing each other.
 */
export default async function setup(project: TestProject) {
  let cluster: TestCluster | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL ?? "";
  if (!adminUrl) {
    cluster = await startTestCluster();
    adminUrl = cluster.adminUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE}`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE}`;
  await migrate(url.toString());
  const jobs = await startJobQueue(url.toString());
  await jobs.boss.stop({ graceful: false });
  const database = openDatabase(url.toString(), 2);
  await seedDemo(database.db);
  await database.close();

  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", TEMPLATE);
  return async () => {
    await cluster?.stop();
  };
}
