import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { expectSiblingCrumb } from "../../../testing/siblingCrumbPlay.ts";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const hosts = "/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/";

const meta = {
  title: "Screens/Exposure Detection/ReviewEndpoint",
  component: StoryApp,
  args: {
    path: "/exposure-detection/1/target-overview/1/review-endpoint/2",
    role: "CLIENT_ADMIN",
    sidebarCollapsed: true,
    stubFeatures: false,
  },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** What is new since the previous scan: marked, and filterable down to only the new endpoints. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "New since the previous scan" }, untilRouteLoads);
    const grid = canvas.getByRole("grid", { name: "Discovered endpoints" });
    await userEvent.click(canvas.getByRole("switch", { name: "Only new endpoints" }));
    await waitFor(() => {
      const rows = within(grid).getAllByRole("row").slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(within(row).getByText("New")).toBeInTheDocument();
    }, untilRouteLoads);
  },
};

/** The review's crumb is a dropdown of the target's other scans, each a real link to its review. */
export const SiblingScans: Story = {
  // Interaction-only: the open menu is a Data look-alike with a popover over it.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "New since the previous scan" }, untilRouteLoads);
    const hrefs = await expectSiblingCrumb(
      canvasElement,
      /Scan of .+/,
      /^\/exposure-detection\/1\/target-overview\/1\/review-endpoint\/\d+$/,
    );
    expect(hrefs).not.toContain("/exposure-detection/1/target-overview/1/review-endpoint/2");
  },
};

/** The review leads straight into a threat-inspection purchase for this target. */
export const StartPurchase: Story = {
  // Ends on the purchase screen, whose look the threat-inspection stories cover.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "New since the previous scan" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Inspect with threat inspection" }));
    await canvas.findByRole("heading", { level: 2, name: "Step 1 of 4: Create" }, untilRouteLoads);
    await waitFor(
      () =>
        expect(canvas.getByRole("combobox", { name: /Exposure detection target/ })).toHaveValue("northwind.example"),
      untilRouteLoads,
    );
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", hosts));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Review Endpoints" }, untilRouteLoads);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(hosts));
  },
  play: async ({ canvasElement }) => {
    const message = await within(canvasElement).findByText("This scan found no endpoints.", undefined, untilRouteLoads);
    // The grid is sized to its rows; the message must still be inside it, not cut off below.
    const grid = within(canvasElement).getByRole("grid", { name: "Discovered endpoints" });
    await expect(message.getBoundingClientRect().bottom).toBeLessThanOrEqual(grid.getBoundingClientRect().bottom);
  },
};

export const ErrorState: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("get", hosts, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("The endpoints could not be loaded.", undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await canvas.findByText("The endpoints could not be loaded.", undefined, untilRouteLoads);
  },
};
