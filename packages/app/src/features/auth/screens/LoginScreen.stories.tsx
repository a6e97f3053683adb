import { db } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads, untilShellSettles } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const meta = {
  title: "Screens/Auth/Sign in",
  id: "auth-sign-in",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/auth/login", role: null },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

async function signIn(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole("heading", { level: 1, name: "Sign in" }, untilRouteLoads);
  await userEvent.type(canvas.getByRole("textbox", { name: /E-mail/ }), email);
  await userEvent.type(canvas.getByLabelText(/^Password/), password);
  await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
  return canvas;
}

/** The credentials step, with static mode's demo accounts. */
export const Credentials: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Demo accounts" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Use analyst@example.com" }));
    await expect(canvas.getByRole("textbox", { name: /E-mail/ })).toHaveValue("analyst@example.com");
    await expect(canvas.queryByRole("region", { name: "Bot check" })).toBeNull();
  },
};

/** With a bot-check site key configured, the widget's slot appears. */
export const WithBotCheck: Story = {
  args: { config: { botCheckSiteKey: "site-key-example", staticMode: false } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("region", { name: "Bot check" });
  },
};

/** Wrong password: the API's message shows on the form and the e-mail stays. */
export const ApiError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "admin@example.com", "wrong-password");
    const alert = await canvas.findByText(/unable to log in|no active account|invalid/i);
    await expect(alert.closest("[role=alert]")).not.toBeNull();
    await expect(canvas.getByRole("textbox", { name: /E-mail/ })).toHaveValue("admin@example.com");
    await expect(canvas.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  },
};

/**
 * A deactivated account: only after the right password does the form say the account is deactivated
 * and who can reactivate it (a wrong password gets the usual answer, so nothing leaks to a guesser).
 */
export const Deactivated: Story = {
  beforeEach: () => {
    const member = db.get().users.find((u) => u.email === "member@example.com");
    if (member) member.is_active = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "member@example.com", "wrong-password");
    const refused = await canvas.findByText(/unable to log in/i);
    await expect(refused.closest("[role=alert]")).not.toBeNull();
    await expect(canvas.queryByText(/deactivated/)).toBeNull();
    const password = canvas.getByLabelText(/^Password/);
    await userEvent.clear(password);
    await userEvent.type(password, "demo");
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    const deactivated = await canvas.findByText(/This account has been deactivated\./);
    await expect(deactivated.closest("[role=alert]")).not.toBeNull();
    await expect(deactivated).toHaveTextContent(/administrator to reactivate it/);
    await expect(canvas.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  },
};

/**
 * A malformed e-mail is refused when the form is sent (not when the field is left), with a
 * specific message next to the field, which takes focus.
 */
export const FieldError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "not-an-email", "demo");
    const email = canvas.getByRole("textbox", { name: /E-mail/ });
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    await expect(email).toHaveAccessibleDescription(/valid e-mail address/);
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveValue("not-an-email");
  },
};

/** INACTIVE 2FA: straight into the app. */
export const HappyPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "admin@example.com", "demo");
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await expect(canvas.getByRole("navigation", { name: "Main" })).toBeVisible();
    await untilShellSettles(canvasElement);
  },
};

/** ACTIVE 2FA: the one-time-code step; a wrong code errors next to the field, the right one signs in. */
export const TwoFactorCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "twofa@example.com", "demo");
    const heading = await canvas.findByRole(
      "heading",
      { level: 1, name: "Two-factor authentication" },
      untilRouteLoads,
    );
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByText(/twofa@example\.com/)).toBeVisible();
    const code = canvas.getByRole("textbox", { name: /Authentication code/ });
    await userEvent.type(code, "000000");
    await userEvent.click(canvas.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(canvas.getByRole("button", { name: "Verify" }));
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilShellSettles(canvasElement);
  },
};

/** Back from the 2FA step keeps the e-mail. */
export const TwoFactorBackKeepsEmail: Story = {
  parameters: { visual: false }, // Same screen as Credentials; the behaviour is what matters.
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "twofa@example.com", "demo");
    await canvas.findByRole("heading", { level: 1, name: "Two-factor authentication" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Use a different account" }));
    await canvas.findByRole("heading", { level: 1, name: "Sign in" }, untilRouteLoads);
    await expect(canvas.getByRole("textbox", { name: /E-mail/ })).toHaveValue("twofa@example.com");
  },
};

/** SETUP 2FA: enrolment with a QR code from the otpauth URI, a copyable secret, then a code. */
export const TwoFactorEnrolment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, "setup2fa@example.com", "demo");
    await canvas.findByRole("heading", { level: 1, name: "Set up two-factor authentication" }, untilRouteLoads);
    await canvas.findByRole("img", { name: /QR code/ });
    await expect(canvas.getByText("Secret key").nextElementSibling?.textContent).toMatch(/^[A-Z2-7]{16,}=*$/);
    await expect(canvas.getByRole("button", { name: "Copy" })).toBeVisible();
  },
};
