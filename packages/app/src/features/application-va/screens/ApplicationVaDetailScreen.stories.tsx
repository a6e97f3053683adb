import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadOverviewCharts } from "../../../shared/findings/FindingOverviews.tsx";
import { findingNameIn, loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const appPath = "/api/v1/webapp/applications/{id}/";
const scanPath = "/api/v1/webapp/scans/{id}/";
// The scan's findings come from the findings index, filtered to this scan.
const findingsPath = "/api/v1/findings/";

const meta = {
  title: "Screens/Application/Detail",
  component: StoryApp,
  // Application 1's newest scan (32) completed with a finding in every status.
  args: { path: "/application-va/1", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  // The scan's charts load on demand, which no request count sees: loaded first, the picture
  // shows them drawn, not their placeholders.
  loaders: [() => loadOverviewCharts().then(() => ({}))],
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    expect((await loadedRows(findings)).length).toBeGreaterThan(0);
    // Scan 32's eleven findings and the header row, in one scrolling list.
    expect(findings).toHaveAttribute("aria-rowcount", "12");
    // The scan's overview is its own request, which may answer after the findings.
    await canvas.findByRole("figure", { name: "Severity overview" }, untilRouteLoads);
    // Findings are counted: the axis ticks whole numbers only.
    const severity = await canvas.findByRole("img", { name: /^Bar chart: Severity overview/ }, untilRouteLoads);
    const ticks = () => [
      ...severity.querySelectorAll(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value"),
    ];
    await waitFor(() => expect(ticks().length).toBeGreaterThan(1));
    expect(ticks().filter((tick) => !/^[\d.]+$/.test(tick.textContent ?? ""))).toEqual([]);
    expect(canvas.getByRole("figure", { name: "Status overview" })).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Completed/);
  },
};

/** Picking another scan from the picker shows its findings; the choice is kept in the URL. */
export const PickScanAndOpenFinding: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: /Scan/ }));
    const options = await body.findAllByRole("option", undefined, untilRouteLoads);
    // The third newest: scan 31 before it was aborted.
    await userEvent.click(options[2] as HTMLElement);
    await waitFor(() =>
      expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(options[2]?.textContent ?? ""),
    );
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    // Scan 30 has three findings.
    await waitFor(async () => expect(await loadedRows(findings)).toHaveLength(3), { timeout: 60_000 });
    await userEvent.click(findingNameIn((await loadedRows(findings))[0] as HTMLElement));
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    await within(drawer).findByRole("heading", { name: "Status history" }, untilRouteLoads);
    await userEvent.click(within(drawer).getByRole("button", { name: /Close/ }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
  },
};

export const CompanyTwin: Story = {
  args: { path: "/application-va/1/company/1", role: "SUPER_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const crumbs = await canvas.findByRole("navigation", { name: /breadcrumb/i }, untilRouteLoads);
    await within(crumbs).findByRole("link", { name: "Northwind Logistics" }, untilRouteLoads);
    // Every finding of the scan is drawn before the screenshot (the grid draws rows as it measures them).
    const grid = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await waitFor(() => {
      const rows = within(grid).getAllByRole("row").length - 1;
      expect(rows).toBe(Number(grid.getAttribute("aria-rowcount")) - 1);
      expect(rows).toBeGreaterThan(1);
    }, untilRouteLoads);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", appPath), mockLoading("get", scanPath), mockLoading("get", findingsPath));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Application" }, untilRouteLoads);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(findingsPath));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No findings in this scan.", undefined, untilRouteLoads);
  },
};

/** A scan that is still pending has no findings yet, and says so once instead of "No findings". */
export const NotRunYet: Story = {
  // Application 2's newest scan (33) is pending.
  args: { path: "/application-va/2?scan=33" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: /This scan has not run yet/ }, untilRouteLoads);
    // Said once on the page: the severity and status charts, with nothing to draw yet, are left out.
    expect(canvas.getAllByText(/This scan has not run yet/)).toHaveLength(1);
    for (const name of ["Severity overview", "Status overview"]) {
      expect(canvas.queryByRole("figure", { name })).toBeNull();
    }
    expect(canvas.queryByText("No findings in this scan.")).toBeNull();
  },
};

/**
 * A failed scan says it failed, why, and what to do, once; it never reads as a clean scan
 * ("No findings in this scan.") and draws no empty charts.
 */
export const Failed: Story = {
  // Application 6's only scan (39) failed.
  args: { path: "/application-va/6" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "This scan failed" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/did not answer within 30 minutes/);
    const ticket = within(notice).getByRole("link", { name: "Raise a ticket about this scan" });
    const href = new URL(ticket.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/ticketing");
    expect(href.searchParams.get("new")).toBe("1");
    expect(href.searchParams.get("subject")).toMatch(/^Web application scan #39 of .+ failed$/);
    expect(href.searchParams.get("description")).toMatch(/did not answer within 30 minutes/);
    await canvas.findByRole("heading", { name: "This scan failed before it reported any results." }, untilRouteLoads);
    expect(canvas.queryByText(/No findings/)).toBeNull();
    for (const name of ["Severity overview", "Status overview"]) {
      expect(canvas.queryByRole("figure", { name })).toBeNull();
    }
  },
};

/** An aborted scan says so and why, like a failed one. */
export const Aborted: Story = {
  // Application 7's newest scan (41) was aborted; the page opens on its completed one unless asked.
  args: { path: "/application-va/7?scan=41" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "This scan was aborted" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/Stopped/);
    await canvas.findByRole(
      "heading",
      { name: "This scan was aborted before it reported any results." },
      untilRouteLoads,
    );
    expect(canvas.queryByText(/No findings/)).toBeNull();
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", appPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load this application/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};
