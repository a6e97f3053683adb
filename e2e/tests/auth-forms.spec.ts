import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support.ts";

test("a password the server rejects can be corrected and sent again with one click", async ({ page }) => {
  await page.goto("/auth/reset-password/demo-reset-token");
  const password = page.getByLabel(/^New password/);
  const confirm = page.getByLabel(/^Confirm new password/);
  await password.fill("short");
  await confirm.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/too short/)).toBeVisible();
  // Typing clears the server's message at once, before the field is left.
  await password.click();
  await page.keyboard.type("-but-long-enough-now");
  await expect(page.getByText(/too short/)).toBeHidden();
  await expect(password).not.toHaveAttribute("aria-invalid");
  await confirm.fill("short-but-long-enough-now");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();
});

test("after a wrong 2FA code, one click on Verify with the right code signs in", async ({ page }) => {
  await page.goto("/auth/login");
  await signIn(page, demo.twofa);
  const code = page.getByRole("textbox", { name: "Authentication code" });
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  // Typed over the wrong code, as a user retrying does, then one click.
  await code.selectText();
  await page.keyboard.type("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("with a malformed e-mail typed, one click on Forgot password? opens it", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});
