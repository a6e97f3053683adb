// The README's start command: builds the app with static mode off and serves it, with the API, from
// one server process on its embedded PostgreSQL (seeded on first start) at http://127.0.0.1:5173.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "packages/app/dist-server");

// The scan engines the worker runs (Debian packages; installed once, when missing).
const engines = spawnSync(
  process.execPath,
  [
    path.join(root, "scripts/ensure-system.mjs"),
    "nmap",
    "git",
    "python3-bandit",
    "flawfinder",
    "dnsrecon",
    "wapiti",
    "ssh-audit",
    "sslscan",
  ],
  { stdio: "inherit" },
);
if (engines.status !== 0) process.exit(engines.status ?? 1);

console.info("Building the app (static mode off)…");
// The app's own vite, so the build does not depend on finding pnpm on PATH.
const build = spawnSync(
  path.join(root, "packages/app/node_modules/.bin/vite"),
  ["build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"],
  { cwd: path.join(root, "packages/app"), stdio: "inherit", env: { ...process.env, VITE_STATIC_MODE: "false" } },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// process.execPath: the workspace's Node 24 that runs this script (its type stripping runs the server).
const server = spawn(process.execPath, [path.join(root, "packages/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { PORT: "5173", STATIC_DIR: dist, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
