import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { loadOverviewCharts } from "../../../shared/findings/FindingOverviews.tsx";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const appPath = "/api/v1/sourcecode/applications/{id}/";
const scansPath = "/api/v1/sourcecode/applications/{id}/scan/";

const meta = {
  title: "Screens/SourceCode/Detail",
  component: StoryApp,
  // Repository 1's newest scan (33) is finished and has a finding of every kind and status.
  args: { path: "/source-code-va/1", role: "CLIENT_ADMIN", stubFeatures: false },
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
    await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const rows = await loadedRows(findings);
    expect(rows.length).toBeGreaterThan(0);
    // A source-code finding is placed by file and line.
    const headers = within(findings)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(["File", "Line"]));
    // Each finding links to its full page, carrying the scan.
    const link = within(rows[0] as HTMLElement).getByRole("link");
    expect(link.getAttribute("href")).toMatch(/^\/source-code-va\/1\/vulnerability-overview\/\d+\?scan=33$/);
    // The scan's overview is its own request, which may answer after the findings.
    await canvas.findByRole("figure", { name: "Severity overview" }, untilRouteLoads);
  },
};

/** Enter on a row opens the finding in the drawer, which also links to the finding's own page. */
export const OpenFinding: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const [first] = await loadedRows(findings);
    const name = within(first as HTMLElement).getByRole("rowheader").textContent ?? "";
    (first as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    const drawer = await body.findByRole("dialog", { name }, untilRouteLoads);
    expect(within(drawer).getByRole("link", { name: "Open as a page" }).getAttribute("href")).toMatch(
      /^\/source-code-va\/1\/vulnerability-overview\/\d+\?scan=33$/,
    );
  },
};

/** A queued scan has not run: the page says so once, in its findings list, and draws no charts. */
export const NotRunYet: Story = {
  // Repository 3's newest scan (38) is queued.
  args: { path: "/source-code-va/3?scan=38" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: /This scan has not run yet/ }, untilRouteLoads);
    expect(canvas.getAllByText(/This scan has not run yet/)).toHaveLength(1);
    for (const name of ["Severity overview", "Status overview"]) {
      expect(canvas.queryByRole("figure", { name })).toBeNull();
    }
  },
};

/**
 * A failed scan reads as failed in the scans table (not "No findings") and below it: why, and a
 * ticket to raise about it.
 */
export const Failed: Story = {
  // Repository 1's scan 32 failed: it is on the table's first page.
  args: { path: "/source-code-va/1?scan=32" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scans = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    expect((await within(scans).findAllByText("Scan failed", undefined, untilRouteLoads)).length).toBeGreaterThan(0);
    const notice = await canvas.findByRole("region", { name: "This scan failed" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/\S/);
    expect(within(notice).getByRole("link", { name: "Raise a ticket about this scan" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/ticketing\?new=1&/),
    );
    await canvas.findByRole("heading", { name: "This scan failed before it reported any results." }, untilRouteLoads);
    expect(canvas.queryByText("No findings in this scan.")).toBeNull();
    for (const name of ["Severity overview", "Status overview"]) {
      expect(canvas.queryByRole("figure", { name })).toBeNull();
    }
  },
};

export const CompanyTwin: Story = {
  args: { path: "/source-code-va/1/company/1", role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const crumbs = await canvas.findByRole("navigation", { name: /breadcrumb/i }, untilRouteLoads);
    await within(crumbs).findByRole("link", { name: "Northwind Logistics" }, untilRouteLoads);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const link = (await within(findings).findAllByRole("link", undefined, untilRouteLoads))[0];
    expect(link?.getAttribute("href")).toMatch(
      /^\/source-code-va\/1\/company\/1\/vulnerability-overview\/\d+\?scan=33$/,
    );
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", appPath), mockLoading("get", scansPath));
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole("grid", { name: "Scans" }, untilRouteLoads)).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};

/** A repository that has not been scanned yet says so, with no findings to show. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(scansPath));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("This repository has not been scanned yet.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", appPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load this repository/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};
