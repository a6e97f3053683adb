// Post-emit pass over dist/types. tsc keeps the source's `.ts`/`.tsx` import paths in declaration
// files (rewriteRelativeImportExtensions only rewrites JS), and a consumer's TypeScript rejects
// them; side-effect imports (stylesheets, theme registration) carry no types and fail TS2882 in a
// consumer with `skipLibCheck: false`, so they are dropped.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const typesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/types");
const relativeSpecifier = /(from\s+|import\()(["'])(\.{1,2}\/[^"']+?)\.tsx?\2/g;
const sideEffectImport = /^import\s+["'][^"']+["'];\r?\n/gm;

let files = 0;
for (const entry of readdirSync(typesDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const source = readFileSync(file, "utf8");
  const rewritten = source.replace(sideEffectImport, "").replace(relativeSpecifier, "$1$2$3.js$2");
  if (/(["'])\.{1,2}\/[^"']+\.tsx?\1/.test(rewritten)) throw new Error(`${file}: a .ts import path survived`);
  if (rewritten !== source) writeFileSync(file, rewritten);
  files += 1;
}
console.info(`rewrite-declarations: ${files} declaration files checked`);
