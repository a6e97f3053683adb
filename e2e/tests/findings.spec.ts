import { type Download, expect, type Locator, type Page, test } from "@playwright/test";
// The strict RFC 4180 reader the export's unit tests use: a line break inside a quoted
// description stays in its field, and anything the RFC does not allow fails the test.
import { parseCsv } from "../../packages/api-client/src/mocks/findings/export/parseCsv.ts";
import { demo, signInAt, tabAndPress, tabAndType, tabTo, watchErrors } from "./support.ts";

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

/** Signs in as the analyst on /findings; returns the errors the page logs from then on. */
async function openFindingsAsAnalyst(page: Page): Promise<string[]> {
  const errors = watchErrors(page);
  await signInAt(page, "/findings", demo.analyst);
  await expect(grid(page)).toBeVisible();
  return errors;
}

/**
 * The High findings once the screen is filtered to them: how many match (at least 1,000, so the
 * selection spans pages), the open counter's text, how many are already false positives, and so
 * how many a change to False Positive will update.
 */
async function highFindingsBefore(page: Page) {
  const total = await indexCount(page, "severity=HIGH");
  expect(total).toBeGreaterThanOrEqual(1000);
  // The grid knows every match, not one page: rows + its header row.
  await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total + 1));
  const openHigh = await counterValue(counter(page, "High"));
  expect(Number(openHigh.replace(/\./g, ""))).toBeGreaterThan(0);
  const alreadyFalse = await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE");
  return { total, openHigh, alreadyFalse, changing: total - alreadyFalse };
}

/** After the undo of that change: its toast, and the counter and the index back as they were. */
async function expectUndone(page: Page, before: { openHigh: string; alreadyFalse: number; changing: number }) {
  await expect(page.getByRole("alertdialog", { name: `Restored ${shown(before.changing)} findings` })).toBeVisible();
  await expect(counter(page, "High")).toHaveAccessibleName(`${before.openHigh} High`);
  expect(await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE")).toBe(before.alreadyFalse);
}

async function downloadText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Chooses `format` from the bulk bar's export menu and returns the saved file's name and text. */
async function exportAs(page: Page, format: RegExp): Promise<{ name: string; text: string }> {
  await bulkBar(page)
    .getByRole("button", { name: /^Export/ })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: format }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await downloadText(download) };
}

test.describe("findings triage", () => {
  // Against the server the data is shared: one journey's bulk change must not land in the middle of
  // another's counts, so these run one after another in one worker (a failure skips none of them).
  test.describe.configure({ mode: "default" });

  test("filter, select all matching across pages, false positive with a reason, counts everywhere, undo", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = await openFindingsAsAnalyst(page);

    await filterToHigh(page);
    const { total, openHigh, alreadyFalse, changing } = await highFindingsBefore(page);

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
    await expectUndone(page, { openHigh, alreadyFalse, changing });
    expect(errors).toEqual([]);
  });

  test("the same journey by keyboard only: filter, select all matching, false positive with a reason by its key, undo by u", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors = await openFindingsAsAnalyst(page);

    // The severity filter: Tab to its menu button, Enter opens the menu, Space ticks High.
    await tabAndPress(page, filterMenu(page, /^Severity/));
    const high = page.getByRole("menuitemcheckbox", { name: "High" });
    await expect(high).toBeFocused();
    await page.keyboard.press("Space");
    await expect(high).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/[?&]severity=HIGH(&|$)/);
    const { total, openHigh, alreadyFalse, changing } = await highFindingsBefore(page);

    await tabAndPress(page, bulkBar(page).getByRole("button", { name: `Select all ${shown(total)} matching` }));
    await expect(bulkBar(page).getByRole("status")).toHaveText(`${shown(total)} selected across all pages`);

    // Into the grid (its first row), then 5: False Positive, which asks for a reason.
    await tabTo(page, grid(page).getByRole("row").nth(1));
    await page.keyboard.press("5");
    const dialog = page.getByRole("dialog", { name: `Change ${shown(total)} findings to False Positive` });
    await expect(dialog).toBeVisible();
    await tabAndType(page, dialog.getByRole("textbox", { name: /Reason/ }), "Banner grab misreads the patched build");
    await tabAndPress(page, dialog.getByRole("button", { name: "Change status" }));

    const toast = page.getByRole("alertdialog", { name: `Updated ${shown(changing)} findings to False Positive` });
    await expect(toast).toBeVisible();
    await expect(counter(page, "High")).toHaveAccessibleName("0 High");
    expect(await indexCount(page, "severity=HIGH&status=FALSE_POSITIVE")).toBe(total);

    // u undoes the last change from the grid, while its toast is still up.
    await tabTo(page, grid(page).getByRole("row").nth(1), { back: true });
    await page.keyboard.press("u");
    await expectUndone(page, { openHigh, alreadyFalse, changing });
    expect(errors).toEqual([]);
  });

  test("CSV and SARIF exports of a filter hold exactly the findings the screen counts", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const query = "area=SOURCE_CODE&severity=HIGH&severity=MEDIUM";
    await signInAt(page, `/findings?${query}`, demo.analyst);
    const total = await indexCount(page, query);
    expect(total).toBeGreaterThan(1);
    await expect(grid(page)).toHaveAttribute("aria-rowcount", String(total + 1));
    await expect(bulkBar(page).getByRole("button", { name: "Export all matching" })).toBeVisible();

    const csv = await exportAs(page, /^CSV$/);
    expect(csv.name).toMatch(/\.csv$/);
    const [header, ...rows] = parseCsv(csv.text.replace(/^\uFEFF/, ""));
    expect(header?.length).toBeGreaterThan(3);
    // Every record has the header's fields: a description's line break stayed inside its quotes.
    expect(rows.filter((row) => row.length !== header?.length)).toEqual([]);
    expect(rows).toHaveLength(total);
    const severity = header?.findIndex((name) => /^severity$/i.test(name)) ?? -1;
    expect(severity).toBeGreaterThanOrEqual(0);
    expect(new Set(rows.map((row) => row[severity]?.toUpperCase()))).toEqual(new Set(["HIGH", "MEDIUM"]));

    const sarif = await exportAs(page, /^SARIF/);
    expect(sarif.name).toMatch(/\.sarif(\.json)?$/);
    const log = JSON.parse(sarif.text) as { version: string; runs: { results: unknown[] }[] };
    expect(log.version).toBe("2.1.0");
    expect(log.runs.reduce((sum, run) => sum + run.results.length, 0)).toBe(total);

    // Every match but one unticked row: the file leaves that one out too.
    await bulkBar(page)
      .getByRole("button", { name: `Select all ${shown(total)} matching` })
      .click();
    await grid(page)
      .getByRole("row")
      .nth(1)
      .getByRole("checkbox", { name: /^Select / })
      // The box a user clicks is the checkbox's label; the input itself is visually hidden.
      .locator("xpath=ancestor::label")
      .click();
    await expect(bulkBar(page).getByRole("status")).toContainText(shown(total - 1));
    const partial = await exportAs(page, /^CSV$/);
    expect(parseCsv(partial.text.replace(/^\uFEFF/, "")).slice(1)).toHaveLength(total - 1);
    expect(errors).toEqual([]);
  });

  test("a status change made in another tab meets a clear conflict, shows the finding as it is now and keeps the message", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    // The same finding first in both tabs: an open source-code finding, by name.
    const view = "/findings?area=SOURCE_CODE&status=ACTIVE&ordering=name";
    const openFirst = async (tab: Page) => {
      await expect(grid(tab).getByRole("row").nth(1)).not.toHaveAttribute("aria-busy");
      await grid(tab).getByRole("row").nth(1).focus();
      await tab.keyboard.press("Enter");
      const drawer = tab.getByRole("dialog");
      await expect(drawer.getByRole("button", { name: /New status/ })).toBeVisible();
      return drawer;
    };
    const changeStatus = async (drawer: Locator, status: string, message: string) => {
      await drawer.getByRole("button", { name: /New status/ }).click();
      await drawer
        .page()
        .getByRole("option", { name: new RegExp(`^${status}`) })
        .click();
      await drawer.getByRole("textbox", { name: /Reason/ }).fill(message);
      await drawer.getByRole("button", { name: "Change status" }).click();
    };

    await signInAt(page, view, demo.analyst);
    const stale = await openFirst(page);
    const name = await stale.getByRole("heading").first().textContent();

    const other = await page.context().newPage();
    await other.goto(view);
    const fresh = await openFirst(other);
    await expect(fresh.getByRole("heading").first()).toHaveText(name ?? "");
    await changeStatus(fresh, "Fixing", "Patch scheduled for the next release");
    await expect(fresh.getByRole("status").filter({ hasText: "Status changed to Fixing." })).toBeVisible();

    // The first tab still shows the finding as it was, and sends its change against that version.
    await changeStatus(stale, "Mitigated", "Input is escaped by the template layer");
    await expect(stale.getByRole("alert")).toContainText(
      "Someone else changed this finding while you had it open: it is now Fixing",
    );
    await expect(stale.getByRole("textbox", { name: /Reason/ })).toHaveValue("Input is escaped by the template layer");
    // Sent again, knowingly, from what the finding is now: it goes through.
    await stale.getByRole("button", { name: "Change status" }).click();
    await expect(stale.getByRole("status").filter({ hasText: "Status changed to Mitigated." })).toBeVisible();
    await other.close();
    // The browser logs the 409 it received; that answer is the point of the test, not a fault.
    expect(errors.filter((e) => !/status of 409 \(Conflict\)/.test(e))).toEqual([]);
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
