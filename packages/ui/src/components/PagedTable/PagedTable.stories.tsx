import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { formatDateTime } from "../../format/date.ts";
import { Link } from "../Link/Link.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { StatusBadge } from "../StatusBadge/StatusBadge.tsx";
import type { TableSort } from "../shared/table/tableTypes.ts";
import { PagedTable, type PagedTableProps } from "./PagedTable.tsx";
import { createPagedTableColumnHelper } from "./pagedTableColumns.ts";
import { pageOf, type SampleTicket, sampleTickets } from "./sampleTickets.ts";

const helper = createPagedTableColumnHelper<SampleTicket>();
const columns = helper.columns([
  helper.accessor("ticket_id", { header: "Ticket", meta: { isRowHeader: true }, enableSorting: true }),
  helper.accessor("name", { header: "Subject" }),
  helper.accessor("category", { header: "Category" }),
  helper.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge kind="ticket" status={info.getValue()} />,
  }),
  helper.accessor("requestor", { header: "Requestor" }),
  helper.accessor("created_at", {
    header: "Created",
    enableSorting: true,
    // UTC keeps screenshots identical on every machine; the app shows the user's own time zone.
    cell: (info) => formatDateTime(info.getValue(), { timeZone: "UTC" }),
  }),
]);

/** The same columns with the main cell as a real link, as every list that opens a detail page has. */
const linkedColumns = helper.columns([
  helper.accessor("ticket_id", {
    header: "Ticket",
    meta: { isRowHeader: true },
    cell: (info) => <Link href={`#ticket-${info.row.original.id}`}>{info.getValue()}</Link>,
  }),
  ...columns.slice(1),
]);

type TicketTableProps = PagedTableProps<SampleTicket>;

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Server-paged API lists with search, filters, sortable columns and row actions: findings, scans, tickets. State (page, search, sort) belongs in the URL.\n\n**When not to.** Don't use it for long lists already in the browser (use `DataGrid`) or for a few key/value facts (use `DescriptionList`).\n\n**Accessibility.** A `grid` with sortable headers (`aria-sort`), row numbers across pages and named row actions. Loading sets `aria-busy`; the pagination announces the visible range.";

const meta = {
  title: "Components/Data/PagedTable",
  id: "data-pagedtable",
  component: PagedTable<SampleTicket>,
  args: {
    "aria-label": "Tickets",
    columns,
    page: pageOf(sampleTickets, 1),
    onPageChange: fn(),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof PagedTable<SampleTicket>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Plays the server: filters, sorts and pages the sample tickets as the caller's query would. */
function ServerBacked(props: TicketTableProps & { initialPage?: number }) {
  const [pageNumber, setPageNumber] = useState(props.initialPage ?? props.page?.current_page ?? 1);
  const [search, setSearch] = useState(props.search ?? "");
  const [sort, setSort] = useState<TableSort | null>(props.sort ?? null);
  const needle = search.trim().toLowerCase();
  const matching = sampleTickets.filter(
    (t) => !needle || t.name.toLowerCase().includes(needle) || t.ticket_id.toLowerCase().includes(needle),
  );
  const column = sort?.column as keyof SampleTicket | undefined;
  const sorted = column
    ? [...matching].sort((a, b) => {
        const order = String(a[column]).localeCompare(String(b[column]));
        return sort?.direction === "descending" ? -order : order;
      })
    : matching;
  return (
    <PagedTable
      {...props}
      page={pageOf(sorted, pageNumber)}
      onPageChange={(next) => {
        props.onPageChange?.(next);
        setPageNumber(next);
      }}
      search={search}
      onSearchChange={(next) => {
        props.onSearchChange?.(next);
        setSearch(next);
        setPageNumber(1);
      }}
      sort={sort}
      onSortChange={(next) => {
        props.onSortChange?.(next);
        setSort(next);
      }}
    />
  );
}

export const Default: Story = {
  render: (args) => <ServerBacked {...args} />,
};

export const AllVariants: Story = {
  render: (args) => (
    <Stack space="xxlarge">
      <PagedTable
        {...args}
        aria-label="Plain"
        paginationLabel="Plain pagination"
        page={pageOf(sampleTickets.slice(0, 4), 1)}
      />
      <PagedTable
        {...args}
        aria-label="Without row numbers"
        paginationLabel="Without row numbers pagination"
        showRowNumbers={false}
        page={pageOf(sampleTickets.slice(0, 4), 1)}
      />
      <PagedTable
        {...args}
        aria-label="Sorted, with actions"
        paginationLabel="Sorted pagination"
        page={pageOf(sampleTickets.slice(0, 4), 1)}
        sort={{ column: "created_at", direction: "descending" }}
        onSortChange={fn()}
        rowActions={() => [
          { id: "open", label: "Open" },
          { id: "close", label: "Close ticket" },
        ]}
      />
    </Stack>
  ),
};

export const Loading: Story = {
  args: { isLoading: true, page: undefined },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Tickets" });
    await expect(grid).toHaveAttribute("aria-busy", "true");
    // Rows render a commit after the grid (react-aria's collection).
    await expect((await within(grid).findAllByRole("row")).length).toBeGreaterThan(3);
  },
};

export const Empty: Story = {
  args: { page: pageOf([], 1), emptyMessage: "No tickets match your search." },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No tickets match your search.")).toBeVisible();
    await expect(canvas.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  },
};

/** A list the API answers whole (an endpoint's services): every row, and no pager that cannot move. */
export const Unpaged: Story = {
  args: { page: pageOf(sampleTickets.slice(0, 4), 1), onPageChange: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("grid", { name: "Tickets" });
    // A header row and the four tickets.
    await expect(await within(grid).findAllByRole("row")).toHaveLength(5);
    await expect(canvas.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  },
};

/** The error state replaces the table; Retry asks the caller to refetch. */
export const ErrorWithRetry: Story = {
  args: { error: "We couldn't load the tickets.", onRetry: fn(), page: undefined },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("We couldn't load the tickets.")).toBeVisible();
    await expect(canvas.queryByRole("grid")).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: /retry/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Stress: Story = {
  render: (args) => (
    <Stack space="xxlarge">
      <div className={frameMaxWidth["28rem"]}>
        <PagedTable {...args} aria-label="Narrow" paginationLabel="Narrow pagination" />
      </div>
      <PagedTable
        {...args}
        aria-label="Long text"
        paginationLabel="Long text pagination"
        page={pageOf(
          sampleTickets.slice(0, 3).map((t) => ({
            ...t,
            name: `${t.name} — ${"a very long subject line that keeps going ".repeat(4)}`,
            requestor: "Maximiliana Wilhelmina Alexandrovna-Konstantinopolous",
          })),
          1,
        )}
      />
      <PagedTable {...args} aria-label="Dense" paginationLabel="Dense pagination" page={pageOf(sampleTickets, 1, 50)} />
    </Stack>
  ),
};

interface SampleScan {
  id: number;
  host: string;
  product: string;
  commit: string;
  finished_at: string;
}

const scanHelper = createPagedTableColumnHelper<SampleScan>();
const scanColumns = scanHelper.columns([
  scanHelper.accessor("host", { header: "Host", meta: { isRowHeader: true } }),
  scanHelper.accessor("product", { header: "Product" }),
  scanHelper.accessor("commit", { header: "Commit" }),
  scanHelper.accessor("finished_at", {
    header: "Finished",
    cell: (info) => formatDateTime(info.getValue(), { timeZone: "UTC" }),
  }),
]);
const sampleScans: SampleScan[] = [0, 1, 2].map((i) => ({
  id: i + 1,
  host: `192.168.100.${110 + i}`,
  product: ["Booking Hub", "Customer Portal", "Payments API"][i] ?? "",
  // A full SHA-256: one token longer than a phone is wide.
  commit: `9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a0${i}`,
  finished_at: new Date(Date.UTC(2026, 10, 20 + i, 9, 36)).toISOString(),
}));

/** How many lines an element's text takes. */
function lineCount(element: Element): number {
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}

/**
 * On a phone, a table keeps every address and date part whole and scrolls sideways in its own box;
 * only a token longer than a column may be (a hash), which breaks inside a bounded column.
 */
export const PhoneWidth: Story = {
  globals: { viewport: { value: "phone", isRotated: false } },
  render: () => (
    <PagedTable<SampleScan>
      aria-label="Scans"
      columns={scanColumns}
      page={pageOf(sampleScans, 1)}
      onPageChange={() => {}}
      paginationLabel="Scans pagination"
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("grid", { name: "Scans" });
    // The grid draws its rows after its collection is built: wait for them.
    const host = await within(grid).findByText("192.168.100.110");
    expect(lineCount(host)).toBe(1);
    expect(lineCount(within(grid).getByText("192.168.100.112"))).toBe(1);
    const scroller = grid.parentElement as HTMLElement;
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    // The page itself does not scroll sideways: the table's own box does.
    const root = canvasElement.ownerDocument.documentElement;
    expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    const hash = within(grid).getByText(/^9f86d081.+a00$/);
    const fontSize = Number.parseFloat(getComputedStyle(canvasElement.ownerDocument.documentElement).fontSize);
    // The column's cap (30rem) plus the cell's padding.
    expect(hash.getBoundingClientRect().width).toBeLessThanOrEqual(32 * fontSize);
    expect(lineCount(hash)).toBeGreaterThan(1);
  },
};

/** Page 3 at 10 per page: rows are numbered from "21." and the range is announced. */
export const PageThree: Story = {
  render: (args) => <ServerBacked {...args} initialPage={3} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("grid", { name: "Tickets" });
    const rows = within(grid).getAllByRole("row").slice(1);
    await expect(rows).toHaveLength(10);
    await expect(within(rows[0] as HTMLElement).getAllByRole("gridcell")[0]).toHaveTextContent(/^21\.$/);
    await expect(within(rows[9] as HTMLElement).getAllByRole("gridcell")[0]).toHaveTextContent(/^30\.$/);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 21\u201330 of 134");
    await expect(canvas.getByRole("button", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  },
};

/** Arrow keys move between rows, Enter opens the focused row, and paging renumbers the rows. */
export const KeyboardNavigation: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { onRowAction: fn() },
  // Interaction-only: its end state (page 2) is a Default/PageThree look-alike, and the pointer left
  // on "Next page" after paging keeps the hover/press rendering from settling between captures.
  parameters: { visual: false },
  render: (args) => <ServerBacked {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("grid", { name: "Tickets" });
    const bodyRow = (index: number) => within(grid).getAllByRole("row")[index + 1] as HTMLElement;
    // The search box comes first, then the grid.
    await userEvent.tab();
    await userEvent.tab();
    await expect(bodyRow(0)).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(bodyRow(2)).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Enter}");
    await expect(args.onRowAction).toHaveBeenLastCalledWith(sampleTickets[2]);
    await userEvent.keyboard("{ArrowUp}");
    await expect(bodyRow(1)).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(bodyRow(3)).getByRole("rowheader"));
    await expect(args.onRowAction).toHaveBeenLastCalledWith(sampleTickets[3]);

    await userEvent.click(canvas.getByRole("button", { name: "Next page" }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 11\u201320 of 134");
  },
};

/** Sortable headers report the server sort; aria-sort reflects it. */
export const Sorting: Story = {
  args: { onSortChange: fn() },
  render: (args) => <ServerBacked {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole("columnheader", { name: /Created/ });
    await expect(canvas.getByRole("columnheader", { name: "Subject" })).not.toHaveAttribute("aria-sort");
    await userEvent.click(header);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: "created_at", direction: "ascending" });
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(header);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: "created_at", direction: "descending" });
    await expect(header).toHaveAttribute("aria-sort", "descending");
  },
};

/**
 * Typing searches (debounced; the timing itself is covered by useDebouncedValue.test.tsx) and Enter
 * searches at once; the caller resets to page 1.
 */
export const Search: Story = {
  args: { onSearchChange: fn(), searchLabel: "Search tickets" },
  render: (args) => <ServerBacked {...args} initialPage={2} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 11\u201320 of 134");
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search tickets" }), "refund{Enter}");
    await expect(args.onSearchChange).toHaveBeenLastCalledWith("refund");
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent("Showing 1\u201310 of 22"));
  },
};

/**
 * Rows that open a detail page: the main cell is a real link (middle-click, new tab, copy), a click
 * anywhere else on the row is a convenience, and a hovered row takes the hover surface.
 */
export const LinkedRows: Story = {
  args: { columns: linkedColumns, onRowAction: fn(), page: pageOf(sampleTickets.slice(0, 4), 1) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole("grid", { name: "Tickets" });
    const first = sampleTickets[0] as SampleTicket;
    // Rows render a commit after the grid (react-aria's collection).
    const link = await within(grid).findByRole("link", { name: first.ticket_id });
    await expect(link).toHaveAttribute("href", `#ticket-${first.id}`);

    const row = within(grid).getAllByRole("row")[1] as HTMLElement;
    await expect(row).toContainElement(link);
    await userEvent.hover(within(row).getByRole("gridcell", { name: first.name }));
    await waitFor(() => expect(row).toHaveAttribute("data-hovered", "true"));
    await userEvent.click(within(row).getByRole("gridcell", { name: first.name }));
    await expect(args.onRowAction).toHaveBeenLastCalledWith(first);
    await userEvent.unhover(row);
  },
};

/**
 * Rows whose only way onward is the link in their main cell (no row action) still look clickable:
 * a hovered row takes the same hover surface. The row gets no pointer and no press of its own; the
 * link is the target.
 */
export const LinkOnlyRows: Story = {
  args: { columns: linkedColumns, page: pageOf(sampleTickets.slice(0, 4), 1) },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Tickets" });
    // The header row first, then the data rows, which render a commit after the grid (react-aria's
    // collection): wait for the data rows, not just the header row.
    await waitFor(() => expect(within(grid).getAllByRole("row").length).toBeGreaterThan(2));
    const [, hovered, other] = within(grid).getAllByRole("row") as HTMLElement[];
    if (!hovered || !other) throw new Error("The story needs two data rows");
    const ticket = sampleTickets[0] as SampleTicket;
    await expect(within(hovered).getByRole("link", { name: ticket.ticket_id })).toBeVisible();
    const background = (row: HTMLElement) => getComputedStyle(row).backgroundColor;
    const resting = background(hovered);

    await userEvent.hover(within(hovered).getByRole("gridcell", { name: ticket.name }));
    await waitFor(() => expect(hovered).toHaveAttribute("data-link-hovered", "true"));
    await expect(background(hovered)).not.toBe(resting);
    await expect(background(other)).toBe(resting);
    await expect(hovered).not.toHaveAttribute("data-actionable");
    await expect(getComputedStyle(hovered).cursor).not.toBe("pointer");

    await userEvent.unhover(hovered);
    await waitFor(() => expect(hovered).not.toHaveAttribute("data-link-hovered"));
    await expect(background(hovered)).toBe(resting);
  },
};
