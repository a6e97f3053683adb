import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { startDnsServer } from "../../packages/server/test/dnsServer.ts";
import { startGitHttpsServer } from "../../packages/server/test/gitHttpsServer.ts";
import {
  fixtureAddress,
  GIT_TLS_DIR,
  REPUTATION_DNS_SERVER,
  SCAN_FIXTURE_PORTS,
  SCAN_NAME_SERVER,
} from "../scan-scope.ts";
import { demo, escapeRegExp, signInAt } from "./support.ts";

/**
 * Issue 29's "Done when", in the browser against the server: a client admin adds a target on each
 * area's screens, runs a scan, watches its progress and reads its findings. The engines really run
 * (nmap, Wapiti, dnsrecon) against weak applications this spec starts on this machine's own network address,
 * the only place the e2e server may scan (../scan-scope.ts says why not loopback).
 *
 * Exposure detection asks the spec's own name server, and threat inspection its own blocklist
 * server. Source code clones a repository this spec makes from its own Git server over https (the
 * clone URLs the asset rules take are https and ssh only), whose certificate an authority the e2e
 * server trusts signed (serve-api.ts, SCAN_GIT_CA_FILE).
 */

/** A scan on a loaded two-core machine: nmap takes seconds, Wapiti up to the engine limit (60 s). */
const SCAN_DONE_TIMEOUT = 100_000;

const host = fixtureAddress();
/** The address as a URL writes it. */
const urlHost = host.family === 6 ? `[${host.address}]` : host.address;

/** Starts `server` on this machine's address, on the first free port of `ports` (or any free port). */
async function listen(server: http.Server, ports?: { first: number; last: number }): Promise<number> {
  const candidates = ports ? Array.from({ length: ports.last - ports.first + 1 }, (_, i) => ports.first + i) : [0];
  for (const port of candidates) {
    const bound = await new Promise<boolean>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        if (error.code === "EADDRINUSE") resolve(false);
        else reject(error);
      };
      server.once("error", onError);
      server.listen(port, host.address, () => {
        server.off("error", onError);
        resolve(true);
      });
    });
    if (bound) return (server.address() as AddressInfo).port;
  }
  throw new Error(`No free port in ${ports?.first}-${ports?.last} on ${host.address}`);
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A new product of the admin's company, through the Assets screens; its page is left open. */
async function addProduct(page: Page, name: string) {
  await page.goto("/asset-inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Assets" })).toBeVisible();
  await page.getByRole("button", { name: "Add product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add product" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/**
 * Ticks one of a dialog's checkboxes by its label, as a user clicks it (the kit's input is visually
 * hidden under its label).
 */
async function pick(dialog: Locator, label: string) {
  await dialog.getByText(label, { exact: true }).click();
  await expect(dialog.getByRole("checkbox", { name: label })).toBeChecked();
}

/** The fixtures' reports, as the server tests import them. */
const REPORTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../packages/server/test/fixtures/reports",
);

/**
 * A repository with known weaknesses, on branches `main` and `release`, as a bare repository under
 * `root` at `e2e/<name>.git`: Python that runs a shell and `eval` (bandit) and C that copies with
 * `strcpy` (flawfinder).
 */
function weakRepository(root: string, name: string): void {
  const work = path.join(root, "work");
  mkdirSync(work);
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Orders team", "-c", "user.email=orders@example.com", ...args], {
      cwd,
      stdio: "pipe",
    });
  writeFileSync(
    path.join(work, "orders.py"),
    `import subprocess


def export(name):
    subprocess.call("tar czf /tmp/export.tgz " + name, shell=True)


def total(expression):
    return eval(expression)
`,
  );
  writeFileSync(
    path.join(work, "label.c"),
    `#include <string.h>

void label(char *out, const char *name) {
  strcpy(out, name);
}
`,
  );
  git(work, "init", "--quiet", "--initial-branch=main");
  git(work, "add", "--all");
  git(work, "commit", "--quiet", "-m", "Orders export");
  git(work, "branch", "release");
  git(root, "clone", "--quiet", "--bare", work, path.join(root, "e2e", `${name}.git`));
}

/** The weak web server the network scan finds: an old Apache banner and no security headers. */
function bareWebServer(): http.Server {
  return http.createServer((_req, res) => {
    res
      .writeHead(200, { "Content-Type": "text/html", Server: "Apache/2.4.49 (Unix)" })
      .end("<html><head><title>Orders</title></head><body>Orders portal</body></html>");
  });
}

/** The weak web application Wapiti finds: no security headers, and a search that echoes `q` unescaped. */
function weakApplication(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    const html = (status: number, body: string) =>
      res.writeHead(status, { "Content-Type": "text/html" }).end(`<html><body>${body}</body></html>`);
    if (url.pathname === "/") html(200, '<a href="/search?q=lamp">Search</a>');
    else if (url.pathname === "/search") html(200, `Results for ${url.searchParams.get("q") ?? ""}`);
    else html(404, "Not found");
  });
}

test.describe("scans run from the browser against the server", () => {
  test.describe.configure({ timeout: 180_000 });

  test("network: the admin adds an address, runs a scan, watches it finish and reads nmap's findings", async ({
    page,
  }) => {
    const web = bareWebServer();
    const port = await listen(web, SCAN_FIXTURE_PORTS);
    try {
      const product = `Scanned network ${Date.now()}`;
      await signInAt(page, "/asset-inventory", demo.admin);
      await addProduct(page, product);

      // The target, on the product's Network assets.
      await page.getByRole("tab", { name: "Network" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Network assets" })).toBeVisible();
      await page.getByRole("button", { name: "Add network asset" }).click();
      const assetDialog = page.getByRole("dialog", { name: "Add network asset" });
      await assetDialog.getByRole("textbox", { name: "IP address or range" }).fill(host.address);
      await assetDialog.getByRole("button", { name: "Add network asset" }).click();
      await expect(assetDialog).toBeHidden();
      await expect(
        page.getByRole("grid", { name: "Network assets" }).getByRole("row").filter({ hasText: host.address }),
      ).toBeVisible();

      // A scan configuration of it, on the Network screens.
      await page.goto("/network-va");
      await expect(page.getByRole("heading", { level: 1, name: "Network" })).toBeVisible();
      await page.getByRole("button", { name: "New configuration" }).click();
      const configDialog = page.getByRole("dialog", { name: "New scan configuration" });
      await pick(configDialog, `${host.address} · ${product}`);
      await configDialog.getByRole("button", { name: "Create configuration" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Scan configuration #\d+$/ })).toBeVisible();

      // Run it now: one endpoint, ten credits.
      await page.getByRole("button", { name: "Run scan" }).click();
      const runDialog = page.getByRole("dialog", { name: "Run a scan now?" });
      await runDialog.getByRole("button", { name: "Run scan for 10 credits" }).click();
      await expect(runDialog).toBeHidden();

      // Progress: the scan is queued or running, then done, read from the server each second. The
      // moving scan's row is the one the run queued (the configuration's other scan is the first one,
      // booked for tomorrow); from then on it is found by its name, its scan time.
      await expect(
        page.getByText("A scan of this configuration is queued or running; its progress shows below."),
      ).toBeVisible();
      const scans = page.getByRole("grid", { name: "Scans" });
      const moving = scans.getByRole("row").filter({ has: page.getByRole("gridcell", { name: /^(Queued|Running)$/ }) });
      await expect(moving).toHaveCount(1);
      const scanTime = (await moving.getByRole("rowheader").textContent()) ?? "";
      const row = scans.getByRole("row", { name: scanTime, exact: true });
      const progress = row.getByRole("progressbar", { name: `Progress of the scan at ${scanTime}` });
      await expect(progress).toBeVisible();
      await expect(row.getByRole("gridcell", { name: "Completed", exact: true })).toBeVisible({
        timeout: SCAN_DONE_TIMEOUT,
      });
      await expect(progress).toHaveAttribute("aria-valuenow", "100");
      await expect(progress).toHaveAttribute("aria-valuetext", "1 completed · 0 failed");
      await expect(page.getByRole("button", { name: "Run scan" })).toBeEnabled();

      // The endpoint's findings: nmap saw the missing security headers of the server on `port`.
      const endpoints = page.getByRole("grid", { name: `Endpoints of the scan at ${scanTime}` });
      await endpoints.getByRole("link", { name: host.address }).click();
      await expect(page.getByRole("heading", { level: 1, name: host.address })).toBeVisible();
      // The other tests' fixtures may listen on the scanned ports too: this test's is the one on `port`.
      const onPort = page.getByText(String(port), { exact: true });
      const findings = page.getByRole("grid", { name: "Findings" });
      await expect(
        findings
          .getByRole("row")
          .filter({ hasText: "Missing HTTP security header X-Frame-Options" })
          .filter({ has: onPort }),
      ).toBeVisible();
      await expect(page.getByRole("grid", { name: "Services" }).getByRole("row").filter({ has: onPort })).toBeVisible();
    } finally {
      await close(web);
    }
  });

  test("web application: the admin adds an application, runs a scan, watches it finish and reads Wapiti's findings", async ({
    page,
  }) => {
    const weak = weakApplication();
    const port = await listen(weak);
    try {
      const product = `Scanned web ${Date.now()}`;
      const name = `Orders portal ${Date.now()}`;
      const url = `http://${urlHost}:${port}/`;
      await signInAt(page, "/asset-inventory", demo.admin);
      await addProduct(page, product);

      // The application's URL, on the product's Application assets.
      await page.getByRole("tab", { name: "Application" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Application assets" })).toBeVisible();
      await page.getByRole("button", { name: "Add web application" }).click();
      const assetDialog = page.getByRole("dialog", { name: "Add web application" });
      await assetDialog.getByRole("textbox", { name: "Name" }).fill(name);
      await assetDialog.getByRole("textbox", { name: "URL" }).fill(url);
      await assetDialog.getByRole("button", { name: "Add web application" }).click();
      await expect(assetDialog).toBeHidden();

      // Registered for scanning, on the Application screens.
      await page.goto("/application-va");
      await expect(page.getByRole("heading", { level: 1, name: "Application" })).toBeVisible();
      await page.getByRole("button", { name: "New web application" }).click();
      const addDialog = page.getByRole("dialog", { name: "New web application" });
      await pick(addDialog, `${name} · ${url} · ${product}`);
      const created = page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/v1/webapp/applications/",
      );
      await addDialog.getByRole("button", { name: "Add to scans" }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      const [app] = ((await answer.json()) as { results: Array<{ id: number }> }).results;
      await expect(addDialog).toBeHidden();
      await page.getByRole("link", { name: new RegExp(`^${escapeRegExp(name)}$`) }).click();
      await expect(page).toHaveURL(new RegExp(`/application-va/${app?.id}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

      // Run it now: one application, ten credits.
      await page.getByRole("button", { name: "Run scan" }).click();
      const runDialog = page.getByRole("dialog", { name: "Run a scan now?" });
      await runDialog.getByRole("button", { name: "Run scan for 10 credits" }).click();
      await expect(runDialog).toBeHidden();

      // Progress in the Target card while the scan moves, then done.
      const note = page.getByText(
        "A scan of this application is queued or running; its progress shows in the Target card.",
      );
      await expect(note).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Progress of the scan" })).toBeVisible();
      await expect(note).toBeHidden({ timeout: SCAN_DONE_TIMEOUT });
      await expect(page.getByRole("progressbar", { name: "Progress of the scan" })).toBeHidden();
      await expect(
        page.getByRole("region", { name: "Target" }).getByRole("definition").getByText("Completed", { exact: true }),
      ).toBeVisible();

      // The findings, read once more by the screen when the scan ended: the reflected parameter and
      // the missing headers.
      const findings = page.getByRole("grid", { name: "Findings" });
      await expect(findings.getByRole("row").filter({ hasText: "Cross Site Scripting" }).first()).toBeVisible();
      await expect(findings.getByRole("row").filter({ hasText: "HTTP Secure Headers" }).first()).toBeVisible();
    } finally {
      await close(weak);
    }
  });

  // One test for both areas: threat inspection's targets are the hosts an exposure scan found, and
  // the name server both use is one address (SCAN_NAME_SERVER), so the two cannot run apart.
  test("exposure detection, then threat inspection: the admin adds a domain, runs a scan, reads the hosts found, buys their inspection and reads the blocklist listing", async ({
    page,
  }) => {
    test.skip(host.family !== 4, "the zone's A records need an IPv4 address of this machine");
    // The domain's name server: its zone points www (and the apex) at this machine, where a web
    // server listens on one of the scanned ports, and hands the whole zone to anyone who asks.
    const origin = "orders-e2e.test";
    const web = bareWebServer();
    const port = await listen(web, SCAN_FIXTURE_PORTS);
    const dns = await startDnsServer({
      origin,
      address: SCAN_NAME_SERVER,
      axfr: true,
      a: { "@": [host.address], www: [host.address] },
    });
    // One blocklist, Spamhaus ZEN, lists this machine's address as a spam source (127.0.0.2); every
    // other list is refused at once, which the inspection counts as no answer.
    const blocklist = await startDnsServer({
      origin: "zen.spamhaus.org",
      address: REPUTATION_DNS_SERVER,
      axfr: false,
      a: { [host.address.split(".").reverse().join(".")]: ["127.0.0.2"] },
    });
    try {
      const product = `Exposed ${Date.now()}`;
      await signInAt(page, "/asset-inventory", demo.admin);
      await addProduct(page, product);

      // The domain, on the product's Exposure Detection assets (the page a new product opens on).
      await expect(page.getByRole("heading", { level: 2, name: "Exposure Detection assets" })).toBeVisible();
      await page.getByRole("button", { name: "Add domain" }).click();
      const assetDialog = page.getByRole("dialog", { name: "Add domain" });
      await assetDialog.getByRole("textbox", { name: "Domain" }).fill(origin);
      await assetDialog.getByRole("button", { name: "Add domain" }).click();
      await expect(assetDialog).toBeHidden();

      // A configuration of it, on the Exposure Detection screens.
      await page.goto("/exposure-detection");
      await expect(page.getByRole("heading", { level: 1, name: "Exposure Detection" })).toBeVisible();
      await page.getByRole("button", { name: "New configuration" }).click();
      const configDialog = page.getByRole("dialog", { name: "New exposure detection configuration" });
      await pick(configDialog, `${origin} · ${product}`);
      await configDialog.getByRole("button", { name: "Create configuration" }).click();
      await expect(configDialog).toBeHidden();
      await page
        .getByRole("grid", { name: "Exposure detection configurations" })
        .getByRole("link", { name: origin, exact: true })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Target Overview" })).toBeVisible();

      // Run it now, then watch the scan history until it is done.
      await page.getByRole("button", { name: "Run scan" }).click();
      const runDialog = page.getByRole("dialog", { name: "Run a scan now?" });
      await runDialog.getByRole("button", { name: "Run scan for 10 credits" }).click();
      await expect(runDialog).toBeHidden();
      const note = page.getByText("A scan of this target is queued or running; its progress shows below.");
      await expect(note).toBeVisible();
      const history = page.getByRole("grid", { name: "Scan history" });
      await expect(
        history.getByRole("row").filter({ has: page.getByRole("gridcell", { name: /^(Queued|Running)$/ }) }),
      ).toBeVisible();
      await expect(note).toBeHidden({ timeout: SCAN_DONE_TIMEOUT });
      const done = history
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell", { name: "Completed", exact: true }) });
      await expect(done).toBeVisible();
      await expect(done).toContainText("100%");

      // What it found, without a reload (the screen reads the hosts once more as the scan ends): the
      // open zone transfer, and this machine with the web server's port.
      await expect(page.getByRole("heading", { level: 3, name: "Zone transfer allowed" })).toBeVisible();
      await expect(
        page
          .getByRole("grid", { name: "Hosts" })
          .getByRole("row")
          .filter({ hasText: host.address })
          .filter({ hasText: `${port}/tcp` }),
      ).toBeVisible();

      // Threat inspection of the hosts found: the purchase, step by step, pays for the first scan.
      const inspection = `Inspection ${Date.now()}`;
      await page.goto("/threat-inspection");
      await expect(page.getByRole("heading", { level: 1, name: "Threat Inspection" })).toBeVisible();
      await page.getByRole("button", { name: "New threat inspection" }).click();
      await page.getByRole("textbox", { name: "Name" }).fill(inspection);
      await page.getByRole("combobox", { name: "Exposure detection target" }).fill(origin);
      await page.getByRole("option", { name: origin, exact: true }).click();
      await page.getByRole("button", { name: "Create and select endpoints" }).click();
      await expect(page.getByRole("heading", { name: /^Step 2 of \d: / })).toBeVisible();
      await page.getByRole("button", { name: "Select all" }).click();
      await page.getByRole("button", { name: "Continue to estimate" }).click();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await page.getByRole("button", { name: /^Pay \d+ credits$/ }).click();
      await expect(page.getByRole("heading", { name: "Purchase complete" })).toBeVisible();
      await page.getByRole("link", { name: "Open the target overview" }).click();
      await expect(page.getByRole("heading", { level: 1, name: inspection })).toBeVisible();

      // Its first scan, queued by the payment, asks the blocklists: a second or two, so the test may
      // arrive after it moved; it waits for it to be done, its progress bar full.
      const threatDone = page
        .getByRole("grid", { name: "Scans" })
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell", { name: "Completed", exact: true }) });
      await expect(threatDone).toBeVisible({ timeout: SCAN_DONE_TIMEOUT });
      await expect(threatDone.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
      // The screen reads the scan and its endpoints once more as it ends: no reload.

      // This machine's address is listed by the one list that answered: a Medium finding, and a
      // detection rate of 100% (one listing of one answer).
      const listed = page
        .getByRole("grid", { name: "Endpoints of the scan" })
        .getByRole("row")
        .filter({ hasText: host.address });
      await expect(listed).toContainText("1 Medium");
      await expect(listed).toContainText("100%");
      await listed.getByRole("link", { name: host.address }).click();
      await expect(page.getByRole("heading", { level: 1, name: host.address })).toBeVisible();
      await expect(
        page.getByRole("grid", { name: `Engines for ${host.address}` }).getByRole("row", { name: "Spamhaus ZEN" }),
      ).toContainText("Detected");
      await expect(
        page
          .getByRole("grid", { name: "Findings" })
          .getByRole("row")
          .filter({ hasText: "Listed on Spamhaus ZEN (spam)" }),
      ).toBeVisible();
    } finally {
      await blocklist.close();
      await dns.close();
      await close(web);
    }
  });

  test("source code: the admin adds a repository, runs a scan of a branch, watches it finish, reads the analysers' findings and imports a report", async ({
    page,
  }) => {
    const name = `orders-${Date.now()}`;
    const root = mkdtempSync(path.join(os.tmpdir(), "sentinel-e2e-git-"));
    weakRepository(root, name);
    const git = await startGitHttpsServer({
      root,
      address: host.address,
      key: readFileSync(path.join(GIT_TLS_DIR, "server.key")),
      cert: readFileSync(path.join(GIT_TLS_DIR, "server.pem")),
    });
    try {
      const product = `Scanned source ${Date.now()}`;
      const cloneUrl = `https://${urlHost}:${git.port}/e2e/${name}.git`;
      await signInAt(page, "/asset-inventory", demo.admin);
      await addProduct(page, product);

      // The repository, on the product's Source Code assets: its clone URL and two branches.
      await page.getByRole("tab", { name: "Source Code" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Source Code assets" })).toBeVisible();
      await page.getByRole("button", { name: "Add repository" }).click();
      const assetDialog = page.getByRole("dialog", { name: "Add repository" });
      await expect(assetDialog.getByRole("button", { name: /Git provider/ })).toContainText("GitHub");
      await assetDialog.getByRole("textbox", { name: "Clone URL" }).fill(cloneUrl);
      await assetDialog.getByRole("textbox", { name: "Branches" }).fill("main, release");
      await assetDialog.getByRole("button", { name: "Add repository" }).click();
      await expect(assetDialog).toBeHidden();
      await expect(
        page.getByRole("grid", { name: "Source Code assets" }).getByRole("row").filter({ hasText: name }),
      ).toBeVisible();

      // Registered for scanning, on the Source Code screens: its first scan (of main) is queued.
      await page.goto("/source-code-va");
      await expect(page.getByRole("heading", { level: 1, name: "Source Code" })).toBeVisible();
      await page.getByRole("button", { name: "Add repository" }).click();
      const addDialog = page.getByRole("dialog", { name: "Add repository" });
      await expect(addDialog.getByRole("radio", { name: "GitHub" })).toBeChecked();
      await addDialog.getByRole("combobox", { name: "Repository" }).fill(name);
      await page.getByRole("option", { name: new RegExp(`^e2e/${escapeRegExp(name)}`) }).click();
      await addDialog.getByRole("button", { name: "Add repository" }).click();
      await expect(addDialog).toBeHidden();
      await expect(page.getByText(`${name} was added; its first scan is queued.`)).toBeVisible();
      // Searched for, so the list finds it among the company's many; the list is asked once the search
      // settles in the address, and a link pressed before then would be undone by it.
      await page.getByRole("searchbox", { name: "Search repositories" }).fill(name);
      const repositories = page.getByRole("grid", { name: "Repositories" });
      await expect(repositories.getByRole("row")).toHaveCount(2);
      await expect(page).toHaveURL(new RegExp(`[?&]search=${escapeRegExp(name)}(&|$)`));
      await repositories.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

      // Run a scan of the other branch now: ten credits, beside the first scan of main.
      await page.getByRole("button", { name: "Run scan" }).click();
      const runDialog = page.getByRole("dialog", { name: "Scan a branch now?" });
      await expect(runDialog).toContainText("It costs 10 source code credits a branch.");
      await runDialog.getByRole("button", { name: /Branch/ }).click();
      await page.getByRole("option", { name: "release", exact: true }).click();
      await expect(runDialog.getByRole("button", { name: /Branch/ })).toContainText("release");
      await runDialog.getByRole("button", { name: "Run scan for 10 credits" }).click();
      await expect(runDialog).toBeHidden();
      await expect(page.getByText("Scan queued: its progress shows in the Repository card")).toBeVisible();

      // Progress in the Repository card while the scan is queued or running, then done; the screen
      // shows the scan it queued.
      const scans = page.getByRole("grid", { name: "Scans" });
      const release = scans.getByRole("row").filter({ hasText: "release" });
      await expect(release).toHaveCount(1);
      const progress = page
        .getByRole("region", { name: "Repository" })
        .getByRole("status")
        .filter({
          hasText:
            /^(Queued: waiting for a scanner\.|Running: the branch is cloned and the analysers run over it\.) Scan of release, queued /,
        });
      await expect(progress).toBeVisible();
      await expect(release.getByRole("gridcell", { name: /^(Queued|Running)$/ })).toBeVisible();
      await expect(release.getByRole("gridcell", { name: "Completed", exact: true })).toBeVisible({
        timeout: SCAN_DONE_TIMEOUT,
      });
      await expect(progress).toBeHidden();

      // What the analysers found in the clone, without a reload: bandit's shell and eval in
      // orders.py, flawfinder's strcpy in label.c, each at its file and line.
      const findings = page.getByRole("grid", { name: "Findings" });
      const finding = (title: string, file: string, line: number) =>
        findings
          .getByRole("row")
          .filter({ hasText: title })
          .filter({ has: page.getByRole("gridcell", { name: file, exact: true }) })
          .filter({ has: page.getByRole("gridcell", { name: String(line), exact: true }) });
      await expect(
        finding("subprocess call with shell=True identified, security issue.", "orders.py", 5),
      ).toBeVisible();
      await expect(
        finding("Use of possibly insecure function - consider using safer ast.literal_eval.", "orders.py", 9),
      ).toBeVisible();
      await expect(
        finding("Does not check for buffer overflows when copying to destination [MS-banned] (CWE-120).", "label.c", 4),
      ).toBeVisible();

      // Import a SARIF 2.1.0 report (CodeQL's and ESLint's runs) as a scan of main, at no charge.
      await page.getByRole("button", { name: "Import report" }).click();
      const importDialog = page.getByRole("dialog", { name: "Import a report" });
      await expect(importDialog.getByRole("button", { name: /Branch/ })).toContainText("main");
      const chooser = page.waitForEvent("filechooser", { timeout: 30_000 });
      await importDialog.getByRole("group", { name: "Report" }).getByRole("button", { name: "Browse files" }).click();
      await (await chooser).setFiles(path.join(REPORTS, "sarif.json"));
      await expect(importDialog.getByRole("list", { name: "Attached files" })).toContainText("sarif.json");
      await importDialog.getByRole("button", { name: "Import report" }).click();
      await expect(importDialog).toBeHidden();
      await expect(page.getByText("Report imported: it is being read")).toBeVisible();

      // The import is read by the worker: main's two scans (the first, queued when the repository was
      // added, and the import) are done, the import chosen, and its findings are the report's.
      const mainDone = scans
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell", { name: "main", exact: true }) })
        .filter({ has: page.getByRole("gridcell", { name: "Completed", exact: true }) });
      await expect(mainDone).toHaveCount(2, { timeout: SCAN_DONE_TIMEOUT });
      // None of its scans moves any more: the repository's status is read again, without a reload.
      await expect(
        page
          .getByRole("region", { name: "Repository" })
          .getByRole("definition")
          .getByText("Completed", { exact: true }),
      ).toBeVisible();
      await expect(finding("Code injection", "src/app.js", 8)).toBeVisible();
      await expect(finding("Reflected cross-site scripting", "src/routes/search.js", 14)).toBeVisible();
      await expect(findings.getByRole("row").filter({ hasText: "subprocess call with shell=True" })).toHaveCount(0);
    } finally {
      await git.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
