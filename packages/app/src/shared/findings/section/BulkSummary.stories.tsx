import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { BulkSummary } from "./BulkSummary.tsx";

const meta = {
  title: "Patterns/Findings/BulkSummary",
  component: BulkSummary,
  args: {
    outcome: {
      kind: "change",
      status: "FALSE_POSITIVE",
      batchId: 12,
      updated: 1228,
      unchanged: 4,
      conflicts: [
        {
          id: 311,
          reason: "Changed by someone else since you selected it.",
          current: { status: "FIXING", version: 3 },
        },
        {
          id: 412,
          reason: "Changed by someone else since you selected it.",
          current: { status: "MITIGATED", version: 2 },
        },
      ],
    },
    onDismiss: fn(),
    onUndo: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          "What the last bulk change or undo did: updated, already in that status, and the findings left alone, listed behind a disclosure. The counts are a polite status region.",
      },
    },
  },
} satisfies Meta<typeof BulkSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Counts, then the conflicts behind "Show 2 conflicts": id, why, and the status now. */
export const WithConflicts: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "1.228 findings updated to False Positive. 4 already were False Positive. 2 changed since and were left alone.",
    );
    const toggle = canvas.getByRole("button", { name: "Show 2 conflicts" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(canvas.queryByRole("list", { name: "Conflicts" })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    const list = canvas.getByRole("list", { name: "Conflicts" });
    const [first] = within(list).getAllByRole("listitem");
    await expect(first).toHaveTextContent("Finding #311");
    await expect(first).toHaveTextContent("Fixing");
    await expect(canvas.getByRole("button", { name: "Hide 2 conflicts" })).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByRole("region", { name: "Last bulk change" })).toBeInTheDocument();
    // The toast's Undo goes after a few seconds; the summary keeps offering it.
    await userEvent.click(canvas.getByRole("button", { name: "Undo" }));
    await expect(args.onUndo).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** An undo that restored everything. */
export const Undo: Story = {
  args: {
    outcome: { kind: "undo", status: "FALSE_POSITIVE", batchId: 13, updated: 1228, unchanged: 0, conflicts: [] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Undo restored 1.228 findings from False Positive.");
    await expect(canvas.queryByRole("button", { name: /conflicts?/ })).not.toBeInTheDocument();
    // An undo cannot be undone from here.
    await expect(canvas.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument();
    await expect(canvas.getByRole("region", { name: "Undone bulk change" })).toBeInTheDocument();
  },
};
