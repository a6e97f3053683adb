import { mockEmptyList, mockError, mockLoading } from "@sentinel/api-client/mocks";
import { formatNumber, Stack } from "@sentinel/ui";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useMemo, useRef, useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { recordRequests } from "../../../testing/companyFilterPlay.ts";
import { loadedRows, untilRouteLoads } from "../../../testing/play.ts";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { PatternFrame } from "../../patterns/PatternFrame.tsx";
import type { FindingIndexItem, FindingsOrdering } from "../api/types.ts";
import { type FindingsRows, useFindingsRows } from "../api/useFindingsRows.ts";
import { makeFinding } from "../testing/findingFixture.ts";
import { FindingsGrid, type FindingsGridHandle } from "./FindingsGrid.tsx";
import { defaultFindingColumnIds, type FindingColumnId } from "./types.ts";

const filter = {};
const gridColumns: readonly FindingColumnId[] = defaultFindingColumnIds;

interface GridHarnessProps {
  initialOrdering?: FindingsOrdering;
  /** Ticks this many of the first rows once they load. */
  preselect?: number;
}

/**
 * The grid as the findings section drives it: the index through `useFindingsRows`, selection by
 * id, the focused row and the opened finding held here and shown under the grid.
 */
function GridHarness({ initialOrdering, preselect = 0 }: GridHarnessProps) {
  const [ordering, setOrdering] = useState<FindingsOrdering | undefined>(initialOrdering);
  const rows = useFindingsRows(filter, ordering);
  return <GridWithRows rows={rows} ordering={ordering} onOrderingChange={setOrdering} preselect={preselect} />;
}

interface GridWithRowsProps {
  rows: FindingsRows;
  ordering?: FindingsOrdering | undefined;
  onOrderingChange?: ((ordering: FindingsOrdering) => void) | undefined;
  preselect: number;
}

function GridWithRows({ rows, ordering, onOrderingChange, preselect }: GridWithRowsProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [opened, setOpened] = useState("");
  const grid = useRef<FindingsGridHandle>(null);

  const first = rows.rowAt(0);
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !first || preselect === 0) return;
    preselected.current = true;
    setSelected(
      new Set(
        rows
          .loadedRows()
          .slice(0, preselect)
          .map((row) => row.id),
      ),
    );
  }, [first, preselect, rows]);

  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const isSelected = (row: FindingIndexItem) => selected.has(row.id);

  return (
    <Stack space="medium">
      <FindingsGrid
        ref={grid}
        label="Findings"
        rows={rows}
        columns={gridColumns}
        ordering={ordering}
        onOrderingChange={onOrderingChange}
        isSelected={isSelected}
        onToggleRow={(row) => toggle([row.id], !selected.has(row.id))}
        onTogglePage={(inView) =>
          toggle(
            inView.map((row) => row.id),
            !inView.every(isSelected),
          )
        }
        activeIndex={activeIndex}
        onActiveIndexChange={setActiveIndex}
        onOpen={(row) => setOpened(row.name)}
      />
      <p>
        <output aria-label="Selected">{`${formatNumber(selected.size)} selected`}</output>
        {" · "}
        <output aria-label="Opened">{opened}</output>
      </p>
    </Stack>
  );
}

/** More rows than a browser lays out at 40 px each in one element (about 838,000). */
const millionRowCount = 1_234_567;

const syntheticBase = makeFinding();
const severities = ["HIGH", "MEDIUM", "LOW", "INFO", "LOG"] as const;

/** Row `index` of the synthetic list: made when first asked for, so a million rows cost only those seen. */
function syntheticRow(index: number): FindingIndexItem {
  const severity = severities[index % severities.length] ?? "INFO";
  return {
    ...syntheticBase,
    id: index + 1,
    name: `Finding ${formatNumber(index + 1)}`,
    severity,
    severity_display: severity.charAt(0) + severity.slice(1).toLowerCase(),
    endpoint: { id: 31, host: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` },
    area: "NETWORK",
    area_display: "Network",
    company: { id: 1, name: "Meridian Freight Group" },
    product: null,
    first_seen: "2026-11-01T00:00:00Z",
    last_seen: "2026-11-20T00:00:00Z",
    change: "UNCHANGED",
    version: 1,
    location: {
      scan: 31,
      configuration: 4,
      application: null,
      scan_endpoint: 77,
      threat_endpoint: null,
      target: "10.0.0.0/8",
    },
  };
}

/** A loaded list of `count` rows that never asks the API: every row is there when the grid wants it. */
function useSyntheticRows(count: number): FindingsRows {
  return useMemo(() => {
    const made = new Map<number, FindingIndexItem>();
    const rowAt = (index: number) => {
      if (index < 0 || index >= count) return undefined;
      let row = made.get(index);
      if (!row) {
        row = syntheticRow(index);
        made.set(index, row);
      }
      return row;
    };
    return {
      status: "success",
      error: null,
      count,
      refetch: () => undefined,
      rowAt,
      loadedRows: () => [...made.keys()].sort((a, b) => a - b).flatMap((index) => rowAt(index) ?? []),
      ensureRange: () => undefined,
      pageSize: 100,
      viewKey: `synthetic:${count}`,
    };
  }, [count]);
}

function SyntheticGridHarness({ count }: { count: number }) {
  const rows = useSyntheticRows(count);
  return <GridWithRows rows={rows} preselect={0} />;
}

const usage = `**When to use.** To list the findings index (or any findings list the findings section shows) at any size: only the rows in view are rendered and pages of 100 rows load as they come into view, so 100,000 findings scroll like 100.

**Keyboard.** One row is the tab stop. Arrow keys, Page Up/Down, Home and End move between rows; Space selects the focused row; Enter opens it. The triage shortcuts (j/k, x, o, 1–5, u) are the findings section's.

**Selection.** Each row has a checkbox named "Select <finding>". The header's "Select this page" ticks the loaded rows in view.

**Accessibility.** A \`grid\` with \`aria-rowcount\` (all matching rows plus the header) and each row's \`aria-rowindex\`, so a screen reader says "row 5,002 of 100,001" while only 40 rows exist in the page. Rows still loading are \`aria-busy\`.`;

const meta = {
  title: "Patterns/Findings section/Grid",
  component: PatternFrame,
  args: { path: "/findings", children: <GridHarness /> },
  parameters: { docs: { description: { component: usage } } },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

async function findLoadedGrid(canvasElement: HTMLElement): Promise<HTMLElement> {
  const grid = await within(canvasElement).findByRole("grid", { name: "Findings" }, untilRouteLoads);
  // Not busy is not enough: before the virtualizer measures the grid no row is drawn (it failed a play).
  await loadedRows(grid);
  return grid;
}

/** The findings index from static mode, most severe first; the row count includes every matching finding. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = await findLoadedGrid(canvasElement);
    const count = Number(grid.getAttribute("aria-rowcount"));
    await expect(count).toBeGreaterThan(1);
    const rows = within(grid).getAllByRole("row");
    await expect(rows[0]).toHaveAttribute("aria-rowindex", "1");
    await expect(rows[1]).toHaveAttribute("aria-rowindex", "2");
    await expect(within(grid).getByRole("columnheader", { name: "Severity" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(within(rows[1] as HTMLElement).getByRole("checkbox", { name: /^Select / })).toBeInTheDocument();
  },
  args: { children: <GridHarness initialOrdering="-severity" /> },
};

/**
 * The Change column (issue 29): each row's change against its target's previous completed scan, as a
 * badge: New, Unchanged or Reopened.
 */
export const ChangeBadges: Story = {
  play: async ({ canvasElement }) => {
    const grid = await findLoadedGrid(canvasElement);
    const column = within(grid).getByRole("columnheader", { name: "Change" }).getAttribute("aria-colindex");
    const cells = within(grid)
      .getAllByRole("row")
      .slice(1)
      .flatMap((row) => [...row.querySelectorAll(`[aria-colindex="${column}"]`)]);
    await expect(cells.length).toBeGreaterThan(0);
    const shown = new Set(cells.map((cell) => cell.textContent));
    for (const label of shown) await expect(["New", "Unchanged", "Reopened", "—"]).toContain(label);
    await expect([...shown].some((label) => label !== "—")).toBe(true);
  },
  args: { children: <GridHarness initialOrdering="-severity" /> },
};

/** The first page is on its way: placeholder rows, and the grid says it is busy. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mockLoading("get", "/api/v1/findings/"));
  },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole("grid", { name: "Findings" }, untilRouteLoads);
    await expect(grid).toHaveAttribute("aria-busy", "true");
    const placeholders = within(grid).getAllByRole("row").slice(1);
    await expect(placeholders.length).toBeGreaterThan(0);
    await expect(placeholders[0]).toHaveAttribute("aria-busy", "true");
  },
};

/** Nothing matches: the kit's empty state says so. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mockEmptyList("/api/v1/findings/"));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", { name: "No findings match these filters" }, untilRouteLoads),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole("grid")).not.toBeInTheDocument();
  },
};

/** The index cannot be loaded: the reason and Retry, never an endless skeleton. */
export const LoadError: Story = {
  name: "Error",
  beforeEach({ msw }) {
    msw.use(mockError("get", "/api/v1/findings/", 500));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole("alert", undefined, untilRouteLoads);
    await expect(within(alert).getByRole("heading", { name: "We couldn't load the findings" })).toBeInTheDocument();
    await expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  },
};

/** Some rows ticked: their rows are selected and the header box shows a partial page. */
export const Selection: Story = {
  args: { children: <GridHarness preselect={3} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findLoadedGrid(canvasElement);
    await waitFor(() => expect(canvas.getByRole("status", { name: "Selected" })).toHaveTextContent("3 selected"));
    const page = within(grid).getByRole("checkbox", { name: "Select this page" });
    // "This page" is the rows in view, which the virtualizer knows once it has measured the grid; on
    // a busy machine that is a frame or more after the first rows appear, so the rows are read after.
    await waitFor(() => expect(page).toBePartiallyChecked());
    const dataRows = () => within(grid).getAllByRole("row").slice(1);
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(3));
    await expect(dataRows()[0]).toHaveAttribute("aria-selected", "true");
    await expect(dataRows()[3]).toHaveAttribute("aria-selected", "false");
    await userEvent.click(page);
    await waitFor(() => expect(page).toBeChecked());
    await waitFor(() => expect(dataRows()[3]).toHaveAttribute("aria-selected", "true"));
  },
};

/** Ordered by CVSS, highest first; a click on the header turns the order round. */
export const Sorted: Story = {
  args: { children: <GridHarness initialOrdering="-cvss_score" /> },
  play: async ({ canvasElement }) => {
    const grid = await findLoadedGrid(canvasElement);
    const header = within(grid).getByRole("columnheader", { name: "CVSS" });
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await userEvent.click(within(header).getByRole("button", { name: "CVSS" }));
    await waitFor(() => expect(header).toHaveAttribute("aria-sort", "ascending"));
    await expect(within(grid).getByRole("columnheader", { name: "Finding" })).not.toHaveAttribute("aria-sort");
  },
};

/** Keyboard only: arrows and End move the one focused row, Space selects it, Enter opens it. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findLoadedGrid(canvasElement);
    const count = Number(grid.getAttribute("aria-rowcount"));
    const first = within(grid).getAllByRole("row")[1] as HTMLElement;
    await expect(first).toHaveAttribute("tabindex", "0");
    // The header's checkbox and sort buttons come first in the tab order; the rows are one stop after them.
    first.focus();
    await expect(first).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const focused = () => canvasElement.ownerDocument.activeElement as HTMLElement;
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", "3"));
    await expect(grid.querySelectorAll('tr[tabindex="0"]')).toHaveLength(1);
    await userEvent.keyboard(" ");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-selected", "true"));
    await expect(canvas.getByRole("status", { name: "Selected" })).toHaveTextContent("1 selected");
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", String(count)));
    await waitFor(() => expect(focused()).not.toHaveAttribute("aria-busy"), untilRouteLoads);
    const name = within(focused()).getByRole("rowheader").textContent ?? "";
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("status", { name: "Opened" })).toHaveTextContent(name);
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", "2"));
  },
};

const indexRequests = recordRequests("/api/v1/findings/");
const requestsAfterTheFirst = () => indexRequests.urls.slice(1);

/**
 * Paging by cursor (issue 30): the first page is asked for by number, every later one continues
 * from a loaded page's cursor, and End reaches the last row through the end's cursor, so no request
 * makes the server count through the rows before a deep page.
 */
export const PagesByCursor: Story = {
  beforeEach({ msw }) {
    indexRequests.urls.length = 0;
    msw.use(indexRequests.handler);
  },
  play: async ({ canvasElement }) => {
    const grid = await findLoadedGrid(canvasElement);
    const count = Number(grid.getAttribute("aria-rowcount")) - 1;
    await expect(count).toBeGreaterThan(300);
    const focused = () => canvasElement.ownerDocument.activeElement as HTMLElement;
    (within(grid).getAllByRole("row")[1] as HTMLElement).focus();
    // Down past the first page of 100 rows.
    while (Number(focused().getAttribute("aria-rowindex")) < 110) {
      const before = focused().getAttribute("aria-rowindex");
      await userEvent.keyboard("{PageDown}");
      await waitFor(() => expect(focused().getAttribute("aria-rowindex")).not.toBe(before));
    }
    await waitFor(() => expect(focused()).not.toHaveAttribute("aria-busy"), untilRouteLoads);
    await expect(within(focused()).getByRole("rowheader")).toBeInTheDocument();
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", String(count + 1)));
    await waitFor(() => expect(focused()).not.toHaveAttribute("aria-busy"), untilRouteLoads);
    await expect(within(focused()).getByRole("rowheader")).toBeInTheDocument();
    await expect(grid).toHaveAttribute("aria-rowcount", String(count + 1));

    const [first] = indexRequests.urls;
    await expect(first?.searchParams.get("page")).toBe("1");
    await expect(first?.searchParams.has("cursor")).toBe(false);
    const later = requestsAfterTheFirst();
    await expect(later.length).toBeGreaterThanOrEqual(3);
    await expect(later.filter((url) => url.searchParams.has("page")).map((url) => url.search)).toEqual([]);
    await expect(later.every((url) => url.searchParams.has("cursor"))).toBe(true);
    // The last page is read from the end: as many rows as it holds.
    const lastRows = String(count % 100 || 100);
    await expect(later.some((url) => url.searchParams.get("page_size") === lastRows)).toBe(true);
  },
};

/**
 * A jump to where no page is loaded (the scrollbar dragged halfway) is the one request by number;
 * the rows below it follow by cursor.
 */
export const JumpFallsBackToPageNumber: Story = {
  beforeEach({ msw }) {
    indexRequests.urls.length = 0;
    msw.use(indexRequests.handler);
  },
  play: async ({ canvasElement }) => {
    const grid = await findLoadedGrid(canvasElement);
    const count = Number(grid.getAttribute("aria-rowcount")) - 1;
    const box = grid.parentElement as HTMLElement;
    box.scrollTop = box.scrollHeight / 2;
    await waitFor(() => {
      expect(grid).not.toHaveAttribute("aria-busy");
      const firstInView = within(grid).getAllByRole("row")[1];
      expect(Number(firstInView?.getAttribute("aria-rowindex"))).toBeGreaterThan(count / 2 - 100);
    }, untilRouteLoads);
    const byNumber = requestsAfterTheFirst().filter((url) => url.searchParams.has("page"));
    await expect(byNumber).toHaveLength(1);
    const jumpedTo = Number(byNumber[0]?.searchParams.get("page"));
    await expect(jumpedTo).toBeGreaterThan(2);
    // Its neighbours are asked for by cursor once it answers.
    await waitFor(
      () =>
        expect(
          requestsAfterTheFirst().filter(
            (url) => url.searchParams.has("cursor") && url.searchParams.get("page_size") === "100",
          ).length,
        ).toBeGreaterThanOrEqual(1),
      untilRouteLoads,
    );
  },
};

/**
 * Over a million rows (issue 30), more than a browser lays out at 40 px each: the scroll box's
 * content is capped and its scroll range maps onto the whole list, so the scrollbar's bottom, End,
 * Ctrl+End and Page Up/Down reach every row, and the rows keep their true `aria-rowindex`.
 */
export const MillionRows: Story = {
  args: { children: <SyntheticGridHarness count={millionRowCount} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await findLoadedGrid(canvasElement);
    const lastIndex = String(millionRowCount + 1);
    await expect(grid).toHaveAttribute("aria-rowcount", lastIndex);
    const box = grid.parentElement as HTMLElement;
    const row = (rowIndex: string) => grid.querySelector<HTMLElement>(`tr[aria-rowindex="${rowIndex}"]`);
    const inView = (element: HTMLElement | null) => {
      const shown = box.getBoundingClientRect();
      const rect = element?.getBoundingClientRect();
      return rect !== undefined && rect.top >= shown.top && rect.bottom <= shown.bottom;
    };

    // The scrollbar dragged to its bottom shows the last row, at the bottom of the view.
    box.scrollTop = box.scrollHeight;
    await waitFor(() => expect(inView(row(lastIndex))).toBe(true));
    await expect(within(row(lastIndex) as HTMLElement).getByRole("rowheader")).toHaveTextContent(
      `Finding ${formatNumber(millionRowCount)}`,
    );
    box.scrollTop = 0;
    await waitFor(() => expect(inView(row("3"))).toBe(true));

    // A wheel step of three rows moves the list three rows, not three times the scale.
    const header = within(grid).getAllByRole("row")[0] as HTMLElement;
    box.dispatchEvent(new WheelEvent("wheel", { deltaY: 120, deltaMode: 0, bubbles: true, cancelable: true }));
    await waitFor(() => {
      const top = row("5")?.getBoundingClientRect().top ?? Number.NaN;
      expect(Math.abs(top - header.getBoundingClientRect().bottom)).toBeLessThanOrEqual(1);
    });
    box.scrollTop = 0;
    await waitFor(() => expect(inView(row("3"))).toBe(true));

    const focused = () => canvasElement.ownerDocument.activeElement as HTMLElement;
    (row("2") as HTMLElement).focus();
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", lastIndex));
    await expect(within(focused()).getByRole("rowheader")).toHaveTextContent(
      `Finding ${formatNumber(millionRowCount)}`,
    );
    await expect(inView(focused())).toBe(true);

    // Page Up moves a view's worth of rows (the rows that fit under the header, less one of context).
    const rowsPerView = Math.floor(box.clientHeight / 40) - 2;
    await userEvent.keyboard("{PageUp}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", String(millionRowCount + 1 - rowsPerView)));
    await expect(inView(focused())).toBe(true);
    await userEvent.keyboard("{PageDown}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", lastIndex));

    await userEvent.keyboard("{Control>}{Home}{/Control}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", "2"));
    await expect(inView(focused())).toBe(true);
    await userEvent.keyboard("{Control>}{End}{/Control}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", lastIndex));
    await userEvent.keyboard("{ArrowUp}");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-rowindex", String(millionRowCount)));

    // Space selects the focused row; the header's box ticks the rows in view.
    await userEvent.keyboard(" ");
    await waitFor(() => expect(focused()).toHaveAttribute("aria-selected", "true"));
    await expect(canvas.getByRole("status", { name: "Selected" })).toHaveTextContent("1 selected");
    await userEvent.click(within(grid).getByRole("checkbox", { name: "Select this page" }));
    await waitFor(() => expect(row(lastIndex)).toHaveAttribute("aria-selected", "true"));
  },
};
