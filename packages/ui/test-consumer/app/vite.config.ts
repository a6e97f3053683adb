import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// One page per build (the page's folder is the Vite root), so each page's sizes stand alone.
// Relative URLs: the test serves each page from its own folder.
export default defineConfig({ base: "./", plugins: [react()], logLevel: "warn", build: { assetsInlineLimit: 0 } });
