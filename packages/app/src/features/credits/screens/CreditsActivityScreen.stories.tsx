import { mockError, mockLoading, SEED_NOW } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NowProvider } from "../../../lib/NowContext.tsx";
import { columnTexts, pickCompany, recordRequests } from "../../../testing/companyFilterPlay.ts";
import { listStateStories } from "../../../testing/listStories.ts";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const transactions = "/api/v1/credit/credit-transactions/";
const balancePath = "/api/v1/credit/credit-transactions/credit-balance/";
const payments = recordRequests("/api/v1/payment/");
const exports = recordRequests("/api/v1/credit/credit-transactions/export/");

/** A tile's amount, read as a number from the Indonesian format ("7.790" is 7790). */
async function tileValue(region: HTMLElement, label: string): Promise<number> {
  const card = (await within(region).findByText(label, { selector: "p" }, untilRouteLoads)).closest(
    "[data-stat-card]",
  ) as HTMLElement;
  await waitFor(() => expect(card).not.toHaveAttribute("aria-busy"), untilRouteLoads);
  const text = (card.textContent ?? "").slice(label.length);
  return Number(text.replace(/\./g, ""));
}

const serviceTiles = ["Network VA", "Web Application VA", "Source Code", "Threat Inspection", "Exposure Detection"];

/** The total is exactly the sum of the service tiles (issue 28: it said 7.790 against 7.210). */
async function expectTilesAddUp(region: HTMLElement) {
  const total = await tileValue(region, "Total balance");
  const tiles = await Promise.all(serviceTiles.map((label) => tileValue(region, label)));
  expect(tiles.every(Number.isFinite)).toBe(true);
  expect(tiles.reduce((a, b) => a + b, 0)).toBe(total);
}
const states = listStateStories({
  api: transactions,
  table: "Credit transactions",
  noun: "the transactions",
  empty: "No credit transactions yet.",
  alsoLoading: [mockLoading("get", balancePath)],
});

const meta = {
  title: "Screens/Credits/CreditsActivity",
  component: StoryApp,
  args: { path: "/credits-activity", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
  // Payment expiry countdowns read the seed's "now", so they never drift between runs.
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
    await canvas.findByRole("heading", { level: 1, name: "Credits Activity" }, untilRouteLoads);
    const region = await canvas.findByRole("region", { name: "Balance" }, untilRouteLoads);
    await expectTilesAddUp(region);
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    await within(table).findAllByText("1.", {}, untilRouteLoads);
    // Each transaction says what it was for, as a link to its scan or invoice; a client sees no Company column.
    const forLinks = within(table).getAllByRole("link");
    expect(forLinks.length).toBeGreaterThan(0);
    for (const link of forLinks) expect(link.getAttribute("href")).toMatch(/^\/[a-z-]+(\/\d+)?/);
    expect(within(table).queryByRole("columnheader", { name: "Company" })).not.toBeInTheDocument();
    // Spending is negative, top-ups positive, both in the Indonesian format.
    for (const cell of within(table).getAllByText(/^[+-]\d/)) {
      const row = cell.closest('[role="row"]') as HTMLElement;
      const action = within(row).getByText(/^(Top-up|Spending|Refund)$/).textContent;
      expect(cell.textContent?.startsWith(action === "Spending" ? "-" : "+")).toBe(true);
    }
    // A client's own company: no company filter.
    expect(canvas.queryByRole("button", { name: /Company/ })).not.toBeInTheDocument();
    // The chart's code loads on demand: the picture is taken once it has replaced its placeholder.
    expect(
      await canvas.findByRole("figure", { name: "Credit spending per service" }, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

/**
 * Staff have no company: no "Request top-up" and no "your balance", but a company filter in its
 * place, a prompt where the balance was, and a Company column on the payments.
 */
export const StaffAllCompanies: Story = {
  args: { role: "SUPER_ADMIN", path: "/credits-activity?tab=payments" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Credits Activity" }, untilRouteLoads);
    const balance = within(await canvas.findByRole("region", { name: "Balance" }, untilRouteLoads));
    // The prompt comes once the profile says the role.
    expect(
      await balance.findByText(/Choose a company above to see its balance/, {}, untilRouteLoads),
    ).toBeInTheDocument();
    expect(balance.queryByText("Total balance")).not.toBeInTheDocument();
    expect(canvas.queryByText(/your credit balance/i)).not.toBeInTheDocument();
    expect(canvas.queryByRole("button", { name: "Request top-up" })).not.toBeInTheDocument();
    const table = await canvas.findByRole("grid", { name: "Payments" }, untilRouteLoads);
    await waitFor(
      async () => expect(new Set(await columnTexts(table, "Company")).size).toBeGreaterThan(1),
      untilRouteLoads,
    );
  },
};

/** Staff's all-companies transactions say whose each one is (issue 28: there was no Company column). */
export const StaffAllTransactions: Story = {
  args: { role: "SUPER_ADMIN", path: "/credits-activity" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    await waitFor(
      async () => expect(new Set(await columnTexts(table, "Company")).size).toBeGreaterThan(1),
      untilRouteLoads,
    );
  },
};

/** Staff choose a company: its balance shows, and the payments are its own (the calls carry `company`). */
export const StaffChoosesCompany: Story = {
  args: { role: "ANALYST", path: "/credits-activity?tab=payments" },
  beforeEach({ msw }) {
    payments.urls.length = 0;
    msw.use(payments.handler);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Payments" }, untilRouteLoads);
    await pickCompany(canvasElement, table, payments.urls);
    const region = await canvas.findByRole("region", { name: "Balance of the selected company" }, untilRouteLoads);
    await expectTilesAddUp(region);
    expect(canvas.queryByRole("button", { name: "Request top-up" })).not.toBeInTheDocument();
  },
};

/** Narrowing to spending keeps the filter in the URL and shows only negative amounts. */
export const FilterSpending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    await within(table).findAllByText("1.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: /Action/ }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole("option", { name: "Spending" }, untilRouteLoads),
    );
    await waitFor(() => {
      const amounts = within(table).getAllByText(/^[+-]\d/);
      expect(amounts.every((a) => a.textContent?.startsWith("-"))).toBe(true);
    });
  },
};

/** A top-up's "For" link opens its invoice; the open payment is in the URL, so the link can be shared. */
export const TransactionOpensInvoice: Story = {
  args: { path: "/credits-activity?action=TOPUP" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    const link = (
      await within(table).findAllByRole("link", { name: /^Top-up INV-/ }, untilRouteLoads)
    )[0] as HTMLElement;
    const invoice = link.textContent?.replace("Top-up ", "") ?? "";
    expect(link.getAttribute("href")).toMatch(/^\/credits-activity\?tab=payments&payment=\d+$/);
    await userEvent.click(link);
    const drawer = await within(canvasElement.ownerDocument.body).findByRole(
      "dialog",
      { name: `Payment ${invoice}` },
      untilRouteLoads,
    );
    expect(within(drawer).getByText("Paid")).toBeInTheDocument();
    expect(await canvas.findByRole("tab", { name: "Payments", selected: true }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Export CSV asks for every transaction of the filters on screen, not just the page. */
export const ExportCsv: Story = {
  args: { path: "/credits-activity?action=SPENDING&type=NETWORKVA" },
  beforeEach({ msw }) {
    exports.urls.length = 0;
    msw.use(exports.handler);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    await within(table).findAllByText("1.", {}, untilRouteLoads);
    const button = canvas.getByRole("button", { name: "Export CSV" });
    await userEvent.click(button);
    await waitFor(() => expect(exports.urls).toHaveLength(1), untilRouteLoads);
    const asked = exports.urls[0]?.searchParams;
    expect(asked?.get("transaction_action")).toBe("SPENDING");
    expect(asked?.get("transaction_type")).toBe("NETWORKVA");
    expect(asked?.has("page")).toBe(false);
    await waitFor(() => expect(button).not.toHaveAttribute("data-pending"), untilRouteLoads);
  },
};

/** UNPAID reads "Waiting for Payment"; its detail shows the bank transfer and the time left to pay. */
export const PaymentDetail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: "Payments" }, untilRouteLoads));
    const table = await canvas.findByRole("grid", { name: "Payments" }, untilRouteLoads);
    const waiting = await within(table).findAllByText("Waiting for Payment", {}, untilRouteLoads);
    expect(within(table).queryByText("UNPAID")).not.toBeInTheDocument();
    expect(within(table).getAllByText("Paid").length).toBeGreaterThan(0);
    const row = waiting[0]?.closest('[role="row"]') as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: /Details of INV-/ }));
    const drawer = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", {}, untilRouteLoads));
    // The open payment is in the URL and loads by id.
    expect(await drawer.findByText(/^Expires in \d+ min$/, {}, untilRouteLoads)).toBeInTheDocument();
    expect(drawer.getByText("Items")).toBeInTheDocument();
  },
};

/** Requesting a top-up creates an unpaid payment and opens it. */
export const RequestTopup: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Request top-up" }, untilRouteLoads));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    const amount = dialog.getByRole("textbox", { name: "Network VA credits" });
    await userEvent.type(amount, "1500");
    // A number field commits its value on blur.
    await userEvent.tab();
    // The amount, its price and the unit price share the Indonesian number format (spec §9).
    await expect(amount).toHaveValue("1.500");
    expect(await dialog.findByText("1.500 credits · Rp 15.000 (Rp 10 per credit)")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Request top-up" }));
    const drawer = within(await body.findByRole("dialog", { name: /Payment INV-/ }, untilRouteLoads));
    expect(drawer.getByText("Waiting for Payment")).toBeInTheDocument();
    expect(drawer.getByText("Bank transfer")).toBeInTheDocument();
  },
};

/** A member sees the balances and activity, and why there is no "Request top-up" for them (issue 28). */
export const MemberCannotBuy: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(
      await canvas.findByText(/^Only your company's admins can buy or spend credits/, {}, untilRouteLoads),
    ).toBeInTheDocument();
    expect(canvas.queryByRole("button", { name: "Request top-up" })).not.toBeInTheDocument();
    await expectTilesAddUp(await canvas.findByRole("region", { name: "Balance" }, untilRouteLoads));
    const table = await canvas.findByRole("grid", { name: "Credit transactions" }, untilRouteLoads);
    await within(table).findAllByText("1.", {}, untilRouteLoads);
    // The chart's code loads on demand: the picture is taken once it has replaced its placeholder.
    await canvas.findByRole("figure", { name: "Credit spending per service" }, untilRouteLoads);
  },
};

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", transactions, 500), mockError("get", balancePath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load your credit balance.", {}, untilRouteLoads);
    await canvas.findByText(/^We couldn't load the transactions: /, {}, untilRouteLoads);
    const retries = canvas.getAllByRole("button", { name: "Retry" });
    await userEvent.click(retries[0] as HTMLElement);
    expect(await canvas.findByText("We couldn't load your credit balance.", {}, untilRouteLoads)).toBeInTheDocument();
  },
};
