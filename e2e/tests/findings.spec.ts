import { expect, type Locator, type Page, test } from "@playwright/test";
import { demo, signInAt, watchErrors } from "./support.ts";

/** Counts as the app writes them (id-ID: 1.024). */
const shown = (n: number) => n.toLocaleString("id-ID");

/** What the index answers for `query`, asked the way the app asks it (static mode serves it in the page). */
async function indexCount(page: Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const session = JSON.parse(window.localStorage.getItem("sentinel.session") ?? "{}") as { token?: string };
    const config = (await (await fetch("/config.json")).json()) as { apiBaseUrl?: string };
    const base = (config.apiBaseUrl ?? "").replace(/\/$/, "");
    const response = await fetch(`${base}/api/v1/findings/?${q}&page_size=1`, {
      headers: { Authorization: `Bearer ${session.token ?? ""}` },
    });
    return ((await response.json()) as { count: number }).count;
  }, query);
}

const grid = (page: Page) => page.getByRole("grid", { name: "Findings" });
const bulkBar = (page: Page) => page.getByRole("toolbar", { name: "Bulk actions" });
/** The filter bar's menu button (the grid's "Severity" header is a sort button, not a menu). */
const filterMenu = (page: Page, name: RegExp) => page.locator('[aria-haspopup="true"]').filter({ hasText: name });
/** The open-findings counter link of one severity on /findings, e.g. "672 High". */
const counter = (page: Page, label: string) =>
  page.getByRole("link", { name: new RegExp(`^[\\d.]+ ${label}$`) }).first();

async function counterValue(link: Locator): Promise<string> {
  return ((await link.getAttribute("aria-label")) ?? "").split(" ")[0] ?? "";
}

async function filterToHigh(page: Page) {
  await filterMenu(page, /^Severity/).click();
  await page.getByRole("menuitemcheckbox", { name: "High" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/[?&]severity=HIGH(&|$)/);
}

test.describe("findings triage", () => {
  test("filter, select all matching across pages, false positive with a reason, counts everywhere, undo", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await signInAt(page, "/findings", demo.analyst);
    await expect(grid(page)).toBeVisible();

    await filterToHigh(page);
    const total = await indexCount(page, "severity=HIGH");
    expect(total).toBeGreaterThanOrEqual(1000);
    // The grid knows every match, not one page: rows + its header row.
    await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total + 1));
    const openHigh = await counterValue(counter(page, "High"));
    const alreadyFalse = await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE");
    const changing = total - alreadyFalse;
    expect(Number(openHigh.replace(/\./g, ""))).toBeGreaterThan(0);

    await bulkBar(page)
      .getByRole("button", { name: `Select all ${shown(total)} matching` })
      .click();
    await expect(bulkBar(page).getByRole("status")).toHaveText(`${shown(total)} selected across all pages`);

    await bulkBar(page).getByRole("button", { name: "Change status" }).click();
    await page.getByRole("menuitem", { name: "False Positive" }).click();
    const dialog = page.getByRole("dialog", { name: `Change ${shown(total)} findings to False Positive` });
    await dialog.getByRole("button", { name: "Change status" }).click();
    // The reason is required for a false positive, and nothing is sent without it.
    await expect(dialog.getByText(/reason/i).first()).toBeVisible();
    await dialog.getByRole("textbox", { name: /Reason/ }).fill("Banner grab misreads the patched build");
    await dialog.getByRole("button", { name: "Change status" }).click();

    // Those already false positive are counted, not changed (and not logged).
    const toast = page.getByRole("alertdialog", { name: `Updated ${shown(changing)} findings to False Positive` });
    await expect(toast).toBeVisible();
    await expect(page.getByText(`${shown(changing)} findings updated to False Positive.`)).toBeVisible();
    // Counts everywhere: the open High counter, the rows' status, the index itself, the dashboard.
    await expect(counter(page, "High")).toHaveAccessibleName("0 High");
    await expect(grid(page).getByRole("row").nth(1)).toContainText("False Positive");
    expect(await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE")).toBe(total);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("alertdialog", { name: `Restored ${shown(changing)} findings` })).toBeVisible();
    await expect(counter(page, "High")).toHaveAccessibleName(`${openHigh} High`);
    expect(await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE")).toBe(alreadyFalse);
    expect(errors).toEqual([]);
  });

  test("the dashboard's open High findings drop after a bulk change and come back after its undo", async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    await signInAt(page, "/dashboard", demo.admin);
    const tile = page.getByRole("link", { name: "Open High findings" });
    // The tile's figure sits beside its link, in the same list item.
    const figure = (p: Page) =>
      p.getByRole("listitem").filter({ has: p.getByRole("link", { name: "Open High findings" }) });
    await expect(figure(page)).toHaveText(/\d/);
    const before = (await figure(page).textContent()) ?? "";
    await tile.click();
    await expect(page).toHaveURL(/\/findings\?severity=HIGH&status=ACTIVE&status=FIXING$/);
    const total = await indexCount(page, "severity=HIGH&status=ACTIVE&status=FIXING");
    await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total + 1));

    // Keyboard only: the first row, "x" on two rows, "5" (false positive) opens the reason dialog.
    await grid(page).getByRole("row").nth(1).focus();
    await page.keyboard.press("x");
    await page.keyboard.press("j");
    await page.keyboard.press("x");
    await expect(bulkBar(page).getByRole("status")).toHaveText("2 selected");
    await page.keyboard.press("5");
    const dialog = page.getByRole("dialog", { name: "Change 2 findings to False Positive" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("textbox", { name: /Reason/ }).focus();
    await page.keyboard.type("Test hosts outside the audit scope");
    await dialog.getByRole("button", { name: "Change status" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog", { name: "Updated 2 findings to False Positive" })).toBeVisible();
    await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total - 2 + 1));

    // The dashboard in a second tab reads the same data: two fewer open High findings.
    const dashboard = await page.context().newPage();
    await dashboard.goto("/dashboard");
    await expect(figure(dashboard)).toHaveText(/\d/);
    await expect(figure(dashboard)).not.toHaveText(before);

    await grid(page).getByRole("row").nth(1).focus();
    await page.keyboard.press("u");
    await expect(page.getByRole("alertdialog", { name: "Restored 2 findings" })).toBeVisible();
    await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total + 1));
    await dashboard.reload();
    await expect(figure(dashboard)).toHaveText(before);
    expect(errors).toEqual([]);
  });
});
