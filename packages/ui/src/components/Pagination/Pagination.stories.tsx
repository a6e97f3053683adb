import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { Pagination, type PaginationProps } from "./Pagination.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** Moving through a server-paged list, under a table.\n\n**When not to.** Don\'t use it for lists held in the browser (use `DataGrid`) or for infinite scrolling.\n\n**Accessibility.** A `navigation` landmark; the current page has `aria-current="page"`, and a polite live region announces "Showing 26–50 of 120" on every change.';

const meta = {
  title: "Components/Navigation/Pagination",
  id: "navigation-pagination",
  component: Pagination,
  args: {
    currentPage: 2,
    totalPages: 14,
    count: 134,
    startIndex: 11,
    endIndex: 20,
    onPageChange: fn(),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Page size the examples pretend the API uses. */
const pageSize = 10;

/** A pagination that follows its own page changes, as a screen does through the URL. */
function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.currentPage);
  const startIndex = (page - 1) * pageSize + 1;
  return (
    <Pagination
      {...props}
      currentPage={page}
      startIndex={startIndex}
      endIndex={Math.min(props.count, startIndex + pageSize - 1)}
      onPageChange={(next) => {
        props.onPageChange(next);
        setPage(next);
      }}
    />
  );
}

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <Stack space="xlarge">
      <Pagination
        {...args}
        aria-label="Single page"
        currentPage={1}
        totalPages={1}
        count={4}
        startIndex={1}
        endIndex={4}
      />
      <Pagination
        {...args}
        aria-label="Few pages"
        currentPage={1}
        totalPages={5}
        count={45}
        startIndex={1}
        endIndex={10}
      />
      <Pagination
        {...args}
        aria-label="On the first page"
        currentPage={1}
        totalPages={14}
        startIndex={1}
        endIndex={10}
      />
      <Pagination {...args} aria-label="Middle page" currentPage={7} totalPages={14} startIndex={61} endIndex={70} />
      <Pagination
        {...args}
        aria-label="On the last page"
        currentPage={14}
        totalPages={14}
        startIndex={131}
        endIndex={134}
      />
      <Pagination
        {...args}
        aria-label="Two siblings"
        currentPage={7}
        totalPages={14}
        startIndex={61}
        endIndex={70}
        siblings={2}
      />
    </Stack>
  ),
};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge">
      <Pagination {...args} aria-label="Disabled" isDisabled />
      <Pagination {...args} currentPage={1} totalPages={0} count={0} startIndex={0} endIndex={0} />
    </Stack>
  ),
};

export const Stress: Story = {
  render: (args) => (
    <Stack space="xlarge">
      <div className={frameMaxWidth["16rem"]}>
        <Pagination
          {...args}
          currentPage={4812}
          totalPages={9999}
          count={99_990}
          startIndex={48_111}
          endIndex={48_120}
        />
      </div>
      <Pagination
        {...args}
        aria-label="API pages"
        pages={[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]}
        currentPage={8}
      />
    </Stack>
  ),
};

/** Keyboard only: Tab past First page to Previous, then to Next, and press Enter; the live region follows the page. */
export const KeyboardPaging: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { currentPage: 5, startIndex: 41, endIndex: 50 },
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 41\u201350 of 134");
    await expect(canvas.getByRole("button", { name: "Page 5" })).toHaveAttribute("aria-current", "page");

    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "First page" })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Previous page" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 31\u201340 of 134");

    const next = canvas.getByRole("button", { name: "Next page" });
    for (let i = 0; i < 12 && document.activeElement !== next; i++) await userEvent.tab();
    await expect(next).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
    await userEvent.keyboard(" ");
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await expect(canvas.getByRole("button", { name: "Page 6" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 51\u201360 of 134");
  },
};

/** First and Previous are disabled on the first page. */
export const Bounds: Story = {
  args: { currentPage: 1, startIndex: 1, endIndex: 10 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "First page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Last page" })).toBeEnabled();
    await expect(canvas.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
  },
};

/** Next and Last are disabled on the last page. */
export const LastPageBounds: Story = {
  args: { currentPage: 14, startIndex: 131, endIndex: 134 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Last page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "First page" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Previous page" })).toBeEnabled();
  },
};

/** Last page jumps to the end and First page back to the start, from the middle of a long list. */
export const FirstAndLast: Story = {
  args: { currentPage: 7, startIndex: 61, endIndex: 70 },
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Last page" }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(14);
    await expect(canvas.getByRole("button", { name: "Page 14" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByRole("button", { name: "Last page" })).toBeDisabled();
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 131\u2013134 of 134");

    await userEvent.click(canvas.getByRole("button", { name: "First page" }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(canvas.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.getByRole("button", { name: "First page" })).toBeDisabled();
    await expect(canvas.getByRole("status")).toHaveTextContent("Showing 1\u201310 of 134");
  },
};

/** While the next page loads every control is disabled, First and Last included. */
export const DisabledWhileLoading: Story = {
  args: { currentPage: 7, startIndex: 61, endIndex: 70, isDisabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ["First page", "Previous page", "Next page", "Last page"]) {
      await expect(canvas.getByRole("button", { name })).toBeDisabled();
    }
  },
};
