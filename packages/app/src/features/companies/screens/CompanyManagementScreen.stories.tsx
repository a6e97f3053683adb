import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const myCompany = "/api/v1/company/my-company/";

const meta = {
  title: "Screens/Companies/CompanyManagement",
  component: StoryApp,
  args: { path: "/company-management", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A client admin manages their company: edit it, add members, edit them. */
export const ClientAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Northwind Logistics" }, untilRouteLoads);
    expect(await canvas.findByRole("button", { name: "Edit company" }, untilRouteLoads)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Add member" }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    await userEvent.type(dialog.getByRole("textbox", { name: /First name/ }), "Rin");
    await userEvent.type(dialog.getByRole("textbox", { name: /Last name/ }), "Okada");
    await userEvent.type(dialog.getByRole("textbox", { name: /E-mail/ }), "admin@example.com");
    await userEvent.click(dialog.getByRole("button", { name: "Add member" }));
    // The e-mail is taken: the API's field error shows and what was typed stays.
    expect(await dialog.findByText("user with this email already exists.", {}, untilRouteLoads)).toBeInTheDocument();
    expect(dialog.getByRole("textbox", { name: /First name/ })).toHaveValue("Rin");
  },
};

/** Members read their company but change nothing. */
export const MemberReadOnly: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Northwind Logistics" }, untilRouteLoads);
    await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    expect(canvas.queryByRole("button", { name: "Edit company" })).not.toBeInTheDocument();
    expect(canvas.queryByRole("button", { name: "Add member" })).not.toBeInTheDocument();
  },
};

/** A company with no members listed: the members table says so. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList("/api/v1/company/{id}/member/"));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("This company has no members yet.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", myCompany));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Company" }, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", myCompany, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load your company.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Staff have no company of their own and are pointed to the directory. */
export const Staff: Story = {
  args: { role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(
      await canvas.findByText("Staff accounts don't belong to a company", {}, untilRouteLoads),
    ).toBeInTheDocument();
    expect(canvas.getByRole("link", { name: "Open the company directory" })).toHaveAttribute(
      "href",
      "/company-directory",
    );
  },
};
