import path from "node:path";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.ts";

const dirname = path.dirname(fileURLToPath(import.meta.url));

// A fresh object per project: vitest names each project's browser instance in place.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: "chromium" as const }],
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          // The contract test calls all 97 operations in one test; 2 busy cores need more than 5 s.
          testTimeout: 60_000,
          // Vitest's default on 2 cores is one file at a time (cores - 1), and the main process sits
          // idle meanwhile: two at a time took the step from 109 s to 78 s.
          maxWorkers: 2,
          include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["packages/server/**"],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["packages/server/src/**/*.test.ts", "packages/server/test/**/*.test.ts"],
          // One PostgreSQL for the run, a seeded template database, and a copy of it per test file.
          globalSetup: ["packages/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
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
          name: "component",
          include: ["packages/*/src/**/*.test.tsx"],
          // As in any app: the kit's stylesheet is loaded once, so its development check stays quiet.
          setupFiles: ["packages/ui/src/style.ts"],
          browser: browser(),
        },
      },
      {
        plugins: [storybookTest({ configDir: path.join(dirname, ".storybook") })],
        // Found only once a story imports them, they would be optimized mid-run, and Vite's reload
        // then fails whichever story file is loading at that moment.
        optimizeDeps: { include: ["storybook/internal/core-events", "storybook/theming"] },
        test: {
          name: "storybook",
          // Story start-up on 2 busy cores can pass 15 s; a timeout here is never a real failure.
          testTimeout: 60_000,
          // Two story files at a time. Vitest's default on 2 cores is one (cores - 1), and a story file
          // spends most of its time waiting (rendering, axe, screenshot stability), so one file left
          // the machine three-quarters idle; see docs/decisions.md, "CI time (stop 20)".
          maxWorkers: 2,
          // One frame per worker for all its story files: a fresh frame per file re-evaluated the
          // whole app and its styles 188 times, half of this project's time (17 min → 9 min, see
          // docs/decisions.md, "CI time (stop 23)"). What a story could leak into the next is reset
          // before each story in .storybook/preview.tsx (data, query cache, toasts, fonts loaded).
          isolate: false,
          browser: browser(),
        },
      },
    ],
  },
});
