import { handlers, mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { getResponse, HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { importRefusedPlay } from "../../../testing/importPlays.ts";
import { chooseSelectOption, pressDeferredTrigger, untilProfileLoads, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const configPath = "/api/v1/networkva/scan-configuration/{id}/";
const scansPath = "/api/v1/networkva/scan-configuration/{id}/scans/";

// What the spying handlers saw in the current story; each story's beforeEach empties them.
const companyRequests: string[] = [];
const scheduleBodies: Array<Record<string, unknown>> = [];

const meta = {
  title: "Screens/Network/Detail",
  component: StoryApp,
  // Configuration 2 is a continuous weekly scan whose newest scan is still pending.
  args: { path: "/network-va/2", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Scan configuration #2" }, untilRouteLoads);
    const scans = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    // Every scan state gets a badge; the progress bar carries the scan's percentage.
    const pending = await within(scans).findByText("Pending", undefined, untilRouteLoads);
    // A scan that has not run has no findings to count yet, which is not "No findings".
    const pendingRow = within(pending.closest('[role="row"]') as HTMLElement);
    expect(pendingRow.getByText("Not run yet")).toBeInTheDocument();
    expect(pendingRow.queryByText("No findings")).toBeNull();
    expect(within(scans).getAllByRole("progressbar").length).toBeGreaterThan(0);
    expect(within(scans).getAllByText(/\d+ completed · \d+ failed/).length).toBeGreaterThan(0);
    // The newest scan's endpoints are listed below, each linking to its endpoint page.
    await canvas.findByRole("grid", { name: /Endpoints of the scan/ }, untilRouteLoads);
  },
};

/** A failed scan says so above its endpoints, why, and how to go on; its counts say it failed. */
export const FailedScan: Story = {
  // Scan 28 of configuration 2 failed at its time limit, part way through its targets.
  args: { path: "/network-va/2?scan=28" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "This scan failed" }, untilRouteLoads);
    expect(within(notice).getByText(/^Reason: /)).toHaveTextContent(/time limit of 6 hours/);
    const ticket = within(notice).getByRole("link", { name: "Raise a ticket about this scan" });
    const href = new URL(ticket.getAttribute("href") ?? "", "http://x");
    expect(href.searchParams.get("subject")).toMatch(/^Network scan #28 of configuration #2 \(.+\) failed$/);
    expect(within(notice).getByText("Or pick another scan in the Scans table above.")).toBeInTheDocument();
  },
};

/**
 * Defect 5 of issue 28: on a phone the endpoints table scrolls sideways in its own box and every
 * address stays on one line (they used to break as "192 / .0. / 2.1 / 0").
 */
export const Phone: Story = {
  // Configuration 1 scans an IP range: ten addresses on the endpoints' first page.
  args: { path: "/network-va/1" },
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const endpoints = await canvas.findByRole("grid", { name: /Endpoints of the scan/ }, untilRouteLoads);
    // Measured once the rows are drawn and laid out: a row still being replaced has no boxes yet.
    await waitFor(() => {
      const hosts = within(endpoints).getAllByRole("link", { name: /^192\.0\.2\.\d+$/ });
      expect(hosts.length).toBeGreaterThan(1);
      for (const host of hosts) {
        const range = canvasElement.ownerDocument.createRange();
        range.selectNodeContents(host);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        expect(lines.size, host.textContent ?? "").toBe(1);
      }
    }, untilRouteLoads);
    const scroller = endpoints.parentElement as HTMLElement;
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    const root = canvasElement.ownerDocument.documentElement;
    expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/** Staff on the admin twin: the company is named in the breadcrumbs and loaded by id. */
export const CompanyTwin: Story = {
  args: { path: "/network-va/2/company/1", role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    companyRequests.length = 0;
    // Records the call and falls through to static mode's handler (no response returned).
    msw.use(
      http.get("*/api/v1/company/:id/", ({ request }) => {
        companyRequests.push(new URL(request.url).pathname);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Scan configuration #2" }, untilRouteLoads);
    const crumbs = await canvas.findByRole("navigation", { name: /breadcrumb/i }, untilRouteLoads);
    await within(crumbs).findByRole("link", { name: "Northwind Logistics" }, untilRouteLoads);
    expect(companyRequests).toContain("/api/v1/company/1/");
    // Endpoint links stay on the twin.
    const endpoints = await canvas.findByRole("grid", { name: /Endpoints of the scan/ }, untilRouteLoads);
    const link = (await within(endpoints).findAllByRole("link", undefined, untilRouteLoads))[0];
    expect(link?.getAttribute("href")).toMatch(/^\/network-va\/2\/company\/1\/scan\/\d+\/scan-endpoint\/\d+$/);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", configPath), mockLoading("get", scansPath));
  },
  play: async ({ canvasElement }) => {
    const scans = await within(canvasElement).findByRole("grid", { name: "Scans" }, untilRouteLoads);
    expect(scans).toHaveAttribute("aria-busy", "true");
  },
};

/** A configuration that has never run says so instead of showing an empty table. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(scansPath));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("This configuration has no scans yet.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", configPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load this scan configuration/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Reschedules the pending scan as a monthly continuous scan (PUT update-schedule). */
export const UpdateSchedule: Story = {
  beforeEach({ msw }) {
    scheduleBodies.length = 0;
    msw.use(
      http.put("*/api/v1/networkva/scan-configuration/:id/scans/:scanId/update-schedule/", async ({ request }) => {
        scheduleBodies.push((await request.clone().json()) as Record<string, unknown>);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const scans = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    const pendingRow = (await within(scans).findByText("Pending", undefined, untilRouteLoads)).closest(
      '[role="row"]',
    ) as HTMLElement;
    await userEvent.click(within(pendingRow).getByRole("button", { name: /^Actions for/ }));
    await userEvent.click(await body.findByRole("menuitem", { name: "Update schedule" }, untilRouteLoads));

    const dialog = await body.findByRole("dialog", { name: "Update schedule" }, untilRouteLoads);
    await userEvent.click(within(dialog).getByRole("radio", { name: /Continuous Scan/ }));
    await chooseSelectOption(dialog, /Frequency/, "Monthly");
    // A date far in the future keeps the test independent of the day it runs.
    const year = within(dialog).getByRole("spinbutton", { name: /year/i });
    await userEvent.click(year);
    await userEvent.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}2099");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save schedule" }));

    await waitFor(() => expect(body.queryByRole("dialog", { name: "Update schedule" })).not.toBeInTheDocument());
    expect(scheduleBodies[0]).toMatchObject({ schedulle_type: "AUTOMATIC_SCHEDULLE", frequency_type: "MONTHLY" });
    expect(String(scheduleBodies[0]?.scan_time)).toMatch(/^2099-/);
    // The summary shows the configuration's new frequency.
    expect(await canvas.findByText("Monthly", undefined, untilRouteLoads)).toBeInTheDocument();
  },
};

/**
 * Runs a scan now (issue 29): the dialog says what it costs, the new scan is chosen and queued, and
 * its progress moves on its own as the clock advances (static mode simulates the worker), to completed.
 */
export const RunScan: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    await waitFor(() => expect(run).toBeEnabled(), untilRouteLoads);
    await userEvent.click(run);
    const dialog = await body.findByRole("dialog", { name: "Run a scan now?" }, untilRouteLoads);
    expect(within(dialog).getByText(/It costs 10 network credits \(10 per target\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Run a scan now?" })).not.toBeInTheDocument());
    const toast = await body.findByText("Scan queued: its progress shows below", undefined, untilRouteLoads);
    await waitFor(() => expect(toast).toBeVisible(), untilRouteLoads);
    // Dismissed, so the screenshot does not catch it on its way out.
    await userEvent.click(
      within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
    );
    await waitFor(() => expect(body.queryByText("Scan queued: its progress shows below")).not.toBeInTheDocument());

    // The new scan is chosen, and another cannot start while it is queued.
    const scans = canvas.getByRole("grid", { name: "Scans" });
    expect(await within(scans).findByText("Queued", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    expect(
      canvas.getByText("A scan of this configuration is queued or running; its progress shows below."),
    ).toBeVisible();

    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    setMockNow(SEED_NOW + 12_000);
    expect(await within(scans).findByText("Running", undefined, untilRouteLoads)).toBeInTheDocument();
    setMockNow(SEED_NOW + 30_000);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
    setMockNow(SEED_NOW);
  },
};

/** The server refuses the run (not enough credits): its reason stays in the dialog, nothing changed. */
export const RunRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", scansPath, 400, {
        non_field_errors: [
          "This scan costs 10 network credits (10 for each of its 1 endpoints) and the balance is 5. Top up credits first.",
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
    await userEvent.click(within(dialog).getByRole("button", { name: "Run scan for 10 credits" }));
    expect(await within(dialog).findByRole("alert", undefined, untilRouteLoads)).toHaveTextContent(
      "The scan was not started. This scan costs 10 network credits (10 for each of its 1 endpoints) and the balance is 5. Top up credits first.",
    );
    expect(within(dialog).getByRole("button", { name: "Run scan for 10 credits" })).toBeEnabled();
  },
};

/** A member sees the scans but cannot run or abort one, and is told whom to ask. */
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
  },
};

// The profile's answer, held until the play lets it through: the page as a reload shows it before
// the user's role is known. Each story that holds it sets a new gate in its beforeEach.
let releaseProfile = () => {};
function holdProfile() {
  const gate = new Promise<void>((resolve) => {
    releaseProfile = resolve;
  });
  return http.get("*/api/v1/user/profile/", async ({ request }) => {
    await gate;
    return getResponse(handlers, request);
  });
}

const memberNote = "Only your company's admins can run or abort scans. Ask an admin to run one.";

/** The entries of the pending scan's Actions menu, read by opening the menu and closing it again. */
async function pendingScanActions(canvasElement: HTMLElement): Promise<string[]> {
  const body = within(canvasElement.ownerDocument.body);
  const scans = await within(canvasElement).findByRole("grid", { name: "Scans" }, untilRouteLoads);
  const pendingRow = (await within(scans).findByText("Pending", undefined, untilRouteLoads)).closest(
    '[role="row"]',
  ) as HTMLElement;
  const menu = await pressDeferredTrigger(
    () => within(pendingRow).getByRole("button", { name: /^Actions for/ }),
    () => body.queryByRole("menu"),
  );
  const entries = within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
  await userEvent.keyboard("{Escape}");
  await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  return entries;
}

/**
 * A member reloads the page and the profile is slow: the scans show at once, but Run scan is never
 * offered and Abort scan never listed, neither before the profile says the role nor after; then the
 * reason shows beside the disabled button.
 */
export const MemberWhileProfileLoads: Story = {
  args: { role: "CLIENT" },
  // Once the profile is in, the page is MemberCannotRun's picture.
  parameters: { visual: false },
  beforeEach({ msw }) {
    msw.use(holdProfile());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    expect(await pendingScanActions(canvasElement)).not.toContain("Abort scan");
    // Still before the profile: the user menu, which shows the role, is not there yet.
    expect(canvas.queryByRole("button", { name: /Member/ })).not.toBeInTheDocument();
    expect(run).toBeDisabled();
    expect(canvas.getByRole("button", { name: "Import report" })).toBeDisabled();
    expect(canvas.queryByText(memberNote)).not.toBeInTheDocument();

    releaseProfile();
    await untilProfileLoads(canvas);
    const note = await canvas.findByText(memberNote, undefined, untilRouteLoads);
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    expect(canvas.getByRole("button", { name: "Run scan" })).toBeDisabled();
    expect(canvas.getByRole("button", { name: "Run scan" })).toHaveAccessibleDescription(memberNote);
    expect(await pendingScanActions(canvasElement)).not.toContain("Abort scan");
  },
};

/** The same slow profile for an admin: Run scan and Abort scan are offered once it says the role. */
export const AdminWhileProfileLoads: Story = {
  // Once the profile is in, the page is Data's picture.
  parameters: { visual: false },
  beforeEach({ msw }) {
    msw.use(holdProfile());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const run = await canvas.findByRole("button", { name: "Run scan" }, untilRouteLoads);
    expect(await pendingScanActions(canvasElement)).not.toContain("Abort scan");
    expect(canvas.queryByRole("button", { name: /Admin/ })).not.toBeInTheDocument();
    expect(run).toBeDisabled();

    releaseProfile();
    await untilProfileLoads(canvas);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
    expect(canvas.queryByText(memberNote)).not.toBeInTheDocument();
    expect(await pendingScanActions(canvasElement)).toContain("Abort scan");
  },
};

// Whether the profile call fails; ProfileRetry lets it through before pressing Retry.
let profileFails = false;
function failProfile() {
  profileFails = true;
  return http.get("*/api/v1/user/profile/", ({ request }) =>
    profileFails
      ? HttpResponse.json({ detail: "A server error occurred." }, { status: 500 })
      : getResponse(handlers, request),
  );
}

/**
 * A profile that fails to load (however often it is asked for): in place of the page, an error with
 * Retry, never the page without its controls.
 */
export const ProfileFails: Story = {
  beforeEach({ msw }) {
    msw.use(failProfile());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = within(await canvas.findByRole("main", undefined, untilRouteLoads));
    const alert = await main.findByRole("alert", undefined, untilRouteLoads);
    expect(within(alert).getByRole("heading", { name: "Your profile could not be loaded" })).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeEnabled();
    expect(canvas.queryByRole("button", { name: "Run scan" })).not.toBeInTheDocument();
  },
};

/** Retry after a failed profile loads the profile and the page, with the controls the role allows. */
export const ProfileRetry: Story = {
  // Once the profile is in, the page is Data's picture.
  parameters: { visual: false },
  beforeEach({ msw }) {
    msw.use(failProfile());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = within(await canvas.findByRole("main", undefined, untilRouteLoads));
    const alert = await main.findByRole("alert", undefined, untilRouteLoads);
    profileFails = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await main.findByRole("heading", { level: 1, name: "Scan configuration #2" }, untilRouteLoads);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Run scan" })).toBeEnabled(), untilRouteLoads);
  },
};

/** Aborts the pending scan: the alert dialog says what happens to credits, and the row says Aborted. */
export const AbortScan: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const scans = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    const pendingRow = (await within(scans).findByText("Pending", undefined, untilRouteLoads)).closest(
      '[role="row"]',
    ) as HTMLElement;
    const abortedBefore = within(scans).queryAllByText("Aborted").length;
    await userEvent.click(within(pendingRow).getByRole("button", { name: /^Actions for/ }));
    await userEvent.click(await body.findByRole("menuitem", { name: "Abort scan" }, untilRouteLoads));
    const dialog = await body.findByRole("alertdialog", { name: /^Abort the scan of / }, untilRouteLoads);
    expect(within(dialog).getByText(/targets it has not scanned yet are refunded/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Abort scan" }));
    // By name: the "Scan aborted" toast that follows is an alertdialog too.
    await waitFor(() =>
      expect(body.queryByRole("alertdialog", { name: /^Abort the scan of / })).not.toBeInTheDocument(),
    );
    // The "Scan aborted" toast (an alertdialog too) leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
    await waitFor(
      () => expect(within(scans).queryAllByText("Aborted")).toHaveLength(abortedBefore + 1),
      untilRouteLoads,
    );
    expect(within(scans).queryByText("Pending")).toBeNull();
  },
};

/**
 * Imports a Greenbone report (issue 29): the report becomes a queued scan, chosen below; a file the
 * server refuses keeps the dialog open with the server's reason at the field.
 */
export const ImportReport: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const open = await canvas.findByRole("button", { name: "Import report" }, untilRouteLoads);
    await waitFor(() => expect(open).toBeEnabled(), untilRouteLoads);
    await userEvent.click(open);
    const dialog = await body.findByRole("dialog", { name: "Import a report" }, untilRouteLoads);
    // Nothing chosen: the field says what is missing and nothing is sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    const missing = await within(dialog).findByText("Choose the report to import.", undefined, untilRouteLoads);
    // The dialog fades in (the built Storybook does not freeze motion): wait for it to show.
    await waitFor(() => expect(missing).toBeVisible(), untilRouteLoads);

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("The report's file input is missing");
    await userEvent.upload(input, new File(['<?xml version="1.0"?><report format_id="a994b278"/>'], "weekly.xml"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
    await waitFor(() => expect(body.queryByRole("dialog", { name: "Import a report" })).not.toBeInTheDocument());
    const toast = await body.findByText("Report imported: its progress shows below", undefined, untilRouteLoads);
    await userEvent.click(
      within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
    );
    const scans = canvas.getByRole("grid", { name: "Scans" });
    expect(await within(scans).findByText("Queued", undefined, untilRouteLoads)).toBeInTheDocument();
    // Nothing is counted while it is read.
    expect(canvas.queryByLabelText("Findings since the previous scan")).toBeNull();

    // Once read (static mode moves the job along with the clock), its counts show below, without a
    // reload: it found nothing, and the previous scan was another tool's, so nothing is mitigated.
    const { SEED_NOW, setMockNow } = await import("@sentinel/api-client/mocks");
    setMockNow(SEED_NOW + 30_000);
    const counts = await canvas.findByLabelText("Findings since the previous scan", undefined, untilRouteLoads);
    expect(
      within(counts)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["0", "0", "0", "0"]);
    expect(within(scans).queryByText("Queued")).toBeNull();
    setMockNow(SEED_NOW);
  },
};

/** The server refuses the file (a SARIF report): its reason shows at the field, and the file stays chosen. */
export const ImportRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", "/api/v1/networkva/scan-configuration/{id}/imports/", 400, {
        file: [
          "This is a SARIF report, which a network configuration does not take. Upload nmap XML, Greenbone/OpenVAS XML, a Nessus (.nessus) report, ssh-audit's text output or sslscan XML.",
        ],
      }),
    );
  },
  play: importRefusedPlay(
    new File(['{"version":"2.1.0","runs":[]}'], "results.xml"),
    /^This is a SARIF report, which a network configuration does not take\./,
  ),
};
