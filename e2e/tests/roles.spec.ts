import { expect, type Page, test } from "@playwright/test";
import { demo, signInAt } from "./support.ts";

/**
 * Records, from the first paint of every page load, whether anything only staff may see was ever
 * on screen: the Company Directory entry in the sidebar or the directory screen's heading. A flag
 * set by a MutationObserver catches a frame that shows for a few milliseconds, with no waiting.
 */
async function watchForStaffUi(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __staffUi: string[] }).__staffUi = seen;
    const check = () => {
      if (document.querySelector('nav a[href="/company-directory"]')) seen.push("sidebar entry");
      for (const h1 of document.querySelectorAll("h1")) {
        if (h1.textContent?.includes("Company Directory")) seen.push("directory screen");
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const staffUiSeen = (page: Page) =>
  page.evaluate(() => [...new Set((window as unknown as { __staffUi: string[] }).__staffUi)]);

/** A member edits the role of the user object kept in browser storage, then reloads. */
async function claimSuperAdmin(page: Page) {
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem("sentinel.session") ?? "{}");
    session.user.role = "SUPER_ADMIN";
    localStorage.setItem("sentinel.session", JSON.stringify(session));
  });
}

test("a member who edits their stored role never sees a staff screen or staff navigation", async ({ page }) => {
  await signInAt(page, "/dashboard", demo.member);
  await claimSuperAdmin(page);
  await watchForStaffUi(page);
  // A role-gated route waits for the profile, then turns the member away.
  await page.goto("/company-directory");
  await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
  await expect(page).toHaveURL(/\/company-directory$/);
  expect(await staffUiSeen(page)).toEqual([]);
  // Any other route: the sidebar offers staff entries only once the profile says so.
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: /Member/ })).toBeVisible();
  expect(await staffUiSeen(page)).toEqual([]);
});

test("staff reloading a role-gated route reach it once the profile answers", async ({ page }) => {
  await signInAt(page, "/dashboard", demo.analyst);
  await page.goto("/company-directory");
  await expect(page.getByRole("heading", { level: 1, name: "Company Directory" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company Directory" }),
  ).toBeVisible();
});

test("staff have no company, so the top bar shows no credit balance", async ({ page }) => {
  // Both staff roles in one page: signed out between them, as a shared machine would be.
  for (const [email, role] of [
    [demo.superadmin, /Super Admin/],
    [demo.analyst, /Analyst/],
  ] as const) {
    await signInAt(page, "/dashboard", email);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: role })).toBeVisible();
    await expect(banner.getByText("Credits")).toHaveCount(0);
    await expect(banner.locator("[aria-busy]")).toHaveCount(0);
    await page.evaluate(() => window.localStorage.removeItem("sentinel.session"));
  }
});

test("a client's top bar shows their company's credit balance, a link to Credits Activity", async ({ page }) => {
  await signInAt(page, "/dashboard", demo.member);
  const balance = page.getByRole("banner").getByRole("link", { name: /^Credits/ });
  await expect(balance.locator("[aria-busy]")).toHaveCount(0);
  await expect(balance).toHaveText(/Credits\s*[\d.]+/);
  await expect(balance).toHaveAttribute("href", "/credits-activity");
});
