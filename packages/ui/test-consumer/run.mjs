// Packed-tarball smoke test: builds @sentinel/ui, packs it the way it would be published, installs
// the tarball into a throwaway project outside the workspace (preferring the local pnpm store)
// and server-renders a Button and a Badge from the built output. Proves `exports`, `files`, the
// externals list and the extracted stylesheet work for a consumer that is not the workspace app.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const uiPkg = JSON.parse(readFileSync(path.join(uiDir, "package.json"), "utf8"));
const work = mkdtempSync(path.join(tmpdir(), "sentinel-ui-consumer-"));
const started = Date.now();

// Peers that pnpm would otherwise auto-install at their newest version (which the offline store may
// not hold) are pinned to whatever the workspace lockfile resolved.
const lockfile = readFileSync(path.join(uiDir, "../../pnpm-lock.yaml"), "utf8");
function lockedVersion(name) {
  const match = lockfile.match(new RegExp(`^  ${name.replace("/", "\\/")}@([^:(]+):`, "m"));
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

try {
  console.info("test:pack: building @sentinel/ui");
  run("pnpm", ["run", "build"], uiDir);

  console.info("test:pack: packing");
  run("pnpm", ["pack", "--pack-destination", work], uiDir);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  check(tarball !== undefined, "pnpm pack produced a tarball");

  const consumer = path.join(work, "consumer");
  run("mkdir", ["-p", consumer], work);
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify(
      {
        name: "sentinel-ui-consumer",
        private: true,
        type: "module",
        dependencies: {
          "@sentinel/ui": `file:../${tarball}`,
          react: uiPkg.devDependencies.react,
          "react-dom": uiPkg.devDependencies["react-dom"],
          "react-is": lockedVersion("react-is"),
        },
      },
      null,
      2,
    ),
  );
  // Prefer the store the workspace install already filled. Not `--offline`: a frozen-lockfile
  // install fills the store but not pnpm's metadata cache, which a lockfile-less install needs.
  console.info("test:pack: installing the tarball");
  run("pnpm", ["install", "--prefer-offline", "--ignore-workspace", "--config.confirmModulesPurge=false"], consumer);

  const installed = JSON.parse(readFileSync(path.join(consumer, "node_modules/@sentinel/ui/package.json"), "utf8"));
  check(installed.exports["."].import === "./dist/index.js", "published exports point at dist/");

  writeFileSync(
    path.join(consumer, "render.mjs"),
    `import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { Badge, Button } from "@sentinel/ui";
console.log(JSON.stringify({
  button: renderToString(h(Button, { variant: "outline" }, "Start scan")),
  badge: renderToString(h(Badge, { tone: "critical", label: "High" })),
}));
`,
  );
  const markup = JSON.parse(run(process.execPath, ["render.mjs"], consumer));
  check(markup.button.includes("Start scan") && markup.button.includes("<button"), "Button renders its label");
  check(markup.badge.includes("High"), "Badge renders its label");
  check(/class="[^"]+"/.test(markup.button), "Button carries generated class names");

  const css = readFileSync(path.join(consumer, "node_modules/@sentinel/ui/dist/style.css"), "utf8");
  check(/:root\s*\{[^}]*--[\w-]+:/.test(css), "style.css defines the light theme variables on :root");
  check(/:root\.dark\s*\{[^}]*--[\w-]+:/.test(css), "style.css defines the dark theme under :root.dark");
  check(css.includes("Inter Variable"), "style.css bundles the Inter font face");
  const fontUrls = [...css.matchAll(/url\((\.\/fonts\/[^)]+\.woff2)\)/g)].map((m) => m[1]);
  check(
    fontUrls.length > 0 &&
      fontUrls.every((url) => existsSync(path.join(consumer, "node_modules/@sentinel/ui/dist", url))),
    "font files referenced by style.css ship in the tarball (no CDN, no base64)",
  );
  check(
    existsSync(path.join(consumer, "node_modules/@sentinel/ui/dist/types/index.d.ts")),
    "type declarations ship in dist/types",
  );
  console.info(`test:pack: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
