import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../../app/testing/play.ts";
import { StoryApp } from "../../../app/testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../app/testing/storyHandlers.ts";

const path = "/api/v1/webapp/applications/";
const listRequests: URL[] = [];

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
    const table = await canvas.findByRole("grid", { name: "Web applications" }, untilRouteLoads);
    expect((await loadedRows(table)).length).toBeGreaterThan(0);
    // Clients see only their own company: no company filter.
    expect(canvas.queryByRole("button", { name: /Company/ })).not.toBeInTheDocument();
  },
};

/** Staff narrow the list to one company: the request carries `company` and rows open the company's twin. */
export const StaffCompanyFilter: Story = {
  args: { role: "ANALYST" },
  beforeEach({ msw }) {
    listRequests.length = 0;
    msw.use(
      http.get("*/api/v1/webapp/applications/", ({ request }) => {
        listRequests.push(new URL(request.url));
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: "Web applications" }, untilRouteLoads);
    const filter = await canvas.findByRole("button", { name: /Company/ }, untilRouteLoads);
    await waitFor(() => expect(filter).toBeEnabled());
    await userEvent.click(filter);
    await userEvent.click(await body.findByRole("option", { name: "Bluebird Health" }, untilRouteLoads));
    await waitFor(() => expect(listRequests.some((u) => u.searchParams.get("company") === "2")).toBe(true));
    const table = canvas.getByRole("grid", { name: "Web applications" });
    await waitFor(async () => {
      const link = within(table).getAllByRole("link")[0];
      expect(link?.getAttribute("href")).toMatch(/^\/application-va\/\d+\/company\/2$/);
    });
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", path));
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Web applications" }, untilRouteLoads);
    expect(table).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(path));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No applications yet.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", path, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the applications/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};
