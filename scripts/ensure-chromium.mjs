// Browser tests drive Debian's Chromium; the machine may not have it yet, and nothing may download a browser.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (existsSync(CHROMIUM)) process.exit(0);

console.info(`${CHROMIUM} is missing; installing Debian's chromium package.`);
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
  stdio: "inherit",
});
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}.`);
  process.exit(1);
}
