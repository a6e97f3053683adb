import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";

// Library build for consumers outside the workspace (`pnpm pack`). Inside the workspace the app
// imports src/ directly, so this config only runs for `pnpm --filter @sentinel/ui build`.
const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const externals = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

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

// Entries that exist only for their CSS, each merged into one stylesheet at the dist root.
const stylesheetEntries: Record<string, string> = { style: "style.css", fonts: "fonts.css" };

/**
 * CSS paid for per use. With one JS file per source module, Vite emits one CSS file per module
 * that has styles, but library mode leaves it to the consumer to import them. This plugin:
 * - merges the CSS of each stylesheet entry's whole import graph into one file: `style.css` (theme
 *   variables and reset) and `fonts.css` (font faces), the stylesheets a consumer imports once;
 * - makes every other module import its own CSS file, so a consumer's bundler ships a component's
 *   styles exactly when it ships the component.
 */
const cssPerModule: Plugin = {
  name: "sentinel-css-per-module",
  apply: "build",
  enforce: "post",
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
    // What a stylesheet owns: every module its entry reaches, in import order (the module graph,
    // not the chunks' imports, which tree-shaking has already thinned).
    const owner = new Map<string, { stylesheet: string; order: number }>();
    for (const [name, stylesheet] of Object.entries(stylesheetEntries)) {
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === name);
      if (!entry?.facadeModuleId) this.error(`the ${name} entry is missing`);
      const visit = (id: string) => {
        if (owner.has(id)) return;
        owner.set(id, { stylesheet, order: owner.size });
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(entry.facadeModuleId);
    }
    const srcDir = fileURLToPath(new URL("./src", import.meta.url));
    const cssOwner = (cssFile: string, moduleIds: readonly string[]) =>
      owner.get(path.join(srcDir, cssFile)) ?? moduleIds.map((id) => owner.get(id)).find(Boolean);

    const owned = new Map<string, { stylesheet: string; order: number; source: string }>();
    for (const chunk of chunks) {
      const injected: string[] = [];
      for (const cssFile of chunk.viteMetadata?.importedCss ?? []) {
        const found = cssOwner(cssFile, chunk.moduleIds);
        const asset = bundle[cssFile];
        if (!found) {
          const relative = path.posix.relative(path.posix.dirname(chunk.fileName), cssFile);
          injected.push(`import "${relative.startsWith(".") ? relative : `./${relative}`}";\n`);
        } else if (asset?.type === "asset" && !owned.has(cssFile)) {
          owned.set(cssFile, { ...found, source: String(asset.source) });
        }
      }
      chunk.code = injected.join("") + chunk.code;
    }
    for (const cssFile of owned.keys()) delete bundle[cssFile];
    for (const stylesheet of Object.values(stylesheetEntries)) {
      const parts = [...owned.values()].filter((part) => part.stylesheet === stylesheet);
      parts.sort((x, y) => x.order - y.order);
      this.emitFile({ type: "asset", fileName: stylesheet, source: parts.map((part) => part.source).join("\n") });
    }
    // The stylesheet entries' own JS only imported CSS; nothing should load it.
    for (const chunk of chunks) if (chunk.isEntry && chunk.name in stylesheetEntries) delete bundle[chunk.fileName];
  },
};

export default defineConfig({
  plugins: [fontsAsFiles, vanillaExtractPlugin({ identifiers: "short" }), cssPerModule],
  experimental: {
    // Only fonts.css (at the dist root) refers to assets: relative URLs let any consumer bundler find the fonts.
    renderBuiltUrl: (filename, { hostType }) => (hostType === "css" ? `./${filename}` : { relative: true }),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2023",
    sourcemap: false,
    cssCodeSplit: true,
    lib: {
      entry: {
        index: "src/index.ts",
        charts: "src/charts.ts",
        table: "src/table.ts",
        domain: "src/domain.ts",
        style: "src/style.ts",
        fonts: "src/tokens/fonts.ts",
      },
      formats: ["es"],
    },
    rolldownOptions: {
      // Subpath imports (react/jsx-runtime, @vanilla-extract/recipes/createRuntimeFn) stay external too.
      external: (id) => externals.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        // One JS file per source module: a consumer's bundler keeps only the modules a page uses.
        preserveModules: true,
        preserveModulesRoot: "src",
        entryFileNames: "[name].js",
        assetFileNames: (asset) => (asset.names[0]?.endsWith(".woff2") ? "fonts/[name][extname]" : "[name][extname]"),
      },
    },
  },
});
