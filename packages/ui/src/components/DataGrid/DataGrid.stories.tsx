import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import type { Selection } from "react-aria-components";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameColumns, frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { DataGrid } from "./DataGrid.tsx";
import { createDataGridColumnHelper } from "./dataGridColumns.ts";
import { type SampleEndpoint, type SampleEngine, sampleEndpoints, sampleEngines } from "./sampleEndpoints.ts";

const helper = createDataGridColumnHelper<SampleEndpoint>();
const columns = helper.columns([
  helper.accessor("name", { header: "Host", meta: { isRowHeader: true, width: "2fr" } }),
  helper.accessor("country", { header: "Country" }),
  helper.accessor("service_count", { header: "Services", meta: { align: "end" } }),
  helper.accessor("is_new", {
    header: "New",
    enableSorting: false,
    cell: (info) => (info.getValue() ? "New" : ""),
  }),
]);

const engineHelper = createDataGridColumnHelper<SampleEngine>();
const engineColumns = engineHelper.columns([
  engineHelper.accessor("engine", { header: "Engine", meta: { isRowHeader: true, width: "2fr" } }),
  engineHelper.accessor("detected", {
    header: "Result",
    cell: (info) => (info.getValue() ? "Detected" : "Clean"),
  }),
  engineHelper.accessor("confidence", {
    header: "Confidence",
    meta: { align: "end" },
    cell: (info) => `${info.getValue()}%`,
  }),
]);

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Long unpaged lists held in the browser (thousands of endpoints, reputation engines) that need sorting, selection and keyboard navigation. Only visible rows are in the DOM.\n\n**When not to.** Don't use it for server-paged API lists (use `PagedTable`) or for a few key/value facts (use `DescriptionList`).\n\n**Accessibility.** A `grid` with `aria-sort` on sorted headers, arrow-key navigation between cells and typeahead. Give it an `aria-label` naming what it lists.";

const meta = {
  title: "Components/Data/DataGrid",
  id: "data-datagrid",
  component: DataGrid<SampleEndpoint>,
  args: {
    "aria-label": "Endpoints",
    columns,
    rows: sampleEndpoints,
    height: 360,
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof DataGrid<SampleEndpoint>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["26rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <DataGrid {...args} aria-label="Multiple selection" selectionMode="multiple" defaultSelectedKeys={["2", "3"]} />
      <DataGrid {...args} aria-label="Single selection" selectionMode="single" defaultSelectedKeys={["1"]} />
      <DataGrid
        aria-label="Reputation engines"
        columns={engineColumns}
        rows={sampleEngines}
        height={360}
        defaultSort={{ column: "confidence", direction: "descending" }}
      />
      <DataGrid {...args} aria-label="Disabled rows" selectionMode="multiple" disabledKeys={["1", "2"]} />
    </div>
  ),
};

export const Empty: Story = {
  args: { rows: [], emptyMessage: "No endpoints found for this target." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No endpoints found for this target.")).toBeVisible();
  },
};

/**
 * Screens size a grid to its rows (header + n rows of 40 px). With no rows that is one row's height:
 * the grid keeps room for its message instead of cutting it off.
 */
export const EmptySizedToRows: Story = {
  args: { rows: [], emptyMessage: "No endpoints found for this target.", height: 42 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Endpoints" });
    const message = within(grid).getByText("No endpoints found for this target.");
    const box = grid.getBoundingClientRect();
    const text = message.getBoundingClientRect();
    await expect(text.top).toBeGreaterThanOrEqual(box.top);
    await expect(text.bottom).toBeLessThanOrEqual(box.bottom);
  },
};

export const Loading: Story = {
  args: { rows: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("grid", { name: "Endpoints" })).toHaveAttribute("aria-busy", "true");
  },
};

export const Stress: Story = {
  render: (args) => (
    <Stack space="xxlarge">
      <div className={frameMaxWidth["20rem"]}>
        <DataGrid {...args} aria-label="Narrow" selectionMode="multiple" />
      </div>
      <DataGrid
        {...args}
        aria-label="Long names"
        rows={sampleEndpoints.slice(0, 20).map((e) => ({
          ...e,
          name: `${e.name}.${"really-long-subdomain-label.".repeat(6)}example.com`,
        }))}
      />
    </Stack>
  ),
};

/** Only the rows in view are in the DOM, even with 5,000 rows. */
export const Virtualized: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Endpoints" });
    await expect(grid).toHaveAttribute("aria-rowcount", String(sampleEndpoints.length + 1));
    const rendered = within(grid).getAllByRole("row").length;
    await expect(rendered).toBeGreaterThan(5);
    await expect(rendered).toBeLessThan(60);
  },
};

function Selectable(props: React.ComponentProps<typeof DataGrid<SampleEndpoint>>) {
  const [selected, setSelected] = useState<Selection>(new Set());
  return (
    <DataGrid
      {...props}
      selectedKeys={selected}
      onSelectionChange={(keys) => {
        props.onSelectionChange?.(keys);
        setSelected(keys);
      }}
    />
  );
}

/** Keyboard selection: arrows move between rows and Space toggles the focused one. */
export const KeyboardSelection: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { selectionMode: "multiple", onSelectionChange: fn() },
  render: (args) => <Selectable {...args} />,
  play: async ({ args, canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Endpoints" });
    await userEvent.tab();
    await userEvent.keyboard(" ");
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(1);
    await expect(within(grid).getAllByRole("row")[1]).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowDown} ");
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(2);
    await expect(within(grid).getAllByRole("row")[2]).toHaveAttribute("aria-selected", "true");
    await expect(within(grid).getAllByRole("row")[3]).toHaveAttribute("aria-selected", "false");
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(expect.objectContaining({ size: 2 }));
  },
};

/** Clicking a sortable header sorts the rows in the browser. */
export const Sorting: Story = {
  args: { rows: sampleEndpoints.slice(0, 30), onSortChange: fn() },
  play: async ({ args, canvasElement }) => {
    const grid = within(canvasElement).getByRole("grid", { name: "Endpoints" });
    const services = within(grid).getByRole("columnheader", { name: /Services/ });
    await userEvent.click(services);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: "service_count", direction: "ascending" });
    await expect(services).toHaveAttribute("aria-sort", "ascending");
    const firstRow = within(grid).getAllByRole("row")[1] as HTMLElement;
    await expect(within(firstRow).getAllByRole("gridcell")[1]).toHaveTextContent(/^0$/);
    await userEvent.click(services);
    await expect(services).toHaveAttribute("aria-sort", "descending");
    const topRow = within(grid).getAllByRole("row")[1] as HTMLElement;
    await expect(within(topRow).getAllByRole("gridcell")[1]).toHaveTextContent(/^22$/);
  },
};
