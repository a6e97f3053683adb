import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const api = "/api/v1/webapp/applications/";
const table = "Web applications";
const staff = companyFilterStories({
  api,
  table,
  route: "/application-va",
  rowHref: { plain: /^\/application-va\/\d+$/, twin: (id) => new RegExp(`^/application-va/\\d+/company/${id}$`) },
  filterRole: "ANALYST",
  linkRole: "SUPER_ADMIN",
});
const states = listStateStories({ api, table, noun: "the applications", empty: "No applications yet." });

const meta = {
  title: "Screens/Application/List",
  component: StoryApp,
  args: { path: "/application-va", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Application" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    expect((await loadedRows(grid)).length).toBeGreaterThan(0);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
  },
};

/** Staff narrow the list to one company: the request carries `company` and rows open the company's twin. */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };
