import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadOverviewCharts } from "../../../shared/findings/FindingOverviews.tsx";
import { changeCounts, rowChanges } from "../../../testing/findingChangePlays.ts";
import { importRefusedPlay } from "../../../testing/importPlays.ts";
import { findingNameIn, loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { scheduleRefusedPlay, scheduleScanPlay } from "../../../testing/schedulePlays.ts";
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
    // The scan's counts against the previous scan agree with the Change column, row for row.
    const counts = await changeCounts(canvas);
    const rows = await rowChanges(findings);
    expect({ New: counts.New, Unchanged: counts.Unchanged, Reopened: counts.Reopened }).toEqual({
      New: String(rows.New),
      Unchanged: String(rows.Unchanged),
      Reopened: String(rows.Reopened),
    });
    // The previous scan (30) found three of these eleven, so none of its findings went away.
    expect(counts.Mitigated).toBe("0");
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

/** An application's first scan: every finding is new, and nothing was there before to mitigate. */
export const FirstScan: Story = {
  // Application 3's only completed scan (34), with its seven findings.
  args: { path: "/application-va/3" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const counts = await changeCounts(canvas);
    expect(counts).toEqual({ New: "7", Unchanged: "0", Reopened: "0", Mitigated: "0" });
    // The grid agrees: every row is new.
    await waitFor(async () => expect(await loadedRows(findings)).toHaveLength(7), untilRouteLoads);
    for (const row of await loadedRows(findings)) expect(within(row).getByText("New")).toBeInTheDocument();
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
    // Nor does it count changes: they are known once it has ended.
    expect(canvas.queryByLabelText("Findings since the previous scan")).toBeNull();
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

/** Waits for the toast, then dismisses it, so the screenshot does not catch it on its way out. */
async function dismissToast(body: ReturnType<typeof within>, text: string) {
  const toast = await body.findByText(text, undefined, untilRouteLoads);
  await waitFor(() => expect(toast).toBeVisible(), untilRouteLoads);
  await userEvent.click(
    within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
  );
  await waitFor(() => expect(body.queryByText(text)).not.toBeInTheDocument(), untilRouteLoads);
}

/**
 * Runs a scan now (issue 29): the dialog says what it costs, the new scan is chosen, its progress
 * shows in the Target card and moves on its own as the clock advances (static mode simulates the
 * worker); another scan cannot start while it moves.
 */
export const RunScan: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    await userEvent.click(run);
    const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    expect(within(dialog).getByText(/It costs 10 web application credits/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Run a scan now?" })).not.toBeInTheDocument());
    await dismissToast(body, "Scan queued: its progress shows in the Target card");

    // The new scan is chosen; it shows its progress, and another cannot start while it is queued.
    await waitFor(() => expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Queued/));
    // The chosen scan's own read follows the list's.
    await canvas.findByRole("progressbar", { name: "Progress of the scan" }, untilRouteLoads);
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    expect(canvas.getByRole("button", { name: "Import report" })).toBeDisabled();
    expect(
      canvas.getByText("A scan of this application is queued or running; its progress shows in the Target card."),
    ).toBeVisible();

    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    setMockNow(SEED_NOW + 12_000);
    await waitFor(
      () =>
        expect(canvas.getByRole("progressbar", { name: "Progress of the scan" })).toHaveAttribute(
          "aria-valuenow",
          "50",
        ),
      untilRouteLoads,
    );
    // The picker's list is its own read, a moment apart.
    await waitFor(
      () => expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Running/),
      untilRouteLoads,
    );
    // Its completion (at 22 s) is static mode's, tested in api-client's webScans.test.ts; the picture is of it running.
  },
};

/** A scan that is running shows its progress and an Abort action in the Target card. */
export const Running: Story = {
  play: async ({ canvasElement }) => {
    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    setMockNow(SEED_NOW);
    await userEvent.click(run);
    const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
    await dismissToast(body, "Scan queued: its progress shows in the Target card");
    setMockNow(SEED_NOW + 7_000);
    const bar = await canvas.findByRole("progressbar", { name: "Progress of the scan" }, untilRouteLoads);
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "25"), untilRouteLoads);
    expect(canvas.getByRole("button", { name: "Abort scan" })).toBeEnabled();
    expect(canvas.getByText(/^Started /)).toBeInTheDocument();
    setMockNow(SEED_NOW + 7_000);
  },
};

/** Aborts the running scan: the alert dialog says the credits come back, and the scan says Aborted. */
export const AbortScan: Story = {
  play: async ({ canvasElement }) => {
    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    setMockNow(SEED_NOW);
    await userEvent.click(run);
    const runDialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    await userEvent.click(within(runDialog).getByRole("button", { name: "Run scan for 10 credits" }));
    await dismissToast(body, "Scan queued: its progress shows in the Target card");

    await userEvent.click(await canvas.findByRole("button", { name: "Abort scan" }, untilRouteLoads));
    const dialog = await body.findByRole("alertdialog", { name: /^Abort the scan of / }, untilRouteLoads);
    expect(within(dialog).getByText("Its 10 web application credits are refunded.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Abort scan" }));
    await waitFor(() =>
      expect(body.queryByRole("alertdialog", { name: /^Abort the scan of / })).not.toBeInTheDocument(),
    );
    // The "Scan aborted" toast (an alertdialog too) leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
    const notice = await canvas.findByRole("region", { name: "This scan was aborted" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent("Aborted by admin@example.com.");
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled();
    setMockNow(SEED_NOW);
  },
};

/** The server refuses the run (not enough credits): its reason stays in the dialog, nothing changed. */
export const RunRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", "/api/v1/webapp/applications/{id}/scan/", 400, {
        non_field_errors: ["This scan costs 10 web application credits and the balance is 5. Top up credits first."],
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
    const alert = await within(dialog).findByRole("alert", undefined, untilRouteLoads);
    await waitFor(() => expect(alert).toBeVisible(), untilRouteLoads);
    expect(alert).toHaveTextContent(
      "The scan was not started. This scan costs 10 web application credits and the balance is 5. Top up credits first.",
    );
    expect(within(dialog).getByRole("button", { name: "Run scan for 10 credits" })).toBeEnabled();
  },
};

/** A member sees the scans but cannot run, import or abort one, and is told whom to ask. */
export const MemberCannotRun: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const refusal = "Only your company's admins can run or abort scans. Ask an admin to run one.";
    const note = await canvas.findByText(refusal, undefined, untilRouteLoads);
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    for (const name of ["Run scan", "Import report"]) {
      const button = canvas.getByRole("button", { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(refusal);
    }
  },
};

/**
 * Imports a ZAP report (issue 29): nothing chosen says so; the report becomes a queued scan, chosen in
 * the picker.
 */
export const ImportReport: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const open = await canvas.findByRole("button", { name: "Import report" }, untilRouteLoads);
    await waitFor(() => expect(open).toBeEnabled(), untilRouteLoads);
    await userEvent.click(open);
    const dialog = await body.findByRole("dialog", { name: "Import a report" }, untilRouteLoads);
    expect(within(dialog).getByText(/ZAP \(traditional JSON\), Wapiti \(JSON\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    const missing = await within(dialog).findByText("Choose the report to import.", undefined, untilRouteLoads);
    await waitFor(() => expect(missing).toBeVisible(), untilRouteLoads);

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("The report's file input is missing");
    await userEvent.upload(input, new File(['{"@programName": "ZAP", "site": []}'], "zap-weekly.json"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Import a report" })).not.toBeInTheDocument());
    await dismissToast(body, "Report imported: its progress shows in the Target card");
    await waitFor(() => expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Queued/));
  },
};

/**
 * What an import comes to, where the user is (issue 29): the imported scan is chosen, waits for a
 * reader, runs with its progress in the Target card, and once done shows what it changed since the
 * previous scan, without a reload. Static mode simulates the job as the clock advances; it reads no
 * report, so the done scan found nothing, and mitigated nothing either: the previous scan was another
 * tool's, and only a scan by the same tool marks what it no longer finds as mitigated.
 */
export const ImportUntilDone: Story = {
  play: async ({ canvasElement }) => {
    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const open = await canvas.findByRole("button", { name: "Import report" }, untilRouteLoads);
    await waitFor(() => expect(open).toBeEnabled(), untilRouteLoads);
    await userEvent.click(open);
    const dialog = await body.findByRole("dialog", { name: "Import a report" }, untilRouteLoads);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("The report's file input is missing");
    await userEvent.upload(input, new File(['{"@programName": "ZAP", "site": []}'], "zap-weekly.json"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Import a report" })).not.toBeInTheDocument());
    await dismissToast(body, "Report imported: its progress shows in the Target card");

    // Queued: chosen in the picker, waiting for a reader; nothing is counted yet.
    await waitFor(() => expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Queued/));
    await canvas.findByRole("progressbar", { name: "Progress of the scan" }, untilRouteLoads);
    await canvas.findByText("Waiting for a scanner", undefined, untilRouteLoads);
    expect(canvas.queryByLabelText("Findings since the previous scan")).toBeNull();

    // Read halfway.
    setMockNow(SEED_NOW + 12_000);
    await waitFor(
      () =>
        expect(canvas.getByRole("progressbar", { name: "Progress of the scan" })).toHaveAttribute(
          "aria-valuenow",
          "50",
        ),
      untilRouteLoads,
    );

    // Done: the progress goes, the scan says Completed, and its counts show.
    setMockNow(SEED_NOW + 30_000);
    await waitFor(
      () => expect(canvas.queryByRole("progressbar", { name: "Progress of the scan" })).not.toBeInTheDocument(),
      untilRouteLoads,
    );
    await waitFor(
      () => expect(canvas.getByRole("button", { name: /Scan/ })).toHaveTextContent(/Completed/),
      untilRouteLoads,
    );
    expect(await changeCounts(canvas)).toEqual({ New: "0", Unchanged: "0", Reopened: "0", Mitigated: "0" });
    // The findings are read again once it is done (they are not polled while it moves); the charts,
    // with nothing to draw, say the same.
    const findings = canvas.getByRole("region", { name: "Findings" });
    await within(findings).findByText("No findings in this scan.", undefined, untilRouteLoads);
    expect(canvas.getByRole("button", { name: "Import report" })).toBeEnabled();
  },
};

/** The server refuses the file (an nmap report): its reason shows at the field, and the file stays chosen. */
export const ImportRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", "/api/v1/webapp/applications/{id}/imports/", 400, {
        file: [
          "This is a nmap XML report, which a web application does not take. Upload a ZAP JSON, SARIF 2.1.0 or Wapiti JSON report.",
        ],
      }),
    );
  },
  play: importRefusedPlay(
    new File(['<?xml version="1.0"?><nmaprun/>'], "hosts.json"),
    /^This is a nmap XML report, which a web application does not take\./,
  ),
};

/** Books an application's next scan (issue 29): a continuous schedule from a day, saved through the API. */
export const ScheduleScan: Story = { play: scheduleScanPlay };

/** A schedule the server refuses keeps the dialog open with the server's words under the field. */
export const ScheduleRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("put", "/api/v1/webapp/applications/{id}/schedule/", 400, {
        scan_time: ["Choose a time in the future."],
      }),
    );
  },
  play: scheduleRefusedPlay,
};
