import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ScanFindingChanges } from "./ScanFindingChanges.tsx";

const meta = {
  title: "Patterns/Scans/ScanFindingChanges",
  id: "shared-scans-scanfindingchanges",
  component: ScanFindingChanges,
  args: { changes: { new: 1, unchanged: 9, reopened: 1, mitigated: 1 } },
} satisfies Meta<typeof ScanFindingChanges>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An ended import of a rescan: one new, one back after it was mitigated, one gone. */
export const Ended: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByLabelText("Findings since the previous scan");
    const terms = within(list)
      .getAllByRole("term")
      .map((t) => t.textContent);
    const values = within(list)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    await expect(terms).toEqual(["New", "Unchanged", "Reopened", "Mitigated"]);
    await expect(values).toEqual(["1", "9", "1", "1"]);
  },
};

/** A scan that has not ended (or matched nothing) shows no counts: they would not be final. */
export const NotEnded: Story = {
  args: { changes: null },
  decorators: [
    (Story) => (
      <div>
        <p>The import is being read.</p>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByLabelText("Findings since the previous scan")).not.toBeInTheDocument();
  },
};
