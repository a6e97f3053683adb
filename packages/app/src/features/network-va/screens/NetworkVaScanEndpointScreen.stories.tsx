import { db, HOSTILE, mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { findingNameIn, loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { expectSiblingCrumb } from "../../../testing/siblingCrumbPlay.ts";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const endpointPath = "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/";
// The endpoint's findings come from the findings index, filtered to this scan endpoint.
const findingsPath = "/api/v1/findings/";
const findingPath =
  "/api/v1/networkva/scan-configuration/{id}/scans/{scanId}/scan-endpoints/{endpointId}/findings/{findingId}/";
const base = "/network-va/1/scan/1/scan-endpoint/1";

const meta = {
  title: "Screens/Network/ScanEndpoint",
  component: StoryApp,
  args: { path: base, role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "By severity" }, untilRouteLoads);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const rows = await loadedRows(findings);
    expect(rows.length).toBeGreaterThan(0);
    // One host's findings: its ports, protocols and CVEs, not the index's area and host columns.
    const headers = within(findings)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(["Port", "Protocol", "CVE"]));
    expect(headers).not.toContain("Area");
    // Each row can be selected for a bulk change.
    expect(within(rows[0] as HTMLElement).getByRole("checkbox")).toBeInTheDocument();
    await canvas.findByRole("grid", { name: "Services" }, untilRouteLoads);
    expect(canvas.getByRole("searchbox", { name: "Search findings" })).toBeInTheDocument();
  },
};

/**
 * An endpoint of a scan whose configuration (of the admin's company) has other scans, read from
 * the seed so the story follows it when the sample data changes.
 */
function endpointWithSiblingScans() {
  const data = db.get();
  const company = data.users.find((u) => u.email === "admin@example.com")?.company_id;
  for (const config of data.networkConfigs.filter((c) => c.company_id === company)) {
    const scans = data.networkScans.filter((s) => s.config_id === config.id);
    const endpoint = data.scanEndpoints.find((e) => scans.some((s) => s.id === e.scan_id));
    if (scans.length > 1 && endpoint) return { config: config.id, scan: endpoint.scan_id, endpoint: endpoint.id };
  }
  throw new Error("The seed has no network configuration with several scans");
}
const sibling = endpointWithSiblingScans();

/** The scan's crumb is a dropdown of the configuration's other scans, each a real link to it. */
export const SiblingScans: Story = {
  args: { path: `/network-va/${sibling.config}/scan/${sibling.scan}/scan-endpoint/${sibling.endpoint}` },
  // Interaction-only: the open menu is a Data look-alike with a popover over it.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await expectSiblingCrumb(
      canvasElement,
      `Scan #${sibling.scan}`,
      new RegExp(`^/network-va/${sibling.config}\\?scan=\\d+$`),
    );
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", endpointPath), mockLoading("get", findingsPath));
  },
  play: async ({ canvasElement }) => {
    const findings = await within(canvasElement).findByRole("grid", { name: "Findings" }, untilRouteLoads);
    expect(findings).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(findingsPath));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { name: "No findings on this endpoint." }, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", endpointPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load this endpoint/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Opening a row with the keyboard, Esc closing the drawer, and focus back on that row. */
export const DrawerKeyboard: Story = {
  args: { path: `${base}?status=ACTIVE` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    const row = (await loadedRows(findings))[0] as HTMLElement;
    row.focus();
    await userEvent.keyboard("{Enter}");
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    await within(drawer).findByRole("heading", { name: "Status history" }, untilRouteLoads);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(row).toHaveFocus());
  },
};

/** ACTIVE → FIXING in one step: the badge and the timeline change at once and stay after the save. */
export const ChangeStatus: Story = {
  args: { path: `${base}?status=ACTIVE` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await userEvent.click(findingNameIn((await loadedRows(findings))[0] as HTMLElement));
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    const history = await within(drawer).findByRole("list", { name: "Status history" }, untilRouteLoads);
    const before = within(history).getAllByRole("listitem").length;
    expect(within(history).getByText("Finished scan by system")).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole("button", { name: /New status/ }));
    await userEvent.click(await body.findByRole("option", { name: "Fixing" }, untilRouteLoads));
    await userEvent.type(within(drawer).getByRole("textbox", { name: /Reason/ }), "Update to fixing");
    await userEvent.click(within(drawer).getByRole("button", { name: "Change status" }));

    await within(drawer).findByText("Status changed to Fixing.", undefined, untilRouteLoads);
    const items = within(history).getAllByRole("listitem");
    expect(items).toHaveLength(before + 1);
    // Newest first: the new entry names the user and the message.
    expect(within(items[0] as HTMLElement).getByText("Update to fixing")).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByText("Saving…")).not.toBeInTheDocument();
  },
};

/** The PATCH fails: the status and the timeline roll back, the error is shown, the message is kept. */
export const ChangeStatusFails: Story = {
  args: { path: `${base}?status=ACTIVE` },
  beforeEach({ msw }) {
    msw.use(mockError("patch", findingPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const findings = await canvas.findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await userEvent.click(findingNameIn((await loadedRows(findings))[0] as HTMLElement));
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    const history = await within(drawer).findByRole("list", { name: "Status history" }, untilRouteLoads);
    const before = within(history).getAllByRole("listitem").length;

    await userEvent.click(within(drawer).getByRole("button", { name: /New status/ }));
    await userEvent.click(await body.findByRole("option", { name: /^Mitigated/ }, untilRouteLoads));
    const message = within(drawer).getByRole("textbox", { name: /Reason/ });
    await userEvent.type(message, "Patched in 9.6p1");
    await userEvent.click(within(drawer).getByRole("button", { name: "Change status" }));

    expect(await within(drawer).findByRole("alert", undefined, untilRouteLoads)).toHaveTextContent(
      "A server error occurred.",
    );
    expect(within(history).getAllByRole("listitem")).toHaveLength(before);
    expect(message).toHaveValue("Patched in 9.6p1");
    // The list row still says Active.
    expect(within(findings).getAllByText("Active").length).toBeGreaterThan(0);
  },
};

/**
 * The hostile dataset: every text of finding 6 carries a script payload and its references end in a
 * `javascript:` one; the drawer (opened from the URL) shows them all as inert text.
 */
export const HostileFinding: Story = {
  args: { path: `${base}?finding=6` },
  parameters: { dataset: "hostile" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const drawer = await body.findByRole("dialog", undefined, untilRouteLoads);
    const references = await within(drawer).findByRole("heading", { name: "References" }, untilRouteLoads);
    const section = references.closest("section") as HTMLElement;
    expect(within(section).getByText(HOSTILE.jsUrl).closest("a")).toBeNull();
    for (const link of within(section).queryAllByRole("link"))
      expect(link.getAttribute("href") ?? "").toMatch(/^https?:/);
    expect(drawer.querySelector("svg[onload], script, img[onerror]")).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  },
};
