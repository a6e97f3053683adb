// Benchmark, not a test: the /findings workspace at scale (issue 17). Prints, at about 10,000 and at
// 100,000 matching findings (static mode's `large` dataset, served by nginx as deployed):
// - first rows: navigation start → the first data row shows its content (target ≤ 1.5 s);
// - time to valid state after PageDown and after End: key → every row on screen shows its true
//   content, checked through aria-rowindex and the cell text (target ≤ 100 ms p95);
// - long tasks: the longest task during 5 s of continuous scrolling (target none over 50 ms);
// - reach: whether the last row can be reached (past 16 million px of rows the grid scales its scroll
//   range, see docs/decisions.md "The findings grid reaches the last of a million rows").
// Usage: pnpm bench:grid   (BENCH_SKIP_BUILD=1 reuses the last build; BENCH_RUNS for more key presses;
// BENCH_LATENCY_MS=real keeps static mode's simulated network delay)
//
// BENCH_API=server (issue 30) measures against the API server instead: the build with static mode off,
// behind nginx, proxied to a server on the large server dataset (1,000,000 findings over 20
// companies, loaded once into an embedded PostgreSQL under BENCH_DATA_DIR, as `pnpm bench:server`
// does), signed in as its super admin; the grid pages by cursor there. Cases: one company (about
// 50,000), every company's High and Medium (about 570,000) and every company (1,000,000).
import { spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { demo, signIn } from "../../e2e/tests/support.ts";
import { chromiumArgs, chromiumPath } from "../chromium.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.BENCH_PORT ?? 8093);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const origin = `http://127.0.0.1:${port}`;
/**
 * Static mode's answer delay. Its demo default (100–400 ms a call) is a network stand-in, not the
 * grid's cost, so the bench runs at 0 unless asked: BENCH_LATENCY_MS=real measures with it.
 */
const latency = process.env.BENCH_LATENCY_MS ?? "0";
const againstServer = process.env.BENCH_API === "server";
const dist = againstServer ? "dist-bench-grid-server" : "dist-bench-grid";
/** The large dataset's company (Meridian Freight Group) is the last one the seed adds. */
const largeCompany = 8;
const allCases = againstServer
  ? [
      { label: "one company", query: "company=1" },
      // 568,680 rows: 22.7 million px of rows, scaled onto the grid's 16 million px box.
      { label: "every company, High and Medium", query: "severity=HIGH&severity=MEDIUM" },
      // 1,000,000 rows are 40 million px, past the browsers' ~33.5 million px cap: scaled as well.
      { label: "every company", query: "" },
    ]
  : [
      { label: "about 10,000 (its Info findings)", query: `company=${largeCompany}&severity=INFO` },
      { label: "100,000 (the whole company)", query: `company=${largeCompany}` },
    ];
/** BENCH_CASE=<text> runs only the cases whose label holds it. */
const cases = allCases.filter((c) => !process.env.BENCH_CASE || c.label.includes(process.env.BENCH_CASE));

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// ---------------------------------------------------------------- in the page

/** Installed before the app: a long-task log and the checks below, on `window.__gridBench`. */
function installProbe() {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });

  const grid = () => document.querySelector('[role="grid"]');
  // The grid is a table with role="grid": its rows are <tr> elements, whose row role is implicit.
  const rowSelector = 'tr, [role="row"]';
  /** The element that scrolls the grid's rows: the grid itself or its nearest scrolling ancestor. */
  const scroller = () => {
    for (let el = grid(); el; el = el.parentElement) {
      const { overflowY } = getComputedStyle(el);
      if ((overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight) return el;
    }
    return document.scrollingElement;
  };
  /** Data rows whose box is inside the scroller's visible box. */
  const visibleRows = () => {
    const box = scroller().getBoundingClientRect();
    return [...grid().querySelectorAll(`:is(${rowSelector})[aria-rowindex]`)].filter((row) => {
      const r = row.getBoundingClientRect();
      return Number(row.getAttribute("aria-rowindex")) > 1 && r.bottom > box.top + 1 && r.top < box.bottom - 1;
    });
  };
  /**
   * Valid: at least one row on screen; every row on screen is loaded (not busy) with text in its cells;
   * their aria-rowindex values are consecutive; the focused row (if asked) carries `expectIndex`.
   */
  const isValid = (expectIndex) => {
    const rows = visibleRows();
    if (!rows.length) return false;
    const indexes = rows.map((row) => Number(row.getAttribute("aria-rowindex")));
    if (indexes.some((n, i) => i > 0 && n !== indexes[i - 1] + 1)) return false;
    if (rows.some((row) => row.getAttribute("aria-busy") === "true" || !row.textContent?.trim())) return false;
    if (expectIndex !== undefined) {
      const focused = document.activeElement?.closest(rowSelector);
      if (focused?.getAttribute("aria-rowindex") !== String(expectIndex)) return false;
    }
    return true;
  };
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

  window.__gridBench = {
    longTasks,
    rowCount: () => Number(grid()?.getAttribute("aria-rowcount") ?? 0),
    /** When the first rows showed, or a description of what the page shows after 60 s. */
    firstRowsAt: async () => {
      const until = performance.now() + 60_000;
      while (!(grid() && isValid())) {
        if (performance.now() > until) {
          const g = grid();
          const busy = g ? g.querySelectorAll('[aria-busy="true"]').length : 0;
          return `no valid rows after 60 s: grid ${g ? `aria-rowcount ${g.getAttribute("aria-rowcount")}, ${busy} busy rows` : "absent"}; ${document.body.textContent?.slice(0, 300)}`;
        }
        await nextFrame();
      }
      return performance.now();
    },
    /** Presses `key` on the focused row and waits, frame by frame, for a valid state. */
    press: async (key, expectIndex) => {
      const target = document.activeElement;
      const start = performance.now();
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent("keyup", { key, bubbles: true, cancelable: true }));
      const until = start + 10_000;
      while (!isValid(expectIndex)) {
        if (performance.now() > until) return Number.POSITIVE_INFINITY;
        await nextFrame();
      }
      return performance.now() - start;
    },
    focusedIndex: () =>
      Number(document.activeElement?.closest(rowSelector)?.getAttribute("aria-rowindex") ?? Number.NaN),
    focusFirstRow: () => {
      const row = grid().querySelector(`:is(${rowSelector})[aria-rowindex="2"]`);
      row?.focus();
      return document.activeElement === row;
    },
    /** Scrolls continuously for `ms` (a wheel's worth per frame) and returns the longest task meanwhile. */
    scrollFor: async (ms) => {
      const el = scroller();
      const from = performance.now();
      let direction = 1;
      while (performance.now() - from < ms) {
        el.scrollTop += direction * 160;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) direction = -1;
        if (el.scrollTop <= 0) direction = 1;
        await nextFrame();
      }
      const during = longTasks.filter((t) => t.start >= from);
      return { longest: Math.max(0, ...during.map((t) => t.duration)), count: during.length };
    },
    isValid,
  };
}

// ---------------------------------------------------------------- the run

async function measure(page, { label, query }) {
  await page.goto(`${origin}/findings${query ? `?${query}` : ""}`);
  const firstRows = await page.evaluate(() => window.__gridBench.firstRowsAt());
  if (typeof firstRows === "string") throw new Error(`${label}: ${firstRows}`);
  const rowCount = await page.evaluate(() => window.__gridBench.rowCount());
  if (!(await page.evaluate(() => window.__gridBench.focusFirstRow()))) throw new Error("No first row to focus");

  const pageDown = [];
  for (let i = 0; i < runs; i += 1) {
    pageDown.push(await page.evaluate(() => window.__gridBench.press("PageDown")));
  }
  const end = [];
  for (let i = 0; i < Math.max(3, Math.round(runs / 4)); i += 1) {
    await page.evaluate(() => window.__gridBench.press("Home", 2));
    end.push(await page.evaluate((last) => window.__gridBench.press("End", last), rowCount));
  }
  const reached = (await page.evaluate(() => window.__gridBench.focusedIndex())) === rowCount;
  await page.evaluate(() => window.__gridBench.press("Home", 2));
  const scroll = await page.evaluate(() => window.__gridBench.scrollFor(5000));
  return { label, count: rowCount - 1, firstRows, pageDown, end, reached, scroll };
}

async function freePort() {
  return await new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port: free } = s.address();
      s.close(() => resolve(free));
    });
  });
}

/** The API on the large dataset (loaded first when its folder is empty), alone on a loopback port. */
async function startApi() {
  const serverDir = path.join(root, "packages/server");
  const dataDir = process.env.BENCH_DATA_DIR ?? "/var/tmp/sentinel-bench";
  const env = { ...process.env, SENTINEL_DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  console.info(`Loading the large dataset into ${dataDir} (skipped when it is there)…`);
  run(process.execPath, ["src/cli/seed-large.ts"], { cwd: serverDir, env });
  const apiPort = await freePort();
  const api = spawn(process.execPath, ["src/main.ts"], {
    cwd: serverDir,
    env: { ...env, PORT: String(apiPort), SENTINEL_ROLES: "api" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${apiPort}/api/v1/auth/login/`, { method: "OPTIONS" })).status < 500) break;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error("the API did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { api, apiPort };
}

if (!process.env.BENCH_SKIP_BUILD) {
  run(process.execPath, ["scripts/ensure-system.mjs", "chromium", "nginx"]);
  run("pnpm", ["--filter", "@sentinel/app", "exec", "vite", "build", "--outDir", dist, "--emptyOutDir"], {
    env: { ...process.env, ...(againstServer ? { VITE_STATIC_MODE: "false" } : {}) },
  });
}

const upstream = againstServer ? await startApi() : null;
const server = spawn(process.execPath, ["e2e/serve.mjs"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    E2E_DIST: `packages/app/${dist}`,
    E2E_PORT: String(port),
    ...(upstream ? { E2E_API_PORTS: String(upstream.apiPort) } : {}),
  },
});
const exited = new Promise((resolve) => server.on("exit", resolve));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const results = [];
try {
  await waitFor(`${origin}/config.json`);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  if (!againstServer) {
    await context.addInitScript(() => window.localStorage.setItem("sentinel.static.dataset", "large"));
    if (latency !== "real") {
      await context.addInitScript((ms) => window.localStorage.setItem("sentinel.static.latencyMs", ms), latency);
    }
  }
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login`);
  await signIn(page, againstServer ? "super@large.example" : demo.superadmin);
  await page.waitForURL(/\/dashboard/);
  for (const c of cases) results.push(await measure(page, c));
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await exited;
  if (upstream) {
    upstream.api.kill("SIGTERM");
    await new Promise((resolve) => upstream.api.on("exit", resolve));
  }
}

const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)} ms` : "never");
const delay = latency === "real" ? "static mode's 100–400 ms per call" : `${latency} ms per call`;
const source = againstServer
  ? "the API server on the large server dataset (embedded PostgreSQL)"
  : `static mode, large dataset, answers after ${delay}`;
console.info(`\n/findings at scale: ${source}, nginx-served production build, 1366×900\n`);
console.info(
  "| Matching findings | First rows | PageDown → valid (p95) | End → valid (p95) | Longest task, 5 s scroll | Last row reached |",
);
console.info("| --- | --- | --- | --- | --- | --- |");
for (const r of results) {
  console.info(
    `| ${r.count.toLocaleString("en")} (${r.label}) | ${ms(r.firstRows)} | ${ms(percentile(r.pageDown, 95))} | ${ms(
      percentile(r.end, 95),
    )} | ${ms(r.scroll.longest)} (${r.scroll.count} over 50 ms) | ${r.reached ? "yes" : "no"} |`,
  );
}
console.info("\nEach press (ms), in order:");
for (const r of results) {
  const list = (values) => values.map((v) => (Number.isFinite(v) ? Math.round(v) : "never")).join(", ");
  console.info(`- ${r.label}: PageDown ${list(r.pageDown)}; End ${list(r.end)}`);
}
