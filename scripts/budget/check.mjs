// Bundle budgets (issue: quality gate). Reads packages/app/dist (built with static mode on) and
// packages/app/dist-no-static (built with VITE_STATIC_MODE=false), prints every route's figure,
// and exits 1 when a budget is broken.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSize, KB, loadManifest } from "./measure.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// BUDGET_DIST / BUDGET_DIST_NO_STATIC measure other builds (the e2e run builds into dist-e2e*).
const dist = path.resolve(root, process.env.BUDGET_DIST ?? "packages/app/dist");
const distNoStatic = path.resolve(root, process.env.BUDGET_DIST_NO_STATIC ?? "packages/app/dist-no-static");

const budgets = { login: 140 * KB, heaviest: 320 * KB };

const manifest = loadManifest(dist);
const isStaticModeOnly = (key) => /api-client\/src\/mocks|node_modules\/.*msw/.test(key);
/**
 * Lazy chunks a page loads only when the user acts (a dialog, the next sign-in step) or only when
 * configured (error reporting). Every other lazy import of a route's code is loaded as the page
 * renders (charts, the shell) and counts towards the route.
 */
const onInteraction = [
  "src/features/auth/components/OtpStep.tsx",
  "src/features/auth/components/EnrolStep.tsx",
  "src/features/network-va/components/ScheduleForm.tsx",
  "src/features/ticketing/components/CreateTicketForm.tsx",
  "src/app/reporter.ts",
];
const isScreen = (key) => /src\/features\/[^/]+\/screens\/[^/]+Screen\.tsx$/.test(key);
const isLoadedOnRender = (key) => !isStaticModeOnly(key) && !isScreen(key) && !onInteraction.includes(key);

/** Files a route needs: the chunk, what it imports statically, and what it loads as it renders. */
function routeFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) routeFiles(dep, seen);
  // The entry's lazy imports are the routes and the shell: each route adds the ones it renders.
  if (chunk.isEntry) return seen;
  for (const dep of chunk.dynamicImports ?? []) if (isLoadedOnRender(dep)) routeFiles(dep, seen);
  return seen;
}

const files = (keys) => new Set([...keys].map((k) => manifest[k].file));
const total = (fileSet) => [...fileSet].filter((f) => f.endsWith(".js")).reduce((n, f) => n + gzipSize(dist, f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// The entry's static closure only: lazy routes are not part of what index.html loads.
const entryOnly = new Set();
(function visit(key) {
  if (entryOnly.has(key)) return;
  entryOnly.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
})(entryKey);

// Signed-in pages render inside the shell (its own lazy chunk); the sign-in forms do not.
const shellKey = Object.keys(manifest).find((k) => k.endsWith("src/shell/AppShell.tsx"));
if (!shellKey) throw new Error("budget: no chunk for the app shell in the build manifest");
const isPublicForm = (key) => key.includes("src/features/auth/screens/");

const screens = Object.keys(manifest).filter(isScreen);
const rows = screens
  .map((key) => {
    const keys = routeFiles(key);
    if (!isPublicForm(key)) routeFiles(shellKey, keys);
    const all = new Set([...files(entryOnly), ...files(keys)]);
    return { screen: key.replace(/^.*\/features\//, ""), bytes: total(all) };
  })
  .sort((a, b) => b.bytes - a.bytes);

const entryBytes = total(files(entryOnly));
console.info(`Initial JS (index.html): ${(entryBytes / KB).toFixed(1)} kB gzip`);
console.info("JS to render each route, shell and on-render lazy chunks included (gzip -9, kB):");
for (const row of rows) console.info(`  ${(row.bytes / KB).toFixed(1).padStart(7)}  ${row.screen}`);

const failures = [];
const login = rows.find((r) => r.screen.endsWith("auth/screens/LoginScreen.tsx"));
if (!login) failures.push("no chunk found for the sign-in screen");
else if (login.bytes > budgets.login)
  failures.push(`/auth/login needs ${(login.bytes / KB).toFixed(1)} kB > ${budgets.login / KB} kB`);
const heaviest = rows[0];
if (heaviest && heaviest.bytes > budgets.heaviest)
  failures.push(`${heaviest.screen} needs ${(heaviest.bytes / KB).toFixed(1)} kB > ${budgets.heaviest / KB} kB`);

// With static mode off at build time, no msw code may ship at all.
const mswMarkers = ["mockServiceWorker", "[MSW]", "msw/browser"];
const shipped = readdirSync(path.join(distNoStatic, "assets")).filter((f) => f.endsWith(".js"));
const withMsw = shipped.filter((f) => {
  const text = readFileSync(path.join(distNoStatic, "assets", f), "utf8");
  return mswMarkers.some((m) => text.includes(m));
});
console.info(`Build with static mode off: ${shipped.length} JS files, ${withMsw.length} with msw`);
if (withMsw.length > 0) failures.push(`msw found in the static-mode-off build: ${withMsw.join(", ")}`);

console.info(
  `Budgets: /auth/login ≤ ${budgets.login / KB} kB (is ${login ? (login.bytes / KB).toFixed(1) : "?"}), heaviest ≤ ${budgets.heaviest / KB} kB (is ${heaviest ? (heaviest.bytes / KB).toFixed(1) : "?"}), no msw when static mode is off`,
);
if (failures.length) {
  for (const f of failures) console.error(`over budget: ${f}`);
  process.exit(1);
}
