// Lighthouse benchmark (issue: quality gate). Not a test: it prints figures for the README.
//
// Builds the app (static mode, so /dashboard has data without a backend), serves it with nginx and
// the deployment example (e2e/serve.mjs), and runs Lighthouse desktop and mobile against
// /auth/login (signed out) and /dashboard (signed in as the super admin), three runs each, printing
// the median of performance, FCP, LCP, TBT and total bytes.
//
// Lighthouse is fetched on first use (pnpm dlx), so the workspace install stays lean.
// Usage: pnpm bench   (BENCH_RUNS=5 for more runs, BENCH_SKIP_BUILD=1 to reuse the last build)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "../chromium.ts";

const lighthouseVersion = "13.5.0";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dist = "packages/app/dist-bench";
const port = Number(process.env.BENCH_PORT ?? 8091);
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const origin = `http://127.0.0.1:${port}`;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  return result;
}

async function waitForServer(url, timeoutMs = 30_000) {
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

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One Lighthouse run against the browser listening on debugPort, in its default (profile) context. */
function lighthouse(url, formFactor, outFile) {
  const args = [
    "dlx",
    `lighthouse@${lighthouseVersion}`,
    url,
    `--port=${debugPort}`,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${outFile}`,
    "--quiet",
    // Keeps the signed-in session (localStorage) that /dashboard needs.
    "--disable-storage-reset",
  ];
  if (formFactor === "desktop") args.push("--preset=desktop");
  run("pnpm", args, { stdio: ["ignore", "ignore", "inherit"] });
  const report = JSON.parse(readFileSync(outFile, "utf8"));
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
  run("node", ["scripts/ensure-system.mjs", "chromium", "nginx"]);
  run("pnpm", ["--filter", "@sentinel/app", "exec", "vite", "build", "--outDir", "dist-bench", "--emptyOutDir"]);
}

const server = spawn("node", ["e2e/serve.mjs"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_DIST: dist, E2E_PORT: String(port) },
});
const profile = mkdtempSync(path.join(tmpdir(), "sentinel-bench-"));
let context;
try {
  await waitForServer(`${origin}/config.json`);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`],
  });
  const page = context.pages()[0] ?? (await context.newPage());

  const cases = [
    { route: "/auth/login", signedIn: false },
    { route: "/dashboard", signedIn: true },
  ];
  const rows = [];
  for (const { route, signedIn } of cases) {
    if (signedIn) {
      // Sign in through the real form; the session then lives in this profile's localStorage.
      await page.goto(`${origin}/auth/login`);
      await page.getByLabel("E-mail").fill("superadmin@example.com");
      await page.getByLabel(/^Password/).first().fill("demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/dashboard/);
    }
    for (const formFactor of ["desktop", "mobile"]) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        results.push(lighthouse(`${origin}${route}`, formFactor, path.join(profile, "report.json")));
      }
      const pick = (key) => median(results.map((r) => r[key]));
      rows.push({
        route,
        formFactor,
        performance: pick("performance"),
        fcp: pick("fcp"),
        lcp: pick("lcp"),
        tbt: pick("tbt"),
        bytes: pick("bytes"),
      });
    }
  }

  console.info(`\nLighthouse ${lighthouseVersion}, median of ${runs} runs, nginx-served production build (static mode)\n`);
  console.info("| Route | Form factor | Performance | FCP | LCP | TBT | Total bytes |");
  console.info("| --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.info(
      `| \`${r.route}\` | ${r.formFactor} | ${r.performance} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${Math.round(r.bytes / 1000)} kB |`,
    );
  }
} finally {
  await context?.close();
  server.kill("SIGTERM");
  rmSync(profile, { recursive: true, force: true });
}
