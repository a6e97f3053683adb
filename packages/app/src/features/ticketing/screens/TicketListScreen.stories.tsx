import { mockError, SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { columnTexts, expectNoCompanyFilter, pickCompany, recordRequests } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { signInWithForm, untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const path = "/api/v1/ticket/";
const requests = recordRequests(path);
const staff = companyFilterStories({ api: path, table: "Tickets", route: "/ticketing" });
const states = listStateStories({
  api: path,
  table: "Tickets",
  noun: "the tickets",
  empty: "No tickets yet. Open one when you need help.",
});

const meta = {
  title: "Screens/Ticketing/TicketList",
  component: StoryApp,
  args: { path: "/ticketing", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
  // Countdowns read a pinned "now" (the seed's), so "Due in …" and "… overdue" never drift.
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
    await canvas.findByRole("heading", { level: 1, name: "Ticket" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await within(table).findByText("1.", {}, untilRouteLoads);
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(11);
    expect(within(rows[1] as HTMLElement).getByText("1.")).toBeInTheDocument();
    for (const header of ["Ticket ID", "Subject", "Category", "Status", "Requestor", "Created", "First response due"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    // A ticket's ID is a real link to the ticket.
    await expectRowHeaderLinks(table, /^\/ticketing\/\d+$/);
    // Waiting tickets past their first-response time are marked overdue.
    expect(within(table).getAllByText(/overdue$/).length).toBeGreaterThan(0);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, table);
  },
};

/** Filtering by status keeps the choice in the URL and narrows the rows. */
export const FilterByStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await within(table).findAllByText("1.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: /Status/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("option", { name: "Unread" }, untilRouteLoads));
    await waitFor(() => {
      const statuses = within(table).getAllByText(/^(Unread|Processing|Closed)$/);
      expect(statuses.every((s) => s.textContent === "Unread")).toBe(true);
    });
  },
};

/** A top-up credit request from the New ticket dialog opens the new ticket with its invoice. */
export const CreateTopupRequest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "New ticket" }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", {}, untilRouteLoads));
    await userEvent.click(dialog.getByRole("radio", { name: "Top-up credit request" }));
    expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveValue("Top-up credit request");
    await userEvent.type(dialog.getByRole("textbox", { name: /Credits requested/ }), "300");
    await userEvent.type(dialog.getByRole("textbox", { name: /Description/ }), "Credits for the Q1 network scans.");
    await userEvent.click(dialog.getByRole("button", { name: "Send top-up request" }));
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    expect(await canvas.findByText(/^INV-/, {}, untilRouteLoads)).toBeInTheDocument();
  },
};

/**
 * The session expires while a new ticket is written: creating it meets a 401 and the forced sign-in.
 * Back on the ticket list after signing in, the dialog opens again with what was written.
 */
export const NewTicketKeptAcrossSignIn: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/ticket/", 401));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "New ticket" }));
    let dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    await userEvent.type(dialog.getByRole("textbox", { name: /Subject/ }), "Scheduled scan did not start");
    await userEvent.click(dialog.getByRole("button", { name: /Category/ }));
    await userEvent.click(await body.findByRole("option", { name: "Bug" }, untilRouteLoads));
    await userEvent.type(dialog.getByRole("textbox", { name: /Description/ }), "The 02:00 scan stayed queued.");
    await userEvent.click(dialog.getByRole("button", { name: "Create ticket" }));

    await signInWithForm(canvasElement, "admin@example.com");
    dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    await waitFor(
      () => expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveValue("Scheduled scan did not start"),
      untilRouteLoads,
    );
    expect(dialog.getByRole("textbox", { name: /Description/ })).toHaveValue("The 02:00 scan stayed queued.");
    expect(dialog.getByRole("button", { name: /Category/ })).toHaveTextContent("Bug");
    expect(dialog.getByText("Your unsent ticket was restored.")).toHaveAttribute("role", "status");
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
/**
 * A page that reports a problem (a failed scan) links here with the form filled in; the user reads it
 * and sends it.
 */
export const NewTicketFromLink: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  // The dialog's look is the other New ticket stories'; this one checks what the link fills in.
  parameters: { visual: false },
  args: {
    path: "/ticketing?new=1&subject=Scan+%2339+failed&category=BUG&description=It+stopped.",
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    expect(dialog.getByRole("textbox", { name: /Subject/ })).toHaveValue("Scan #39 failed");
    expect(dialog.getByRole("button", { name: /Category/ })).toHaveTextContent("Bug");
    expect(dialog.getByRole("textbox", { name: /Description/ })).toHaveValue("It stopped.");
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
  },
};

export const StaffCompanyFilter: Story = {
  args: { role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    const company = await pickCompany(canvasElement, table, requests.urls);
    // The Company column names each row's company, so the Requestor cell names the person only.
    const requestors = await columnTexts(table, "Requestor");
    expect(requestors.length).toBeGreaterThan(0);
    for (const requestor of requestors) expect(requestor).not.toContain(company);
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };
