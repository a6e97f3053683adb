import { expect, test } from "@playwright/test";
import { demo, signIn, signInAt, watchErrors } from "./support.ts";

test("a signed-out visitor is sent to sign-in with next, and returns there after", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/credits-activity?page=2");
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcredits-activity%3Fpage%3D2$/);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/credits-activity\?page=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a signed-in user opening a public route goes to the app", async ({ page }) => {
  await signInAt(page, "/dashboard", demo.member);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/auth/forgot-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a member opening the company directory is refused there, the address kept (issue 28)", async ({ page }) => {
  await signInAt(page, "/company-directory", demo.member);
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(page).toHaveURL(/\/company-directory$/);
});

test("staff can open the company directory", async ({ page }) => {
  await signInAt(page, "/company-directory", demo.analyst);
  await expect(page).toHaveURL(/\/company-directory$/);
});

test("an unknown path shows a helpful not-found page inside the shell", async ({ page }) => {
  // Signed out, an unknown path is not sent to sign-in (spec §2: only when the route matched).
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await page.goto("/auth/login");
  await signIn(page, demo.member);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/no/such/page");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("link", { name: /dashboard/i }).first()).toBeVisible();
});

test("2FA sign-in asks for the one-time code", async ({ page }) => {
  await page.goto("/auth/login");
  await signIn(page, demo.twofa);
  await page.getByLabel("Authentication code").first().fill("123456");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("an expired access token is renewed with the refresh token: the user stays where they were going", async ({
  page,
}) => {
  const ttlMs = 10_000;
  await page.addInitScript((ttl) => window.localStorage.setItem("sentinel.static.tokenTtlMs", String(ttl)), ttlMs);
  await signInAt(page, "/ticketing", demo.admin);
  const expiredBy = Date.now() + ttlMs + 500;
  await expect(page).toHaveURL(/\/ticketing$/);
  const storedToken = () =>
    page.evaluate(() => JSON.parse(window.localStorage.getItem("sentinel.session") ?? "{}").token);
  const before = await storedToken();
  await page.waitForTimeout(Math.max(0, expiredBy - Date.now()));
  await page.getByRole("link", { name: /credits activity/i }).click();
  await expect(page).toHaveURL(/\/credits-activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Credits Activity" })).toBeVisible();
  // The screen's calls met the expired token, the app renewed it, and the stored session holds the new one.
  await expect.poll(storedToken).not.toBe(before);
});

test("an expired session whose refresh fails signs out once, keeps next, and sign-in returns there", async ({
  page,
}) => {
  // Long enough for the page's own calls to finish first on a busy machine (with 4 s one of them
  // met the expired token and signed out before the click); the wait below runs out the rest.
  const ttlMs = 10_000;
  await page.addInitScript((ttl) => window.localStorage.setItem("sentinel.static.tokenTtlMs", String(ttl)), ttlMs);
  // The refresh token is refused too (revoked, or past its own lifetime): only then does the app sign out.
  await page.addInitScript(() =>
    window.localStorage.setItem(
      "sentinel.static.faults",
      JSON.stringify({ "POST /api/v1/auth/token/refresh/": "401" }),
    ),
  );
  await signInAt(page, "/ticketing", demo.admin);
  // The token was issued before this moment, so it has expired by this moment plus its lifetime.
  const expiredBy = Date.now() + ttlMs + 500;
  await expect(page).toHaveURL(/\/ticketing$/);
  // Counted by the document requests the page starts, not by load events: a second sign-out would
  // start its own request before the first one's page commits, whereas the login page's load event
  // can come any time later on a busy machine.
  const documentRequests: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url());
  });
  await page.waitForTimeout(Math.max(0, expiredBy - Date.now()));
  await page.getByRole("link", { name: /credits activity/i }).click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fcredits-activity/);
  // Once the sign-in form shows, the old page is gone, so nothing can start another sign-out.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(documentRequests).toEqual([expect.stringMatching(/\/auth\/login\?next=%2Fcredits-activity$/)]);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/credits-activity$/);
});

test("an expired session keeps an unsent reply: after signing in again it is back in the box", async ({ page }) => {
  await signInAt(page, "/ticketing/1", demo.admin);
  const draft = "Written before the session ran out.";
  await page.getByRole("textbox", { name: /Reply/ }).fill(draft);
  // The server stops accepting the token just as the reply is sent: the app's forced sign-in is a full page load.
  await page.evaluate(() =>
    window.localStorage.setItem(
      "sentinel.static.faults",
      JSON.stringify({ "POST /api/v1/ticket/{id}/messages/": "401" }),
    ),
  );
  // The fault goes with the forced sign-in's page load, before any script of it runs: an evaluate after
  // the redirect raced that load (the context it ran in could be destroyed under it).
  await page.addInitScript(() => window.localStorage.removeItem("sentinel.static.faults"));
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fticketing%2F1$/);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/ticketing\/1$/);
  await expect(page.getByRole("textbox", { name: /Reply/ })).toHaveValue(draft);
  await expect(page.getByText("Your unsent reply was restored.")).toBeVisible();
});

test.describe("layout", () => {
  test("the sidebar is collapsed at 1366 px and expanded at 1920 px", async ({ browser }) => {
    for (const [width, expanded] of [
      [1366, "false"],
      [1920, "true"],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 1000 } });
      await signInAt(page, "/dashboard", demo.member);
      const toggle = page
        .getByRole("navigation", { name: "Main" })
        .getByRole("button", { expanded: expanded === "true" });
      await expect(toggle.first()).toBeVisible();
      await page.close();
    }
  });

  test("the theme choice persists across a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await signInAt(page, "/dashboard", demo.member);
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page
      .getByRole("button", { name: /dark|theme/i })
      .first()
      .click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });
});

test("the design system's own fonts load in the production build (no system fallback)", async ({ page }) => {
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family);
  });
  expect(loaded.some((family) => family.includes("Inter Variable"))).toBe(true);
});
