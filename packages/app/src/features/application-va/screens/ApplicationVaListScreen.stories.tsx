import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import {
  expectLinkedCompany,
  expectNoCompanyFilter,
  pickCompany,
  recordRequests,
} from "../../../testing/companyFilterPlay.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const path = "/api/v1/webapp/applications/";
const requests = recordRequests(path);

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
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, table);
  },
};

/** Staff narrow the list to one company: the request carries `company` and rows open the company's twin. */
export const StaffCompanyFilter: Story = {
  args: { role: "ANALYST" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Web applications" }, untilRouteLoads);
    await pickCompany(canvasElement, table, requests.urls);
    const id = requests.urls.map((u) => u.searchParams.get("company")).find((c) => c !== null);
    await waitFor(() => {
      const link = within(table).getAllByRole("link")[0];
      expect(link?.getAttribute("href")).toMatch(new RegExp(`^/application-va/\\d+/company/${id}$`));
    });
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = {
  args: { role: "SUPER_ADMIN", path: "/application-va?company=1" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Web applications" }, untilRouteLoads);
    await expectLinkedCompany(canvasElement, table, requests.urls, 1);
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
