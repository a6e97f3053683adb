import path from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumArgs, chromiumPath } from "../../scripts/chromium.ts";

const root = path.resolve(import.meta.dirname, "../..");
export default defineConfig({
  root,
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: path.join(root, ".storybook") })],
        test: {
          name: "appstories",
          include: ["packages/app/src/**/*.stories.tsx"],
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
