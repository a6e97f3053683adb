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
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const path = "/api/v1/sourcecode/applications/";
const requests = recordRequests(path);

const meta = {
  title: "Screens/SourceCode/List",
  component: StoryApp,
  args: { path: "/source-code-va", role: "CLIENT_ADMIN", stubFeatures: false },
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Source Code" }, untilRouteLoads);
    const table = await canvas.findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    expect((await loadedRows(table)).length).toBeGreaterThan(0);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, table);
    expect(within(table).getAllByText(/^(Done|Queued|Scanning|Failed)$/).length).toBeGreaterThan(0);
  },
};

/**
 * Staff see whose each row is and narrow the list to one company (the call carries `company`).
 * Across companies rows open the plain route; narrowed, the company's twin.
 */
export const StaffCompanyFilter: Story = {
  args: { role: "SUPER_ADMIN" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    await expectRowLinks(table, /^\/source-code-va\/\d+$/);
    await pickCompany(canvasElement, table, requests.urls);
    const id = requests.urls.map((u) => u.searchParams.get("company")).find((c) => c !== null);
    await expectRowLinks(table, new RegExp(`^/source-code-va/\\d+/company/${id}$`));
  },
};

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = {
  args: { role: "ANALYST", path: "/source-code-va?company=1" },
  beforeEach({ msw }) {
    requests.urls.length = 0;
    msw.use(requests.handler);
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    await expectLinkedCompany(canvasElement, table, requests.urls, 1);
    await expectRowLinks(table, /^\/source-code-va\/\d+\/company\/1$/);
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", path));
  },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    expect(table).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList(path));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText("No repositories yet. Add one to scan it.", undefined, untilRouteLoads);
  },
};

export const ErrorState: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", path, 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/We couldn't load the repositories/, undefined, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    expect(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads)).toBeInTheDocument();
  },
};

/**
 * Add repository: GitHub is the only provider that can be chosen; the registered repository
 * appears at the top of the list with its first scan queued.
 */
export const AddRepository: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: "Repositories" }, untilRouteLoads);
    await userEvent.click(canvas.getByRole("button", { name: "Add repository" }));
    const dialog = await body.findByRole("dialog", { name: "Add repository" }, untilRouteLoads);

    expect(within(dialog).getByRole("radio", { name: "GitHub" })).toBeChecked();
    for (const name of ["GitLab", "Bitbucket", "Azure DevOps"]) {
      const radio = within(dialog).getByRole("radio", { name: new RegExp(name) });
      expect(radio).toBeDisabled();
    }
    expect(within(dialog).getAllByText("Not yet available")).toHaveLength(3);

    // Submitting without a repository explains what is missing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Add repository" }));
    expect(
      await within(dialog).findByText("Choose the repository to scan.", undefined, untilRouteLoads),
    ).toBeInTheDocument();

    const combo = within(dialog).getByRole("combobox", { name: /Repository/ });
    await waitFor(() => expect(combo).toBeEnabled());
    await userEvent.click(combo);
    await userEvent.keyboard("{ArrowDown}");
    const options = await body.findAllByRole("option", undefined, untilRouteLoads);
    const free = options.find((o) => o.getAttribute("aria-disabled") !== "true");
    expect(free).toBeDefined();
    // The option's label is "owner/repository"; its description (the product) follows it.
    const optionLabel = free?.querySelector("span > span")?.textContent ?? free?.textContent ?? "";
    const label = optionLabel.split("/")[1] ?? "";
    expect(label).not.toBe("");
    await userEvent.click(free as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Add repository" }));

    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    // Other live regions (the loading rows) are also status roles; find the announcement by text.
    await waitFor(
      () =>
        expect(
          canvas.getAllByRole("status").some((s) => /was added; its first scan is queued/.test(s.textContent ?? "")),
        ).toBe(true),
      untilRouteLoads,
    );
    const table = canvas.getByRole("grid", { name: "Repositories" });
    const firstRow = (await loadedRows(table))[0] as HTMLElement;
    await waitFor(() => expect(firstRow).toHaveTextContent(label));
    expect(within(firstRow).getByText("Queued")).toBeInTheDocument();
  },
};
