import path from "node:path";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.ts";

const dirname = path.dirname(fileURLToPath(import.meta.url));

const browser = {
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: "chromium" as const }],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        plugins: [vanillaExtractPlugin()],
        optimizeDeps: {
          include: [
            "@vanilla-extract/recipes/createRuntimeFn",
            "@vanilla-extract/sprinkles/createRuntimeSprinkles",
            "react-dom/client",
          ],
        },
        test: {
          name: "browser",
          include: ["packages/*/src/**/*.test.tsx"],
          browser,
        },
      },
      {
        plugins: [storybookTest({ configDir: path.join(dirname, ".storybook") })],
        test: {
          name: "storybook",
          browser,
        },
      },
    ],
  },
});
