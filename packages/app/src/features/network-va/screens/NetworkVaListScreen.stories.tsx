import { mockError, SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const api = "/api/v1/networkva/scan-configuration/";
const table = "Network scan configurations";
const staff = companyFilterStories({
  api,
  table,
  route: "/network-va",
  rowHref: { plain: /^\/network-va\/\d+$/, twin: (id) => new RegExp(`^/network-va/\\d+/company/${id}$`) },
});
const states = listStateStories({
  api,
  table,
  noun: "the scan configurations",
  empty: "No network scan configurations yet.",
});

const meta = {
  title: "Screens/Network/List",
  component: StoryApp,
  args: { path: "/network-va", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  // A new configuration's first scan is tomorrow by the seed's clock, so it is the same day in every run.
  render: (args) => (
    <NowProvider now={SEED_NOW}>
      <StoryApp {...args} />
    </NowProvider>
  ),
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Network" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    const rows = await loadedRows(grid);
    // A page of ten configurations, numbered from 1.
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getByText("1.")).toBeInTheDocument();
    expect(within(rows[9] as HTMLElement).getByText("10.")).toBeInTheDocument();
    // Schedule types read as the spec's labels, never the raw double-L enum.
    expect(within(grid).queryByText(/SCHEDULLE|ONE_TIME_SCAN/)).not.toBeInTheDocument();
    expect(within(grid).getAllByText(/Singular Scan|Specified Scan|Continuous Scan/).length).toBeGreaterThan(0);
    expectNoCompanyFilter(canvasElement, grid);
  },
};

/**
 * Staff see whose each configuration is and narrow the list to one company. Across companies rows
 * open the plain route; narrowed, the company's twin.
 */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };

/** Opens the new-configuration dialog and waits for its targets to load. */
async function openNewConfiguration(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const button = await canvas.findByRole("button", { name: "New configuration" }, untilRouteLoads);
  // Offered once the profile has said the role (disabled until then).
  await waitFor(() => expect(button).toBeEnabled(), untilRouteLoads);
  await userEvent.click(button);
  const dialog = await body.findByRole("dialog", { name: "New scan configuration" }, untilRouteLoads);
  const targets = await within(dialog).findByRole("group", { name: "Targets" }, untilRouteLoads);
  const boxes = await within(targets).findAllByRole("checkbox", undefined, untilRouteLoads);
  return { dialog, boxes };
}

/**
 * An admin makes a configuration of an asset: its first scan is booked for tomorrow at 09:00, and
 * the new configuration's page opens with that scan pending.
 */
export const NewConfiguration: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const { dialog, boxes } = await openNewConfiguration(canvasElement);
    // Nothing chosen: the form says what is missing, and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    expect(await within(dialog).findByText("Choose at least one target.")).toBeInTheDocument();
    await userEvent.click(boxes[0] as HTMLElement);
    expect(within(dialog).getByRole("radio", { name: /Singular Scan/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    await waitFor(
      () => expect(body.queryByRole("dialog", { name: "New scan configuration" })).not.toBeInTheDocument(),
      untilRouteLoads,
    );
    const scans = await canvas.findByRole("grid", { name: "Scans" }, untilRouteLoads);
    expect(await within(scans).findByText("Pending", undefined, untilRouteLoads)).toBeInTheDocument();
    // The toast leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
  },
};

/** A refusal (here, a private range this server may not scan) stays in the dialog, with the choices kept. */
export const NewConfigurationRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", api, 400, {
        assets: ["10.20.0.0/29 is a private address, which this server is not configured to scan."],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { dialog, boxes } = await openNewConfiguration(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    const targets = within(dialog).getByRole("group", { name: "Targets" });
    expect(
      await within(targets).findByText(
        "10.20.0.0/29 is a private address, which this server is not configured to scan.",
        undefined,
        untilRouteLoads,
      ),
    ).toBeInTheDocument();
    expect(boxes[0]).toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Create configuration" })).toBeEnabled();
  },
};

/** A member reads the configurations but cannot make one, and is told whom to ask. */
export const MemberCannotCreate: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The button draws before the session says who is signed in: wait for the member's note.
    const note = await canvas.findByText(
      "Only your company's admins can run or abort scans. Ask an admin to run one.",
      undefined,
      untilRouteLoads,
    );
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    const button = canvas.getByRole("button", { name: "New configuration" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "Only your company's admins can run or abort scans. Ask an admin to run one.",
    );
  },
};
