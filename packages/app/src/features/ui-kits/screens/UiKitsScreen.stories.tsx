import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { findShownPageHeading, untilProfileLoads, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { catalogGroups } from "../catalog/groups.ts";

const meta = {
  title: "Screens/App/UI Kits",
  id: "app-ui-kits",
  component: StoryApp,
  parameters: {
    layout: "fullscreen",
    // A page of every component: each already has its own screenshot stories in ui, and one
    // giant image here would fail on any of their changes. Accessibility still runs.
    visual: false,
  },
  beforeEach: useStaticModeHandlers,
  args: { path: "/ui-kits", role: "ANALYST", sidebarCollapsed: true },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every export of @sentinel/ui has a tile with a live sample. */
export const Catalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Visibility is checked below: the page must be past the first frame of its fade-in.
    await findShownPageHeading(canvas, "UI Kits");
    await untilProfileLoads(canvas);
    for (const group of catalogGroups) {
      const section = canvas.getByRole("region", { name: group.title });
      for (const name of group.names) {
        await expect(within(section).getByRole("heading", { level: 3, name })).toBeVisible();
      }
    }
    // The samples arrive as one lazy chunk after the outline. Wait for one of them, so the story
    // checks after this play (no console warning, among others) see every sample rendered.
    await expect(await canvas.findByRole("textbox", { name: "Custom field" }, untilRouteLoads)).toHaveValue(
      "not-a-host",
    );
  },
};
