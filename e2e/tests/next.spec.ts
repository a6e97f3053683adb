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

// Each tries to make the post-sign-in redirect leave the origin or run script.
const hostile = [
  "https://evil.example.com",
  "http://evil.example.com/dashboard",
  "//evil.example.com",
  "//evil.example.com/%2F..",
  "///evil.example.com",
  "////evil.example.com",
  "/\\evil.example.com",
  "\\\\evil.example.com",
  "\\/evil.example.com",
  "/\\/evil.example.com",
  "javascript:window.__xss=1",
  "JavaScript:window.__xss=1",
  "JAVASCRIPT:window.__xss=1",
  " javascript:window.__xss=1",
  "java\tscript:window.__xss=1",
  "javascript%3Awindow.__xss%3D1",
  "%6A%61%76%61%73%63%72%69%70%74:window.__xss=1",
  "data:text/html,<script>window.__xss=1</script>",
  "vbscript:msgbox(1)",
  "%2F%2Fevil.example.com",
  "%252F%252Fevil.example.com",
  "/%2F/evil.example.com",
  "/%5Cevil.example.com",
  "%5C%5Cevil.example.com",
  "https:evil.example.com",
  "https:/evil.example.com",
  "HtTpS://evil.example.com",
  "/\t/evil.example.com",
  "/\n/evil.example.com",
  "//evil.example.com@127.0.0.1",
  "http://127.0.0.1@evil.example.com",
  "\u3002evil.example.com",
  "//evil%E3%80%82example.com",
  "/..//evil.example.com",
];

test.describe("hostile next values never leave the origin", () => {
  for (const [index, next] of hostile.entries()) {
    test(`#${index + 1} ${JSON.stringify(next)}`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? "").origin;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame() && frame.url() !== "about:blank") {
          expect(new URL(frame.url()).origin).toBe(origin);
        }
      });
      await page.goto(`/auth/login?next=${encodeURIComponent(next)}`);
      await signIn(page, demo.member);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    });
  }

  test("a same-origin relative next is followed", async ({ page }) => {
    await page.goto(`/auth/login?next=${encodeURIComponent("/ticketing?status=UNREAD")}`);
    await signIn(page, demo.member);
    await expect(page).toHaveURL(/\/ticketing\?status=UNREAD$/);
  });
});
