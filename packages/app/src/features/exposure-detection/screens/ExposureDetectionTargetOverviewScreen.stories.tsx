import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const scans = "/api/v1/exposure-detection/scan-configuration/{id}/scan/";
const hosts = "/api/v1/exposure-detection/scan-configuration/{id}/scans/{scanId}/hosts/";

const meta = {
  title: "Screens/Exposure Detection/TargetOverview",
  component: StoryApp,
  args: {
    path: "/exposure-detection/1/target-overview/1",
    role: "CLIENT_ADMIN",
    sidebarCollapsed: true,
    stubFeatures: false,
  },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Scan history, hosts (new ones marked) and, in the other tab, domains with their type. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const history = await canvas.findByRole("grid", { name: "Scan history" }, untilRouteLoads);
    expect(await loadedRows(history)).toHaveLength(2);
    // The chosen scan's endpoint review is a real link, not a button.
    expect(canvas.getByRole("link", { name: "Review endpoints" }).getAttribute("href")).toMatch(
      /^\/exposure-detection\/1\/target-overview\/1\/review-endpoint\/\d+$/,
    );
    const hostTable = await canvas.findByRole("grid", { name: "Hosts" }, untilRouteLoads);
    expect((await loadedRows(hostTable)).some((row) => within(row).queryByText("New"))).toBe(true);
    await userEvent.click(canvas.getByRole("tab", { name: "Domains" }));
    const domains = await canvas.findByRole("grid", { name: "Domains" }, untilRouteLoads);
    await loadedRows(domains);
    expect(within(domains).getByText("Domain")).toBeInTheDocument();
    expect(within(domains).getAllByText("Subdomain").length).toBeGreaterThan(0);
  },
};

/** A failed scan chosen from the history says so above its partial results, why, and how to go on. */
export const FailedScan: Story = {
  // Target 15's earlier scan (31) failed; the page opens on its completed rescan unless asked.
  args: { path: "/exposure-detection/15/target-overview/15?scan=31" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "This scan failed" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/name servers/);
    const ticket = within(notice).getByRole("link", { name: "Raise a ticket about this scan" });
    const href = new URL(ticket.getAttribute("href") ?? "", "http://x");
    expect(href.searchParams.get("subject")).toMatch(
      /^Exposure detection scan #31 of northwind-hr\.example \(.+\) failed$/,
    );
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", scans));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole("grid", { name: "Scan history" }, untilRouteLoads)).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(hosts));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("This scan found no hosts.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("get", scans, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/^We couldn't load the scans/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await canvas.findByText(/^We couldn't load the scans/, undefined, untilRouteLoads);
  },
};
