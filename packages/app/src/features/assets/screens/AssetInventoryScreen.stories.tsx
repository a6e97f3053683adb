import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import {
  expectLinkedCompany,
  expectNoCompanyFilter,
  expectRowLinks,
  pickCompany,
  recordRequests,
} from "../../../testing/companyFilterPlay.ts";
import { findShownPageHeading, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const path = "/api/v1/asset/product/";
const requests = recordRequests(path);

const meta = {
  title: "Screens/Assets/Products",
  component: StoryApp,
  args: { path: "/asset-inventory", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Assets" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    for (const name of [
      "Exposure detection",
      "Threat inspection",
      "Network",
      "Web applications",
      "Repositories",
      "Total",
    ]) {
      expect(within(table).getByRole("columnheader", { name })).toBeInTheDocument();
    }
    const link = (await within(table).findAllByRole("link", undefined, untilRouteLoads))[0];
    expect(link?.getAttribute("href")).toMatch(/^\/asset-inventory\/\d+\/exposure-detection$/);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, table);
  },
};

const countSections = {
  "Exposure detection": "exposure-detection",
  "Threat inspection": "threat-inspection",
  Network: "network",
  "Web applications": "application",
  Repositories: "source-code",
} as const;

/**
 * Every count a product shows opens the list it counts: each non-zero count is a link to that
 * product's section of its kind, and following one shows a list of exactly that many.
 */
export const CountsOpenTheirLists: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    await within(table).findAllByRole("link", undefined, untilRouteLoads);
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent?.trim() ?? "");
    let linked = 0;
    for (const row of within(table).getAllByRole("row").slice(1)) {
      // The row's cells in column order: the product's name is the row header among grid cells.
      const name = within(row).getByRole("rowheader");
      const cells = [...within(row).getAllByRole("gridcell"), name].sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      );
      const productId = within(name).getByRole("link").getAttribute("href")?.split("/")[2];
      for (const [header, section] of Object.entries(countSections)) {
        const cell = cells[headers.indexOf(header)] as HTMLElement;
        if (cell.textContent?.trim() === "0") continue;
        const link = within(cell).getByRole("link");
        expect(link).toHaveAttribute("href", `/asset-inventory/${productId}/${section}`);
        linked += 1;
      }
    }
    expect(linked).toBeGreaterThan(0);

    const network = (await within(table).findAllByRole("link", { name: /^\d+ network assets? of / }))[0];
    const count = network?.textContent ?? "";
    await userEvent.click(network as HTMLElement);
    await canvas.findByRole("heading", { level: 2, name: "Network assets" }, untilRouteLoads);
    const shown = await canvas.findByText(new RegExp(`^Showing .* of ${count}$`), undefined, untilRouteLoads);
    await waitFor(() => expect(shown).toBeVisible(), untilRouteLoads);
  },
};

/** Searching narrows the products by name; the search stays in the URL. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search products" }), "Warehouse{Enter}");
    await waitFor(() => {
      const rows = within(table).getAllByRole("row").slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveTextContent(/Warehouse/);
    });
  },
};

/** Staff see every company's products; across companies a product opens on its plain route. */
export const Staff: Story = {
  args: { role: "SUPER_ADMIN" },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Products" }, untilRouteLoads);
    expect(await within(table).findByRole("columnheader", { name: "Company" }, untilRouteLoads)).toBeInTheDocument();
    await expectRowLinks(table, /^\/asset-inventory\/\d+\/exposure-detection$/);
  },
};

/** Staff see whose each row is and narrow the list to one company (the call carries `company`). */
export const StaffCompanyFilter: Story = {
  args: { role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Products" }, untilRouteLoads);
    await pickCompany(canvasElement, table, requests.urls);
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = {
  args: { role: "ANALYST", path: "/asset-inventory?company=1" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Products" }, untilRouteLoads);
    await expectLinkedCompany(canvasElement, table, requests.urls, 1);
    // Narrowed to one company, a product opens through that company's twin route.
    await expectRowLinks(table, /^\/asset-inventory\/\d+\/company\/1\/exposure-detection$/);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", path));
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole("grid", { name: "Products" }, untilRouteLoads)).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(path));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No products yet.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", path, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the products/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/** An admin adds a product, which opens on its own page. */
export const AddProduct: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    // The button waits for the profile's role before it is offered.
    const add = canvas.getByRole("button", { name: "Add product" });
    await waitFor(() => expect(add).toBeEnabled(), untilRouteLoads);
    await userEvent.click(add);
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole("dialog", { name: "Add product" }, untilRouteLoads);
    await waitFor(() => expect(dialog).toBeVisible());
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    // The demo company already has this one: the server's reason shows on the field.
    await userEvent.type(name, "support app");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add product" }));
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"), untilRouteLoads);
    expect(within(dialog).getByText("This company already has a product with this name.")).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, "Harbour Portal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add product" }));
    await findShownPageHeading(canvas, "Harbour Portal");
  },
};

/** Analysts read products: Add product is disabled, and says why. */
export const AnalystCannotAdd: Story = {
  args: { role: "ANALYST" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    const add = canvas.getByRole("button", { name: "Add product" });
    // The reason follows the profile's role.
    await waitFor(
      () =>
        expect(add).toHaveAccessibleDescription(
          "Analysts read assets; a super admin or the company's admins change them.",
        ),
      untilRouteLoads,
    );
    expect(add).toBeDisabled();
  },
};

/** A super admin adds a product to a company: until the list is narrowed to one, Add product says so. */
export const StaffMustChooseCompany: Story = {
  args: { role: "SUPER_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    const add = canvas.getByRole("button", { name: "Add product" });
    await waitFor(
      () => expect(add).toHaveAccessibleDescription("Choose a company in the filter to add a product to it."),
      untilRouteLoads,
    );
    expect(add).toBeDisabled();
  },
};

/** Narrowed to a company, a super admin's new product joins it and opens on that company's route. */
export const StaffAddsToChosenCompany: Story = {
  args: { role: "SUPER_ADMIN", path: "/asset-inventory?company=1" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("grid", { name: "Products" }, untilRouteLoads);
    const add = canvas.getByRole("button", { name: "Add product" });
    await waitFor(() => expect(add).toBeEnabled(), untilRouteLoads);
    await userEvent.click(add);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole(
      "dialog",
      { name: "Add product" },
      untilRouteLoads,
    );
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Harbour Portal");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add product" }));
    await findShownPageHeading(canvas, "Harbour Portal");
    await waitFor(() => expect(canvas.getByText(/^Assets of /)).toBeVisible(), untilRouteLoads);
  },
};
