import { expect, type Page, test } from "@playwright/test";
import {
  axePath,
  axeViolations,
  clientGo,
  colourRules,
  demo,
  expectHealthy,
  leaveScreen,
  signInAt,
  untilAnimationsFinish,
  watchErrors,
} from "./support.ts";
import { discoverDetailUrls } from "./walk.ts";

/**
 * Every signed-in route on a phone (390 × 844) for a client and a staff account: the page never
 * scrolls sideways (also at 360 px), and axe finds nothing in either theme (every rule in the theme
 * the screen opens in, the colour rules in the other). Detail routes use the
 * ids the app's own links lead to (the first row of each list); the sidebar is reached through the
 * Menu button's drawer.
 */

test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true }); // axe is injected as a script tag.

const listRoutes = [
  "/dashboard",
  "/profile/account",
  "/privacy-policy",
  "/forbidden",
  "/ui-kits",
  "/company-management",
  "/credits-activity",
  "/ticketing",
  "/asset-inventory",
  "/application-va",
  "/source-code-va",
  "/network-va",
  "/exposure-detection",
  "/threat-inspection",
];

const assetSections = ["exposure-detection", "threat-inspection", "network", "application", "source-code"];

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/**
 * What sticks out of the viewport, to say what made the page scroll: elements reaching past its
 * right edge that are not inside a container of their own that clips or scrolls them (a table's
 * scroller is fine), outermost first.
 */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = (el: Element) => el.getBoundingClientRect().right > width + 1;
    // Clipped or scrolled by an ancestor; an absolutely placed element only by a positioned one.
    const contained = (el: Element) => {
      const absolute = ["absolute", "fixed"].includes(getComputedStyle(el).position);
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (absolute && style.position === "static") continue;
        if (style.overflowX !== "visible" && !wide(parent)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((el) => wide(el) && !contained(el) && !(el.parentElement && wide(el.parentElement)))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? "").slice(0, 40)}"`,
      );
  });
}

async function checkScreen(page: Page, path: string, errors: string[]) {
  await expectHealthy(page, path, errors);
  const theme = (await page.locator("html").getAttribute("class"))?.includes("dark") ? "dark" : "light";
  expect.soft(await sidewaysScroll(page), `sideways scroll on ${path} at 390 px`).toBe(0);
  expect.soft(await overflowingElements(page), `wider than 390 px on ${path}`).toEqual([]);
  await untilAnimationsFinish(page);
  expect.soft(await axeViolations(page), `axe on ${path} (${theme})`).toEqual([]);
  // The other theme through the top bar's own toggle; the next screen starts in it.
  const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
  await toggle.click();
  if (theme === "dark") await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await untilAnimationsFinish(page);
  expect
    .soft(await axeViolations(page, colourRules), `axe on ${path} (${theme === "dark" ? "light" : "dark"})`)
    .toEqual([]);
  await page.setViewportSize({ width: 360, height: 844 });
  await expect.poll(() => sidewaysScroll(page), { message: `sideways scroll on ${path} at 360 px` }).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const [name, account] of [
  ["a client admin", { email: demo.admin, staff: false }],
  ["a super admin", { email: demo.superadmin, staff: true }],
] as const) {
  test(`every route fits a phone, axe-clean in both themes, for ${name}`, async ({ page }) => {
    test.setTimeout(360_000);
    const errors = watchErrors(page);
    await page.addInitScript(() => window.localStorage.setItem("sentinel.static.latencyMs", "0"));
    await signInAt(page, "/dashboard", account.email);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

    // The drawer: opened from the top bar, it leads to an area and closes on the way.
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await leaveScreen(page, () => drawer.getByRole("link", { name: "Ticket" }).click());
    await expect(page).toHaveURL(/\/ticketing$/);
    await expect(drawer).toHaveCount(0);

    const details = await discoverDetailUrls(page, account.staff);
    await page.addScriptTag({ path: axePath });
    const productBase = details.productSection.replace(/\/exposure-detection$/, "");
    const detailRoutes = [
      ...Object.values(details).filter((url): url is string => url !== null && url !== details.productSection),
      ...assetSections.map((section) => `${productBase}/${section}`),
    ];
    const routes = [...listRoutes, ...(account.staff ? ["/company-directory"] : []), ...detailRoutes];
    for (const path of routes) {
      await clientGo(page, path);
      await checkScreen(page, path, errors);
    }
  });
}
