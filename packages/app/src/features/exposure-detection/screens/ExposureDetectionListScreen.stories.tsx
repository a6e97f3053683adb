import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import {
  expectLinkedCompany,
  expectNoCompanyFilter,
  pickCompany,
  recordRequests,
} from "../../../testing/companyFilterPlay.ts";
import { untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const list = "/api/v1/exposure-detection/scan-configuration/";
const requests = recordRequests(list);

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
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, table);
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
export const StaffCompanyFilter: Story = {
  args: { role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole(
      "grid",
      { name: "Exposure detection configurations" },
      untilRouteLoads,
    );
    await pickCompany(canvasElement, table, requests.urls);
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = {
  args: { role: "ANALYST", path: "/exposure-detection?company=1" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole(
      "grid",
      { name: "Exposure detection configurations" },
      untilRouteLoads,
    );
    await expectLinkedCompany(canvasElement, table, requests.urls, 1);
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
