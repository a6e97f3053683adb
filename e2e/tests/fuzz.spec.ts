import { type BrowserContext, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import {
  clientGo,
  closeLanes,
  demo,
  openLanes,
  pageProblems,
  serveHostileData,
  settle,
  signInAt,
  watchCsp,
} from "./support.ts";

/**
 * Schema-fuzzed answers: static mode's fault hook answers every GET (except the profile, which
 * decides the role) with a seeded, schema-valid random body (`fuzz`, see
 * packages/api-client/src/mocks/fuzz.ts): empty and huge lists, nulls wherever allowed, markup and
 * `javascript:` URLs, right-to-left text, extreme numbers and dates. Every list and detail screen is
 * opened with 2 seeds, one per role (20 cost CI five minutes more and found nothing the first 8 did
 * not; see docs/decisions.md, "CI time (stop 22)" to "CI time (stop 28)"; the unit fuzz test runs
 * the generator itself over more) and must not crash: it shows its h1 (with content or an error
 * state), logs no error, and runs none of the hostile strings.
 */

/** Ids in the URLs do not matter: every answer is fuzzed. */
function screens(staff: boolean): string[] {
  const product = staff ? "/asset-inventory/1/company/1" : "/asset-inventory/1";
  return [
    "/dashboard",
    "/profile/account",
    "/company-management",
    "/ticketing",
    "/ticketing/1",
    "/credits-activity",
    "/credits-activity?tab=payments",
    "/asset-inventory",
    ...["exposure-detection", "threat-inspection", "network", "application", "source-code"].map(
      (s) => `${product}/${s}`,
    ),
    "/application-va",
    "/application-va/1",
    "/source-code-va",
    "/source-code-va/1",
    "/source-code-va/1/vulnerability-overview/1",
    "/network-va",
    "/network-va/1",
    "/network-va/1/scan/1/scan-endpoint/1",
    "/exposure-detection",
    "/exposure-detection/1/target-overview/1",
    "/exposure-detection/1/target-overview/1/review-endpoint/1",
    "/threat-inspection",
    "/threat-inspection/1/target-overview",
    "/threat-inspection/1/target-overview/1/vulnerability-overview/1",
    ...(staff ? ["/company-directory", "/company-directory/1/company-information"] : []),
  ];
}

const rules = JSON.stringify({ "GET /api/v1/user/profile/": "pass", "GET *": "fuzz" });

/** Watches one lane for crashes: uncaught errors and console errors. */
function watch(page: Page, problems: string[], seed: () => number) {
  page.on("pageerror", (error) => problems.push(`seed ${seed()} ${page.url()}: pageerror ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`seed ${seed()} ${page.url()}: console ${message.text()}`);
  });
}

async function runSeeds(tab: Page, staff: boolean, seeds: number[], problems: string[]) {
  let current = 0;
  watch(tab, problems, () => current);
  if (tab.url() === "about:blank") await tab.goto("/forbidden"); // localStorage needs the origin.
  for (const seed of seeds) {
    current = seed;
    await tab.evaluate(
      ([faults, value]) => {
        window.localStorage.setItem("sentinel.static.faults", faults);
        window.localStorage.setItem("sentinel.static.fuzzSeed", value);
      },
      [rules, String(seed)] as const,
    );
    // A fresh page per seed: nothing is answered from the previous seed's cache.
    await tab.goto("/forbidden");
    await settle(tab);
    for (const path of screens(staff)) {
      await clientGo(tab, path);
      // Whatever the data, the page keeps its frame and a heading with text, and finishes loading.
      await settle(tab);
      expect(await pageProblems(tab), `seed ${seed} ${path}`).toEqual([]);
    }
  }
}

/** Lanes per worker, each its own browser context with its own seeds. */
const lanes = 1;

async function fuzzAs(page: Page, others: Page[], staff: boolean, seeds: number[]) {
  const problems: string[] = [];
  const tabs = [page, ...others];
  try {
    await Promise.all(
      tabs.map((tab, lane) =>
        runSeeds(
          tab,
          staff,
          seeds.filter((_, i) => i % tabs.length === lane),
          problems,
        ),
      ),
    );
  } finally {
    await closeLanes(others);
  }
  expect(problems).toEqual([]);
}

let laneOptions: BrowserContextOptions = {};
test.beforeEach(({ baseURL, viewport }) => {
  laneOptions = { baseURL, viewport };
});

const setUp = async (context: BrowserContext) => {
  await context.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
  // Calls the fuzz rules let through are answered with the hostile dataset.
  await serveHostileData(context);
  await context.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener("securitypolicyviolation", (event) => {
      list.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`);
    });
  });
};

for (const [name, email, staff, seeds] of [
  ["a super admin", demo.superadmin, true, [1]],
  ["a client admin", demo.admin, false, [11]],
] as const) {
  test(`every screen survives fuzzed answers as ${name}`, async ({ page, browser }) => {
    test.setTimeout(300_000);
    await watchCsp(page);
    await page.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
    await serveHostileData(page);
    await signInAt(page, "/dashboard", email);
    const others = await openLanes(page, browser, laneOptions, lanes - 1, setUp);
    await fuzzAs(page, others, staff, [...seeds]);
  });
}
