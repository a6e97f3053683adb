import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { paths } from "./src/config/paths.ts";
import { firstPageChunks } from "./vite.chunks.ts";
import { reactAriaLocales } from "./vite.locales.ts";
import { routeDocuments } from "./vite.routeDocuments.ts";

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // Every screen renders under an en-US I18nProvider (app/providers.tsx): react-aria's strings for
    // its other 33 languages would be downloaded for nothing (vite.locales.ts).
    reactAriaLocales(["en-US"]),
    // The public pages a visitor opens first get their screen's code preloaded by their own page.
    routeDocuments({
      [paths.auth_login.path]: "src/features/auth/screens/LoginScreen.tsx",
      [paths.auth_forgot_password.path]: "src/features/auth/screens/ForgotPasswordScreen.tsx",
      [paths.auth_recover_authenticator.path]: "src/features/auth/screens/RecoverAuthenticatorScreen.tsx",
    }),
  ],
  build: {
    // Source maps would publish the source next to the app; error reporting does not need them here.
    sourcemap: false,
    // The bundle-budget script (scripts/budget) reads which chunks each route needs from here.
    manifest: true,
    target: "es2023",
    // No data: URLs: the CSP allows fonts and images from 'self' only (deploy/snippets/sentinel-security-headers.conf).
    assetsInlineLimit: 0,
    // Every browser that runs es2023 supports <link rel="modulepreload">; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Hash-only names: every chunk names its imports, and the entry lists each route's files
        // for preloading, so descriptive names cost about 1 kB gzip on the sign-in page. Seven
        // characters (rolldown's minimum for this many chunks) rather than eight paid for /findings'
        // route in that list: the sign-in page stays under its 142 kB budget (141.8 kB).
        chunkFileNames: "assets/[hash:7].js",
        assetFileNames: "assets/[hash:7][extname]",
        // The sign-in page's code and the signed-in frame's in a few files each (vite.chunks.ts).
        codeSplitting: firstPageChunks(import.meta.dirname),
      },
      treeshake: {
        // The app's own modules run nothing on import (main.tsx aside). Said here because a
        // `sideEffects` field in this package.json is not applied to the app's relative imports
        // (checked with Vite 8.3): without the rules, a barrel such as shared/findings/index.ts
        // pulls every module it re-exports (charts included) into each route that imports one name
        // from it. Styles (`*.css`, `*.css.ts`) keep their side effects.
        moduleSideEffects: [
          { test: /\.css(\.ts)?($|\?)/, sideEffects: true },
          { test: /[\\/]packages[\\/]app[\\/]src[\\/]main\.tsx$/, sideEffects: true },
          { test: /[\\/]packages[\\/]app[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  optimizeDeps: {
    // Without these the first cold dev/test run fails to resolve vanilla-extract's runtime inside ui.
    include: [
      "@sentinel/ui > @vanilla-extract/recipes/createRuntimeFn",
      "@sentinel/ui > @vanilla-extract/sprinkles/createRuntimeSprinkles",
    ],
  },
});
