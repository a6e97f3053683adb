// Measures, from the production build's Vite manifest, the gzip size of the JavaScript a browser
// must download to render each route: the scripts index.html loads, plus the route's lazy chunks
// and everything they import statically. Prints every figure; exits 1 over budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const KB = 1000;

export function loadManifest(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
}

/** Every chunk file reachable from `keys` through static imports (dynamic imports are not followed). */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
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

export function findKey(manifest, suffix) {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`No chunk for ${suffix} in the build manifest`);
  return key;
}
