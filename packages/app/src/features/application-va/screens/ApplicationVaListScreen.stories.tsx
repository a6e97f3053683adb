import { mockError, SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const api = "/api/v1/webapp/applications/";
const table = "Web applications";
const staff = companyFilterStories({
  api,
  table,
  route: "/application-va",
  rowHref: { plain: /^\/application-va\/\d+$/, twin: (id) => new RegExp(`^/application-va/\\d+/company/${id}$`) },
  filterRole: "ANALYST",
  linkRole: "SUPER_ADMIN",
});
const states = listStateStories({ api, table, noun: "the applications", empty: "No applications yet." });

const meta = {
  title: "Screens/Application/List",
  component: StoryApp,
  args: { path: "/application-va", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  // A new application's first scan is tomorrow by the seed's clock, so it is the same day in every run.
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
    await canvas.findByRole("heading", { level: 1, name: "Application" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    expect((await loadedRows(grid)).length).toBeGreaterThan(0);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
  },
};

/** Staff narrow the list to one company: the request carries `company` and rows open the company's twin. */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };

async function openNewApplication(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const button = await canvas.findByRole("button", { name: "New web application" }, untilRouteLoads);
  // Offered once the profile has said the role (disabled until then).
  await waitFor(() => expect(button).toBeEnabled(), untilRouteLoads);
  await userEvent.click(button);
  const dialog = await body.findByRole("dialog", { name: "New web application" }, untilRouteLoads);
  const choices = await within(dialog).findByRole("group", { name: "Applications" }, untilRouteLoads);
  const boxes = await within(choices).findAllByRole("checkbox", undefined, untilRouteLoads);
  return { dialog, boxes };
}

/**
 * An admin adds an asset's application: the dialog closes and the list shows it first, pending its
 * first scan (booked for tomorrow at 09:00).
 */
export const NewApplication: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const { dialog, boxes } = await openNewApplication(canvasElement);
    // Nothing chosen: the form says what is missing, and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to scans" }));
    expect(await within(dialog).findByText("Choose at least one application.")).toBeInTheDocument();
    const box = boxes[0] as HTMLElement;
    // The checkbox reads "name · URL · product".
    const [name = "", url = ""] = (box.closest("label")?.textContent ?? "").split(" · ");
    expect(name).not.toBe("");
    await userEvent.click(box);
    expect(within(dialog).getByRole("radio", { name: /Singular Scan/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to scans" }));
    await waitFor(
      () => expect(body.queryByRole("dialog", { name: "New web application" })).not.toBeInTheDocument(),
      untilRouteLoads,
    );
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    const [first] = await loadedRows(grid);
    await waitFor(
      () => expect(within(first as HTMLElement).getByRole("rowheader")).toHaveTextContent(name),
      untilRouteLoads,
    );
    expect(first).toHaveTextContent(url);
    expect(within(first as HTMLElement).getByText("Pending")).toBeInTheDocument();
    // The toast leaves after its 5 s; the screenshot waits for it.
    await waitFor(() => expect(body.queryAllByRole("alertdialog")).toHaveLength(0), untilRouteLoads);
  },
};

/** A refusal (here, a private address this server may not scan) stays in the dialog, with the choices kept. */
export const NewApplicationRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("post", api, 400, {
        assets: ["10.20.0.7 is a private address, which this server is not configured to scan."],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { dialog, boxes } = await openNewApplication(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole("radio", { name: /Continuous Scan/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to scans" }));
    // A continuous scan needs a frequency: the form asks before sending.
    expect(await within(dialog).findByText("Choose how often the continuous scan runs.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("radio", { name: /Singular Scan/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to scans" }));
    const choices = within(dialog).getByRole("group", { name: "Applications" });
    expect(
      await within(choices).findByText(
        "10.20.0.7 is a private address, which this server is not configured to scan.",
        undefined,
        untilRouteLoads,
      ),
    ).toBeInTheDocument();
    expect(boxes[0]).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Singular Scan/ })).toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Add to scans" })).toBeEnabled();
  },
};

const REFUSAL = "Only a company's admins and super admins can add scan targets. Ask an admin to do it.";

/** A member reads the applications but cannot add one, and is told whom to ask. */
export const MemberCannotCreate: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The button draws before the session says who is signed in: wait for the member's note.
    const note = await canvas.findByText(REFUSAL, undefined, untilRouteLoads);
    await waitFor(() => expect(note).toBeVisible(), untilRouteLoads);
    const button = canvas.getByRole("button", { name: "New web application" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(REFUSAL);
  },
};
