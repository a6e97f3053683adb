import { expect, type Page } from "@playwright/test";

export const demo = {
  superadmin: "superadmin@example.com",
  analyst: "analyst@example.com",
  admin: "admin@example.com",
  member: "member@example.com",
  twofa: "twofa@example.com",
  setup2fa: "setup2fa@example.com",
} as const;

/** Collects uncaught errors and console errors, so a test can assert a page ran cleanly. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Signs in through the real form, the way a user does. */
export async function signIn(page: Page, email: string, password = "demo") {
  await page.getByLabel("E-mail").fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, email);
}

/** The hostile payloads in the sample data all try to set this flag. */
export async function expectNoScriptRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}
