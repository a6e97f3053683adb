import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StaticModeUnavailable } from "./StaticModeUnavailable.tsx";

const meta = {
  title: "Screens/App/Static mode unavailable",
  id: "app-static-mode-unavailable",
  component: StaticModeUnavailable,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StaticModeUnavailable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown instead of the app when the browser refuses the demo's service worker and storage. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: "The demo cannot start in this browser" }),
    ).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};
