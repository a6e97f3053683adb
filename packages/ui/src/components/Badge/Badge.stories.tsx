import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameColumns, frameWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { tones } from "../../tokens/tones.ts";
import { Inline } from "../Inline/Inline.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { Badge } from "./Badge.tsx";

const weights = ["subtle", "outlined", "solid"] as const;
const sizes = ["small", "medium"] as const;

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A short, read-only label that classifies something: a type, a count, a state. Pick the tone by meaning (critical, caution, positive, info, neutral).\n\n**When not to.** Don't make it clickable, and don't put sentences in it. For severities, statuses and roles use `SeverityBadge`, `StatusBadge` and `RoleBadge`, which map API values to tones for you.\n\n**Accessibility.** The label is the information: colour only reinforces it, so never rely on tone alone. Every tone and weight meets 4.5:1 in both themes.";

const meta = {
  title: "Components/Badges/Badge",
  id: "badges-badge",
  component: Badge,
  args: { label: "Badge" },
  argTypes: {
    tone: { control: "select", options: tones },
    weight: { control: "inline-radio", options: weights },
    size: { control: "inline-radio", options: sizes },
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText("Badge");
    // The spec's default is a gray badge.
    await expect(badge.closest("[data-tone]")).toHaveAttribute("data-tone", "neutral");
  },
};

/** Every tone × weight × size: the visual baseline. */
export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["6 content"], sprinkles({ gap: "medium", alignItems: "center" })].join(" ")}>
      {tones.flatMap((tone) =>
        weights.flatMap((weight) =>
          sizes.map((size) => (
            <Badge
              key={`${tone}-${weight}-${size}`}
              {...args}
              tone={tone}
              weight={weight}
              size={size}
              label={`${tone} ${weight}`}
            />
          )),
        ),
      )}
    </div>
  ),
};

// One story per weight over the tones a reader meets most: status (positive, caution, critical),
// information (info, neutral) and the set-apart hues (brand, promote, accent).
const representativeTones = [
  "neutral",
  "info",
  "positive",
  "caution",
  "critical",
  "brand",
  "promote",
  "accent",
] as const;

function weightRow(weight: (typeof weights)[number]) {
  return (args: Story["args"]) => (
    <Inline space="medium" alignY="center">
      {representativeTones.map((tone) => (
        <Badge key={tone} {...args} tone={tone} weight={weight} label={`${tone} ${weight}`} />
      ))}
    </Inline>
  );
}

function badgeBox(canvasElement: HTMLElement, name: string) {
  const badge = within(canvasElement).getByText(name).closest("[data-tone]");
  if (!badge) throw new Error(`No badge labelled ${name}`);
  return getComputedStyle(badge);
}

/** `subtle` (the default): a tinted fill whose border melts into it. */
export const Subtle: Story = {
  args: { weight: "subtle" },
  render: weightRow("subtle"),
  play: async ({ canvasElement }) => {
    const box = badgeBox(canvasElement, "caution subtle");
    await expect(box.backgroundColor).not.toBe("rgba(0, 0, 0, 0)");
    await expect(box.borderTopColor).toBe(box.backgroundColor);
  },
};

/** `outlined`: no fill, a tone-coloured border. */
export const Outlined: Story = {
  args: { weight: "outlined" },
  render: weightRow("outlined"),
  play: async ({ canvasElement }) => {
    const box = badgeBox(canvasElement, "caution outlined");
    await expect(box.backgroundColor).toBe("rgba(0, 0, 0, 0)");
    await expect(box.borderTopColor).not.toBe("rgba(0, 0, 0, 0)");
  },
};

/** `solid`: a full tone fill with contrasting text, for the strongest emphasis. */
export const Solid: Story = {
  args: { weight: "solid" },
  render: weightRow("solid"),
  play: async ({ canvasElement }) => {
    const solid = badgeBox(canvasElement, "caution solid");
    await expect(solid.borderTopColor).toBe(solid.backgroundColor);
    // The caution tone's solid text is white in both themes; its subtle and outlined text never is.
    await expect(solid.color).toBe("rgb(255, 255, 255)");
  },
};

export const WithChildren: Story = {
  args: { label: undefined, children: "From children", tone: "info" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("From children")).toBeVisible();
  },
};

export const LongText: Story = {
  args: { label: "Waiting for the payment receipt to be verified by finance", tone: "caution" },
  render: (args) => (
    <div className={frameWidth["10rem"]}>
      <Stack space="small">
        <Badge {...args} />
        <Badge {...args} size="medium" weight="solid" />
      </Stack>
    </div>
  ),
  play: async ({ canvasElement }) => {
    // Truncated visually, but the whole label stays readable by assistive technology.
    const [badge] = within(canvasElement).getAllByText(/Waiting for the payment receipt/);
    await expect(badge).toHaveTextContent("Waiting for the payment receipt to be verified by finance");
  },
};
