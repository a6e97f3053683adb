import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestServer, testServer } from "../test/harness.ts";
import { type Database, openDatabase } from "./db/pool.ts";
import { grantJobTables } from "./server.ts";

let server: TestServer;
const pools: Database[] = [];

beforeAll(async () => {
  server = await testServer();
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await server?.close();
});

it("grants the job tables to the request role from several processes starting at once", async () => {
  // Each starting process grants the job queue's tables on its own connection. PostgreSQL refuses two
  // changes to one object's privileges at the same moment ("tuple concurrently updated"), which ended
  // a process of the e2e run's three on start.
  for (let i = 0; i < 6; i++) pools.push(openDatabase(server.databaseUrl, 1));
  const results = await Promise.allSettled(pools.map((p) => grantJobTables(p)));
  expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "granted"))).toEqual(
    Array(pools.length).fill("granted"),
  );
});
