import { getApiClient } from "@sentinel/api-client";
import { mockError, mockLoading, SEED_NOW, setMockNow } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { expectRowHeaderLinks } from "../../../testing/rowLinks.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { liveAnnouncerExemption } from "../testing/storyParameters.ts";

const api = "/api/v1/threat-inspection/scan-configuration/";
const table = "Threat inspection configurations";
const unpaid = "/api/v1/threat-inspection/scan-configuration/un-paid/";
const staff = companyFilterStories({ api, table, route: "/threat-inspection" });
const states = listStateStories({
  api,
  table,
  noun: "the configurations",
  empty: "No threat inspection configurations yet.",
  alsoLoading: [mockLoading("get", unpaid)],
  alsoEmpty: [http.get(`*${unpaid}`, () => HttpResponse.json([]))],
});

const meta = {
  title: "Screens/Threat Inspection/List",
  component: StoryApp,
  args: { path: "/threat-inspection", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen", ...liveAnnouncerExemption },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Threat Inspection" }, untilRouteLoads);
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    // Newest first: the configuration bought most recently leads.
    expect(
      await within(grid).findByText("northwind-crm.example inspection", undefined, untilRouteLoads),
    ).toBeInTheDocument();
    expect(within(grid).getByText("1.")).toBeInTheDocument();
    // A configuration opens from its name, a real link to its target overview.
    const links = await expectRowHeaderLinks(grid, /^\/threat-inspection\/\d+\/target-overview$/);
    expect(links.some((link) => link.textContent === "northwind-crm.example inspection")).toBe(true);
    // Unpaid drafts are listed apart from the paid configurations, each with a way back in.
    const drafts = within(await canvas.findByRole("region", { name: "Unpaid purchases" }, untilRouteLoads));
    const resume = drafts.getAllByRole("link", { name: /^Resume purchase / });
    expect(resume).toHaveLength(3);
    // Each is a real link to the step where that purchase stopped, so it opens in a new tab too.
    for (const link of resume)
      expect(link).toHaveAttribute("href", expect.stringMatching(/^\/threat-inspection\?purchase=\d+&step=\w+/));
    expect(within(grid).queryByText(/draft$/)).not.toBeInTheDocument();
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
  },
};

/** Staff follow every company's configurations but do not buy: no purchase or resume buttons. */
export const AsStaff: Story = {
  args: { role: "SUPER_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    // Staff buy nothing: no purchase to start, and no company's unpaid drafts to resume.
    expect(canvas.queryByRole("button", { name: "New threat inspection" })).not.toBeInTheDocument();
    expect(canvas.queryByRole("region", { name: "Unpaid purchases" })).not.toBeInTheDocument();
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

/** No configurations and no unpaid purchases: the empty state and no unpaid section. */
export const Empty: Story = {
  ...states.Empty,
  play: async (context) => {
    await states.Empty.play?.(context);
    expect(within(context.canvasElement).queryByRole("region", { name: "Unpaid purchases" })).not.toBeInTheDocument();
  },
};

export const ErrorState: Story = states.ErrorState;

/** How many times the browser asked to pay: proves the double click sent one request. */
let processCalls = 0;

/**
 * A new purchase from an exposure target (prefilled, as the exposure review links it): name it,
 * create it, mark the endpoints first seen in the latest scan and select exactly those, and get
 * the server's estimate for them. Paying is the next story.
 */
export const NewPurchase: Story = {
  args: { path: "/threat-inspection?purchase=new&target=1" },
  // Walks through steps; each step's look is covered by the stories that open on it.
  parameters: { visual: false },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step("Create", async () => {
      await canvas.findByRole("heading", { level: 2, name: "Step 1 of 4: Create" }, untilRouteLoads);
      const target = await canvas.findByRole("combobox", { name: /Exposure detection target/ }, untilRouteLoads);
      await waitFor(() => expect(target).toHaveValue("northwind.example"), untilRouteLoads);
      await userEvent.type(canvas.getByRole("textbox", { name: /Name/ }), "Story inspection");
      await userEvent.click(canvas.getByRole("button", { name: "Create and select endpoints" }));
    });

    await step("New endpoints are marked and selected together", async () => {
      const heading = await canvas.findByRole(
        "heading",
        { level: 2, name: "Step 2 of 4: Select endpoints" },
        untilRouteLoads,
      );
      await waitFor(() => expect(heading).toHaveFocus(), untilRouteLoads);
      expect(canvas.getByRole("listitem", { current: "step" })).toHaveTextContent("Select endpoints");
      const grid = await canvas.findByRole("grid", { name: "Endpoints to inspect" }, untilRouteLoads);
      const rows = await loadedRows(grid);
      expect(rows.some((row) => within(row).queryByText("New"))).toBe(true);
      await userEvent.click(canvas.getByRole("button", { name: "Select new" }));
      await canvas.findByText(/^32 of 36 endpoints selected/, undefined, untilRouteLoads);
      // Exactly the rows marked New are checked.
      for (const row of within(grid).getAllByRole("row").slice(1)) {
        const isNew = within(row).queryByText("New") !== null;
        expect(row).toHaveAttribute("aria-selected", String(isNew));
      }
      await userEvent.click(canvas.getByRole("button", { name: "Continue to estimate" }));
    });

    await step("Estimate", async () => {
      await canvas.findByRole("heading", { level: 2, name: "Step 3 of 4: Estimate" }, untilRouteLoads);
      await canvas.findByText("Estimated 320 credits for 32 endpoints, monthly.", undefined, untilRouteLoads);
      expect(canvas.getByText("320 credits")).toBeInTheDocument();
    });
  },
};

/**
 * Estimate, re-estimate at another frequency (a new invoice), and pay with a double click: one
 * request, one payment recorded for the invoice shown, the balance down by the total, and the top
 * bar following.
 */
export const PayWithDoubleClick: Story = {
  args: { path: "/threat-inspection?purchase=36&step=estimate" },
  // The steps it passes through have their own visual stories.
  parameters: { visual: false },
  beforeEach({ msw }) {
    processCalls = 0;
    msw.use(
      http.post("*/api/v1/threat-inspection/scan-configuration/:id/process/", () => {
        processCalls++;
        // No response: the static-mode handler answers.
      }),
    );
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const client = getApiClient();
    const before = (await client.GET("/api/v1/credit/credit-transactions/credit-balance/")).data;
    if (!before) throw new Error("no balance");

    let invoice = "";
    await step("Re-estimate weekly", async () => {
      await canvas.findByText("Estimated 50 credits for 5 endpoints, monthly.", undefined, untilRouteLoads);
      const monthly = (await canvas.findByText(/^INV-/, undefined, untilRouteLoads)).textContent ?? "";
      await userEvent.click(canvas.getByRole("button", { name: /Scan frequency/ }));
      await userEvent.click(
        await within(canvasElement.ownerDocument.body).findByRole("option", { name: "Weekly" }, untilRouteLoads),
      );
      await canvas.findByText("Estimated 50 credits for 5 endpoints, weekly.", undefined, untilRouteLoads);
      invoice = (await canvas.findByText(/^INV-/, undefined, untilRouteLoads)).textContent ?? "";
      expect(invoice).not.toBe(monthly);
      await userEvent.click(canvas.getByRole("button", { name: "Continue to payment" }));
    });

    await step("Pay with a double click", async () => {
      await canvas.findByRole("heading", { level: 2, name: "Step 4 of 4: Pay" }, untilRouteLoads);
      const payment = within(await canvas.findByRole("region", { name: "Payment" }, untilRouteLoads));
      expect(payment.getByText("1.910 credits")).toBeInTheDocument();
      expect(payment.getByText("1.860 credits")).toBeInTheDocument();
      expect(canvas.getByText(invoice)).toBeInTheDocument();
      await userEvent.dblClick(canvas.getByRole("button", { name: "Pay 50 credits" }));
      await canvas.findByRole("heading", { level: 2, name: "Purchase complete" }, untilRouteLoads);
      expect(processCalls).toBe(1);
    });

    await step("The credits moved once", async () => {
      const after = (await client.GET("/api/v1/credit/credit-transactions/credit-balance/")).data;
      expect(after?.balance_threat_inspection).toBe(before.balance_threat_inspection - 50);
      const payments = (await client.GET("/api/v1/payment/", { params: { query: { page_size: 100 } } })).data;
      expect(payments?.results.filter((p) => p.invoice_code === invoice)).toHaveLength(1);
      const banner = within(canvas.getByRole("banner"));
      await banner.findByText(new Intl.NumberFormat("id-ID").format(before.balance - 50), undefined, untilRouteLoads);
      expect(canvas.getByRole("link", { name: "Open the target overview" })).toBeInTheDocument();
      // The paid configuration left the unpaid list.
      const unpaid = (await client.GET("/api/v1/threat-inspection/scan-configuration/un-paid/")).data;
      expect(unpaid?.some((c) => c.id === 36)).toBe(false);
    });
  },
};

/** An unpaid draft resumes at its estimate, with the invoice number it already had. */
export const ResumePurchase: Story = {
  beforeEach() {
    // The estimate is dated "now"; a pinned clock keeps the screenshot stable.
    setMockNow(SEED_NOW);
    return () => setMockNow(null);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole("link", { name: "Resume purchase northwind-staging2.example draft" }, untilRouteLoads),
    );
    await canvas.findByRole("heading", { level: 2, name: "Step 3 of 4: Estimate" }, untilRouteLoads);
    expect(await canvas.findByText("INV-B5CPUWUB", undefined, untilRouteLoads)).toBeInTheDocument();
    expect(canvas.getByText("20 credits")).toBeInTheDocument();
  },
};

/** Too few credits: paying is blocked, the reason is given, and the top-up request is one click away. */
export const InsufficientBalance: Story = {
  args: { path: "/threat-inspection?purchase=37&step=pay&frequency=MONTHLY" },
  beforeEach({ msw }) {
    msw.use(
      http.get("*/api/v1/credit/credit-transactions/credit-balance/", () =>
        HttpResponse.json({
          balance: 15,
          balance_network_va: 0,
          balance_application_va: 0,
          balance_source_code: 0,
          balance_threat_inspection: 15,
        }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "Step 4 of 4: Pay" }, untilRouteLoads);
    expect(
      await canvas.findByText("Your balance is too low for this purchase", undefined, untilRouteLoads),
    ).toBeInTheDocument();
    expect(canvas.getByRole("button", { name: "Pay 20 credits" })).toBeDisabled();
    const topUp = canvas.getByRole("link", { name: "Request a top-up" });
    expect(topUp.getAttribute("href")).toMatch(/^\/credits-activity\?topup=1&credit_type=THREATINSPECTION&amount=5$/);
  },
};

/**
 * A member (CLIENT) prepares a purchase up to its pay step, but paying spends the company's credits:
 * the button is disabled and the step says who pays and that the purchase waits for them.
 */
export const MemberCannotPay: Story = {
  args: { path: "/threat-inspection?purchase=37&step=pay&frequency=MONTHLY", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 2, name: "Step 4 of 4: Pay" }, untilRouteLoads);
    const title = await canvas.findByText("An admin pays for this purchase", undefined, untilRouteLoads);
    // The page fades in (the built Storybook does not freeze motion): wait for it to show.
    await waitFor(() => expect(title).toBeVisible(), untilRouteLoads);
    expect(canvas.getByText(/stays among your company's unpaid configurations until then\.$/)).toBeVisible();
    expect(canvas.getByRole("button", { name: "Pay 20 credits" })).toBeDisabled();
    // The balance is still shown: the member sees what the purchase will cost the company.
    expect(canvas.getByRole("region", { name: "Payment" })).toHaveTextContent(/Balance before/);
  },
};

/** The server refuses the payment (its balance moved meanwhile): the reason is shown, nothing is lost. */
export const PaymentRefused: Story = {
  args: { path: "/threat-inspection?purchase=37&step=pay&frequency=MONTHLY" },
  beforeEach({ msw }) {
    msw.use(
      mockError("post", "/api/v1/threat-inspection/scan-configuration/{id}/process/", 400, {
        non_field_errors: ["Insufficient credit balance: 20 threat inspection credits needed, 10 available."],
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Pay 20 credits" }, untilRouteLoads));
    expect(await canvas.findByRole("alert", undefined, untilRouteLoads)).toHaveTextContent(
      /Insufficient credit balance/,
    );
    expect(canvas.getByRole("heading", { level: 2, name: "Step 4 of 4: Pay" })).toBeInTheDocument();
  },
};

/**
 * A draft purchase is discarded after a confirmation that says nothing was paid; it leaves the list.
 * "Keep it" first closes the dialog and keeps the draft.
 */
export const DiscardDraft: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const drafts = within(await canvas.findByRole("region", { name: "Unpaid purchases" }, untilRouteLoads));
    const buttons = drafts.getAllByRole("button", { name: /^Discard purchase / });
    expect(buttons).toHaveLength(3);
    const first = buttons[0] as HTMLElement;
    const name = (first.getAttribute("aria-label") ?? "").replace(/^Discard purchase /, "");
    await userEvent.click(first);
    let dialog = await body.findByRole("alertdialog", { name: "Discard this purchase?" });
    expect(dialog).toHaveTextContent("never paid, so no credits were spent");
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(drafts.getAllByRole("link", { name: /^Resume purchase / })).toHaveLength(3);

    await userEvent.click(drafts.getByRole("button", { name: `Discard purchase ${name}` }));
    dialog = await body.findByRole("alertdialog", { name: "Discard this purchase?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Discard purchase" }));
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument(), untilRouteLoads);
    await waitFor(() => expect(drafts.getAllByRole("link", { name: /^Resume purchase / })).toHaveLength(2));
    expect(drafts.queryByRole("button", { name: `Discard purchase ${name}` })).not.toBeInTheDocument();
  },
};

/** The draft was paid meanwhile (in another tab): the dialog says so and stays open; nothing is removed. */
export const DiscardPaidRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mockError("delete", "/api/v1/threat-inspection/scan-configuration/{id}/", 409, {
        detail: "This purchase is paid and cannot be discarded.",
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const drafts = within(await canvas.findByRole("region", { name: "Unpaid purchases" }, untilRouteLoads));
    await userEvent.click(drafts.getAllByRole("button", { name: /^Discard purchase / })[0] as HTMLElement);
    const dialog = await body.findByRole("alertdialog", { name: "Discard this purchase?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Discard purchase" }));
    expect(
      await within(dialog).findByText(
        "The purchase wasn't discarded: This purchase is paid and cannot be discarded.",
        {},
        untilRouteLoads,
      ),
    ).toHaveAttribute("role", "alert");
    expect(drafts.getAllByRole("link", { name: /^Resume purchase / })).toHaveLength(3);
  },
};
