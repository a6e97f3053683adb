import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";
import { demo, expectNoScriptRan, signInAt, watchErrors } from "./support.ts";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const everyone = [
  "/dashboard",
  "/profile/account",
  "/company-management",
  "/ticketing",
  "/credits-activity",
  "/asset-inventory",
  "/application-va",
  "/source-code-va",
  "/network-va",
  "/exposure-detection",
  "/threat-inspection",
  "/privacy-policy",
  "/forbidden",
];
const staffOnly = ["/company-directory"];

const roles = [
  { email: demo.superadmin, staff: true },
  { email: demo.analyst, staff: true },
  { email: demo.admin, staff: false },
  { email: demo.member, staff: false },
];

async function expectHealthyRoute(page: Page, path: string, errors: string[]) {
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("main")).not.toBeEmpty();
  await expectNoScriptRan(page);
  expect(errors, `errors on ${path}`).toEqual([]);
}

for (const role of roles) {
  test(`every route renders for ${role.email}`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await signInAt(page, "/dashboard", role.email);
    for (const path of everyone) await expectHealthyRoute(page, path, errors);
    for (const path of staffOnly) {
      if (role.staff) await expectHealthyRoute(page, path, errors);
      else {
        await page.goto(path);
        await expect(page).toHaveURL(/\/forbidden$/);
      }
    }
  });
}

test.describe("accessibility", () => {
  test.use({ bypassCSP: true }); // axe is injected as a script tag, which the strict CSP would block.

  for (const theme of ["light", "dark"] as const) {
    test(`axe finds no violations on the main routes in ${theme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: theme });
      await signInAt(page, "/dashboard", demo.superadmin);
      for (const path of [...everyone, ...staffOnly]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (ctx: Document) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
            }
          ).axe;
          const result = await axe.run(document);
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
        });
        expect(violations, `axe on ${path} (${theme})`).toEqual([]);
      }
    });
  }
});
