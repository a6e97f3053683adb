import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { demo, signIn, signInAt, watchErrors } from "./support.ts";

/**
 * The product against its server: the production build with static mode off, behind nginx, proxied
 * to the server on PostgreSQL. Nothing here is answered in the browser.
 */

/** The 2FA demo account's authenticator secret (README). */
const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXPSENTINELDEMO2FA2";

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), what any authenticator app computes. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("the demo admin signs in and the dashboard shows the company's figures from the server", async ({ page }) => {
  const errors = watchErrors(page);
  const answers: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/api/")) answers.push(`${response.status()} ${pathname}`);
  });
  const balance = page.waitForResponse((r) => r.url().endsWith("/api/v1/credit/credit-transactions/credit-balance/"));
  await signInAt(page, "/dashboard", demo.admin);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The top bar's balance came from the server's ledger.
  const answer = await balance;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ balance: expect.any(Number) });
  await expect.poll(() => answers.filter((a) => !/^2\d\d /.test(a))).toEqual([]);
  expect(errors).toEqual([]);
});

test("a wrong password is refused by the server and the form says so", async ({ page }) => {
  await page.goto("/auth/login");
  await signIn(page, demo.member, "not the password");
  await expect(page.getByText("Unable to log in with provided credentials.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("2FA sign-in takes a real authenticator code, computed from the documented secret", async ({ page }) => {
  await page.goto("/auth/login");
  await signIn(page, demo.twofa);
  // A code of the next time step: the current one may be used by another sign-in of this run.
  await page
    .getByLabel("Authentication code")
    .first()
    .fill(totp(DEMO_TOTP_SECRET, Date.now() + 30_000));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a client sees only their own company, and another company's record answers not found", async ({ page }) => {
  await signInAt(page, "/company-management", demo.member);
  await expect(page.getByRole("main")).toContainText("Northwind Logistics");
  // Company 2's information: the guard lets a member in only as far as the server allows.
  const answer = await page.evaluate(async () => {
    const token = JSON.parse(window.localStorage.getItem("sentinel.session") ?? "{}").token;
    const response = await fetch("/api/v1/company/2/", { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  });
  expect(answer).toEqual({ status: 404, body: { detail: "Not found." } });
});

test("a ticket a client writes in one browser is read and answered by staff in another, and the client sees the answer", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `Scheduled scan did not start ${Date.now()}`;
  const client = await browser.newPage();
  await signInAt(client, "/ticketing", demo.admin);
  await client.getByRole("button", { name: "New ticket" }).click();
  const dialog = client.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /Subject/ }).fill(subject);
  await dialog.getByRole("button", { name: /Category/ }).click();
  await client.getByRole("option", { name: "Bug" }).click();
  await dialog.getByRole("textbox", { name: /Description/ }).fill("The 02:00 scan stayed queued all night.");
  await dialog.getByRole("button", { name: "Create ticket" }).click();
  await expect(client).toHaveURL(/\/ticketing\/\d+$/);
  const ticketPath = new URL(client.url()).pathname;

  // Another browser, another person: an analyst finds the ticket in the list and answers it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAt(staff, `/ticketing?search=${encodeURIComponent(subject)}`, demo.analyst);
  await staff
    .getByRole("grid", { name: "Tickets" })
    .getByRole("row")
    .filter({ hasText: subject })
    .getByRole("link")
    .first()
    .click();
  await expect(staff).toHaveURL(new RegExp(`${ticketPath}$`));
  await expect(staff.getByText("The 02:00 scan stayed queued all night.")).toBeVisible();
  const answer = "We restarted the scheduler; tonight's scan will run.";
  await staff.getByRole("textbox", { name: /Reply/ }).fill(answer);
  await staff.getByRole("button", { name: "Send" }).click();
  await expect(staff.getByText(answer)).toBeVisible();

  // The client reloads the ticket and reads the answer, from the server.
  await client.reload();
  await expect(client.getByText(answer)).toBeVisible();
  await staffContext.close();
  await client.close();
});
