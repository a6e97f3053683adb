import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { findShownPageHeading, untilProfileLoads } from "../../../testing/play.ts";
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

/** Profile details, companies, 2FA state, the theme choice and (static mode) demo-data reset. */
export const Profile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findShownPageHeading(canvas, "Settings");
    await untilProfileLoads(canvas);
    await canvas.findByText("admin@example.com");
    await expect(canvas.getByText("Two-factor authentication")).toBeVisible();
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
