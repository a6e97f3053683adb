// Installs the Debian packages a step needs (chromium, nginx, postgresql-15, and the scan engines) when
// they are missing. Nothing else may download a browser, a server or an engine on these machines.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

// postgresql: Debian's PostgreSQL 15, which the server tests run on (the embedded default is PostgreSQL 18).
const binaries = {
  chromium: "/usr/bin/chromium",
  nginx: "/usr/sbin/nginx",
  "postgresql-15": "/usr/lib/postgresql/15/bin/postgres",
  // Scan engines (issue 29). Network: nmap with offline NSE scripts; exposure detection: dnsrecon
  // (and nmap); web applications: Wapiti; source code: git clones the branch, bandit and flawfinder
  // read it (ESLint and secretlint come from npm). Network also runs ssh-audit on SSH services and
  // sslscan on TLS services that nmap found.
  nmap: "/usr/bin/nmap",
  "ssh-audit": "/usr/bin/ssh-audit",
  sslscan: "/usr/bin/sslscan",
  dnsrecon: "/usr/bin/dnsrecon",
  wapiti: "/usr/bin/wapiti",
  git: "/usr/bin/git",
  "python3-bandit": "/usr/bin/bandit",
  flawfinder: "/usr/bin/flawfinder",
};
const wanted = process.argv.slice(2);
const missing = wanted.filter((name) => {
  if (!(name in binaries)) throw new Error(`Unknown package ${name}`);
  return !existsSync(binaries[name]);
});
if (missing.length === 0) process.exit(0);

console.info(`Installing Debian packages: ${missing.join(", ")}`);
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
execSync(
  `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`,
  { stdio: "inherit" },
);
for (const name of missing) {
  if (!existsSync(binaries[name])) {
    console.error(`${name} is still missing at ${binaries[name]}`);
    process.exit(1);
  }
}
