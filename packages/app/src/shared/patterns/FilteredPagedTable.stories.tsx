import { mockError, mockLoading } from "@sentinel/api-client/mocks";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "../../testing/play.ts";
import { useStaticModeHandlers } from "../../testing/storyHandlers.ts";
import { FilteredPagedTable } from "./FilteredPagedTable.tsx";
import { PatternFrame } from "./PatternFrame.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage = `**When to use.** Any server-paged list a user narrows down: tickets, scans, findings, assets. Search, filters and the page live in the URL (\`useListParams\`), so Back, reload and a shared link restore the view.

**When not to.** Don't use it for a short list the browser already holds (use \`DataGrid\`, which sorts and filters locally) or for a handful of facts (use \`DescriptionList\`).

**Do.**
- Give the table a name (\`aria-labelledby\` on the section heading) and the pagination its own label ("Ticket pages").
- Go back to page 1 on a new search or filter; keep the page in the URL with a history entry per page, and replace the entry while typing a search.
- Keep the previous page on screen while the next one loads (\`placeholderData: keepPreviousData\`); \`isLoading\` is for the first load only.
- Word the empty state for the filters ("No tickets match these filters.") and offer **Clear filters** beside them.
- Show the API's reason in the error state, with Retry.

**Don't.**
- Don't keep the page or filters in component state only: the view is lost on reload and cannot be shared.
- Don't search on every keystroke: PagedTable debounces 300 ms, and Enter searches at once.
- Don't make rows the only way onward: the main cell is a real link (new tab, copy address).

**Accessibility.** The range ("Showing 11–20 of 134") is a polite live region, so a screen reader hears the new result count after a search, a filter or a page change without focus moving. Paging keeps focus on the control that was pressed; the current page button carries \`aria-current="page"\`. The loading table is \`aria-busy\`. Clear filters removes itself, so focus moves to the search box instead of falling to the page. Filters are labelled fields, not placeholder-only inputs.`;

const meta = {
  title: "Patterns/Filtered paged table",
  component: PatternFrame,
  args: { path: "/ticketing", children: <FilteredPagedTable /> },
  parameters: { docs: { description: { component: usage } } },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

const address = (canvasElement: HTMLElement) => within(canvasElement).getByRole("status", { name: "Address" });

/** The first page of every ticket: ten rows, page 1 current, a bare URL. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await waitFor(async () => expect(await loadedRows(grid)).toHaveLength(10));
    const pages = canvas.getByRole("navigation", { name: "Ticket pages" });
    await expect(within(pages).getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByText(/^Showing 1–10 of \d+$/)).toBeInTheDocument();
    await expect(address(canvasElement)).toHaveTextContent(/^\/ticketing$/);
    await expect(canvas.queryByRole("button", { name: "Clear filters" })).not.toBeInTheDocument();
  },
};

/** Page, filter, search and clear: each step is in the URL, and a new filter goes back to page 1. */
export const FilterPageAndClear: Story = {
  // The end state is Data's look; the story exists for the journey.
  tags: ["!dev", "!autodocs", "test-only"],
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const grid = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await waitFor(async () => expect(await loadedRows(grid)).toHaveLength(10));

    const next = canvas.getByRole("button", { name: "Next page" });
    await userEvent.click(next);
    await waitFor(() => expect(canvas.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page"));
    await expect(address(canvasElement)).toHaveTextContent(/^\/ticketing\?page=2$/);
    await waitFor(() => expect(canvas.getByText(/^Showing 11–20 of \d+$/)).toBeInTheDocument());
    // Paging leaves focus where it was, so the next press goes on paging.
    await expect(next).toHaveFocus();

    await userEvent.click(canvas.getByRole("button", { name: /Status$/ }));
    await userEvent.click(await body.findByRole("option", { name: "Closed" }));
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent(/^\/ticketing\?status=CLOSED$/));
    await waitFor(() => expect(canvas.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page"));
    for (const row of await loadedRows(grid)) await expect(within(row).getByText("Closed")).toBeInTheDocument();

    await userEvent.type(canvas.getByRole("searchbox", { name: "Search tickets" }), "no such ticket{Enter}");
    await waitFor(() =>
      expect(address(canvasElement)).toHaveTextContent(/^\/ticketing\?status=CLOSED&search=no\+such\+ticket$/),
    );
    await expect(await canvas.findByText("No tickets match these filters.")).toBeInTheDocument();
    await expect(canvas.queryByRole("navigation", { name: "Ticket pages" })).not.toBeInTheDocument();

    await userEvent.click(canvas.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(address(canvasElement)).toHaveTextContent(/^\/ticketing$/));
    await waitFor(async () => expect(await loadedRows(grid)).toHaveLength(10));
    await waitFor(() => expect(canvas.getByRole("searchbox", { name: "Search tickets" })).toHaveFocus());
    await expect(canvas.getByRole("searchbox", { name: "Search tickets" })).toHaveValue("");
  },
};

/** A search that matches nothing: the empty state says so, and Clear filters brings the list back. */
export const FilteredToNothing: Story = {
  args: { path: "/ticketing?status=UNREAD&search=no+such+ticket" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No tickets match these filters.", undefined, untilRouteLoads)).toBeVisible();
    await expect(canvas.getByRole("searchbox", { name: "Search tickets" })).toHaveValue("no such ticket");
    await expect(canvas.queryByRole("navigation", { name: "Ticket pages" })).not.toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Clear filters" })).toBeVisible();
  },
};

/** The first load: skeleton rows in a busy table, no pagination yet. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", "/api/v1/ticket/"));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await expect(grid).toHaveAttribute("aria-busy", "true");
    // Rows render a commit after the grid (react-aria's collection).
    await waitFor(() => expect(within(grid).getAllByRole("row").length).toBeGreaterThan(3));
    await expect(canvas.queryByRole("navigation", { name: "Ticket pages" })).not.toBeInTheDocument();
  },
};

/** The list fails to load: the API's reason and Retry replace the table; the search and filters stay. */
export const LoadError: Story = {
  args: { path: "/ticketing?search=backup" },
  beforeEach({ msw }) {
    msw.use(mockError("get", "/api/v1/ticket/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^We couldn't load the tickets: /, undefined, untilRouteLoads)).toBeVisible();
    await expect(canvas.queryByRole("grid")).not.toBeInTheDocument();
    await expect(canvas.getByRole("searchbox", { name: "Search tickets" })).toHaveValue("backup");
    await expect(canvas.getByRole("button", { name: "Retry" })).toBeVisible();
  },
};

/** Retry after a failed load asks again and shows the list. */
export const RetryRecovers: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  // Its end state is Data's look.
  parameters: { visual: false },
  beforeEach({ msw }) {
    // Fails once, so Retry reaches the sample data.
    msw.use(
      http.get("*/api/v1/ticket/", () => HttpResponse.json({ detail: "A server error occurred." }, { status: 500 }), {
        once: true,
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Retry" }, untilRouteLoads));
    const grid = await canvas.findByRole("grid", { name: "Tickets" }, untilRouteLoads);
    await waitFor(async () => expect(await loadedRows(grid)).toHaveLength(10));
  },
};
