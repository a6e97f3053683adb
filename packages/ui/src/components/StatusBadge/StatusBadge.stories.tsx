import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { type StatusKind, statusTones } from "../../tokens/domain.ts";
import { Inline } from "../Inline/Inline.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { StatusBadge, type StatusBadgeProps } from "./StatusBadge.tsx";

const kinds = Object.keys(statusTones) as StatusKind[];

/** Every status of one kind, as the props StatusBadge takes. */
function statusesOf(kind: StatusKind): StatusBadgeProps[] {
  return Object.keys(statusTones[kind]).map((status) => ({ kind, status }) as StatusBadgeProps);
}

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The status of a finding, scan, configuration, payment or ticket, as the API spells it.\n\n**When not to.** Don't use it for severities or roles (use `SeverityBadge`, `RoleBadge`).\n\n**Accessibility.** The status is written out; unknown values fall back to a neutral, humanised label, never a blank badge.";

const meta = {
  title: "Components/Badges/StatusBadge",
  id: "badges-statusbadge",
  component: StatusBadge,
  args: { kind: "payment", status: "UNPAID" },
  argTypes: { kind: { control: "select", options: kinds } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Waiting for Payment")).toBeVisible();
  },
};

/** Every status of every kind, in each weight: the visual baseline. */
export const AllVariants: Story = {
  render: () => (
    <Stack space="large">
      {kinds.map((kind) => (
        <Stack as="section" key={kind} aria-label={`${kind} statuses`} space="small">
          <strong>{kind}</strong>
          {(["subtle", "outlined", "solid"] as const).map((weight) => (
            <Inline key={weight} space="small">
              {statusesOf(kind).map((props) => (
                <StatusBadge key={`${props.status}-${weight}`} {...props} weight={weight} />
              ))}
            </Inline>
          ))}
        </Stack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const labelOf = (kind: string) =>
      within(canvas.getByRole("region", { name: `${kind} statuses` }))
        .getAllByText(/./, { selector: "[data-status] > span" })
        .slice(0, Object.keys(statusTones[kind as StatusKind]).length)
        .map((el) => el.textContent);
    await expect(labelOf("payment")).toEqual([
      "Waiting for Payment",
      "Receipt Submitted",
      "Paid",
      "Partially Paid",
      "Cancelled",
      "Refunded",
    ]);
    await expect(labelOf("finding")).toContain("False Positive");
    await expect(labelOf("configuration")).toEqual(["Completed", "Running"]);
  },
};

export const Sizes: Story = {
  render: () => (
    <Inline space="small" alignY="center">
      <StatusBadge kind="scan" status="RUNNING" />
      <StatusBadge kind="scan" status="RUNNING" size="medium" />
      <StatusBadge kind="ticket" status="UNREAD" size="medium" weight="solid" />
    </Inline>
  ),
};

export const UnknownStatus: Story = {
  // A status the backend adds later renders as a neutral, humanised badge instead of crashing.
  args: { kind: "ticket", status: "ON_HOLD" as "CLOSED" },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText("On Hold");
    await expect(badge.closest("[data-tone]")).toHaveAttribute("data-tone", "neutral");
  },
};

export const SameValueDifferentKinds: Story = {
  // COMPLETED is positive for scans and configurations alike, but FAILED means different things per kind.
  render: () => (
    <Inline space="small" wrap={false}>
      <StatusBadge kind="scan" status="COMPLETED" />
      <StatusBadge kind="configuration" status="COMPLETED" />
      <StatusBadge kind="repositoryScan" status="FAILED" />
      <StatusBadge kind="scan" status="FAILED" />
    </Inline>
  ),
};
