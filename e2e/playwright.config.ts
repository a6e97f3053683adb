import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.ts";
import { API_PROCESSES, READY_LINE, SERVER_PORT } from "./topology.ts";

const port = Number(process.env.E2E_PORT ?? 8089);

/** A webServer's `env` replaces the environment rather than adding to it. */
const inherited = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);

/** Specs that run against the server; every other spec runs against static mode. */
const serverSpecs = [
  "server-product.spec.ts",
  "server-scans.spec.ts",
  "routes.spec.ts",
  "findings.spec.ts",
  "boot.spec.ts",
  "server-processes.spec.ts",
];

export default defineConfig({
  testDir: "./tests",
  outputDir: "../.e2e/results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1366, height: 900 },
    trace: "off",
  },
  projects: [
    { name: "static", testIgnore: serverSpecs, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: "server", testMatch: serverSpecs, use: { baseURL: `http://127.0.0.1:${SERVER_PORT}` } },
  ],
  webServer: [
    {
      command: "node e2e/serve.mjs",
      cwd: "..",
      url: `http://127.0.0.1:${port}/config.json`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { ...inherited, E2E_PORT: String(port) },
    },
    {
      // The production build with static mode off, behind nginx, proxied to two API processes and a
      // worker on PostgreSQL (e2e/topology.ts).
      command: "node e2e/serve-api.ts",
      cwd: "..",
      // Not one process's /ready: the specs start once both API processes and the worker are up.
      wait: { stdout: new RegExp(READY_LINE) },
      reuseExistingServer: false,
      // A fresh PostgreSQL, the migrations and the demo seed, then the three processes.
      timeout: 180_000,
      // Not the default SIGKILL: serve-api.ts stops its processes and PostgreSQL and removes the
      // cluster's folder, which a killed run leaves behind.
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: inherited,
    },
    {
      command: "node e2e/serve.mjs",
      cwd: "..",
      url: `http://127.0.0.1:${SERVER_PORT}/config.json`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        ...inherited,
        E2E_PORT: String(SERVER_PORT),
        E2E_API_PORTS: API_PROCESSES.map((p) => p.port).join(","),
        E2E_DIST: process.env.E2E_DIST_SERVER ?? "packages/app/dist-e2e-no-static",
      },
    },
  ],
});
