import type { Ticket } from "@sentinel/api-client";
import { mockError, mockLoading, mockLostAnswer, SEED_NOW, setMockNow } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, spyOn, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { signInWithForm, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const ticketPath = "/api/v1/ticket/{id}/";

const meta = {
  title: "Screens/Ticketing/TicketDetail",
  component: StoryApp,
  // Ticket 1: the demo admin's top-up request, answered by staff.
  args: { path: "/ticketing/1", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
  render: (args) => (
    <NowProvider now={SEED_NOW}>
      <StoryApp {...args} />
    </NowProvider>
  ),
  // The ticket's lifetime is computed by static mode from its clock; pin it for stable screenshots.
  beforeEach() {
    setMockNow(SEED_NOW);
    return () => setMockNow(null);
  },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    // The h1 is the ticket's subject; the ticket id, which a user quotes to support, is the line under it.
    await expect(heading.nextElementSibling).toHaveTextContent(/^TCK-\d{4}-\d{4} · opened by /);
    const thread = await canvas.findByRole("list", { name: "Conversation" }, untilRouteLoads);
    // The user's own messages are marked "You"; staff replies are not.
    expect(within(thread).getAllByText("You").length).toBeGreaterThan(0);
    expect(within(thread).getAllByText("Staff").length).toBeGreaterThan(0);
    const details = canvas.getByRole("complementary", { name: "Ticket details" });
    for (const term of ["Category", "Status", "Company", "Lifetime", "First response due", "Closed"]) {
      expect(within(details).getByText(term)).toBeInTheDocument();
    }
    expect(within(details).getByText("Credits requested")).toBeInTheDocument();
    expect(within(details).getByText("Invoice")).toBeInTheDocument();
  },
};

/**
 * The hostile dataset: markup in every message stays text, and a RIGHT-TO-LEFT OVERRIDE in a file
 * name is shown, not obeyed: the .exe does not pass for a .pdf.
 */
export const HostileThread: Story = {
  parameters: { dataset: "hostile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: /^Top-up credit request/ }, untilRouteLoads);
    const thread = await canvas.findByRole("list", { name: "Conversation" }, untilRouteLoads);
    const spoofed = within(thread).getByRole("link", { name: /^invoice/ });
    expect(spoofed).toHaveTextContent("invoiceU+202Efdp.exe");
    expect(spoofed).toHaveAttribute("download", "invoicefdp.exe");
    expect(canvasElement.querySelector('main a[href^="javascript:"], main script, main img[onerror]')).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  },
};

const downloads: URL[] = [];

/**
 * An attachment downloads in place: the file comes through the API's download operation (which static
 * mode answers, and a followed link in a new tab never reached) and is saved under its own name.
 */
export const DownloadAttachment: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  // The page is Data's picture; this story checks what a click on an attachment does.
  parameters: { visual: false },
  beforeEach({ msw }) {
    downloads.length = 0;
    msw.use(
      http.get("*/api/v1/ticket/attachments/:id/download/", ({ request }) => {
        downloads.push(new URL(request.url));
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thread = await canvas.findByRole("list", { name: "Conversation" }, untilRouteLoads);
    const link = within(thread).getAllByRole("link")[0] as HTMLAnchorElement;
    expect(link).not.toHaveAttribute("target");
    const saved = spyOn(URL, "createObjectURL");
    try {
      await userEvent.click(link);
      await waitFor(() => expect(saved).toHaveBeenCalledTimes(1), untilRouteLoads);
      const blob = saved.mock.calls[0]?.[0];
      expect(blob).toBeInstanceOf(Blob);
      expect((blob as Blob).size).toBeGreaterThan(0);
    } finally {
      saved.mockRestore();
    }
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.origin).toBe(window.location.origin);
    expect(downloads[0]?.pathname).toMatch(/^\/api\/v1\/ticket\/attachments\/\d+\/download\/$/);
  },
};

/** A reply is posted and appears in the thread; the composer empties. */
export const PostMessage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads);
    await userEvent.type(reply, "Transferred the payment just now.");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    const thread = canvas.getByRole("list", { name: "Conversation" });
    expect(
      await within(thread).findByText("Transferred the payment just now.", {}, untilRouteLoads),
    ).toBeInTheDocument();
    await waitFor(() => expect(reply).toHaveValue(""));
  },
};

/** A failed send explains itself and keeps the draft, so nothing typed is lost. */
export const PostMessageFailure: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/ticket/{id}/messages/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads);
    await userEvent.type(reply, "Please check invoice INV-UXX3V2QY.");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    const alert = await canvas.findByText(/Your message wasn't sent: A server error occurred/, {}, untilRouteLoads);
    expect(alert).toHaveAttribute("role", "alert");
    expect(reply).toHaveValue("Please check invoice INV-UXX3V2QY.");
    // The alert comes from the form's own state; the button leaves its pending state on the
    // mutation's notification, which may render a moment later.
    await waitFor(() => expect(canvas.getByRole("button", { name: "Send" })).toBeEnabled());
  },
};

/**
 * The server stores the reply but its answer is lost (the connection drops). Sending the same draft
 * again reuses its Idempotency-Key, so the thread shows the reply once, not twice.
 */
export const PostMessageAnswerLost: Story = {
  beforeEach({ msw }) {
    msw.use(mockLostAnswer("post", "/api/v1/ticket/{id}/messages/"));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads);
    await userEvent.type(reply, "Sent once, answered twice.");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await canvas.findByText(/Your message wasn't sent: The server could not be reached/, {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply).toHaveValue(""), untilRouteLoads);
    const thread = canvas.getByRole("list", { name: "Conversation" });
    await within(thread).findByText("Sent once, answered twice.", {}, untilRouteLoads);
    expect(within(thread).getAllByText("Sent once, answered twice.")).toHaveLength(1);
  },
};

/** The server refuses an attachment: its message shows at the Attachments field, and the draft stays. */
export const PostMessageEmptyAttachment: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads);
    await userEvent.type(reply, "The export, attached.");
    const input = canvasElement.querySelector<HTMLInputElement>(
      'form[aria-label="Reply to this ticket"] input[type="file"]',
    );
    if (!input) throw new Error("The reply's file input is missing");
    await userEvent.upload(input, new File([], "export.csv", { type: "text/csv" }));
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    const attachments = canvas.getByRole("group", { name: "Attachments" });
    expect(
      await within(attachments).findByText("The submitted file is empty.", {}, untilRouteLoads),
    ).toBeInTheDocument();
    const form = canvas.getByRole("form", { name: "Reply to this ticket" });
    expect(form).not.toHaveTextContent(/Request failed/);
    expect(reply).toHaveValue("The export, attached.");
  },
};

/**
 * The session expires while a reply is written: sending it meets a 401 and the forced sign-in. After
 * signing in again the reply is back in the box, and the page says so.
 */
export const ReplyKeptAcrossSignIn: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/ticket/{id}/messages/", 401));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reply = await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads);
    await userEvent.type(reply, "Half-written, then the session expired.");
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await signInWithForm(canvasElement, "admin@example.com");
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    await waitFor(
      () =>
        expect(canvas.getByRole("textbox", { name: /Reply/ })).toHaveValue("Half-written, then the session expired."),
      untilRouteLoads,
    );
    expect(canvas.getByText("Your unsent reply was restored.")).toHaveAttribute("role", "status");
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", ticketPath));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Ticket #1" }, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", ticketPath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load this ticket.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Another company's ticket (or a wrong id) is a clear not-found, never a blank page. */
export const NotFound: Story = {
  args: { path: "/ticketing/99999" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Ticket not found" }, untilRouteLoads);
  },
};

const iso = (offsetMinutes: number) => new Date(SEED_NOW + offsetMinutes * 60_000).toISOString();

/** A fresh ticket nobody has answered yet; one attachment URL is hostile and must stay text. */
const unanswered: Ticket = {
  id: 500,
  ticket_id: "TCK-2026-0500",
  requestor: { id: 5, email: "admin@example.com", fullname: "Demo Admin" },
  name: "Scan stuck at 40%",
  status: "UNREAD",
  category: "BUG",
  category_display: "Bug",
  closed_at: null,
  attachments: [
    { id: 1, file: "https://files.example.com/tickets/TCK-2026-0500/scan-log.txt" },
    { id: 2, file: "javascript:alert(document.domain)" },
  ],
  messages: [],
  created_at: iso(-18),
  topup_amount: null,
  company: { id: 1, name: "Northwind Logistics" },
  description: "The network scan started this morning has not moved for an hour.",
  invoice_code: null,
  topup_price: null,
  lifetime: "00:18:00",
  first_response_due: iso(42),
  assignee: null,
  rating: null,
  rating_comment: null,
};

/** No replies yet: only the opening request, with a live first-response countdown. */
export const Empty: Story = {
  args: { path: "/ticketing/500" },
  beforeEach({ msw }) {
    msw.use(http.get("/api/v1/ticket/:id/", () => HttpResponse.json(unanswered)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole("heading", { level: 1, name: "Scan stuck at 40%" }, untilRouteLoads);
    await expect(heading.nextElementSibling).toHaveTextContent("TCK-2026-0500 · opened by Demo Admin");
    const details = canvas.getByRole("complementary", { name: "Ticket details" });
    expect(within(details).getByText("Due in 42 min")).toBeInTheDocument();
    expect(canvas.getByRole("link", { name: "scan-log.txt" })).toHaveAttribute(
      "href",
      "https://files.example.com/tickets/TCK-2026-0500/scan-log.txt",
    );
    // The javascript: URL is shown as text, never as a link.
    expect(canvas.getByText(/link unavailable/)).toBeInTheDocument();
    expect(canvas.queryByRole("link", { name: /alert/ })).not.toBeInTheDocument();
  },
};

/**
 * A client closes their ticket and rates how it was handled. The page then offers Reopen instead of
 * Close, the reply box gives way to the rating, and the details show the rating given.
 */
export const ClientClosesAndRates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    // A client may not mark a ticket as processing: the screen does not offer it.
    expect(canvas.queryByRole("button", { name: /processing/i })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Close ticket" }));
    await canvas.findByRole("button", { name: "Reopen ticket" }, untilRouteLoads);
    expect(canvas.queryByRole("textbox", { name: /Reply/ })).not.toBeInTheDocument();
    const form = canvas.getByRole("form", { name: /How did we handle this ticket/ });
    await userEvent.click(within(form).getByRole("button", { name: "Send rating" }));
    // Nothing chosen: said at the field, nothing sent.
    expect(await within(form).findByText("Choose a rating from 1 to 5.")).toBeInTheDocument();
    await userEvent.click(within(form).getByRole("radio", { name: "4 – Very good" }));
    await userEvent.type(within(form).getByRole("textbox", { name: /Comment/ }), "Credits arrived the same day.");
    await userEvent.click(within(form).getByRole("button", { name: "Send rating" }));
    expect(await canvas.findByText("Thank you: your rating is saved.", {}, untilRouteLoads)).toHaveAttribute(
      "role",
      "status",
    );
    const details = canvas.getByRole("complementary", { name: "Ticket details" });
    expect(within(details).getByText("4 / 5")).toBeInTheDocument();
    expect(within(details).getByText("Credits arrived the same day.")).toBeInTheDocument();
    expect(within(details).getByText("Assigned to")).toBeInTheDocument();
  },
};

/** Reopening a closed ticket brings the reply box back and clears the rating its closure got. */
export const ClientReopens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Close ticket" }));
    await userEvent.click(await canvas.findByRole("button", { name: "Reopen ticket" }, untilRouteLoads));
    expect(await canvas.findByRole("textbox", { name: /Reply/ }, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: "Close ticket" })).toBeInTheDocument();
    const details = canvas.getByRole("complementary", { name: "Ticket details" });
    expect(within(details).getByText("Not closed")).toBeInTheDocument();
    expect(within(details).queryByText("Rating")).not.toBeInTheDocument();
  },
};

/** A refused or failed status change says why, and the ticket stays as it was. */
export const StatusChangeFailure: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/ticket/{id}/status/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Close ticket" }));
    const alert = await canvas.findByText(/^The status wasn't changed: A server error occurred/, {}, untilRouteLoads);
    expect(alert).toHaveAttribute("role", "alert");
    expect(canvas.getByRole("textbox", { name: /Reply/ })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole("button", { name: "Close ticket" })).toBeEnabled());
  },
};

/** A failed rating keeps the choice and the comment, so the client can send them again. */
export const RatingFailure: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/ticket/{id}/rating/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Close ticket" }));
    const form = await canvas.findByRole("form", { name: /How did we handle this ticket/ }, untilRouteLoads);
    await userEvent.click(within(form).getByRole("radio", { name: "2 – Fair" }));
    await userEvent.type(within(form).getByRole("textbox", { name: /Comment/ }), "Took two days.");
    await userEvent.click(within(form).getByRole("button", { name: "Send rating" }));
    expect(
      await within(form).findByText(/^Your rating wasn't saved: A server error occurred/, {}, untilRouteLoads),
    ).toHaveAttribute("role", "alert");
    expect(within(form).getByRole("radio", { name: "2 – Fair" })).toBeChecked();
    expect(within(form).getByRole("textbox", { name: /Comment/ })).toHaveValue("Took two days.");
  },
};

/**
 * Staff assign the ticket to an analyst and close it. They are offered "Mark as processing" or
 * "Close ticket", never a rating (that is the client's).
 */
export const StaffAssignsAndCloses: Story = {
  args: { role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("heading", { level: 1, name: "Top-up credit request" }, untilRouteLoads);
    // The details panel draws after the heading (its staff list loads on its own): found, not got.
    const handling = await canvas.findByRole("complementary", { name: "Ticket details" }, untilRouteLoads);
    const assignee = await within(handling).findByRole("button", { name: /Assigned to/ }, untilRouteLoads);
    await waitFor(() => expect(assignee).toBeEnabled(), untilRouteLoads);
    await userEvent.click(assignee);
    // The demo ticket is Rizky Pratama's (the analyst who answered it); it is handed to Maya Lestari.
    await expect(assignee).toHaveTextContent("Rizky Pratama");
    await userEvent.click(await body.findByRole("option", { name: "Maya Lestari" }));
    // Read again: the select is drawn anew once the assignment is saved, and the old button stays as it was.
    await waitFor(
      () => expect(within(handling).getByRole("button", { name: /Assigned to/ })).toHaveTextContent("Maya Lestari"),
      untilRouteLoads,
    );
    await userEvent.click(canvas.getByRole("button", { name: "Close ticket" }));
    await canvas.findByRole("button", { name: "Reopen as processing" }, untilRouteLoads);
    expect(canvas.getByText("This ticket is closed. Reopen it as processing to reply.")).toBeInTheDocument();
    expect(canvas.queryByRole("form", { name: /How did we handle/ })).not.toBeInTheDocument();
  },
};
