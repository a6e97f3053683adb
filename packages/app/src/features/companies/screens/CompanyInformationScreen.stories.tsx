import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const members = "/api/v1/company/{id}/member/";

const meta = {
  title: "Screens/Companies/CompanyInformation",
  component: StoryApp,
  args: {
    path: "/company-directory/1/company-information",
    role: "SUPER_ADMIN",
    sidebarCollapsed: true,
    stubFeatures: false,
  },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Northwind Logistics" }, untilRouteLoads);
    expect(await canvas.findByRole("heading", { name: "Company details" }, untilRouteLoads)).toBeInTheDocument();
    const table = await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    await within(table).findByText("1.", {}, untilRouteLoads);
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    // Admin-twin links carry this company's id.
    await waitFor(() => {
      const links = canvas.getAllByRole("link");
      expect(links.some((link) => /\/company\/1$/.test(link.getAttribute("href") ?? ""))).toBe(true);
    }, untilRouteLoads);
    // The product and network lists open narrowed to this company, whose rows lead to its twins.
    expect(canvas.getByRole("link", { name: "Asset inventory" })).toHaveAttribute("href", "/asset-inventory?company=1");
    expect(canvas.getByRole("link", { name: "Network VA" })).toHaveAttribute("href", "/network-va?company=1");
  },
};

/** Members page by `limit` (10) with row numbers across pages, and search resets to page 1. */
export const MemberPagingAndSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    await within(table).findByText("1.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: /page 2/i }));
    expect(await within(table).findByText("11.", {}, untilRouteLoads)).toBeInTheDocument();
    expect(within(table).queryByText("1.")).not.toBeInTheDocument();
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search members" }), "member@example.com{Enter}");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(within(table).getByText("1.")).toBeInTheDocument();
    expect(within(table).getByText("member@example.com")).toBeInTheDocument();
  },
};

/** A member's details open in a drawer with role, 2FA state, phone and last login. */
export const MemberDetails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    const email = await within(table).findByText("admin@example.com", {}, untilRouteLoads);
    await userEvent.click(email);
    const drawer = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", {}, untilRouteLoads));
    for (const term of ["Username", "Role", "Two-factor authentication", "Phone", "Last login"]) {
      expect(await drawer.findByText(term, {}, untilRouteLoads)).toBeInTheDocument();
    }
    expect(drawer.getByRole("button", { name: "Edit member" })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", "/api/v1/company/{id}/"));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Company Information" }, untilRouteLoads);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(members));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("This company has no members yet.", {}, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", "/api/v1/company/{id}/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load this company.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};
