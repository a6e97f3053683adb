import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { findShownPageHeading, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const sourcePath = "/api/v1/asset/sourcecode/";
const assetRequests: URL[] = [];

const meta = {
  title: "Screens/Assets/Section",
  component: StoryApp,
  // Product 14 (Support App) has several repositories, one on GitLab.
  args: { path: "/asset-inventory/14/source-code", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Support App" }, untilRouteLoads);
    const tabs = canvas.getByRole("tablist", { name: "Asset kinds" });
    expect(within(tabs).getByRole("tab", { name: "Source Code" })).toHaveAttribute("aria-selected", "true");
    const table = await canvas.findByRole("grid", { name: "Source Code assets" }, untilRouteLoads);
    for (const name of ["Repository", "Git provider", "Username", "Branches", "Registered", "Last scanned"]) {
      expect(within(table).getByRole("columnheader", { name })).toBeInTheDocument();
    }
  },
};

/** Each tab is a route: choosing one loads that kind of asset for the same product. */
export const SwitchTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tabs = await canvas.findByRole("tablist", { name: "Asset kinds" }, untilRouteLoads);
    await userEvent.click(within(tabs).getByRole("tab", { name: "Threat Inspection" }));
    const table = await canvas.findByRole("grid", { name: "Threat Inspection assets" }, untilRouteLoads);
    expect(within(table).getByRole("columnheader", { name: "Scan configuration" })).toBeInTheDocument();
  },
};

/** The admin twin: the company is in the breadcrumbs and the lists are asked for this product only. */
export const CompanyTwin: Story = {
  args: { path: "/asset-inventory/14/company/1/network", role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    assetRequests.length = 0;
    msw.use(
      http.get("*/api/v1/asset/networkva/", ({ request }) => {
        assetRequests.push(new URL(request.url));
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const crumbs = await canvas.findByRole("navigation", { name: /breadcrumb/i }, untilRouteLoads);
    await within(crumbs).findByRole("link", { name: "Northwind Logistics" }, untilRouteLoads);
    await canvas.findByRole("grid", { name: "Network assets" }, untilRouteLoads);
    // The grid renders before its request reaches the worker; wait for the request itself.
    await waitFor(() => expect(assetRequests.some((u) => u.searchParams.get("product") === "14")).toBe(true));
    const tab = canvas.getByRole("tab", { name: "Application" });
    expect(tab.closest("a")?.getAttribute("href") ?? tab.getAttribute("href")).toBe(
      "/asset-inventory/14/company/1/application",
    );
  },
};

/** A product shown under a company it does not belong to is refused, not shown under the wrong name. */
export const CompanyTwinWrongCompany: Story = {
  args: { path: "/asset-inventory/14/company/2/network", role: "SUPER_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Product not found" }, untilRouteLoads);
    await canvas.findByRole(
      "heading",
      { level: 2, name: "This product does not belong to Bluebird Health" },
      untilRouteLoads,
    );
    expect(canvas.queryByRole("tablist", { name: "Asset kinds" })).toBeNull();
    expect(canvas.getByRole("link", { name: "Back to Assets" })).toHaveAttribute("href", "/asset-inventory");
  },
};

/** Twins are for staff: a client admin is sent to the forbidden page. */
export const CompanyTwinForClient: Story = {
  args: { path: "/asset-inventory/14/company/1/network", role: "CLIENT_ADMIN" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: /forbidden|access/i }, untilRouteLoads);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", sourcePath));
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Source Code assets" }, untilRouteLoads);
    expect(table).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(sourcePath));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No repositories in this product.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", sourcePath, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the assets/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** The section's crumb is a dropdown of the product's other sections, each a real link. */
export const SiblingSections: Story = {
  // Interaction-only: the open menu is a Data look-alike with a popover over it.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Support App" }, untilRouteLoads);
    const crumbs = canvas.getByRole("navigation", { name: "Breadcrumbs" });
    await userEvent.click(within(crumbs).getByRole("button", { name: "Source Code: choose a page" }));
    const menu = await within(document.body).findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Exposure Detection",
      "Threat Inspection",
      "Network",
      "Application",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "Network" })).toHaveAttribute(
      "href",
      "/asset-inventory/14/network",
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("menu")).not.toBeInTheDocument());
  },
};

/** Presses an action once the profile's role has enabled it (it is disabled until the role is known). */
async function pressWhenEnabled(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled(), untilRouteLoads);
  await userEvent.click(button);
}

/** The dialog in the portal, once its fade-in has finished. */
async function openDialog(canvasElement: HTMLElement, role: "dialog" | "alertdialog", name: string | RegExp) {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = await body.findByRole(role, { name }, untilRouteLoads);
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** Opens a row's actions menu and chooses an entry; the menu opens in a portal. */
async function chooseRowAction(canvasElement: HTMLElement, row: HTMLElement, label: string) {
  await userEvent.click(within(row).getByRole("button", { name: /Actions/ }));
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await body.findByRole("menuitem", { name: label }, untilRouteLoads));
}

/**
 * An admin adds a network asset: the server's refusal shows on the field and keeps what was typed,
 * and a valid address joins the list.
 */
export const AddNetworkAsset: Story = {
  args: { path: "/asset-inventory/14/network" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Network assets" }, untilRouteLoads);
    await within(table).findByText("1.", {}, untilRouteLoads);
    await pressWhenEnabled(canvas.getByRole("button", { name: "Add network asset" }));
    const dialog = await openDialog(canvasElement, "dialog", "Add network asset");
    const target = within(dialog).getByRole("textbox", { name: /IP address or range/ });
    await userEvent.type(target, "10.0.0.0/33");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add network asset" }));
    await waitFor(() => expect(target).toHaveAttribute("aria-invalid", "true"), untilRouteLoads);
    expect(target).toHaveValue("10.0.0.0/33");
    expect(within(dialog).getByText("The prefix length must be a whole number from 0 to 32.")).toBeVisible();

    await userEvent.clear(target);
    await userEvent.type(target, "192.0.2.77");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add network asset" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), untilRouteLoads);
    expect(await within(table).findByRole("rowheader", { name: "192.0.2.77" }, untilRouteLoads)).toBeVisible();
  },
};

/** A repository asks for its provider, clone URL and branches; a branch git would refuse is named. */
export const AddRepositoryRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Source Code assets" }, untilRouteLoads);
    await pressWhenEnabled(canvas.getByRole("button", { name: "Add repository" }));
    const dialog = await openDialog(canvasElement, "dialog", "Add repository");
    expect(within(dialog).getByRole("button", { name: /Git provider/ })).toHaveTextContent("GitHub");
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: /Clone URL/ }),
      "git@github.com:northwind/app.git",
    );
    const branches = within(dialog).getByRole("textbox", { name: /Branches/ });
    await userEvent.type(branches, "main, release..2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add repository" }));
    await waitFor(() => expect(branches).toHaveAttribute("aria-invalid", "true"), untilRouteLoads);
    expect(within(dialog).getByText("Branch “release..2” may not contain “..”.")).toBeVisible();
    expect(branches).toHaveValue("main, release..2");
  },
};

/** Editing opens the asset's values; removing asks first, then the row leaves the list. */
export const EditAndRemoveAsset: Story = {
  args: { path: "/asset-inventory/14/network" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Network assets" }, untilRouteLoads);
    const row = () => within(table).getAllByRole("row")[1] as HTMLElement;
    await within(table).findByText("1.", {}, untilRouteLoads);
    const before = within(row()).getByRole("rowheader").textContent ?? "";

    await chooseRowAction(canvasElement, row(), "Edit network asset");
    const dialog = await openDialog(canvasElement, "dialog", "Edit network asset");
    const target = within(dialog).getByRole("textbox", { name: /IP address or range/ });
    expect(target).toHaveValue(before);
    await userEvent.clear(target);
    await userEvent.type(target, "198.51.100.0/30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(table).findByRole("rowheader", { name: "198.51.100.0/30" }, untilRouteLoads)).toBeVisible();

    await chooseRowAction(canvasElement, row(), "Remove network asset");
    const confirm = await openDialog(canvasElement, "alertdialog", "Remove this network asset?");
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole("button", { name: "Remove network asset" }));
    await waitFor(
      () => expect(within(table).queryByRole("rowheader", { name: "198.51.100.0/30" })).not.toBeInTheDocument(),
      untilRouteLoads,
    );
  },
};

/** A product that still holds assets is not removed: the dialog says what it holds. */
export const RemoveProductRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Support App" }, untilRouteLoads);
    await pressWhenEnabled(await canvas.findByRole("button", { name: "Remove product" }, untilRouteLoads));
    const confirm = await openDialog(canvasElement, "alertdialog", "Remove Support App?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Remove product" }));
    expect(await within(confirm).findByRole("alert", {}, untilRouteLoads)).toHaveTextContent(
      /The product wasn't removed\. This product still holds .* Remove them first\./,
    );
  },
};

/** A member reads assets: the actions are disabled with the reason, and rows have no actions menu. */
export const MemberReadsOnly: Story = {
  args: { path: "/asset-inventory/14/network", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Network assets" }, untilRouteLoads);
    await within(table).findByText("1.", {}, untilRouteLoads);
    for (const name of ["Add network asset", "Rename product", "Remove product"]) {
      const button = canvas.getByRole("button", { name });
      // The reason follows the profile's role.
      await waitFor(
        () => expect(button).toHaveAccessibleDescription(/Only your company's admins can add, change or remove assets/),
        untilRouteLoads,
      );
      expect(button).toBeDisabled();
    }
    expect(within(table).queryByRole("button", { name: /Actions/ })).not.toBeInTheDocument();
  },
};

/** Renaming starts from the product's name; the new name is the page's title. */
export const RenameProduct: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Support App" }, untilRouteLoads);
    await pressWhenEnabled(canvas.getByRole("button", { name: "Rename product" }));
    const dialog = await openDialog(canvasElement, "dialog", "Rename Support App");
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(name).toHaveValue("Support App");
    await userEvent.clear(name);
    await userEvent.type(name, "Harbour Support");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save name" }));
    await findShownPageHeading(canvas, "Harbour Support");
  },
};
