import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import {
  expectLinkedCompany,
  expectNoCompanyFilter,
  expectRowLinks,
  pickCompany,
  recordRequests,
} from "../../../testing/companyFilterPlay.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const path = "/api/v1/networkva/scan-configuration/";
const requests = recordRequests(path);

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
    const table = await canvas.findByRole("grid", { name: "Network scan configurations" }, untilRouteLoads);
    const rows = await loadedRows(table);
    // A page of ten configurations, numbered from 1.
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText("1.")).toBeInTheDocument();
    expect(within(rows[9] as HTMLElement).getByText("10.")).toBeInTheDocument();
    // Schedule types read as the spec's labels, never the raw double-L enum.
    expect(within(table).queryByText(/SCHEDULLE|ONE_TIME_SCAN/)).not.toBeInTheDocument();
    expect(within(table).getAllByText(/Singular Scan|Specified Scan|Continuous Scan/).length).toBeGreaterThan(0);
    expectNoCompanyFilter(canvasElement, table);
  },
};

/**
 * Staff see whose each configuration is and narrow the list to one company. Across companies rows
 * open the plain route; narrowed, the company's twin.
 */
export const StaffCompanyFilter: Story = {
  args: { role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole(
      "grid",
      { name: "Network scan configurations" },
      untilRouteLoads,
    );
    await expectRowLinks(table, /^\/network-va\/\d+$/);
    await pickCompany(canvasElement, table, requests.urls);
    const id = requests.urls.map((u) => u.searchParams.get("company")).find((c) => c !== null);
    await expectRowLinks(table, new RegExp(`^/network-va/\\d+/company/${id}$`));
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = {
  args: { role: "ANALYST", path: "/network-va?company=1" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole(
      "grid",
      { name: "Network scan configurations" },
      untilRouteLoads,
    );
    await expectLinkedCompany(canvasElement, table, requests.urls, 1);
    await expectRowLinks(table, /^\/network-va\/\d+\/company\/1$/);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", path));
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole(
      "grid",
      { name: "Network scan configurations" },
      untilRouteLoads,
    );
    expect(table).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(path));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No network scan configurations yet.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", path, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the scan configurations/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    // The call fails again; the error stays with its Retry instead of a blank page.
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};
