import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Link } from "../Link/Link.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { ErrorState } from "./ErrorState.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Content that failed to load, in place of that content, with a retry.\n\n**When not to.** Don't use it for form validation (fields show their own errors) or for a whole-app outage. Don't show raw error codes alone.\n\n**Accessibility.** `role=\"alert\"`, so it is announced as soon as it replaces the loading state. Pass `onRetry` to offer a retry button.";

const meta = {
  title: "Components/Feedback/ErrorState",
  id: "feedback-errorstate",
  component: ErrorState,
  args: { message: "The findings could not be loaded. Check your connection and try again.", onRetry: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole("alert");
    await expect(within(alert).getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  },
};

export const RetryCallsHandler: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const retry = within(canvasElement).getByRole("button", { name: "Retry" });
    // Keyboard first: Tab reaches the button and Enter retries.
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledTimes(2);
  },
};

export const Retrying: Story = {
  args: { isRetrying: true },
  play: async ({ args, canvasElement }) => {
    const retry = within(canvasElement).getByRole("button", { name: /Retry/ });
    await userEvent.click(retry);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const WithDetails: Story = {
  args: {
    title: "Could not load the scan",
    details: "GET /api/v1/scans/42/ → 500 Internal Server Error\nrequest id: 7f3c1e9a",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByText("Details");
    await userEvent.click(summary);
    await expect(canvas.getByText(/request id: 7f3c1e9a/)).toBeVisible();
  },
};

export const AllVariants: Story = {
  render: () => (
    <Stack space="large">
      <ErrorState />
      <ErrorState message="You are not allowed to see this company." />
      <ErrorState title="Scan failed" message="The target did not respond." onRetry={fn()} />
      <ErrorState
        title="Payment not found"
        message="It may have been cancelled."
        actions={<Link href="/payments">Back to payments</Link>}
      />
    </Stack>
  ),
};

export const UntrustedMessage: Story = {
  // Messages from the API are text, never markup.
  args: { message: '<img src=x onerror="alert(1)"> Target returned <b>bold</b>' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/<img src=x/)).toBeVisible();
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    title: "The repository scan for github.com/example-organisation/an-extremely-long-repository-name failed",
    message:
      "The scanner stopped after 45 minutes because the repository is larger than the 2 GB limit. Split it, or ask the security team to raise the limit for your company.",
    details: "x".repeat(300),
  },
  render: (args) => (
    <div className={frameWidth["18rem"]}>
      <ErrorState {...args} />
    </div>
  ),
};
