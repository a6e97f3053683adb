import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

const dirname = path.dirname(fileURLToPath(import.meta.url));
const appPublic = path.join(dirname, "../packages/app/public");

const config = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: [
    "../packages/ui/src/**/*.mdx",
    "../packages/ui/src/**/*.stories.tsx",
    "../packages/app/src/**/*.stories.tsx",
  ],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest", "msw-storybook-addon"],
  // msw's mockServiceWorker.js lives in the app's public folder.
  staticDirs: existsSync(appPublic) ? [appPublic] : [],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import("vite");
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      resolve: {
        alias: {
          // Story tests add dark-mode axe and screenshot checks; the Storybook UI gets a no-op.
          "#story-checks": path.join(dirname, process.env.VITEST ? "story-checks.vitest.ts" : "story-checks.noop.ts"),
        },
      },
      // Vitest sets NODE_ENV=test, which makes react-stately's Virtualizer read process.env.VIRT_ON
      // (undefined in the browser). Real browsers measure layout, so keep virtualization on.
      define: { "process.env.VIRT_ON": JSON.stringify("1") },
      optimizeDeps: {
        // Without these the first cold vitest run fails with "Vitest failed to find the current suite".
        include: [
          "@vanilla-extract/recipes/createRuntimeFn",
          "@vanilla-extract/sprinkles/createRuntimeSprinkles",
          "axe-core",
          // Date stories import it directly; unlisted, its late discovery reloads a cold test run.
          "react-aria-components > @internationalized/date",
          // The findings grid's virtualizer: found late, it reloads a cold run and React loads twice.
          "@tanstack/react-virtual",
        ],
      },
    });
  },
} satisfies StorybookConfig;

export default config;
