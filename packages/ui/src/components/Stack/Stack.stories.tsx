import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { remInPixels } from "../../docs/storyMeasure.ts";
import { scales } from "../../tokens/scales.ts";
import { Badge } from "../Badge/Badge.tsx";
import { Button } from "../Button/Button.tsx";
import { Card } from "../Card/Card.tsx";
import { type Space, Stack } from "./Stack.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Any vertical run of blocks that needs even space between them: the sections of a screen, a heading over its content, the fields of a form. `space` takes a step of the kit's space scale.\n\n**When not to.** Don't reach for margins or a one-off `gap` rule, and don't nest a Stack only to add padding. For a row use `Inline`; for columns that line up across rows use a grid.\n\n**Accessibility.** A Stack adds no role and no focus stop; the reading and tab order is the children's source order. Pick `as` for meaning: `section` (named with `aria-labelledby`) for a region, `ul` for a list, which keeps its list role without bullets.";

const spaceNames = Object.keys(scales.space) as Space[];

/** The computed length of a space token. */
const spaceInPixels = (element: Element, space: Space) => remInPixels(element, scales.space[space]);

const meta = {
  title: "Components/Layout/Stack",
  id: "layout-stack",
  component: Stack,
  args: {
    space: "medium",
    children: [
      <Badge key="1" tone="info" label="First" />,
      <Badge key="2" tone="info" label="Second" />,
      <Badge key="3" tone="info" label="Third" />,
    ],
  },
  argTypes: { space: { control: "select", options: spaceNames } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { "aria-label": "Default stack", role: "group" },
  play: async ({ canvasElement }) => {
    const stack = within(canvasElement).getByRole("group", { name: "Default stack" });
    const computed = getComputedStyle(stack);
    await expect(computed.flexDirection).toBe("column");
    await expect(computed.rowGap).toBe(spaceInPixels(stack, "medium"));
    await expect(computed.alignItems).toBe("stretch");
  },
};

/** Every step of the space scale, each a stack of three blocks. */
export const AllSpaces: Story = {
  render: () => (
    <Stack space="xlarge">
      {spaceNames.map((space) => (
        <Stack key={space} space="xsmall">
          <Badge tone="neutral" label={space} />
          <Stack space={space} role="group" aria-label={`Stack with ${space} space`}>
            <Badge tone="info" label="One" />
            <Badge tone="info" label="Two" />
            <Badge tone="info" label="Three" />
          </Stack>
        </Stack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const space of spaceNames) {
      const stack = canvas.getByRole("group", { name: `Stack with ${space} space` });
      await expect(getComputedStyle(stack).rowGap).toBe(spaceInPixels(stack, space));
    }
  },
};

/** `align` places children that are narrower than the stack. */
export const Alignments: Story = {
  render: () => (
    <Stack space="large">
      {(["stretch", "start", "center", "end"] as const).map((align) => (
        <Stack key={align} space="small" align={align} role="group" aria-label={`Aligned ${align}`}>
          <Button size="small" variant="outline">
            {`align="${align}"`}
          </Button>
          <Badge tone="info" label="A badge" />
        </Stack>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expected = { stretch: "stretch", start: "flex-start", center: "center", end: "flex-end" };
    for (const [align, value] of Object.entries(expected)) {
      await expect(getComputedStyle(canvas.getByRole("group", { name: `Aligned ${align}` })).alignItems).toBe(value);
    }
  },
};

/** A rule between children, with the same space above and below it. */
export const Dividers: Story = {
  args: { dividers: true, space: "large", as: "ul", "aria-label": "Recent scans" },
  render: (args) => (
    <Stack {...args}>
      <li>Network scan of 10.0.0.0/24 finished</li>
      <li>Application scan of portal.example.co.id queued</li>
      <li>Source code scan of sentinel-api failed</li>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "Recent scans" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(3);
    const [first, second] = items.map((item) => getComputedStyle(item));
    // The first child has no rule above it; the others have one, padded by the stack's space.
    await expect(first?.borderTopStyle).toBe("none");
    await expect(second?.borderTopStyle).toBe("solid");
    await expect(second?.paddingTop).toBe(spaceInPixels(list, "large"));
    // A list stack keeps its list role but drops the bullets.
    await expect(getComputedStyle(list).listStyleType).toBe("none");
  },
};

/** A screen's sections: a region per section, named by its heading. */
export const Sections: Story = {
  render: () => (
    <Stack space="xxlarge">
      <Stack as="section" space="medium" aria-labelledby="stack-story-scans">
        <h2 id="stack-story-scans">Scans</h2>
        <Card aria-label="Scan summary">Three scans ran this week.</Card>
      </Stack>
      <Stack as="section" space="medium" aria-labelledby="stack-story-findings">
        <h2 id="stack-story-findings">Findings</h2>
        <Card aria-label="Finding summary">Two findings need a fix.</Card>
      </Stack>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Scans" })).toBeVisible();
    await expect(canvas.getByRole("region", { name: "Findings" })).toBeVisible();
  },
};
