// What a developer outside this repository does with the kit, end to end: build and pack
// @sentinel/ui, create a fresh Vite + React + TypeScript app in a temp dir, `npm install` the
// tarball into it, type-check it with `skipLibCheck: false` under TypeScript 5.9 and 7, build four
// pages (a plain <button> baseline, react-aria's Button alone, the kit's Button only, and a screen
// with Button, Dialog, PagedTable and a chart), render each in Chromium in light and dark, and check the size budgets (gzip -9).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = path.resolve(uiDir, "../..");
const work = mkdtempSync(path.join(tmpdir(), "sentinel-ui-consumer-"));
const started = Date.now();

/**
 * gzip budgets in bytes (kB = 1000 bytes, as the repo's other budgets count). react-aria-components'
 * own Button already weighs about 12 kB beyond React on the same page, so the Button-only page is
 * held to 14 kB in all and to 2 kB for what the kit adds over react-aria's Button (docs/decisions.md,
 * "Kit packaging (issue 15)").
 */
const budgets = { buttonJsBeyondReact: 14_000, buttonJsBeyondAria: 2_000, buttonCss: 3_000 };
// TypeScript 7 is not in the workspace; this is the release the check was written against.
const typescript7 = "7.0.2";

// Everything the consumer installs is pinned to what the workspace lockfile resolved, so a new
// release upstream never changes what this test measures.
const lockfile = readFileSync(path.join(repoDir, "pnpm-lock.yaml"), "utf8");
function lockedVersion(name) {
  const match = lockfile.match(new RegExp(`^  '?${name.replace("/", "\\/")}@([^:(']+)'?:`, "m"));
  if (!match?.[1]) throw new Error(`test:pack: ${name} is not in pnpm-lock.yaml`);
  return match[1];
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: process.env });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${result.status})`);
  }
  return result.stdout;
}

function check(condition, message) {
  if (!condition) throw new Error(`test:pack: ${message}`);
  console.info(`  ok  ${message}`);
}

function step(message) {
  console.info(`test:pack: ${message} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** gzip -9 sizes of a built page's JS and CSS (every file it ships; each page is its own build). */
function pageSizes(dist) {
  const sizes = { js: 0, css: 0 };
  for (const name of readdirSync(dist, { recursive: true })) {
    const file = path.join(dist, name);
    const kind = name.endsWith(".js") ? "js" : name.endsWith(".css") ? "css" : null;
    if (kind && statSync(file).isFile()) sizes[kind] += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return sizes;
}

const contentTypes = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".woff2": "font/woff2" };
function serve(root) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const file = path.join(root, url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname);
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": contentTypes[path.extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const transparent = (colour) => colour === "transparent" || colour === "rgba(0, 0, 0, 0)";

try {
  step("building @sentinel/ui");
  run("pnpm", ["run", "build"], uiDir);

  step("packing");
  run("pnpm", ["pack", "--pack-destination", work], uiDir);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  check(tarball !== undefined, "pnpm pack produced a tarball");

  const consumer = path.join(work, "consumer");
  mkdirSync(consumer);
  cpSync(path.join(uiDir, "test-consumer/app"), consumer, { recursive: true });
  const uiPkg = JSON.parse(readFileSync(path.join(uiDir, "package.json"), "utf8"));
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify(
      {
        name: "sentinel-ui-consumer",
        private: true,
        type: "module",
        dependencies: {
          "@sentinel/ui": `file:../${tarball}`,
          react: lockedVersion("react"),
          "react-dom": lockedVersion("react-dom"),
          "react-aria-components": lockedVersion("react-aria-components"),
          // recharts' own peer; npm would otherwise pick the newest.
          "react-is": lockedVersion("react-is"),
        },
        devDependencies: {
          "@types/react": lockedVersion("@types/react"),
          "@types/react-dom": lockedVersion("@types/react-dom"),
          "@vitejs/plugin-react": lockedVersion("@vitejs/plugin-react"),
          typescript: lockedVersion("typescript"),
          typescript7: `npm:typescript@${typescript7}`,
          vite: lockedVersion("vite"),
        },
      },
      null,
      2,
    ),
  );
  // Peer ranges must be satisfiable by what the consumer installed, or npm would refuse.
  check(
    ["react", "react-dom", "react-aria-components"].every((name) => name in (uiPkg.peerDependencies ?? {})),
    "react, react-dom and react-aria-components are peer dependencies",
  );

  step("installing the tarball with npm");
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], consumer);

  const installed = JSON.parse(readFileSync(path.join(consumer, "node_modules/@sentinel/ui/package.json"), "utf8"));
  check(installed.exports["./charts"]?.import === "./dist/charts.js", "published exports point at dist/");
  const duplicates = ["react-aria-components", "recharts", "@tanstack/react-table"].filter((name) => {
    try {
      return statSync(path.join(consumer, "node_modules/@sentinel/ui/node_modules", name)).isDirectory();
    } catch {
      return false;
    }
  });
  check(duplicates.length === 0, "no nested copies of react-aria-components, recharts or @tanstack/react-table");

  step("type-checking with skipLibCheck: false");
  for (const [label, bin] of [
    ["TypeScript 5.9", "node_modules/typescript/bin/tsc"],
    ["TypeScript 7", "node_modules/typescript7/bin/tsc"],
  ]) {
    const version = run(process.execPath, [bin, "--version"], consumer).trim();
    run(process.execPath, [bin, "-p", "tsconfig.json"], consumer);
    check(true, `${label} (${version}) type-checks the consumer with skipLibCheck: false`);
  }

  step("building the pages with Vite");
  const pages = ["baseline", "aria-button", "button", "full"];
  const sizes = {};
  for (const page of pages) {
    run(
      process.execPath,
      [
        "node_modules/vite/bin/vite.js",
        "build",
        `pages/${page}`,
        "--config",
        "vite.config.ts",
        "--outDir",
        `../../dist/${page}`,
        "--emptyOutDir",
      ],
      consumer,
    );
    sizes[page] = pageSizes(path.join(consumer, "dist", page));
  }
  const fontsCss = gzipSync(readFileSync(path.join(consumer, "node_modules/@sentinel/ui/dist/fonts.css")), {
    level: 9,
  }).length;

  step("rendering in Chromium, light and dark");
  run(process.execPath, [path.join(repoDir, "scripts/ensure-system.mjs"), "chromium"], repoDir);
  const { chromium } = await import("playwright");
  const { chromiumArgs, chromiumPath } = await import(path.join(repoDir, "scripts/chromium.ts"));
  const server = await serve(path.join(consumer, "dist"));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    const colours = {};
    for (const page of ["button", "full"]) {
      for (const theme of ["light", "dark"]) {
        const tab = await browser.newPage();
        const problems = [];
        tab.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
        });
        tab.on("pageerror", (error) => problems.push(error.message));
        step(`${page} page, ${theme}`);
        await tab.goto(`${origin}/${page}/?theme=${theme}`);
        const button = tab.getByRole("button", { name: "Start scan" });
        await button.waitFor();
        const [background, canvas, rootClass] = await Promise.all([
          button.evaluate((element) => getComputedStyle(element).backgroundColor),
          tab.evaluate(() => getComputedStyle(document.body).backgroundColor),
          tab.evaluate(() => document.documentElement.className),
        ]);
        colours[`${page}-${theme}`] = { background, canvas };
        check(!transparent(background), `${page} page, ${theme}: the Button is styled (background ${background})`);
        check(rootClass.split(" ").includes("dark") === (theme === "dark"), `${page} page, ${theme}: root class`);
        if (page === "full") {
          await tab.getByRole("grid", { name: "Scans" }).waitFor();
          await tab.getByRole("img", { name: /Findings by severity/ }).waitFor();
          await button.click();
          await tab.getByRole("dialog", { name: "Start a scan" }).waitFor();
          check(true, `full page, ${theme}: table, chart and dialog render`);
        }
        check(problems.length === 0, `${page} page, ${theme}: no console errors or warnings ${problems.join(" | ")}`);
        await tab.close();
      }
      check(
        colours[`${page}-light`].canvas !== colours[`${page}-dark`].canvas,
        `${page} page: the dark class switches the theme (${colours[`${page}-light`].canvas} → ${colours[`${page}-dark`].canvas})`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }

  const buttonJsBeyondReact = sizes.button.js - sizes.baseline.js;
  const buttonJsBeyondAria = sizes.button.js - sizes["aria-button"].js;
  console.info("test:pack: sizes (gzip -9)");
  const rows = [
    ["React + a plain <button> (baseline)", sizes.baseline.js, sizes.baseline.css],
    ["react-aria-components' Button, no kit code", sizes["aria-button"].js, sizes["aria-button"].css],
    ["Button only", sizes.button.js, sizes.button.css],
    ["Button only, JS beyond React's own", buttonJsBeyondReact, null],
    ["Button only, JS beyond react-aria's Button", buttonJsBeyondAria, null],
    ["Button, Dialog, PagedTable, DonutChart, fonts.css", sizes.full.js, sizes.full.css],
    ["fonts.css alone (woff2 files load per unicode-range)", null, fontsCss],
  ];
  for (const [label, js, css] of rows) {
    console.info(
      `  ${label.padEnd(54)} JS ${js === null ? "     -" : kB(js).padStart(8)}  CSS ${css === null ? "-" : kB(css)}`,
    );
  }
  check(
    buttonJsBeyondReact <= budgets.buttonJsBeyondReact,
    `Button-only JS beyond React's own is ${kB(buttonJsBeyondReact)} (budget ${kB(budgets.buttonJsBeyondReact)})`,
  );
  check(
    buttonJsBeyondAria <= budgets.buttonJsBeyondAria,
    `Button-only JS beyond react-aria's own Button is ${kB(buttonJsBeyondAria)} (budget ${kB(budgets.buttonJsBeyondAria)})`,
  );
  check(
    sizes.button.css <= budgets.buttonCss,
    `Button-only CSS is ${kB(sizes.button.css)} (budget ${kB(budgets.buttonCss)})`,
  );
  step("passed");
} finally {
  // TEST_PACK_KEEP=1 leaves the consumer app for a look after a failure.
  if (process.env.TEST_PACK_KEEP) console.info(`test:pack: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
