import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { PatternFrame } from "../../../shared/patterns/PatternFrame.tsx";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { FindingSlaCard } from "./FindingSlaCard.tsx";

const meta = {
  title: "Screens/Companies/FindingSlaCard",
  component: PatternFrame,
  args: { path: "/company/1", children: <FindingSlaCard companyId={1} canEdit={false} /> },
  parameters: {
    docs: {
      description: {
        component:
          "A company's finding SLA (issue 28): days to fix per severity from when a finding is first seen. Client admins and super admins edit it; everyone else reads it.",
      },
    },
  },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member reads the defaults; there is nothing to edit. */
export const ReadOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole("region", { name: "Finding SLA" });
    const list = await within(card).findByLabelText("Days to fix by severity");
    await expect(list).toHaveTextContent("High30 days");
    await expect(list).toHaveTextContent("InfoNo due date");
    await expect(within(card).getByText(/Sentinel's defaults/)).toBeInTheDocument();
    await expect(within(card).queryByRole("button", { name: "Edit SLA" })).not.toBeInTheDocument();
  },
};

/** A client admin changes High to 14 days and clears Low; the card then shows what was saved. */
export const Edit: Story = {
  args: { children: <FindingSlaCard companyId={1} canEdit /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole("region", { name: "Finding SLA" });
    await userEvent.click(await within(card).findByRole("button", { name: "Edit SLA" }));
    const high = within(card).getByRole("textbox", { name: "High (days)" });
    await userEvent.clear(high);
    await userEvent.type(high, "14");
    await userEvent.clear(within(card).getByRole("textbox", { name: "Low (days)" }));
    await userEvent.click(within(card).getByRole("button", { name: "Save SLA" }));
    const list = await within(card).findByLabelText("Days to fix by severity");
    await waitFor(() => expect(list).toHaveTextContent("High14 days"));
    await expect(list).toHaveTextContent("LowNo due date");
    await expect(within(card).queryByText(/Sentinel's defaults/)).not.toBeInTheDocument();
  },
};
