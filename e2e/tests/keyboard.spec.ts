import { expect, type Locator, type Page, test } from "@playwright/test";
import { demo, isFocused, settle, tabAndPress, tabAndType, tabTo, watchErrors } from "./support.ts";

/**
 * One keyboard-only journey: sign in with 2FA, buy a threat inspection through the stepper, reply to
 * a ticket with an attachment, change a finding's status. Only `page.keyboard` drives the app (Tab,
 * Shift+Tab, Enter, Space, arrows and typing); nothing is clicked. The file dialog that Enter opens
 * on the attachment button is answered with `setFiles`, as a user picks a file in it.
 */

/**
 * Tabs into a table (focus lands on a row, react-aria's grid pattern), moves down with the arrow key to
 * the row that names `rowName` (the first row without one) and opens it.
 */
async function openFirstRowByKeyboard(page: Page, grid: Locator, rowName?: string) {
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  await settle(page);
  // A findings grid's "Select this page" box comes before its rows in the tab order: go on to a row.
  const rowFocused = () =>
    grid
      .evaluate((el) => {
        const active = document.activeElement;
        return !!active && el.contains(active) && (active.getAttribute("role") === "row" || active.tagName === "TR");
      })
      .catch(() => false);
  for (let i = 0; i < 80; i++) {
    if (await rowFocused()) break;
    await page.keyboard.press("Tab");
  }
  // Tab enters the table on its first row; Enter runs the row's action (it opens the row).
  await expect(grid.getByRole("row").nth(1)).toBeFocused();
  if (rowName !== undefined) {
    const row = grid.getByRole("row").filter({ hasText: rowName });
    await expect(row).toHaveCount(1);
    for (let i = 0; i < 20 && !(await isFocused(row)); i++) await page.keyboard.press("ArrowDown");
    await expect(row).toBeFocused();
  }
  await page.keyboard.press("Enter");
}

/** A target of the demo company whose exposure scans completed, so there are endpoints to inspect. */
const scannedTarget = "northwind-staging2.example";

/** Moves through the sidebar to an area, with Tab from wherever focus is (Shift+Tab goes back up). */
async function openArea(page: Page, href: string) {
  const link = page.getByRole("navigation", { name: "Main" }).locator(`a[href="${href}"]`);
  await tabTo(page, link, { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
  await settle(page);
}

test("a keyboard-only user signs in with 2FA", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/auth/login");
  await tabAndType(page, page.getByLabel("E-mail"), demo.twofa);
  await tabAndType(page, page.getByLabel(/^Password/).first(), "demo");
  await page.keyboard.press("Enter");
  const code = page.getByLabel("Authentication code").first();
  await tabAndType(page, code, "123456");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(errors).toEqual([]);
});

// An admin: paying and changing statuses are an admin's (the 2FA demo account is a member, who may
// do neither; docs/decisions.md, "Members: lifecycle and what a member may do").
test("a keyboard-only admin buys an inspection, replies with a file and triages a finding", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const main = page.getByRole("main");

  await page.goto("/auth/login");
  await tabAndType(page, page.getByLabel("E-mail"), demo.admin);
  await tabAndType(page, page.getByLabel(/^Password/).first(), "demo");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Buy a threat inspection for a target whose endpoints were just reviewed: create, choose
  // endpoints, estimate, pay.
  await openArea(page, "/exposure-detection");
  await openFirstRowByKeyboard(
    page,
    main.getByRole("grid", { name: "Exposure detection configurations" }),
    scannedTarget,
  );
  await expect(page).toHaveURL(/\/target-overview\/\d+$/);
  await tabAndPress(page, main.getByRole("link", { name: "Review endpoints" }));
  await expect(page).toHaveURL(/\/review-endpoint\/\d+$/);
  await tabAndPress(page, main.getByRole("button", { name: "Inspect with threat inspection" }));
  await expect(main.getByRole("heading", { name: /Step 1 of/ })).toBeVisible();
  await tabAndType(page, main.getByLabel("Name"), "Keyboard inspection");
  await expect(main.getByRole("combobox", { name: "Exposure detection target" })).not.toHaveValue("");
  await tabAndPress(page, main.getByRole("button", { name: /create|continue|next/i }).last());

  await expect(main.getByRole("heading", { name: /Step 2 of/ })).toBeVisible();
  await tabAndPress(page, main.getByRole("button", { name: "Select all" }));
  await tabAndPress(page, main.getByRole("button", { name: /continue|next|save/i }).last());

  await expect(main.getByRole("heading", { name: /Step 3 of/ })).toBeVisible();
  await tabAndPress(page, main.getByRole("button", { name: /continue|next/i }).last());

  await expect(main.getByRole("heading", { name: /Step 4 of/ })).toBeVisible();
  await tabAndPress(page, main.getByRole("button", { name: /pay/i }).last());
  await expect(main.getByRole("heading", { name: "Purchase complete" })).toBeVisible();
  await expect(main.getByText("Keyboard inspection is paid and its first scan is queued.")).toBeVisible();

  // Reply to a ticket with an attachment.
  await openArea(page, "/ticketing");
  await openFirstRowByKeyboard(page, main.getByRole("grid", { name: "Tickets" }));
  await expect(page).toHaveURL(/\/ticketing\/\d+$/);
  await tabAndType(page, main.getByRole("textbox", { name: "Reply" }), "Sent from the keyboard, log attached.");
  const browse = main.getByRole("group", { name: "Attachments" }).getByRole("button", { name: "Browse files" });
  // Listen before tabbing: Playwright turns on file-chooser interception without waiting for the
  // browser to confirm, so a listener added just before the key press can miss the dialog.
  const chooser = page.waitForEvent("filechooser", { timeout: 30_000 });
  await tabTo(page, browse);
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "scan-log.txt", mimeType: "text/plain", buffer: Buffer.from("scan log\n") });
  await expect(main.getByRole("list", { name: "Attached files" })).toContainText("scan-log.txt");
  await tabAndPress(page, main.getByRole("button", { name: /send|reply/i }).last());
  const sent = main.getByRole("article").filter({ hasText: "Sent from the keyboard, log attached." });
  await expect(sent).toBeVisible();
  await expect(sent.getByRole("link", { name: "scan-log.txt" })).toBeVisible();

  // Change a finding's status.
  await openArea(page, "/network-va");
  await openFirstRowByKeyboard(page, main.getByRole("grid", { name: "Network scan configurations" }));
  await expect(page).toHaveURL(/\/network-va\/\d+$/);
  const endpoints = main.getByRole("grid", { name: /^Endpoints of the scan/ });
  await openFirstRowByKeyboard(page, endpoints);
  await expect(page).toHaveURL(/\/scan-endpoint\/\d+$/);
  const findings = main.getByRole("grid", { name: /findings/i }).first();
  await openFirstRowByKeyboard(page, findings);
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  const status = drawer.getByRole("button", { name: /New status/ });
  await tabTo(page, status);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await tabAndType(page, drawer.getByLabel(/^Reason/), "Triaged from the keyboard");
  await tabAndPress(page, drawer.getByRole("button", { name: /change status/i }));
  await expect(drawer.getByText("Triaged from the keyboard").first()).toBeVisible();

  expect(errors).toEqual([]);
});
