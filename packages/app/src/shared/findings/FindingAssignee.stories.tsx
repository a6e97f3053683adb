import { ApiError } from "@sentinel/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { FindingAssignee } from "./FindingAssignee.tsx";

const people = [
  { id: 5, email: "admin@example.com", fullname: "Ayu Pratama" },
  { id: 6, email: "member@example.com", fullname: "Budi Santoso" },
  { id: 2, email: "analyst@example.com", fullname: "Rizky Pratama" },
];

const meta = {
  title: "Patterns/Findings/FindingAssignee",
  component: FindingAssignee,
  args: {
    finding: { assignee: null },
    candidates: people,
    onAssign: fn(async () => undefined),
  },
  parameters: {
    docs: {
      description: {
        component:
          "Who fixes a finding (issue 28): the finding's company members and Sentinel staff. The choice is sent when made; a refusal stays on the field with the server's reason.",
      },
    },
  },
} satisfies Meta<typeof FindingAssignee>;

export default meta;
type Story = StoryObj<typeof meta>;

const pick = async (canvasElement: HTMLElement, name: string) => {
  await userEvent.click(within(canvasElement).getByRole("button", { name: /Assignee/ }));
  const listbox = await within(canvasElement.ownerDocument.body).findByRole("listbox");
  await userEvent.click(within(listbox).getByRole("option", { name }));
};

/** Unassigned; choosing someone sends their id. */
export const Unassigned: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("button", { name: /Assignee/ });
    await expect(trigger).toHaveTextContent("Unassigned");
    await pick(canvasElement, "Budi Santoso");
    await waitFor(() => expect(args.onAssign).toHaveBeenCalledWith(6));
  },
};

/** Assigned: the field names the assignee, and "Unassigned" takes the finding off them. */
export const Assigned: Story = {
  args: { finding: { assignee: people[2] ?? null } },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByRole("button", { name: /Assignee/ })).toHaveTextContent("Rizky Pratama");
    await pick(canvasElement, "Unassigned");
    await waitFor(() => expect(args.onAssign).toHaveBeenCalledWith(null));
  },
};

/** While the candidates load, the current assignee is still named and the field says it is loading. */
export const Loading: Story = {
  args: { finding: { assignee: people[0] ?? null }, candidates: undefined },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: /Assignee/ });
    await expect(trigger).toHaveTextContent("Ayu Pratama");
    await expect(within(canvasElement).getByText("Loading who can be assigned…")).toBeInTheDocument();
  },
};

/** The server refuses the assignee: its reason shows on the field, and nothing else changes. */
export const Refused: Story = {
  args: {
    onAssign: fn(async () => {
      throw new ApiError(
        400,
        { assignee: ["Choose a member of the finding's company or a Sentinel analyst."] },
        "/api/v1/findings/1/assignee/",
      );
    }),
  },
  play: async ({ canvasElement }) => {
    await pick(canvasElement, "Ayu Pratama");
    await expect(
      await within(canvasElement).findByText("Choose a member of the finding's company or a Sentinel analyst."),
    ).toBeInTheDocument();
    await expect(within(canvasElement).getByRole("button", { name: /Assignee/ })).toHaveTextContent("Unassigned");
  },
};
