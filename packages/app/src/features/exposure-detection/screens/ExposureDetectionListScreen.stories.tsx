import { mockError, SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { chooseSelectOption, untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const api = "/api/v1/exposure-detection/scan-configuration/";
const table = "Exposure detection configurations";
const staff = companyFilterStories({ api, table, route: "/exposure-detection" });
const states = listStateStories({
  api,
  table,
  noun: "the configurations",
  empty: "No exposure detection configurations yet.",
});

const meta = {
  title: "Screens/Exposure Detection/List",
  component: StoryApp,
  args: { path: "/exposure-detection", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
  // Whether a scheduled scan is overdue depends on the time: the data's own "now" keeps it stable.
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
    await canvas.findByRole("heading", { level: 1, name: "Exposure Detection" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    expect(await within(grid).findByText("1.", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(within(grid).getAllByRole("row")).toHaveLength(11);
    // Each configuration opens from its target's name, a real link to the target overview.
    await expectRowHeaderLinks(grid, /^\/exposure-detection\/\d+\/target-overview\/\d+$/);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
    // One column names the target; its domain is the same text, so no second column repeats it.
    expect(within(grid).queryByRole("columnheader", { name: "Domain" })).toBeNull();
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = states.ErrorState;

const dialogName = "New exposure detection configuration";

/** Opens the new-configuration dialog (its code loads on this first press) and waits for its domains. */
async function openNewConfiguration(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const button = await canvas.findByRole("button", { name: "New configuration" }, untilRouteLoads);
  // Offered once the profile has said the role (disabled until then).
  await waitFor(() => expect(button).toBeEnabled(), untilRouteLoads);
  await userEvent.click(button);
  const dialog = await body.findByRole("dialog", { name: dialogName }, untilRouteLoads);
  const domains = await within(dialog).findByRole("group", { name: "Domains" }, untilRouteLoads);
  const boxes = await within(domains).findAllByRole("checkbox", undefined, untilRouteLoads);
  return { dialog, boxes };
}

/**
 * An admin configures a domain that has no configuration yet, as a continuous weekly scan: the
 * dialog closes and the list shows it first, its first scan due tomorrow at 09:00.
 */
export const NewConfiguration: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const { dialog, boxes } = await openNewConfiguration(canvasElement);
    // Nothing chosen: the form says what is missing, and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    expect(await within(dialog).findByText("Choose at least one domain.")).toBeInTheDocument();
    const first = boxes[0] as HTMLElement;
    const domain = (first.closest("label")?.textContent ?? "").split(" · ")[0] ?? "";
    expect(domain).toMatch(/\.[a-z]+$/);
    await userEvent.click(first);
    await userEvent.click(within(dialog).getByRole("radio", { name: /Continuous Scan/ }));
    // A continuous scan needs its frequency before anything is sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    expect(await within(dialog).findByText("Choose how often the continuous scan runs.")).toBeInTheDocument();
    await chooseSelectOption(dialog, /Frequency/, "Weekly");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    await waitFor(
      () => expect(body.queryByRole("dialog", { name: dialogName })).not.toBeInTheDocument(),
      untilRouteLoads,
    );
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    await waitFor(() => {
      const firstRow = within(grid).getAllByRole("row")[1] as HTMLElement;
      expect(within(firstRow).getByRole("link", { name: domain })).toBeInTheDocument();
      expect(within(firstRow).getByText("Never")).toBeInTheDocument();
    }, untilRouteLoads);
    // The toast leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
  },
};

/** A refusal (here, a loopback name this server may not scan) stays in the dialog, with the choices kept. */
export const NewConfigurationRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", api, 400, {
        assets: ["dev.localhost is a loopback address, which this server is not configured to scan."],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { dialog, boxes } = await openNewConfiguration(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Create configuration" }));
    const domains = within(dialog).getByRole("group", { name: "Domains" });
    expect(
      await within(domains).findByText(
        "dev.localhost is a loopback address, which this server is not configured to scan.",
        undefined,
        untilRouteLoads,
      ),
    ).toBeInTheDocument();
    expect(boxes[0]).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Singular Scan/ })).toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Create configuration" })).toBeEnabled();
  },
};

/** A member reads the configurations but cannot make one, and is told whom to ask. */
export const MemberCannotCreate: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const words = "Only your company's admins can add scan targets. Ask an admin to do it.";
    // The button draws before the session says who is signed in: wait for the member's note.
    const note = await canvas.findByText(words, undefined, untilRouteLoads);
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    const button = canvas.getByRole("button", { name: "New configuration" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(words);
  },
};
