// Reading a production build for the budget check (check.mjs): its Vite manifest, and the gzip -9
// size of its JavaScript files.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const KB = 1000;

export function loadManifest(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
}

const gzipCache = new Map();
export function gzipSize(distDir, file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

export function sizeOf(distDir, files) {
  let total = 0;
  for (const file of files) if (file.endsWith(".js")) total += gzipSize(distDir, file);
  return total;
}
