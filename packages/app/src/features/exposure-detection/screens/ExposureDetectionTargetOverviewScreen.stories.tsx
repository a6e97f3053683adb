import { mockEmptyList, mockError, mockLoading, paginate } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { scheduleRefusedPlay, scheduleScanPlay } from "../../../testing/schedulePlays.ts";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
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
  beforeEach: useStaticModeHandlers,
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

/** Dismisses the toast that says `text`, so the screenshot does not catch it on its way out. */
async function dismissToast(body: ReturnType<typeof within>, text: string) {
  const toast = await body.findByText(text, undefined, untilRouteLoads);
  await waitFor(() => expect(toast).toBeVisible(), untilRouteLoads);
  await userEvent.click(
    within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
  );
  await waitFor(() => expect(body.queryByText(text)).not.toBeInTheDocument(), untilRouteLoads);
}

async function runScanNow(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
  await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
  await userEvent.click(run);
  const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
  expect(within(dialog).getByText(/It costs 10 exposure detection credits/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
  await waitFor(() => expect(body.queryByRole("dialog", { name: "Run a scan now?" })).not.toBeInTheDocument());
  await dismissToast(body, "Scan queued: its progress shows in the scan history");
}

/**
 * Runs a scan of the domain now (issue 29): the dialog says what it costs, the queued scan shows in
 * the history, and its progress moves as the clock advances (static mode simulates the worker).
 */
export const RunScan: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await runScanNow(canvasElement);
    const history = canvas.getByRole("grid", { name: "Scan history" });
    expect(await within(history).findByText("Queued", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    expect(canvas.getByText("A scan of this target is queued or running; its progress shows below.")).toBeVisible();

    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    setMockNow(SEED_NOW + 12_000);
    expect(await within(history).findByText("Running", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(await within(history).findByText("50%", undefined, untilRouteLoads)).toBeInTheDocument();
    setMockNow(SEED_NOW + 30_000);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
    setMockNow(SEED_NOW);
  },
};

/** The server refuses the run (not enough credits): its reason stays in the dialog, nothing changed. */
export const RunRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", scans, 400, {
        non_field_errors: ["This scan costs 10 exposure detection credits and the balance is 5. Top up credits first."],
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
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
    expect(await within(dialog).findByRole("alert", undefined, untilRouteLoads)).toHaveTextContent(
      "The scan was not started. This scan costs 10 exposure detection credits and the balance is 5. Top up credits first.",
    );
    expect(within(dialog).getByRole("button", { name: "Run scan for 10 credits" })).toBeEnabled();
  },
};

/** A member sees the scans but cannot run, import or abort one, and is told whom to ask. */
export const MemberCannotRun: Story = {
  args: { role: "CLIENT" },
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
    expect(canvas.getByRole("button", { name: "Import report" })).toBeDisabled();
  },
};

/** Runs a scan, then aborts it from its row: the alert dialog says the credits come back. */
export const AbortScan: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await runScanNow(canvasElement);
    const history = canvas.getByRole("grid", { name: "Scan history" });
    const queuedRow = (await within(history).findByText("Queued", undefined, untilRouteLoads)).closest(
      '[role="row"]',
    ) as HTMLElement;
    await userEvent.click(within(queuedRow).getByRole("button", { name: "Actions" }));
    await userEvent.click(await body.findByRole("menuitem", { name: "Abort scan" }, untilRouteLoads));
    const dialog = await body.findByRole("alertdialog", { name: "Abort the queued scan?" }, untilRouteLoads);
    expect(within(dialog).getByText("Its 10 exposure detection credits are refunded.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Abort scan" }));
    await waitFor(() =>
      expect(body.queryByRole("alertdialog", { name: "Abort the queued scan?" })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
    expect(await within(history).findByText("Aborted", undefined, untilRouteLoads)).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
  },
};

/** Imports an nmap report: it becomes a queued scan in the history; nothing chosen says what is missing. */
export const ImportReport: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const open = await canvas.findByRole("button", { name: "Import report" }, untilRouteLoads);
    await waitFor(() => expect(open).toBeEnabled(), untilRouteLoads);
    await userEvent.click(open);
    const dialog = await body.findByRole("dialog", { name: "Import a report" }, untilRouteLoads);
    expect(within(dialog).getByText(/nmap \(XML\) or dnsrecon \(JSON\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    const missing = await within(dialog).findByText("Choose the report to import.", undefined, untilRouteLoads);
    await waitFor(() => expect(missing).toBeVisible(), untilRouteLoads);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("The report's file input is missing");
    await userEvent.upload(input, new File(['<?xml version="1.0"?><nmaprun scanner="nmap"></nmaprun>'], "hosts.xml"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Import a report" })).not.toBeInTheDocument());
    await dismissToast(body, "Report imported: it is being read");
    const history = canvas.getByRole("grid", { name: "Scan history" });
    expect(await within(history).findByText("Queued", undefined, untilRouteLoads)).toBeInTheDocument();
  },
};

/** A scan whose name server handed out the whole zone says so above the hosts, naming the server. */
export const ZoneTransfer: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get("*/api/v1/exposure-detection/scan-configuration/1/scan/", ({ request }) => {
        const url = new URL(request.url);
        const scan = {
          id: 1,
          start_scan: "2026-11-06T08:00:00.000Z",
          end_scan: "2026-11-06T08:04:00.000Z",
          status: "COMPLETED",
          scanned_by: null,
          failure_reason: null,
          progress: 100,
          zone_transfer_servers: ["192.0.2.53"],
        };
        const page = paginate([scan], { page: "1", pageSize: url.searchParams.get("page_size"), baseLink: url.href });
        return HttpResponse.json(page.ok ? page.body : null);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "Zone transfer allowed" }, untilRouteLoads);
    expect(notice).toHaveTextContent(/^Zone transfer allowed192\.0\.2\.53 hands the whole zone of /);
  },
};

/** Books the next scan (issue 29): a continuous schedule from a day, saved through the API. */
export const ScheduleScan: Story = { play: scheduleScanPlay };

/** A schedule the server refuses keeps the dialog open with the server's words. */
export const ScheduleRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("put", "/api/v1/exposure-detection/scan-configuration/{id}/schedule/", 400, {
        scan_time: ["Choose a time in the future."],
      }),
    );
  },
  play: scheduleRefusedPlay,
};
