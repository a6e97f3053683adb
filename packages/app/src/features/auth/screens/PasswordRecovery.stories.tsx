import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const meta = {
  title: "Screens/Auth/Recovery",
  id: "auth-recovery",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/auth/forgot-password", role: null },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Forgot password: the e-mail gets a reset link; the answer never says whether the account exists. */
export const ForgotPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Forgot password" }, untilRouteLoads);
    await userEvent.type(canvas.getByRole("textbox", { name: /E-mail/ }), "member@example.com");
    await userEvent.click(canvas.getByRole("button", { name: "Send reset link" }));
    await canvas.findByRole("heading", { level: 1, name: "Check your e-mail" }, untilRouteLoads);
    await expect(canvas.getByRole("status")).toHaveTextContent(/if an account exists/i);
  },
};

export const ResetPassword: Story = {
  args: { path: "/auth/reset-password/demo-reset-token" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Reset password" }, untilRouteLoads);
    await userEvent.type(canvas.getByLabelText(/^New password/), "a-long-new-password");
    await userEvent.type(canvas.getByLabelText(/^Confirm new password/), "a-long-new-password");
    await userEvent.click(canvas.getByRole("button", { name: "Set new password" }));
    await canvas.findByRole("heading", { level: 1, name: "Password changed" }, untilRouteLoads);
  },
};

/**
 * A password the server rejects: its message shows at the field, goes away as soon as the field
 * changes, and a corrected password is sent with one click.
 */
export const ResetPasswordServerErrorClears: Story = {
  args: { path: "/auth/reset-password/demo-reset-token" },
  parameters: { visual: false }, // Same screen as ResetPassword; the behaviour is what matters.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Reset password" }, untilRouteLoads);
    const password = canvas.getByLabelText(/^New password/);
    const confirm = canvas.getByLabelText(/^Confirm new password/);
    await userEvent.type(password, "short");
    await userEvent.type(confirm, "short");
    await userEvent.click(canvas.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    await expect(password).toHaveAccessibleDescription(/too short/i);

    await userEvent.type(password, "-and-now-long-enough");
    await waitFor(() => expect(password).not.toHaveAttribute("aria-invalid"));
    await expect(canvas.queryByText(/too short/i)).toBeNull();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, "short-and-now-long-enough");
    await userEvent.click(canvas.getByRole("button", { name: "Set new password" }));
    await canvas.findByRole("heading", { level: 1, name: "Password changed" });
  },
};

/** An expired link is a form error with a way to ask for a new one; the passwords stay. */
export const ResetPasswordExpiredLink: Story = {
  args: { path: "/auth/reset-password/expired-token" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Reset password" }, untilRouteLoads);
    await userEvent.type(canvas.getByLabelText(/^New password/), "a-long-new-password");
    await userEvent.type(canvas.getByLabelText(/^Confirm new password/), "a-long-new-password");
    await userEvent.click(canvas.getByRole("button", { name: "Set new password" }));
    await canvas.findByText(/invalid or has expired/i);
    await expect(canvas.getByRole("link", { name: "Request a new reset link" })).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^New password/)).toHaveValue("a-long-new-password"));
  },
};

export const RecoverAuthenticator: Story = {
  args: { path: "/auth/recover-authenticator" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Recover authenticator" }, untilRouteLoads);
    await userEvent.type(canvas.getByRole("textbox", { name: /E-mail/ }), "twofa@example.com");
    await userEvent.type(canvas.getByLabelText(/^Password/), "demo");
    await userEvent.click(canvas.getByRole("button", { name: "Send recovery link" }));
    await canvas.findByRole("heading", { level: 1, name: "Check your e-mail" }, untilRouteLoads);
  },
};
