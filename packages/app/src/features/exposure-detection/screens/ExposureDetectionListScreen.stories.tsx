import { SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const api = "/api/v1/exposure-detection/scan-configuration/";
const table = "Exposure detection configurations";
const staff = companyFilterStories({ api, table, route: "/exposure-detection" });
const states = listStateStories({
  api,
  table,
  noun: "the configurations",
  empty: "No exposure detection configurations yet.",
});

const meta = {
  title: "Screens/Exposure Detection/List",
  component: StoryApp,
  args: { path: "/exposure-detection", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
  // Whether a scheduled scan is overdue depends on the time: the data's own "now" keeps it stable.
  render: (args) => (
    <NowProvider now={SEED_NOW}>
      <StoryApp {...args} />
    </NowProvider>
  ),
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Exposure Detection" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    expect(await within(grid).findByText("1.", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(within(grid).getAllByRole("row")).toHaveLength(11);
    // Each configuration opens from its target's name, a real link to the target overview.
    await expectRowHeaderLinks(grid, /^\/exposure-detection\/\d+\/target-overview\/\d+$/);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
    // One column names the target; its domain is the same text, so no second column repeats it.
    expect(within(grid).queryByRole("columnheader", { name: "Domain" })).toBeNull();
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = states.ErrorState;
