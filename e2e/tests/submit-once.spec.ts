import { expect, type Locator, type Page, test } from "@playwright/test";
import { demo, settle, signInAt } from "./support.ts";

/** Counts the requests the page sends for one operation (method and path, any query). */
function countRequests(page: Page, method: string, path: RegExp): { readonly count: number } {
  const counter = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) counter.count++;
  });
  return counter;
}

/**
 * Presses a button twice before the page has handled the first press: what a double click does on
 * a busy device, where the browser runs both queued clicks before any rendering or timer. (A fast
 * machine often renders the pending state between two real clicks, which hides the fault.)
 */
async function doubleClick(button: Locator) {
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

test("a double click on Sign in sends one sign-in request", async ({ page }) => {
  const logins = countRequests(page, "POST", /^\/api\/v1\/auth\/login\/?$/);
  await page.goto("/auth/login");
  await page.getByLabel("E-mail").fill(demo.member);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill("demo");
  await doubleClick(page.getByRole("button", { name: "Sign in" }));
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(logins.count).toBe(1);
});

test("a double click on Send reset link sends one request", async ({ page }) => {
  const sends = countRequests(page, "POST", /^\/api\/v1\/auth\/forgot-password\/$/);
  await page.goto("/auth/forgot-password");
  await page.getByLabel("E-mail").fill(demo.member);
  await doubleClick(page.getByRole("button", { name: "Send reset link" }));
  await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  expect(sends.count).toBe(1);
});

test("double clicks through the purchase flow create once and save the selection once", async ({ page }) => {
  const creates = countRequests(page, "POST", /^\/api\/v1\/threat-inspection\/scan-configuration\/$/);
  const saves = countRequests(
    page,
    "PUT",
    /^\/api\/v1\/threat-inspection\/scan-configuration\/\d+\/update-endpoint\/$/,
  );
  // From a target whose endpoints were reviewed, as users start a purchase: its scan has endpoints.
  await signInAt(page, "/exposure-detection", demo.admin);
  const main = page.getByRole("main");
  await settle(page); // The table's first rows are skeletons until it has loaded.
  // A target whose exposure scans completed, so there are endpoints to inspect.
  await main
    .getByRole("grid", { name: "Exposure detection configurations" })
    .getByRole("link", { name: "northwind-staging2.example" })
    .click();
  await expect(page).toHaveURL(/\/target-overview\/\d+$/);
  await main.getByRole("link", { name: "Review endpoints" }).click();
  await main.getByRole("button", { name: "Inspect with threat inspection" }).click();
  await expect(main.getByRole("heading", { name: /Step 1 of/ })).toBeVisible();
  await main.getByLabel("Name").fill("Double-click inspection");
  await expect(main.getByRole("combobox", { name: "Exposure detection target" })).not.toHaveValue("");
  await doubleClick(main.getByRole("button", { name: "Create and select endpoints" }));
  await expect(main.getByRole("heading", { name: /Step 2 of/ })).toBeVisible();
  await main.getByRole("button", { name: "Select all" }).click();
  await doubleClick(main.getByRole("button", { name: "Continue to estimate" }));
  await expect(main.getByRole("heading", { name: /Step 3 of/ })).toBeVisible();
  expect({ creates: creates.count, saves: saves.count }).toEqual({ creates: 1, saves: 1 });
});
