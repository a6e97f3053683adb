import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Running, startServer } from "../server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "sentinel-embedded-"));
let running: Running | null = null;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it("with no DATABASE_URL, starts its own PostgreSQL in the data folder, migrates, seeds, and keeps it across restarts", async () => {
  const config = loadConfig({ SENTINEL_DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  running = await startServer(config, { listen: false });
  const login = await running.app.inject({
    method: "POST",
    url: "/api/v1/auth/login/",
    payload: { email: "admin@example.com", password: "demo" },
  });
  expect(login.statusCode).toBe(200);
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as nobody: the cluster folder belongs to uid 65534.
    expect(statSync(path.join(dataDir, "postgres", "data")).uid).toBe(65534);
  }
  const { access } = login.json();
  await running.stop();

  // A restart finds the same data, and the same signing key: the token still works.
  running = await startServer(config, { listen: false });
  const profile = await running.app.inject({
    method: "GET",
    url: "/api/v1/user/profile/",
    headers: { authorization: `Bearer ${access}` },
  });
  expect(profile.statusCode).toBe(200);
  expect(profile.json().email).toBe("admin@example.com");
});
