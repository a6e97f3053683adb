import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    // Source maps would publish the source next to the app; error reporting does not need them here.
    sourcemap: false,
    // The bundle-budget script (scripts/budget) reads which chunks each route needs from here.
    manifest: true,
    target: "es2023",
  },
  optimizeDeps: {
    // Without these the first cold dev/test run fails to resolve vanilla-extract's runtime inside ui.
    include: [
      "@sentinel/ui > @vanilla-extract/recipes/createRuntimeFn",
      "@sentinel/ui > @vanilla-extract/sprinkles/createRuntimeSprinkles",
    ],
  },
});
