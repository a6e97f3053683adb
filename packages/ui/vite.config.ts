import { readFileSync } from "node:fs";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";

// Library build for consumers outside the workspace (`pnpm pack`). Inside the workspace the app
// imports src/ directly, so this config only runs for `pnpm --filter @sentinel/ui build`.
const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const externals = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)].filter(
  // Fonts are CSS + woff2 files: bundled into style.css/assets so consumers need no font setup.
  (name) => !name.startsWith("@fontsource"),
);

// Library mode inlines every CSS asset as base64, which would put all font subsets into style.css
// and make each consumer download them up front. `?no-inline` keeps the woff2 files separate, so
// unicode-range loads only the subsets a page uses.
const fontsAsFiles: Plugin = {
  name: "sentinel-fonts-as-files",
  enforce: "pre",
  transform(code, id) {
    if (!id.includes("@fontsource") || !id.endsWith(".css")) return null;
    return code.replace(/url\((\.\/files\/[^)?]+\.woff2)\)/g, "url($1?no-inline)");
  },
};

export default defineConfig({
  plugins: [fontsAsFiles, vanillaExtractPlugin({ identifiers: "short" })],
  experimental: {
    // style.css sits at the dist root; relative URLs let any consumer bundler find the fonts.
    renderBuiltUrl: (filename, { hostType }) => (hostType === "css" ? `./${filename}` : { relative: true }),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2023",
    sourcemap: false,
    cssCodeSplit: false,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => "index.js",
      cssFileName: "style",
    },
    rolldownOptions: {
      // Subpath imports (react/jsx-runtime, @vanilla-extract/recipes/createRuntimeFn) stay external too.
      external: (id) => externals.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        assetFileNames: (asset) => (asset.names[0]?.endsWith(".woff2") ? "fonts/[name][extname]" : "[name][extname]"),
      },
    },
  },
});
