import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { untilRouteLoads } from "../../../app/testing/play.ts";
import { expectRowHeaderLinks } from "../../../app/testing/rowLinks.ts";
import { StoryApp } from "../../../app/testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const list = "/api/v1/exposure-detection/scan-configuration/";

const meta = {
  title: "Screens/Exposure Detection/List",
  component: StoryApp,
  args: { path: "/exposure-detection", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Exposure Detection" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Exposure detection configurations" }, untilRouteLoads);
    expect(await within(table).findByText("1.", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    // Each configuration opens from its target's name, a real link to the target overview.
    await expectRowHeaderLinks(table, /^\/exposure-detection\/\d+\/target-overview\/\d+$/);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", list));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(
      await canvas.findByRole("grid", { name: "Exposure detection configurations" }, untilRouteLoads),
    ).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(list));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("No exposure detection configurations yet.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("get", list, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("The configurations could not be loaded.", undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await canvas.findByText("The configurations could not be loaded.", undefined, untilRouteLoads);
  },
};
