// TEMPORARY (issue 8): runs this area's stories while the root config holds app stories out. Deleted before hand-off.
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumArgs, chromiumPath } from "../../../../../scripts/chromium.ts";

export default defineConfig({
  root: "/work/main",
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: "/work/main/.storybook" })],
        test: {
          name: "storybook",
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: "chromium" as const }],
          },
        },
      },
    ],
  },
});
