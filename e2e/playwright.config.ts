import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 8089);

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
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1366, height: 900 },
    trace: "off",
  },
  webServer: {
    command: "node e2e/serve.mjs",
    cwd: "..",
    url: `http://127.0.0.1:${port}/config.json`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
