import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { findShownPageHeading, untilProfileLoads, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const meta = {
  title: "Screens/App/Error pages",
  id: "app-error-pages",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/no/such/page", role: "CLIENT_ADMIN", sidebarCollapsed: true },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in: the not-found page sits inside the shell. */
export const NotFoundSignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Page not found" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    await expect(canvas.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/dashboard");
  },
};

/** Signed out: standalone, with a way to sign in; unknown paths are not sent to sign-in. */
export const NotFoundSignedOut: Story = {
  args: { role: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Page not found" }, untilRouteLoads);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
    await expect(canvas.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/auth/login");
  },
};

export const Forbidden: Story = {
  args: { path: "/forbidden", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findShownPageHeading(canvas, "Access denied");
    await untilProfileLoads(canvas);
    await expect(canvas.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
  },
};
