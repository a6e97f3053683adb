// Lighthouse benchmark (issue: quality gate). Not a test: it prints figures for the README.
//
// Builds the app twice (static mode off, as deployed against an API; and static mode on, so
// /dashboard has data without a backend), serves each with nginx and the deployment example
// (e2e/serve.mjs), and runs Lighthouse desktop and mobile, three runs each, printing the median of
// performance, FCP, LCP, TBT and total bytes for:
// - /auth/login, static mode off: what a visitor of a real deployment downloads and sees;
// - /auth/login and /dashboard (signed in as the super admin), static mode on.
//
// Lighthouse is fetched on first use (pnpm dlx), so the workspace install stays lean.
// Usage: pnpm bench   (BENCH_RUNS=5 for more runs, BENCH_SKIP_BUILD=1 to reuse the last builds)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { demo, signIn } from "../../e2e/tests/support.ts";
import { chromiumArgs, chromiumPath } from "../chromium.ts";

const lighthouseVersion = "13.5.0";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.BENCH_PORT ?? 8091);
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const runs = Number(process.env.BENCH_RUNS ?? 3);
// Narrow a run while working on one figure, e.g. BENCH_BUILDS=production BENCH_FORM_FACTORS=mobile.
const only = (name) => (process.env[name] ? process.env[name].split(",") : null);
const onlyBuilds = only("BENCH_BUILDS");
const formFactors = only("BENCH_FORM_FACTORS") ?? ["desktop", "mobile"];
const origin = `http://127.0.0.1:${port}`;
const reportPath = path.join(tmpdir(), "sentinel-bench-report.json");

const builds = {
  production: { dir: "dist-bench-no-static", env: { VITE_STATIC_MODE: "false" }, label: "static mode off" },
  static: { dir: "dist-bench", env: {}, label: "static mode" },
};
const selectedBuilds = Object.entries(builds).filter(([name]) => !onlyBuilds || onlyBuilds.includes(name));
const cases = [
  { build: "production", route: "/auth/login", signedIn: false },
  { build: "static", route: "/auth/login", signedIn: false },
  { build: "static", route: "/dashboard", signedIn: true },
];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  return result;
}

async function waitFor(url, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Serves one build with nginx while `fn` runs, and waits for nginx to be gone afterwards. */
async function isAnswering(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

async function withServer(dir, fn) {
  // The previous server may still be letting go of the port; never measure a stale build.
  for (let i = 0; i < 40 && (await isAnswering(`${origin}/config.json`)); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (await isAnswering(`${origin}/config.json`)) throw new Error(`Port ${port} is taken; set BENCH_PORT`);
  // process.execPath, not "node": under pnpm, "node" is a launcher that would not pass on SIGTERM.
  const server = spawn(process.execPath, ["e2e/serve.mjs"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, E2E_DIST: `packages/app/${dir}`, E2E_PORT: String(port) },
  });
  const exited = new Promise((resolve) => server.on("exit", resolve));
  try {
    await waitFor(`${origin}/config.json`);
    return await fn();
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
}

async function attach() {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  const context = cdp.contexts()[0];
  return { cdp, context };
}

/**
 * Every run starts with an empty HTTP cache, as a first visit does. Lighthouse's own storage reset
 * would also clear localStorage, and with it the signed-in session /dashboard needs.
 */
async function clearHttpCache() {
  const { cdp, context } = await attach();
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  await session.send("Network.clearBrowserCache");
  await cdp.close();
}

/** Signs in through the real form; the session then lives in the profile's localStorage. */
async function signInAsSuperAdmin() {
  const { cdp, context } = await attach();
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login`);
  await signIn(page, demo.superadmin);
  await page.waitForURL(/\/dashboard/);
  await page.close();
  await cdp.close();
}

/** One Lighthouse run in the browser listening on debugPort (its default, signed-in context). */
function lighthouse(url, formFactor) {
  const args = ["dlx", `lighthouse@${lighthouseVersion}`, url, `--port=${debugPort}`];
  args.push("--only-categories=performance", "--output=json", `--output-path=${reportPath}`, "--quiet");
  args.push("--disable-storage-reset");
  if (formFactor === "desktop") args.push("--preset=desktop");
  run("pnpm", args, { stdio: ["ignore", "ignore", "inherit"] });
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  const landed = new URL(report.finalDisplayedUrl).pathname;
  // A figure for the wrong page (e.g. signed out and sent to sign-in) would be worse than none.
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse measured ${landed}, not ${url}`);
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    bytes: audit("total-byte-weight"),
  };
}

if (!process.env.BENCH_SKIP_BUILD) {
  run(process.execPath, ["scripts/ensure-system.mjs", "chromium", "nginx"]);
  for (const [, build] of selectedBuilds) {
    run("pnpm", ["--filter", "@sentinel/app", "exec", "vite", "build", "--outDir", build.dir, "--emptyOutDir"], {
      env: { ...process.env, ...build.env },
    });
  }
}

const profile = mkdtempSync(path.join(tmpdir(), "sentinel-bench-"));
// Chromium is started here, not by Playwright: Lighthouse opens its own tab through the debugging
// port, which a Playwright-launched browser closes. Playwright only attaches (to sign in).
const browser = spawn(
  chromiumPath,
  [...chromiumArgs, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, "about:blank"],
  { stdio: "ignore" },
);
const rows = [];
try {
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
  for (const [name, build] of selectedBuilds) {
    await withServer(build.dir, async () => {
      for (const { route, signedIn } of cases.filter((c) => c.build === name)) {
        if (signedIn) await signInAsSuperAdmin();
        for (const formFactor of formFactors) {
          const results = [];
          for (let i = 0; i < runs; i += 1) {
            await clearHttpCache();
            results.push(lighthouse(`${origin}${route}`, formFactor));
          }
          const pick = (key) => median(results.map((r) => r[key]));
          rows.push({
            route,
            build: build.label,
            formFactor,
            ...Object.fromEntries(["performance", "fcp", "lcp", "tbt", "bytes"].map((key) => [key, pick(key)])),
          });
        }
      }
    });
  }
} finally {
  const closed = new Promise((resolve) => browser.on("exit", resolve));
  browser.kill("SIGTERM");
  await closed;
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
}

console.info(`\nLighthouse ${lighthouseVersion}, median of ${runs} runs, nginx-served production builds\n`);
console.info("| Route | Build | Form factor | Performance | FCP | LCP | TBT | Total bytes |");
console.info("| --- | --- | --- | --- | --- | --- | --- | --- |");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
for (const r of rows) {
  console.info(
    `| \`${r.route}\` | ${r.build} | ${r.formFactor} | ${r.performance} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${Math.round(r.bytes / 1000)} kB |`,
  );
}
