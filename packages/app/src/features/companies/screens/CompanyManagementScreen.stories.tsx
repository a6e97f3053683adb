import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";

const myCompany = "/api/v1/company/my-company/";

const meta = {
  title: "Screens/Companies/CompanyManagement",
  component: StoryApp,
  args: { path: "/company-management", role: "CLIENT_ADMIN", sidebarCollapsed: true, stubFeatures: false },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A client admin manages their company: edit it, add members, edit them. */
export const ClientAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Northwind Logistics" }, untilRouteLoads);
    expect(await canvas.findByRole("button", { name: "Edit company" }, untilRouteLoads)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Add member" }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("dialog", {}, untilRouteLoads));
    await userEvent.type(dialog.getByRole("textbox", { name: /First name/ }), "Rin");
    await userEvent.type(dialog.getByRole("textbox", { name: /Last name/ }), "Okada");
    await userEvent.type(dialog.getByRole("textbox", { name: /E-mail/ }), "admin@example.com");
    await userEvent.click(dialog.getByRole("button", { name: "Add member" }));
    // The e-mail is taken: the API's field error shows and what was typed stays.
    expect(await dialog.findByText("user with this email already exists.", {}, untilRouteLoads)).toBeInTheDocument();
    expect(dialog.getByRole("textbox", { name: /First name/ })).toHaveValue("Rin");
  },
};

/** The members table narrowed to one member by search, and that member's row. */
async function memberRow(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  const table = await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
  await within(table).findByText("1.", {}, untilRouteLoads);
  await userEvent.type(canvas.getByRole("searchbox", { name: "Search members" }), `${email}{Enter}`);
  await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2), untilRouteLoads);
  return () => within(table).getAllByRole("row")[1] as HTMLElement;
}

/** Opens a row's actions menu and chooses an entry; the menu opens in a portal. */
async function chooseRowAction(canvasElement: HTMLElement, row: HTMLElement, label: string) {
  await userEvent.click(within(row).getByRole("button", { name: /Actions/ }));
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await body.findByRole("menuitem", { name: label }, untilRouteLoads));
}

/** A client admin deactivates a member after confirming, and can reactivate them from the same menu. */
export const DeactivateMember: Story = {
  play: async ({ canvasElement }) => {
    const row = await memberRow(canvasElement, "member@example.com");
    expect(within(row()).getByText("Active")).toBeInTheDocument();
    await chooseRowAction(canvasElement, row(), "Deactivate…");
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("alertdialog", { name: "Deactivate Ravi Patel?" }, untilRouteLoads));
    expect(dialog.getByText(/signed out everywhere/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Deactivate member" }));
    await waitFor(() => expect(within(row()).getByText("Deactivated")).toBeInTheDocument(), untilRouteLoads);
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument(), untilRouteLoads);

    await userEvent.click(within(row()).getByRole("button", { name: /Actions/ }));
    expect(await body.findByRole("menuitem", { name: "Reactivate…" }, untilRouteLoads)).toBeInTheDocument();
    expect(body.queryByRole("menuitem", { name: "Deactivate…" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
  },
};

/** A failed deactivation stays in the dialog with the reason, and the member stays active. */
export const DeactivateFails: Story = {
  beforeEach({ msw }) {
    msw.use(mockError("post", "/api/v1/company/{id}/member/{member_id}/deactivate/", 500));
  },
  play: async ({ canvasElement }) => {
    const row = await memberRow(canvasElement, "member@example.com");
    await chooseRowAction(canvasElement, row(), "Deactivate…");
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole("alertdialog", {}, untilRouteLoads));
    await userEvent.click(dialog.getByRole("button", { name: "Deactivate member" }));
    expect(await dialog.findByRole("alert", {}, untilRouteLoads)).toHaveTextContent(
      /^The member could not be deactivated\./,
    );
    expect(within(row()).getByText("Active")).toBeInTheDocument();
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(body.queryByRole("alertdialog")).not.toBeInTheDocument(), untilRouteLoads);
  },
};

/** A client admin resets a member's 2FA after confirming; the member sets it up again at sign-in. */
export const ResetTwoFactor: Story = {
  play: async ({ canvasElement }) => {
    const row = await memberRow(canvasElement, "twofa@example.com");
    expect(within(row()).getByText("Enabled")).toBeInTheDocument();
    await chooseRowAction(canvasElement, row(), "Reset 2FA…");
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(
      await body.findByRole(
        "alertdialog",
        { name: "Reset two-factor authentication for Elena Rossi?" },
        untilRouteLoads,
      ),
    );
    await userEvent.click(dialog.getByRole("button", { name: "Reset 2FA" }));
    await waitFor(() => expect(within(row()).getByText("Setting up")).toBeInTheDocument(), untilRouteLoads);
  },
};

/** A member added here is Invited until they choose a password; the invitation can be sent again. */
export const ResendInvitation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    await userEvent.click(await canvas.findByRole("button", { name: "Add member" }, untilRouteLoads));
    const body = within(canvasElement.ownerDocument.body);
    const form = within(await body.findByRole("dialog", {}, untilRouteLoads));
    await userEvent.type(form.getByRole("textbox", { name: /First name/ }), "Rin");
    await userEvent.type(form.getByRole("textbox", { name: /Last name/ }), "Okada");
    await userEvent.type(form.getByRole("textbox", { name: /E-mail/ }), "rin.okada@northwind.example");
    await userEvent.click(form.getByRole("button", { name: "Add member" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);

    const row = await memberRow(canvasElement, "rin.okada@northwind.example");
    expect(within(row()).getByText("Invited")).toBeInTheDocument();
    await chooseRowAction(canvasElement, row(), "Resend invitation…");
    const dialog = within(
      await body.findByRole("dialog", { name: "Resend the invitation to Rin Okada?" }, untilRouteLoads),
    );
    await userEvent.click(dialog.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument(), untilRouteLoads);
  },
};

/** Members read their company but change nothing. */
export const MemberReadOnly: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Northwind Logistics" }, untilRouteLoads);
    await canvas.findByRole("grid", { name: "Members" }, untilRouteLoads);
    expect(canvas.queryByRole("button", { name: "Edit company" })).not.toBeInTheDocument();
    expect(canvas.queryByRole("button", { name: "Add member" })).not.toBeInTheDocument();
    // A member's row menu only views details: no edit and no lifecycle actions.
    const table = canvas.getByRole("grid", { name: "Members" });
    await within(table).findByText("1.", {}, untilRouteLoads);
    const row = within(table).getAllByRole("row")[1] as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: /Actions/ }));
    const body = within(canvasElement.ownerDocument.body);
    const items = await body.findAllByRole("menuitem", {}, untilRouteLoads);
    expect(items.map((item) => item.textContent)).toEqual(["View details"]);
    await userEvent.keyboard("{Escape}");
  },
};

/** A company with no members listed: the members table says so. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList("/api/v1/company/{id}/member/"));
  },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText("This company has no members yet.", undefined, untilRouteLoads),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", myCompany));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Company" }, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", myCompany, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText("We couldn't load your company.", {}, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** Staff have no company of their own and are pointed to the directory. */
export const Staff: Story = {
  args: { role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(
      await canvas.findByText("Staff accounts don't belong to a company", {}, untilRouteLoads),
    ).toBeInTheDocument();
    expect(canvas.getByRole("link", { name: "Open the company directory" })).toHaveAttribute(
      "href",
      "/company-directory",
    );
  },
};
