import { expect, type Page, test } from "@playwright/test";
import { demo, signIn, watchErrors } from "./support.ts";

/** As a browser that blocks site data for this site: every use of localStorage throws. */
async function blockLocalStorage(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
}

/** Collects the status of every answer to an API path that reached the web server or the demo. */
function apiAnswers(page: Page): number[] {
  const answers: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/")) answers.push(response.status());
  });
  return answers;
}

test("with localStorage blocked, the demo starts, signs in and runs without persistence", async ({ page }) => {
  await blockLocalStorage(page);
  const errors = watchErrors(page);
  const answers = apiAnswers(page);
  await page.goto("/auth/login");
  await signIn(page, demo.member);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(answers).not.toContain(405);
  expect(errors).toEqual([]);
  // Nothing was kept: a reload starts signed out, and the demo still answers.
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, demo.member);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(answers).not.toContain(405);
});

test("when the browser refuses the demo's service worker too, the page says so and calls nothing", async ({ page }) => {
  await blockLocalStorage(page);
  await page.addInitScript(() => {
    navigator.serviceWorker.register = () =>
      Promise.reject(new DOMException("The user denied permission to use Service Worker.", "SecurityError"));
  });
  const answers = apiAnswers(page);
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { level: 1, name: "The demo cannot start in this browser" })).toBeVisible();
  await expect(page.getByText(/Allow cookies and site data for this site/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  expect(answers).toEqual([]);
});
