import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const api = "/api/v1/networkva/scan-configuration/";
const table = "Network scan configurations";
const staff = companyFilterStories({
  api,
  table,
  route: "/network-va",
  rowHref: { plain: /^\/network-va\/\d+$/, twin: (id) => new RegExp(`^/network-va/\\d+/company/${id}$`) },
});
const states = listStateStories({
  api,
  table,
  noun: "the scan configurations",
  empty: "No network scan configurations yet.",
});

const meta = {
  title: "Screens/Network/List",
  component: StoryApp,
  args: { path: "/network-va", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Network" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    const rows = await loadedRows(grid);
    // A page of ten configurations, numbered from 1.
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText("1.")).toBeInTheDocument();
    expect(within(rows[9] as HTMLElement).getByText("10.")).toBeInTheDocument();
    // Schedule types read as the spec's labels, never the raw double-L enum.
    expect(within(grid).queryByText(/SCHEDULLE|ONE_TIME_SCAN/)).not.toBeInTheDocument();
    expect(within(grid).getAllByText(/Singular Scan|Specified Scan|Continuous Scan/).length).toBeGreaterThan(0);
    expectNoCompanyFilter(canvasElement, grid);
  },
};

/**
 * Staff see whose each configuration is and narrow the list to one company. Across companies rows
 * open the plain route; narrowed, the company's twin.
 */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };
