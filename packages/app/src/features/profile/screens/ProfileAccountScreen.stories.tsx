import { db, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { findShownPageHeading, untilProfileLoads, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const meta = {
  title: "Screens/App/Settings",
  id: "app-settings",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/profile/account", role: "CLIENT_ADMIN", sidebarCollapsed: true },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The settings page, loaded, and the document body where the dialogs open (a portal). */
async function settings(canvasElement: HTMLElement): Promise<{ canvas: Canvas; body: Canvas }> {
  const canvas = within(canvasElement);
  await findShownPageHeading(canvas, "Settings");
  await untilProfileLoads(canvas);
  await canvas.findByText("admin@example.com", undefined, untilRouteLoads);
  return { canvas, body: within(canvasElement.ownerDocument.body) };
}

async function openDialog(canvas: Canvas, body: Canvas, button: string, role: "dialog" | "alertdialog" = "dialog") {
  await userEvent.click(canvas.getByRole("button", { name: button }));
  const dialog = await body.findByRole(role, {}, untilRouteLoads);
  // It fades in from transparent; what it shows is visible once the fade has begun.
  await waitFor(() => expect(dialog).toBeVisible(), untilRouteLoads);
  return within(dialog);
}

const security = (canvas: Canvas) => within(canvas.getByRole("region", { name: "Security" }));

/** Profile details, companies, security, the theme choice and (static mode) demo-data reset. */
export const Profile: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await settings(canvasElement);
    await expect(canvas.getByRole("button", { name: "Edit profile" })).toBeVisible();
    const card = security(canvas);
    await expect(card.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Change password" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn on" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Sign out other sessions" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Reset demo data" })).toBeVisible();
    const theme = canvas.getByRole("radiogroup", { name: "Theme" });
    // Stories keep no choice and start in the toolbar's theme, light here.
    await expect(within(theme).getByRole("radio", { name: "Light" })).toBeChecked();
    await userEvent.click(within(theme).getByRole("radio", { name: "Dark" }));
    await expect(within(theme).getByRole("radio", { name: "Dark" })).toBeChecked();
    // The top bar's toggle and this card show the same choice.
    await expect(canvas.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(theme).getByRole("radio", { name: /Match system/ }));
    await expect(within(theme).getByRole("radio", { name: /Match system/ })).toBeChecked();
  },
};

/** Edit profile: a blank name is refused before sending; a save updates the page and the top bar's name. */
export const EditProfile: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Edit profile");
    const first = dialog.getByRole("textbox", { name: /First name/ });
    const last = dialog.getByRole("textbox", { name: /Last name/ });
    await userEvent.clear(last);
    await userEvent.click(dialog.getByRole("button", { name: "Save profile" }));
    await expect(await dialog.findByText("Enter your last name.")).toBeVisible();
    await expect(last).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(first);
    await userEvent.type(first, "Rin");
    await userEvent.type(last, "Okada");
    const phone = dialog.getByRole("textbox", { name: /Phone number/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, "+44 20 7946 0000");
    await userEvent.click(dialog.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);
    await expect(await canvas.findByText("Your profile has been saved.")).toBeVisible();
    await expect(within(canvas.getByRole("region", { name: "Profile" })).getByText("Rin Okada")).toBeVisible();
    // The shell reads the same profile: the user menu in the top bar says the new name at once.
    await expect(canvas.getByRole("banner")).toHaveTextContent("Rin Okada");
  },
};

/** A failed save: the form says why, and what was typed stays to send again. */
export const EditProfileFailed: Story = {
  parameters: { visual: false }, // The dialog as in EditProfile; the behaviour is what matters.
  beforeEach: ({ msw }) => {
    msw.use(mockError("patch", "/api/v1/user/profile/", 500));
  },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Edit profile");
    const first = dialog.getByRole("textbox", { name: /First name/ });
    await userEvent.clear(first);
    await userEvent.type(first, "Rin");
    await userEvent.click(dialog.getByRole("button", { name: "Save profile" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent(/Your profile wasn't saved/);
    await expect(first).toHaveValue("Rin");
    await expect(canvas.getByRole("banner")).not.toHaveTextContent("Rin");
  },
};

/** Change password: a wrong current password is the server's error on its field; then the change is made. */
export const ChangePassword: Story = {
  // How many other sessions the message counts depends on the stories run before; no screenshot.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Change password");
    const current = dialog.getByLabelText(/^Current password/);
    await userEvent.type(current, "not my password");
    await userEvent.type(dialog.getByLabelText(/^New password/), "a long new password");
    await userEvent.type(dialog.getByLabelText(/^Confirm new password/), "a long new password");
    await userEvent.click(dialog.getByRole("button", { name: "Change password" }));
    await expect(await dialog.findByText("Your current password is incorrect.")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabelText(/^New password/)).toHaveValue("a long new password");
    await userEvent.clear(current);
    await userEvent.type(current, "demo");
    await userEvent.click(dialog.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);
    await expect(await security(canvas).findByText(/Your password has been changed\./)).toBeVisible();
  },
};

/** The new password's rule is checked before sending: too short, the same as now, not confirmed. */
export const ChangePasswordChecks: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Change password");
    const submit = dialog.getByRole("button", { name: "Change password" });
    await userEvent.click(submit);
    await expect(await dialog.findByText("Enter your current password.")).toBeVisible();
    await expect(dialog.getByText("Enter a new password.")).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Current password/), "demo password");
    await userEvent.type(dialog.getByLabelText(/^New password/), "short");
    await userEvent.type(dialog.getByLabelText(/^Confirm new password/), "shorter");
    await userEvent.click(submit);
    await expect(await dialog.findByText("Use at least 8 characters.")).toBeVisible();
    await expect(dialog.getByText("The passwords do not match.")).toBeVisible();
    await userEvent.clear(dialog.getByLabelText(/^New password/));
    await userEvent.type(dialog.getByLabelText(/^New password/), "demo password");
    await userEvent.click(submit);
    await expect(await dialog.findByText("Choose a password different from your current one.")).toBeVisible();
  },
};

/** Turn 2FA on: the QR code and key; a wrong code is refused, the right one turns it on. */
export const TurnOnTwoFactor: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Turn on");
    await expect(await dialog.findByRole("img", { name: /QR code to add Sentinel/ }, untilRouteLoads)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
    const code = dialog.getByRole("textbox", { name: /Authentication code/ });
    await userEvent.type(code, "000000");
    await userEvent.click(dialog.getByRole("button", { name: "Turn on" }));
    await expect(await dialog.findByText("Invalid code. Try again.")).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(dialog.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);
    const card = security(canvas);
    await expect(await card.findByText(/Two-factor authentication is on\./)).toBeVisible();
    await expect(card.getByText("On")).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn off" })).toBeVisible();
  },
};

/** While the key is prepared the dialog says so, and nothing can be sent yet. */
export const TurnOnTwoFactorLoading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(mockLoading("get", "/api/v1/auth/2fa/setup/"));
  },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Turn on");
    await expect(dialog.getByRole("status", { name: "Preparing your authenticator key" })).toBeInTheDocument();
    await expect(dialog.getByRole("button", { name: "Turn on" })).toBeDisabled();
  },
};

/** The key could not be prepared: the dialog says so and offers Retry. */
export const TurnOnTwoFactorSetupFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(mockError("get", "/api/v1/auth/2fa/setup/", 500));
  },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Turn on");
    await expect(
      await dialog.findByRole("heading", { name: "Your authenticator key could not be prepared" }, untilRouteLoads),
    ).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Retry/ })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Turn on" })).toBeDisabled();
  },
};

/** Turn 2FA off: both the password and a code; a wrong password is refused and 2FA stays on. */
export const TurnOffTwoFactor: Story = {
  beforeEach: () => {
    const admin = db.get().users.find((u) => u.email === "admin@example.com");
    if (admin) admin.two_fa = "ACTIVE";
  },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Turn off");
    await userEvent.click(dialog.getByRole("button", { name: "Turn off" }));
    await expect(await dialog.findByText("Enter your password.")).toBeVisible();
    await expect(dialog.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
    const password = dialog.getByLabelText(/^Password/);
    await userEvent.type(password, "wrong");
    await userEvent.type(dialog.getByRole("textbox", { name: /Authentication code/ }), "123456");
    await userEvent.click(dialog.getByRole("button", { name: "Turn off" }));
    await expect(await dialog.findByText("Your password is incorrect.")).toBeVisible();
    await expect(security(canvas).getByText("On")).toBeVisible();
    await userEvent.clear(password);
    await userEvent.type(password, "demo");
    await userEvent.click(dialog.getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);
    const card = security(canvas);
    await expect(await card.findByText(/Two-factor authentication is off\./)).toBeVisible();
    await expect(card.getByRole("button", { name: "Turn on" })).toBeVisible();
  },
};

/** Sign out other sessions: a confirmation, then how many were signed out. */
export const SignOutOtherSessions: Story = {
  // How many other sessions it counts depends on the stories run before; no screenshot.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Sign out other sessions", "alertdialog");
    // The dialog fades in: its title is visible once the opening animation has begun to show it.
    await waitFor(() => expect(dialog.getByRole("heading", { name: "Sign out other sessions?" })).toBeVisible());
    await userEvent.click(dialog.getByRole("button", { name: "Sign out other sessions" }));
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument(), untilRouteLoads);
    await expect(await security(canvas).findByText(/signed out\.|no other sessions/)).toBeVisible();
    // This session goes on.
    await expect(canvas.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  },
};

/** A failed sign-out says nothing was signed out, and the confirmation stays open to try again. */
export const SignOutOtherSessionsFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(mockError("post", "/api/v1/user/sessions/sign-out-others/", 500));
  },
  play: async ({ canvasElement }) => {
    const { canvas, body } = await settings(canvasElement);
    const dialog = await openDialog(canvas, body, "Sign out other sessions", "alertdialog");
    await userEvent.click(dialog.getByRole("button", { name: "Sign out other sessions" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent(/Nothing was signed out/);
    await expect(dialog.getByRole("button", { name: "Sign out other sessions" })).toBeEnabled();
  },
};
