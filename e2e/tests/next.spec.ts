import { type BrowserContext, test as base, expect } from "@playwright/test";
import { demo, signIn } from "./support.ts";

/**
 * One browser context per worker, a new page per test: the app's chunks and the static-mode service
 * worker are loaded once, not 35 times. Each test starts signed out.
 */
const test = base.extend<object, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      // No artificial response time: these tests are about where sign-in leads, not loading states.
      await context.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  page: async ({ workerContext }, use) => {
    const page = await workerContext.newPage();
    await page.goto("/config.json");
    await page.evaluate(() => window.localStorage.removeItem("sentinel.session"));
    await use(page);
    await page.close();
  },
});

// Each tries to make the post-sign-in redirect leave the origin or run script. One of each family,
// chosen where a real browser's URL parsing matters (backslashes, tabs, full-width dots, userinfo,
// schemes without slashes); the unit test (packages/app/src/lib/safeNext.test.ts) runs safeNext
// over some 80 variants. Here each case costs a sign-in on a busy CI machine, about 6 s
// (docs/decisions.md, "CI time (stop 22)").
const hostile = [
  "//evil.example.com",
  "/\\evil.example.com",
  "/\t/evil.example.com",
  "https:evil.example.com",
  "http://127.0.0.1@evil.example.com",
  "\u3002evil.example.com",
  "%2F%2Fevil.example.com",
  "java\tscript:window.__xss=1",
  "data:text/html,<script>window.__xss=1</script>",
];

/**
 * Several cases per test, on one page: a case's cost is its sign-in, and 35 tests each paying a page
 * of their own and a turn on a worker made this file the longest run of short tests in the suite.
 * Every case still loads the login page fresh and signs in through the form; each check is soft and
 * names its case, so one failing case does not hide the others in its group.
 */
const perTest = 9;
const groups = Array.from({ length: Math.ceil(hostile.length / perTest) }, (_, g) =>
  hostile.slice(g * perTest, (g + 1) * perTest).map((next, i) => ({ number: g * perTest + i + 1, next })),
);

test.describe("hostile next values never leave the origin", () => {
  for (const cases of groups) {
    const first = cases[0]?.number ?? 0;
    const last = cases.at(-1)?.number ?? 0;
    test(`#${first}–#${last}`, async ({ page, baseURL }) => {
      test.setTimeout(cases.length * 20_000);
      const origin = new URL(baseURL ?? "").origin;
      let current = "";
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame() && frame.url() !== "about:blank") {
          expect.soft(new URL(frame.url()).origin, `navigation during ${current}`).toBe(origin);
        }
      });
      for (const { number, next } of cases) {
        current = `#${number} ${JSON.stringify(next)}`;
        // Signed out again: the previous case left this page signed in on the dashboard.
        await page.goto("/config.json");
        await page.evaluate(() => window.localStorage.removeItem("sentinel.session"));
        await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
        await signIn(page, demo.member);
        await expect.soft(page.getByRole("heading", { level: 1, name: "Dashboard" }), current).toBeVisible();
        expect.soft(new URL(page.url()).origin, current).toBe(origin);
        expect.soft(new URL(page.url()).pathname, current).toBe("/dashboard");
        expect
          .soft(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), current)
          .toBeUndefined();
      }
    });
  }

  test("a same-origin relative next is followed", async ({ page }) => {
    await page.goto(`/auth/login?next=${encodeURIComponent("/ticketing?status=UNREAD")}`);
    await signIn(page, demo.member);
    await expect(page).toHaveURL(/\/ticketing\?status=UNREAD$/);
  });
});
