import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameColumns, frameWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Button } from "../Button/Button.tsx";
import { Card } from "./Card.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A raised panel that groups related content under a title, with optional actions: a dashboard widget, a settings section.\n\n**When not to.** Don't nest cards, and don't wrap a whole page or a single value in one. For a headline number use `StatCard`.\n\n**Accessibility.** A titled card is labelled by its title (or by `aria-label`). Keep the title short and unique on the page.";

const meta = {
  title: "Components/Layout/Card",
  id: "layout-card",
  component: Card,
  args: {
    title: "Company details",
    children: "PT Sentinel Nusantara runs scans on 42 endpoints across three products.",
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    // A titled card is a region named by its heading.
    const region = within(canvasElement).getByRole("region", { name: "Company details" });
    await expect(within(region).getByRole("heading", { level: 2, name: "Company details" })).toBeVisible();
  },
};

export const WithActions: Story = {
  args: {
    actions: (
      <Button variant="outline" size="small" onPress={fn()}>
        Edit company
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Edit company" })).toHaveFocus();
  },
};

export const AllVariants: Story = {
  render: () => (
    <div className={[frameColumns["2 equal"], sprinkles({ gap: "large" })].join(" ")}>
      <Card title="Titled">Body text.</Card>
      <Card
        title="Titled with actions"
        actions={
          <Button size="small" variant="ghost">
            View all
          </Button>
        }
      >
        Body text.
      </Card>
      <Card aria-label="Untitled card">An untitled card is a plain group.</Card>
      <Card title="Heading level 3" headingLevel={3} as="article">
        Rendered as an article.
      </Card>
    </div>
  ),
};

export const Untitled: Story = {
  args: { title: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("region")).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    title: "Findings for https://a-very-long-subdomain.staging.example-company-with-a-long-name.co.id/api/v1",
    actions: (
      <Button size="small" variant="outline">
        Export
      </Button>
    ),
    children:
      "Thisisanunbrokenstringofcharactersthatatargetcouldsendbacktoshowthatlongvalueswrapinsteadofoverflowingthecard.",
  },
  render: (args) => (
    <div className={frameWidth["18rem"]}>
      <Card {...args} />
    </div>
  ),
};
