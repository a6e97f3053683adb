// Renders every story of the static Storybook (STORYBOOK_DIST, else storybook-static) in Chromium and
// fails when one errors, throws while rendering or its play fails: what a designer opening the built
// Storybook would see, which the Vitest run (its own setup, its own bundle) does not prove.
// Each page loads the iframe once and then switches stories over the preview's channel, as the
// Storybook UI does when a designer clicks through the sidebar; a page reloads after a story that
// gave no verdict. STORYBOOK_CHECK_RELOAD=1 loads every story fresh instead (slower, for bisecting a
// story that only fails after another). STORYBOOK_CHECK_PAGES pages run at once.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.resolve(root, process.env.STORYBOOK_DIST ?? "storybook-static");
const pages = Math.max(1, Number(process.env.STORYBOOK_CHECK_PAGES ?? 2));
// A story that never reports finishing (a play waiting forever) fails after this long: the Vitest
// run's test timeout, so a play is given the same time in both. A long schedule play (open a lazy
// dialog, pick from a lazy select, save, dismiss the toast, reopen) took 24 s here with the machine
// loaded, too close to the 30 s this was.
const storyTimeout = Number(process.env.STORYBOOK_CHECK_TIMEOUT ?? 60_000);
const only = process.env.STORYBOOK_CHECK_ONLY;
const reloadEach = process.env.STORYBOOK_CHECK_RELOAD === "1";

if (!existsSync(path.join(dist, "index.json"))) {
  console.error(`storybook-check: no built Storybook at ${dist}; run \`pnpm build-storybook\` first.`);
  process.exit(1);
}

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ico": "image/x-icon",
  ".md": "text/markdown; charset=utf-8",
};

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? "/", "http://localhost");
  let file = path.join(dist, decodeURIComponent(pathname));
  if (!file.startsWith(dist)) {
    response.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
  if (!existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    "content-type": types[path.extname(file)] ?? "application/octet-stream",
    // The bundle's chunks are content-hashed; letting the browser keep them is what makes a
    // fresh iframe per story affordable.
    "cache-control": file.includes(`${path.sep}assets${path.sep}`) ? "max-age=3600" : "no-cache",
  });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const index = JSON.parse(readFileSync(path.join(dist, "index.json"), "utf8"));
const stories = Object.values(index.entries)
  .filter((entry) => entry.type === "story")
  .filter((entry) => !only || entry.id.includes(only))
  .map((entry) => entry.id);

// Installed before any script of the iframe runs: records the preview's verdict for the story.
function listen() {
  const expected = new URLSearchParams(window.location.search).get("id");
  const verdict = { expected, done: false, failures: [] };
  window.__storyCheck = verdict;
  const fail = (kind) => (detail) => {
    // An error's name and message say what failed (an assertion's message also says what it got,
    // e.g. which element had focus); its minified stack does not. Colour codes are dropped.
    const text =
      typeof detail === "object" && detail && "message" in detail
        ? `${detail.name ?? "Error"}: ${String(detail.message)
            .replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, "g"), "")
            .replace(/\n\s*\n/g, "\n")
            .slice(0, 800)}`
        : JSON.stringify(detail)?.slice(0, 1000);
    verdict.failures.push(`${kind}: ${text}`);
  };
  const attach = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) {
      setTimeout(attach, 10);
      return;
    }
    channel.on("storyErrored", fail("storyErrored"));
    channel.on("storyThrewException", fail("storyThrewException"));
    channel.on("playFunctionThrewException", fail("playFunctionThrewException"));
    channel.on("unhandledErrorsWhilePlaying", fail("unhandledErrorsWhilePlaying"));
    channel.on("storyMissing", fail("storyMissing"));
    channel.on("storyFinished", (event) => {
      if (event.storyId !== verdict.expected) return;
      if (event.status !== "success") {
        const failed = (event.reporters ?? []).filter((report) => report.status === "failed");
        verdict.failures.push(
          `storyFinished ${event.status}${failed.length ? `: ${JSON.stringify(failed.map((r) => ({ type: r.type, result: r.result?.violations?.map((v) => v.id) ?? r.result }))).slice(0, 2000)}` : ""}`,
        );
      }
      verdict.done = true;
    });
  };
  attach();
}

const started = Date.now();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
// Named as Storybook's test runner names itself, so that after each play the preview pauses what
// still animates instead of waiting for it (100 ms at least, per story), as it does in the Vitest run.
// The play itself runs with the animations, as a designer sees it.
const probe = await browser.newPage();
const userAgent = `${await probe.evaluate(() => navigator.userAgent)} StorybookTestRunner`;
await probe.close();
const defaultViewport = { width: 1366, height: 900 };
const context = await browser.newContext({ viewport: defaultViewport, userAgent });
await context.addInitScript(listen);

// The Storybook UI sizes the preview's frame to a story's `viewport` global (as the Vitest run sizes
// its page); a story that asserts its window size, or lays out for it, needs the same here. Each
// story's size is read from the preview's own store once, before the run.
async function storyViewports() {
  const page = await context.newPage();
  try {
    await page.goto(
      `${base}/iframe.html?id=${encodeURIComponent(stories[0])}&viewMode=story&globals=a11y.manual:!true`,
    );
    await page.waitForFunction(() => window.__STORYBOOK_PREVIEW__?.storyStoreValue, null, { timeout: storyTimeout });
    return await page.evaluate(async (ids) => {
      const preview = window.__STORYBOOK_PREVIEW__;
      const sizes = {};
      for (const storyId of ids) {
        const story = await preview.loadStory({ storyId });
        const value = story.storyGlobals?.viewport?.value;
        const options = { ...story.parameters?.viewport?.viewports, ...story.parameters?.viewport?.options };
        const styles = value ? options[value]?.styles : undefined;
        const width = Number.parseInt(styles?.width ?? "", 10);
        const height = Number.parseInt(styles?.height ?? "", 10);
        if (width > 0 && height > 0) sizes[storyId] = { width, height };
      }
      return sizes;
    }, stories);
  } finally {
    await page.close();
  }
}
const viewports = await storyViewports();

const results = [];
let next = 0;
async function worker() {
  const page = await context.newPage();
  const errors = [];
  let loaded = false;
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  while (next < stories.length) {
    const id = stories[next++];
    errors.length = 0;
    const t0 = Date.now();
    let failures;
    try {
      const viewport = viewports[id] ?? defaultViewport;
      const current = page.viewportSize();
      if (current?.width !== viewport.width || current?.height !== viewport.height)
        await page.setViewportSize(viewport);
      if (loaded && !reloadEach) {
        await page.evaluate((storyId) => {
          Object.assign(window.__storyCheck, { expected: storyId, done: false, failures: [] });
          // A fresh load starts with focus on the body (a sidebar click focuses the manager, not
          // the preview); a keyboard play that tabs in must not start from the last story's focus.
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          window.__STORYBOOK_ADDONS_CHANNEL__.emit("setCurrentStory", { storyId, viewMode: "story" });
        }, id);
      } else {
        // axe runs in the Vitest run, in both themes, on the same stories; here it would only
        // double the check's time (docs/decisions.md, "CI time (stop 22)").
        await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=a11y.manual:!true`);
        loaded = true;
      }
      await page.waitForFunction(() => window.__storyCheck?.done, null, { timeout: storyTimeout, polling: 50 });
      failures = await page.evaluate(() => window.__storyCheck.failures);
    } catch (error) {
      const partial = await page.evaluate(() => window.__storyCheck?.failures ?? []).catch(() => []);
      failures = [...partial, `no verdict: ${error instanceof Error ? error.message.split("\n")[0] : error}`];
      // A story still playing would report into the next one: start that one on a fresh page.
      loaded = false;
    }
    if (failures.length > 0) failures.push(...errors);
    results.push({ id, failures, ms: Date.now() - t0 });
    const mark = failures.length ? "✗" : "✓";
    if (failures.length || process.env.STORYBOOK_CHECK_VERBOSE) {
      console.info(`${mark} ${id} (${Date.now() - t0} ms)${failures.map((f) => `\n    ${f}`).join("")}`);
    }
  }
  await page.close();
}

try {
  // The mock service worker registers once per origin: the first story runs alone, so the parallel
  // pages that follow never race its installation.
  const rest = stories.splice(1);
  await worker();
  stories.push(...rest);
  await Promise.all(Array.from({ length: pages }, () => worker()));
} finally {
  await browser.close();
  server.close();
}

const failed = results.filter((result) => result.failures.length > 0);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
console.info(
  `storybook-check: ${results.length} stories, ${results.length - failed.length} passed, ${failed.length} failed, ${seconds} s on ${pages} page(s); slowest: ${slowest.map((r) => `${r.id} ${r.ms} ms`).join(", ")}`,
);
if (failed.length > 0) {
  console.error(`Failed:\n${failed.map((r) => `  ${r.id}`).join("\n")}`);
  process.exit(1);
}
