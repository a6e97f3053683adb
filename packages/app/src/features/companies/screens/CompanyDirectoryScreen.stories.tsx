import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { listStateStories } from "../../../testing/listStories.ts";
import { untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const states = listStateStories({
  api: "/api/v1/company/",
  table: "Companies",
  noun: "the companies",
  empty: "No companies yet.",
});

const meta = {
  title: "Screens/Companies/CompanyDirectory",
  component: StoryApp,
  args: { path: "/company-directory", role: "SUPER_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Company Directory" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Companies" }, untilRouteLoads);
    await within(table).findByText("Northwind Logistics", {}, untilRouteLoads);
    for (const header of ["Name", "E-mail", "Members", "Client admins", "Created"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    // A company's name is a real link to its company information.
    await expectRowHeaderLinks(table, /^\/company-directory\/\d+\/company-information$/);
    expect(within(table).getByRole("link", { name: "Northwind Logistics" })).toBeInTheDocument();
    // Searching narrows the list and is kept in the URL.
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search companies" }), "Bluebird{Enter}");
    await waitFor(() => expect(within(table).queryByText("Northwind Logistics")).not.toBeInTheDocument());
    expect(within(table).getByText("Bluebird Health")).toBeInTheDocument();
  },
};

/** Analysts browse the directory but cannot create companies. */
export const Analyst: Story = {
  args: { role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Companies" }, untilRouteLoads);
    expect(canvas.queryByRole("button", { name: "New company" })).not.toBeInTheDocument();
  },
};

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };
