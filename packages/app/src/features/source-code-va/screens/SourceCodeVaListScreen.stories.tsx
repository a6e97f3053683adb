import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { expectNoCompanyFilter } from "../../../testing/companyFilterPlay.ts";
import { companyFilterStories, listStateStories } from "../../../testing/listStories.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { StoryApp } from "../../../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";

const api = "/api/v1/sourcecode/applications/";
const table = "Repositories";
const staff = companyFilterStories({
  api,
  table,
  route: "/source-code-va",
  rowHref: { plain: /^\/source-code-va\/\d+$/, twin: (id) => new RegExp(`^/source-code-va/\\d+/company/${id}$`) },
});
const states = listStateStories({
  api,
  table,
  noun: "the repositories",
  empty: "No repositories yet. Add one to scan it.",
});

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
    const grid = await canvas.findByRole("grid", { name: table }, untilRouteLoads);
    expect((await loadedRows(grid)).length).toBeGreaterThan(0);
    // Clients see only their own company: no company column or filter.
    expectNoCompanyFilter(canvasElement, grid);
    expect(within(grid).getAllByText(/^(Completed|Queued|Running|Failed)$/).length).toBeGreaterThan(0);
  },
};

/**
 * Staff see whose each row is and narrow the list to one company (the call carries `company`).
 * Across companies rows open the plain route; narrowed, the company's twin.
 */
export const StaffCompanyFilter: Story = staff.StaffCompanyFilter;

/** A shared link keeps the company: the list opens narrowed to it. */
export const StaffCompanyLink: Story = staff.StaffCompanyLink;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const ErrorState: Story = { ...states.ErrorState, name: "Error" };

/**
 * Add repository: GitHub is the only provider that can be chosen; the registered repository
 * appears at the top of the list with its first scan queued.
 */
export const AddRepository: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("grid", { name: table }, untilRouteLoads);
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
    const grid = canvas.getByRole("grid", { name: table });
    const firstRow = (await loadedRows(grid))[0] as HTMLElement;
    await waitFor(() => expect(firstRow).toHaveTextContent(label));
    expect(within(firstRow).getByText("Queued")).toBeInTheDocument();
  },
};
