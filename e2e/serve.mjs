// Serves a production build (E2E_DIST, else packages/app/dist) with nginx, using the deployment example
// deploy/nginx.conf, in the foreground so Playwright's webServer can start and stop it.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_PORT ?? 8089);
// E2E_DIST lets the e2e run serve its own build (dist-e2e) while someone else rebuilds dist.
const dist = path.resolve(root, process.env.E2E_DIST ?? "packages/app/dist");
// One folder per port: the static and the server runs each have their own nginx.
const prefix = path.join(root, `.e2e/nginx-${port}`);
mkdirSync(path.join(prefix, "logs"), { recursive: true });

// The API upstream: the e2e run's own API processes when it starts them (E2E_API_PORTS, comma-separated),
// one line each with the example's parameters (max_fails, fail_timeout); else the example's ports.
const apiPorts = (process.env.E2E_API_PORTS ?? "8000,8001").split(",").map(Number);
const upstreamLine = /^(\s*server )127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
const server = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
  .replace(/upstream sentinel_api \{[^}]*\}/, (block) => {
    const [first] = block.matchAll(upstreamLine);
    if (!first) return block;
    const lines = apiPorts.map((p) => `${first[1]}127.0.0.1:${p}${first[2] ?? ""};\n`).join("");
    return block.replace(upstreamLine, "").replace("{\n", `{\n${lines}`);
  })
  .replace(/listen\s+8080;/, `listen 127.0.0.1:${port};`)
  .replace(/root\s+\/srv\/sentinel;/, `root ${dist};`);
const rendered = [...server.matchAll(upstreamLine)].map((m) => m[0]);
if (
  !server.includes(`root ${dist};`) ||
  !server.includes(`:${port};`) ||
  rendered.length !== apiPorts.length ||
  !rendered.every((line, i) => line.includes(`:${apiPorts[i]} max_fails=`))
) {
  throw new Error("deploy/nginx.conf no longer has the listen/root/upstream lines this harness rewrites");
}

// One process, in the foreground, as the current user: nothing to clean up if the run dies.
const conf = `daemon off;
master_process off;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${server}
}
`;
const confPath = path.join(prefix, "nginx.conf");
writeFileSync(confPath, conf);
// nginx resolves the server block's relative includes (snippets/…) against the main config's
// directory, as it does from /etc/nginx in a deployment: lay the snippets out the same way.
cpSync(path.join(root, "deploy/snippets"), path.join(prefix, "snippets"), { recursive: true });

const nginx = spawn("/usr/sbin/nginx", ["-p", prefix, "-c", confPath], { stdio: "inherit" });
// Fast shutdown (TERM), not graceful (QUIT): a graceful stop waits for the browser's keep-alive
// connections to time out, holding the port for the next run.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => nginx.kill("SIGTERM"));
nginx.on("exit", (code) => process.exit(code ?? 0));
