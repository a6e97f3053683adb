import type { Meta, StoryObj } from "@storybook/react-vite";
import { Inbox, SearchX } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Button } from "../Button/Button.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { EmptyState } from "./EmptyState.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** What a list, table or panel shows when it has nothing yet, with the next step (\"Add a repository\").\n\n**When not to.** Don't use it for a failed load (use `ErrorState`) or while data loads (use `Skeleton`). Don't blame the user; say what will appear here.\n\n**Accessibility.** Its heading and text are plain content, and its action is a real button or link with a specific label.";

const meta = {
  title: "Components/Feedback/EmptyState",
  id: "feedback-emptystate",
  component: EmptyState,
  args: {
    icon: <Inbox />,
    title: "No findings yet",
    description: "Findings appear here when a scan on one of your endpoints completes.",
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 3, name: "No findings yet" })).toBeVisible();
  },
};

export const AllVariants: Story = {
  render: () => (
    <Stack space="large">
      <EmptyState title="Title only" />
      <EmptyState icon={<SearchX />} title="No results" description="Try another search term or clear the filters." />
      <EmptyState
        icon={<Inbox />}
        title="No tickets"
        description="Questions to the security team show up here."
        action={<Button size="small">New ticket</Button>}
      />
    </Stack>
  ),
};

export const WithAction: Story = {
  args: {
    action: (
      <Button size="small" onPress={fn()}>
        Start a scan
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Start a scan" });
    await userEvent.tab();
    await expect(button).toHaveFocus();
  },
};

export const LongText: Story = {
  args: {
    title: "No endpoints match https://very-long-subdomain.internal-staging.example-company-with-a-long-name.co.id",
    description:
      "None of the 1.250 endpoints in this product match the filters you chose. Widening the date range or removing the severity filter usually helps.",
  },
  render: (args) => (
    <div className={frameWidth["16rem"]}>
      <EmptyState {...args} />
    </div>
  ),
};
