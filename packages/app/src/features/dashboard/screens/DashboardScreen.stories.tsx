import type { AssetGrowth, CreditTransactionGraph, MostUsedService, TicketOverview } from "@sentinel/api-client";
import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const dashboardCalls = [
  "/api/v1/dashboard/asset/growth/",
  "/api/v1/dashboard/user/growth/",
  "/api/v1/dashboard/company/growth/",
  "/api/v1/dashboard/credit/graph/",
  "/api/v1/dashboard/credit/most-used-service/",
  "/api/v1/dashboard/credit/top-spending-company/",
  "/api/v1/credit/credit-transactions/credit-transaction-graph/",
  "/api/v1/dashboard/ticket/overview/",
  "/api/v1/dashboard/ticket/latest-ticket/",
  "/api/v1/dashboard/exposure-detection/scan/",
  "/api/v1/dashboard/threat-inspection/scan/",
  "/api/v1/dashboard/networkva/scan/",
  "/api/v1/dashboard/web/scan/",
  "/api/v1/dashboard/sourcecode/scan/",
  "/api/v1/findings/",
] as const;

/** The open-findings widget: five severity tiles, each a link into /findings with that filter. */
async function expectOpenFindings(canvas: ReturnType<typeof within>) {
  const tiles = await canvas.findByRole("list", { name: "Open findings by severity" }, untilRouteLoads);
  const high = within(tiles).getByRole("link", { name: "Open High findings" });
  expect(high).toHaveAttribute("href", "/findings?severity=HIGH&status=ACTIVE&status=FIXING");
  expect(within(tiles).getAllByRole("link")).toHaveLength(5);
  // The counts come from the index; wait until every tile shows its figure.
  await waitFor(() => expect(within(tiles).queryAllByText("Loading")).toHaveLength(0), untilRouteLoads);
  expect(within(tiles).getAllByText(/^\d[\d.]*$/)).toHaveLength(5);
}

/** Every card of an area's latest scans links to the page of the scan it shows (`?scan=` its id). */
async function expectCardsOpenTheirScan(canvas: ReturnType<typeof within>, area: string, href: RegExp) {
  const list = await canvas.findByRole("list", { name: `Latest ${area} scans` }, untilRouteLoads);
  const cards = within(list).getAllByRole("article");
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) {
    const scanId = /#(\d+)/.exec(within(card).getByRole("heading", { level: 3 }).textContent ?? "")?.[1];
    const link = within(card).getByRole("link", { name: new RegExp(`scan #${scanId}$`) });
    expect(link.getAttribute("href")).toMatch(href);
    expect(new URL(link.getAttribute("href") ?? "", "http://x").searchParams.get("scan")).toBe(scanId);
  }
}

const meta = {
  title: "Screens/Dashboard/Dashboard",
  component: StoryApp,
  args: { path: "/dashboard", role: "SUPER_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff see the platform: users, companies and the top spending companies on top of the client widgets. */
export const Staff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await canvas.findByText("Platform overview across every client company.", {}, untilRouteLoads);
    for (const name of ["Growth", "Open findings by severity", "Credits", "Tickets", "Latest scans"]) {
      expect(await canvas.findByRole("heading", { level: 2, name }, untilRouteLoads)).toBeInTheDocument();
    }
    expect(await canvas.findByText("Users", {}, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByText("Companies")).toBeInTheDocument();
    expect(await canvas.findByRole("img", { name: /Top spending companies/ }, untilRouteLoads)).toBeInTheDocument();
    // Staff see which company each scan belongs to.
    const scans = await canvas.findByRole("list", { name: "Latest Exposure Detection scans" }, untilRouteLoads);
    expect(within(scans).getAllByRole("article").length).toBeGreaterThan(0);
    await expectOpenFindings(canvas);
  },
};

/** A client admin sees their own company: no user, company or cross-company ranking widgets. */
export const Client: Story = {
  args: { role: "CLIENT_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("Total assets", {}, untilRouteLoads);
    await canvas.findByRole("heading", { level: 2, name: "Credits" }, untilRouteLoads);
    // Monthly credits are bars: a top-up is one lump sum in its month, not a slope across the next.
    expect(
      await canvas.findByRole("img", { name: /^Bar chart: Credits by month/ }, untilRouteLoads),
    ).toBeInTheDocument();
    // The most used service and the period's totals are figures, not a chart-sized card of three lines.
    expect(await canvas.findByText(/^Most used service: /, {}, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByText(/^Credits spent in the last \d+ months$/)).toBeInTheDocument();
    expect(canvas.getByText(/^Credits topped up in the last \d+ months$/)).toBeInTheDocument();
    expect(canvas.queryByText("Users")).not.toBeInTheDocument();
    expect(canvas.queryByText("Companies")).not.toBeInTheDocument();
    expect(canvas.queryByRole("img", { name: /Top spending companies/ })).not.toBeInTheDocument();
    // Each scan card opens that scan on its own page, not the area's list.
    await expectCardsOpenTheirScan(
      canvas,
      "Exposure Detection",
      /^\/exposure-detection\/\d+\/target-overview\/\d+\?scan=/,
    );
    // The scan type tab is kept in the URL-driven state and switches the list.
    await userEvent.click(canvas.getByRole("tab", { name: "Network" }));
    expect(await canvas.findByRole("list", { name: "Latest Network VA scans" }, untilRouteLoads)).toBeInTheDocument();
    await expectCardsOpenTheirScan(canvas, "Network VA", /^\/network-va\/\d+\?scan=/);
    for (const [tab, area, href] of [
      ["Threat Inspection", "Threat Inspection", /^\/threat-inspection\/\d+\/target-overview\?scan=/],
      ["Web Application", "Web Application VA", /^\/application-va\/\d+\?scan=/],
      ["Source Code", "Source Code VA", /^\/source-code-va\/\d+\?scan=/],
    ] as const) {
      await userEvent.click(canvas.getByRole("tab", { name: tab }));
      await expectCardsOpenTheirScan(canvas, area, href);
    }
    // A latest ticket links to its detail page.
    const latest = await canvas.findByRole("list", { name: "Latest tickets" }, untilRouteLoads);
    expect(within(latest).getAllByRole("link")[0]).toHaveAttribute("href", expect.stringMatching(/^\/ticketing\/\d+$/));
    await expectOpenFindings(canvas);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...dashboardCalls.map((path) => mockLoading("get", path)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "Growth" }, untilRouteLoads);
    expect(canvas.queryByText("Platform overview across every client company.")).toBeInTheDocument();
  },
};

/** Large counts, amounts and percentages all read in the Indonesian number format of spec §9. */
export const NumberFormat: Story = {
  args: { role: "CLIENT_ADMIN" },
  parameters: {
    // The layout is the Client story's; this one checks the figures' text, which its play reads.
    visual: false,
  },
  beforeEach({ msw }) {
    msw.use(
      http.get("/api/v1/dashboard/credit/most-used-service/", () =>
        HttpResponse.json({
          service_name: "NETWORKVA",
          service_label: "Network VA",
          spending_amount: 1_250_000,
          comparison: 3250,
        } satisfies MostUsedService),
      ),
      http.get("/api/v1/dashboard/ticket/overview/", () =>
        HttpResponse.json({
          unread_count: 1200,
          processing_count: 3,
          closed_count: 45_000,
          total_count: 46_203,
          average_rating: 4.25,
        } satisfies TicketOverview),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText("1.250.000 credits", {}, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByText("up 3.250% from the previous period")).toBeInTheDocument();
    expect(await canvas.findByText("46.203", {}, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByText("4,3 / 5")).toBeInTheDocument();
  },
};

const noAssets: AssetGrowth = {
  totals: 0,
  totals_growth: 0,
  networkva: 0,
  networkva_growth: 0,
  exposure_detection: 0,
  exposure_detection_growth: 0,
  threat_inspection: 0,
  threat_inspection_growth: 0,
  web: 0,
  web_growth: 0,
  sourcecode: 0,
  sourcecode_growth: 0,
};
const noTickets: TicketOverview = {
  unread_count: 0,
  processing_count: 0,
  closed_count: 0,
  total_count: 0,
  average_rating: null,
};
const noSpending: MostUsedService = {
  service_name: "NETWORKVA",
  service_label: "Network VA",
  spending_amount: 0,
  comparison: 0,
};
const noSpendingByService: CreditTransactionGraph = {
  date_labels: [],
  networkva: [],
  exposure_detection: [],
  threat_inspection: [],
  web: [],
  sourcecode: [],
};
const scanLists = [
  "/api/v1/dashboard/exposure-detection/scan/",
  "/api/v1/dashboard/threat-inspection/scan/",
  "/api/v1/dashboard/networkva/scan/",
  "/api/v1/dashboard/web/scan/",
  "/api/v1/dashboard/sourcecode/scan/",
] as const;

/** A company that has just signed up: no assets, findings, credits spent, tickets or scans yet. */
export const Empty: Story = {
  args: { role: "CLIENT_ADMIN" },
  beforeEach({ msw }) {
    msw.use(
      http.get("/api/v1/dashboard/asset/growth/", () => HttpResponse.json(noAssets)),
      http.get("/api/v1/dashboard/credit/graph/", () => HttpResponse.json([])),
      http.get("/api/v1/dashboard/credit/most-used-service/", () => HttpResponse.json(noSpending)),
      http.get("/api/v1/credit/credit-transactions/credit-transaction-graph/", () =>
        HttpResponse.json(noSpendingByService),
      ),
      http.get("/api/v1/dashboard/ticket/overview/", () => HttpResponse.json(noTickets)),
      http.get("/api/v1/dashboard/ticket/latest-ticket/", () => HttpResponse.json([])),
      ...scanLists.map((path) => http.get(path, () => HttpResponse.json([]))),
      mockEmptyList("/api/v1/findings/"),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText("No tickets yet", {}, untilRouteLoads)).toBeInTheDocument();
    expect(await canvas.findByText("No scans yet", {}, untilRouteLoads)).toBeInTheDocument();
    // Nothing spent yet: no service is "most used", and no period of zero months is named.
    const credits = canvas.getByRole("region", { name: "Credits" });
    expect(await within(credits).findByText("None yet", {}, untilRouteLoads)).toBeInTheDocument();
    expect(within(credits).getByText("Credits spent")).toBeInTheDocument();
    expect(within(credits).queryByText(/0 months/)).toBeNull();
    const findings = canvas.getByRole("list", { name: "Open findings by severity" });
    await waitFor(() => expect(within(findings).getAllByText("0")).toHaveLength(5), untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(...dashboardCalls.map((path) => mockError("get", path, 500)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load the asset counts.", {}, untilRouteLoads);
    await canvas.findByText("We couldn't load the latest tickets.", {}, untilRouteLoads);
    const findings = await canvas.findByRole("list", { name: "Open findings by severity" }, untilRouteLoads);
    await waitFor(() => expect(within(findings).getAllByText("Couldn't load")).toHaveLength(5), untilRouteLoads);
    const retries = await canvas.findAllByRole("button", { name: "Retry" }, untilRouteLoads);
    expect(retries.length).toBeGreaterThan(3);
    // One Retry per failed call: the credit figures read the credit graph's call, whose Retry is on its chart.
    const credits = canvas.getByRole("region", { name: "Credits" });
    await waitFor(() => expect(within(credits).getAllByRole("button", { name: "Retry" })).toHaveLength(4));
    expect(within(credits).getAllByText("Couldn't load")).toHaveLength(3);
    await userEvent.click(retries[0] as HTMLElement);
    expect(await canvas.findByText("We couldn't load the asset counts.", {}, untilRouteLoads)).toBeInTheDocument();
  },
};
