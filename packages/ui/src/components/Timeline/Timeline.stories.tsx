import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { EmptyState } from "../EmptyState/EmptyState.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { StatusBadge } from "../StatusBadge/StatusBadge.tsx";
import { Timeline, type TimelineEntry } from "./Timeline.tsx";

const findingLog: TimelineEntry[] = [
  {
    id: "1",
    to: <StatusBadge kind="finding" status="ACTIVE" />,
    message: "Finished scan by system",
    actor: "System",
    time: "2026-11-20T08:15:00Z",
  },
  {
    id: "2",
    from: <StatusBadge kind="finding" status="ACTIVE" />,
    to: <StatusBadge kind="finding" status="FIXING" />,
    message: "Update to fixing",
    actor: "Ayu Lestari",
    time: "2026-11-21T09:30:00Z",
  },
  {
    id: "3",
    from: <StatusBadge kind="finding" status="FIXING" />,
    to: <StatusBadge kind="finding" status="ACTIVE" />,
    message: "Update to active",
    actor: "Budi Santoso",
    time: "2026-11-21T23:41:00Z",
  },
];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A chronological log: a finding's status history, a ticket's messages.\n\n**When not to.** Don't use it for a process that has not happened yet (steps) or for unordered lists.\n\n**Accessibility.** An ordered list; each entry's time is a `time` element. Entries are API text rendered as text, never HTML.";

const meta = {
  title: "Components/Feedback/Timeline",
  id: "feedback-timeline",
  component: Timeline,
  args: { entries: findingLog, "aria-label": "Status history" },
  decorators: [
    (Story) => (
      <div className={frameWidth["28rem"]}>
        <Story />
      </div>
    ),
  ],
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "Status history" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent("Finished scan by system");
    // The arrow is decorative; assistive technology hears "Active to Fixing".
    await expect(items[1]).toHaveTextContent(/Active→toFixing/);
    await expect(within(items[2] as HTMLElement).getByText("Budi Santoso", { exact: false })).toBeVisible();
  },
};

export const NewestFirst: Story = {
  args: { newestFirst: true },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items[0]).toHaveTextContent("Update to active");
    await expect(items[2]).toHaveTextContent("Finished scan by system");
  },
};

export const GenericItems: Story = {
  args: {
    entries: undefined,
    items: [
      { id: "a", title: "Ticket created", meta: "Citra · 20 Nov 2026, 08:00" },
      { id: "b", title: "Assigned to the security team", description: "Priority raised to high." },
      { id: "c", title: "Closed" },
    ],
    "aria-label": "Ticket activity",
  },
};

export const AllVariants: Story = {
  render: () => (
    <Stack space="xxlarge">
      <Timeline aria-label="Oldest first" entries={findingLog} />
      <Timeline aria-label="Newest first" entries={findingLog} newestFirst />
      <Timeline aria-label="Single entry" entries={findingLog.slice(0, 1)} />
      <Timeline
        aria-label="Without actor or time"
        entries={[{ id: "x", to: <StatusBadge kind="ticket" status="CLOSED" />, message: "Closed by the client" }]}
      />
    </Stack>
  ),
};

export const Empty: Story = {
  args: { entries: [], emptyState: <EmptyState title="No status changes yet" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "No status changes yet" })).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    entries: [
      {
        id: "1",
        from: <StatusBadge kind="finding" status="ACTIVE" />,
        to: <StatusBadge kind="finding" status="FALSE_POSITIVE" />,
        message:
          "The scanner flagged https://a-very-long-subdomain.staging.example-company-with-a-long-name.co.id/login?redirect=%2Fadmin%2Fsettings but the endpoint only serves a static page.\nSecond paragraph of the note.",
        actor: "Dimas Pratama Wicaksono Adiputra (Analyst, PT Sentinel Nusantara)",
        time: "2026-11-21T23:41:00Z",
      },
      {
        id: "2",
        to: <StatusBadge kind="finding" status="ACTIVE" />,
        message: "<b>markup stays text</b>",
        actor: "System",
      },
    ],
  },
  decorators: [
    (Story) => (
      <div className={frameWidth["16rem"]}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("<b>markup stays text</b>")).toBeVisible();
  },
};
