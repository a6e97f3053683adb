import type { ThreatInspectionScan } from "@sentinel/api-client";
import { HOSTILE, handlers, mockEmptyList, mockError, mockLoading, paginate } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { getResponse, HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const config = "/api/v1/threat-inspection/scan-configuration/{id}/";
const scans = "/api/v1/threat-inspection/scan-configuration/{id}/scans/";

const meta = {
  title: "Screens/Threat Inspection/TargetOverview",
  component: StoryApp,
  args: {
    path: "/threat-inspection/1/target-overview",
    role: "CLIENT_ADMIN",
    sidebarCollapsed: true,
    stubFeatures: false,
  },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Perimeter watch" }, untilRouteLoads);
    const scanTable = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    await loadedRows(scanTable);
    expect(within(scanTable).getAllByRole("progressbar").length).toBeGreaterThan(0);
    const endpoints = await canvas.findByRole("grid", { name: "Endpoints of the scan" }, untilRouteLoads);
    expect((await loadedRows(endpoints)).length).toBeGreaterThan(0);
    // Each endpoint's host is a real link to its vulnerability overview in this scan.
    await expectRowHeaderLinks(
      endpoints,
      /^\/threat-inspection\/1\/target-overview\/\d+\/vulnerability-overview\/\d+$/,
    );
  },
};

/** An aborted scan says so above its results, why, and how to go on. */
export const AbortedScan: Story = {
  // Configuration 7's newest scan (20) was aborted.
  args: { path: "/threat-inspection/7/target-overview?scan=20" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "This scan was aborted" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/^Reason: Stopped /);
    const ticket = within(notice).getByRole("link", { name: "Raise a ticket about this scan" });
    const href = new URL(ticket.getAttribute("href") ?? "", "http://x");
    expect(href.searchParams.get("subject")).toMatch(/^Threat inspection scan #20 of .+ was aborted$/);
    // The endpoint the abort cut off counts "Scan aborted", not "No findings".
    const endpoints = await canvas.findByRole("grid", { name: "Endpoints of the scan" }, untilRouteLoads);
    const aborted = (await loadedRows(endpoints)).find((row) => within(row).queryByText("Aborted"));
    expect(aborted).toBeDefined();
    expect(within(aborted as HTMLElement).getAllByText("Scan aborted")).toHaveLength(2);
    expect(within(endpoints).queryByText("No findings")).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", config), mockLoading("get", scans));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Target Overview" }, untilRouteLoads);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(scans));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(
      await canvas.findByText("No scans yet. The first scan is scheduled after payment.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("get", config, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/^We couldn't load the configuration/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await canvas.findByText(/^We couldn't load the configuration/, undefined, untilRouteLoads);
  },
};

/**
 * The scan history answered with 130 scans: the seed's own first, then older ones made up to follow
 * them. Ten to a page (a server may serve fewer than asked), which keeps the play light.
 */
const manyScans = http.get(`*${scans.replace("{id}", ":id")}`, async ({ request }) => {
  const url = new URL(request.url);
  const firstPage = new URL(url);
  firstPage.searchParams.delete("page");
  const seeded = await getResponse(handlers, new Request(firstPage, { headers: request.headers }));
  const own = ((await seeded?.json()) as { results: ThreatInspectionScan[] } | undefined)?.results ?? [];
  const template = own.at(-1);
  if (!template) throw new Error("the seed has no scans for this configuration");
  const older = Array.from({ length: 130 - own.length }, (_, i) => ({
    ...template,
    id: 900_000 + i,
    start_scan: new Date(
      Date.parse(template.start_scan ?? "2026-01-01T00:00:00Z") - (i + 1) * 86_400_000,
    ).toISOString(),
    end_scan: null,
  }));
  url.searchParams.delete("page");
  const page = paginate([...own, ...older], {
    page: new URL(request.url).searchParams.get("page") ?? "1",
    pageSize: "10",
    baseLink: url.href,
  });
  return page.ok ? HttpResponse.json(page.body) : HttpResponse.json({ detail: "Invalid page." }, { status: 404 });
});

/** More than a hundred scans: the pager moves, to the next page and on to the last, past the hundredth scan. */
export const ScansPastOneHundred: Story = {
  // The made-up older scans have no results of their own to show below the history.
  parameters: { visual: false },
  beforeEach({ msw }) {
    msw.use(manyScans);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scanTable = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    expect(await loadedRows(scanTable)).toHaveLength(10);
    await canvas.findByText("Showing 1–10 of 130", undefined, untilRouteLoads);
    const pager = canvas.getByRole("navigation", { name: "Scan pages" });
    await userEvent.click(within(pager).getByRole("button", { name: "Next page" }));
    await canvas.findByText("Showing 11–20 of 130", undefined, untilRouteLoads);
    expect(within((await loadedRows(scanTable))[0] as HTMLElement).getByText("11.")).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole("button", { name: "Last page" }));
    await canvas.findByText("Showing 121–130 of 130", undefined, untilRouteLoads);
    const rows = await loadedRows(scanTable);
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText("121.")).toBeInTheDocument();
    expect(within(pager).getByRole("button", { name: "Next page" })).toBeDisabled();
  },
};

const elapsedOf = (row: HTMLElement) => {
  const cells = [...row.querySelectorAll<HTMLElement>('[role="gridcell"], [role="rowheader"]')];
  const text = cells.at(-1)?.textContent ?? "";
  return text === "—" ? Number.POSITIVE_INFINITY : Number.parseFloat(text);
};

/** The hostile dataset: a feed's `javascript:` reference and markup in the names stay inert text. */
export const HostileReputation: Story = {
  args: { path: "/threat-inspection/1/target-overview?tab=domain-reputation" },
  parameters: { dataset: "hostile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = await canvas.findByRole("grid", { name: /^Engines for ftp\.northwind\.example/ }, untilRouteLoads);
    const hostile = await within(first).findByText(HOSTILE.jsUrl, undefined, untilRouteLoads);
    expect(hostile.closest("a")).toBeNull();
    expect(canvasElement.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(canvasElement.querySelector("main svg[onload], main script, main img[onerror]")).toBeNull();
    expect(
      within(first)
        .getAllByRole("link")
        .every((a) => /^https?:/.test(a.getAttribute("href") ?? "")),
    ).toBe(true);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  },
};

/**
 * Domain reputation: the engine matrix filters to the engines that detected and sorts by a column,
 * both kept in the URL.
 */
export const ReputationMatrix: Story = {
  args: { path: "/threat-inspection/1/target-overview?tab=domain-reputation" },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step("References link to the engines' lookups", async () => {
      const first = await canvas.findByRole("grid", { name: "Engines for ftp.northwind.example" }, untilRouteLoads);
      const links = await within(first).findAllByRole("link", undefined, untilRouteLoads);
      expect(links.every((a) => /^https:/.test(a.getAttribute("href") ?? ""))).toBe(true);
    });

    await step("Only the engines that detected", async () => {
      const subjects = await canvas.findByRole("grid", { name: "Domain reputation" }, untilRouteLoads);
      await userEvent.click(within(subjects).getByText("crm34.northwind.example"));
      const matrix = await canvas.findByRole("grid", { name: "Engines for crm34.northwind.example" }, untilRouteLoads);
      await userEvent.click(canvas.getByRole("switch", { name: "Only engines that detected" }));
      await canvas.findByText("Showing 7 of 50 engines · 7 detected", undefined, untilRouteLoads);
      const rows = within(matrix).getAllByRole("row").slice(1);
      expect(rows).toHaveLength(7);
      for (const row of rows) expect(row).toHaveTextContent("Detected");
    });

    await step("Sorted by elapsed, both ways", async () => {
      const matrix = canvas.getByRole("grid", { name: "Engines for crm34.northwind.example" });
      const header = within(matrix).getByRole("columnheader", { name: /Elapsed/ });
      await userEvent.click(header);
      await waitFor(() => expect(header).toHaveAttribute("aria-sort", "ascending"), untilRouteLoads);
      const up = within(matrix).getAllByRole("row").slice(1).map(elapsedOf);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      await userEvent.click(header);
      await waitFor(() => expect(header).toHaveAttribute("aria-sort", "descending"), untilRouteLoads);
      const down = within(matrix).getAllByRole("row").slice(1).map(elapsedOf).filter(Number.isFinite);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      expect(up.filter(Number.isFinite)).not.toEqual(down);
    });
  },
};

const runNote = "A scan of this configuration is queued or running; its progress shows below.";

/**
 * Runs a scan now (issue 29): the dialog says what it costs, the new scan is chosen and queued, and
 * its progress moves on its own as the clock advances (static mode simulates the worker), to completed.
 */
export const RunScan: Story = {
  // Configuration 5 inspects two endpoints, and its scans have all ended.
  args: { path: "/threat-inspection/5/target-overview" },
  beforeEach: useStaticModeHandlers,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    await userEvent.click(run);
    const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    expect(within(dialog).getByText(/It costs 20 threat inspection credits \(10 per endpoint\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 20 credits" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Run a scan now?" })).not.toBeInTheDocument());
    const toast = await body.findByText("Scan queued: its progress shows below", undefined, untilRouteLoads);
    await waitFor(() => expect(toast).toBeVisible(), untilRouteLoads);
    // Dismissed, so the screenshot does not catch it on its way out.
    await userEvent.click(
      within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
    );
    await waitFor(() => expect(body.queryByText("Scan queued: its progress shows below")).not.toBeInTheDocument());

    // The new scan is chosen, and another cannot start while it is queued.
    const scanTable = canvas.getByRole("grid", { name: "Scans" });
    expect(await within(scanTable).findByText("Queued", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    expect(canvas.getByRole("button", { name: "Run scan" })).toHaveAccessibleDescription(runNote);

    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    setMockNow(SEED_NOW + 12_000);
    expect(await within(scanTable).findByText("Running", undefined, untilRouteLoads)).toBeInTheDocument();
    setMockNow(SEED_NOW + 30_000);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
    expect(canvas.queryByText(runNote)).toBeNull();
    setMockNow(SEED_NOW);
  },
};

/** The server refuses the run (not enough credits): its reason stays in the dialog, nothing changed. */
export const RunRefused: Story = {
  args: { path: "/threat-inspection/5/target-overview" },
  beforeEach({ msw }) {
    msw.use(
      mockError("post", scans, 400, {
        non_field_errors: [
          "This scan costs 20 threat inspection credits (10 for each of its 2 endpoints) and the balance is 5. Top up credits first.",
        ],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    await userEvent.click(run);
    const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 20 credits" }));
    expect(await within(dialog).findByRole("alert", undefined, untilRouteLoads)).toHaveTextContent(
      "The scan was not started. This scan costs 20 threat inspection credits (10 for each of its 2 endpoints) and the balance is 5. Top up credits first.",
    );
    expect(within(dialog).getByRole("button", { name: "Run scan for 20 credits" })).toBeEnabled();
  },
};

/** A member sees the scans but cannot run or abort one, and is told whom to ask. */
export const MemberCannotRun: Story = {
  args: { path: "/threat-inspection/5/target-overview", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const note = await canvas.findByText(
      "Only your company's admins can run or abort scans. Ask an admin to run one.",
      undefined,
      untilRouteLoads,
    );
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    const run = canvas.getByRole("button", { name: "Run scan" });
    expect(run).toBeDisabled();
    expect(run).toHaveAccessibleDescription(
      "Only your company's admins can run or abort scans. Ask an admin to run one.",
    );
  },
};

/** Aborts the running scan: the alert dialog says what happens to credits, and the row says Aborted. */
export const AbortScan: Story = {
  // Configuration 4's newest scan is running.
  args: { path: "/threat-inspection/4/target-overview" },
  beforeEach: useStaticModeHandlers,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const scanTable = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    const runningRow = (await within(scanTable).findByText("Running", undefined, untilRouteLoads)).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    await userEvent.click(within(runningRow).getByRole("button", { name: /^Actions for/ }));
    await userEvent.click(await body.findByRole("menuitem", { name: "Abort scan" }, untilRouteLoads));
    const dialog = await body.findByRole("alertdialog", { name: /^Abort the scan started / }, untilRouteLoads);
    expect(within(dialog).getByText(/endpoints it has not checked yet are refunded/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Abort scan" }));
    // By name: the "Scan aborted" toast that follows is an alertdialog too.
    await waitFor(() =>
      expect(body.queryByRole("alertdialog", { name: /^Abort the scan started / })).not.toBeInTheDocument(),
    );
    // The "Scan aborted" toast (an alertdialog too) leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
    await waitFor(() => expect(within(scanTable).queryByText("Running")).toBeNull(), untilRouteLoads);
    expect(within(scanTable).getAllByText("Aborted").length).toBeGreaterThan(0);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
  },
};
