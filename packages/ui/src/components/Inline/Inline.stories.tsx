import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { remInPixels } from "../../docs/storyMeasure.ts";
import { scales } from "../../tokens/scales.ts";
import { Badge } from "../Badge/Badge.tsx";
import { Button } from "../Button/Button.tsx";
import { type Space, Stack } from "../Stack/Stack.tsx";
import { Inline } from "./Inline.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** A row of small things with even space between them: buttons in an action bar, badges, a section\'s title and its actions (`align="spaceBetween"`), filters over a table. It wraps onto new lines when the row runs out of width, with the same space down as across.\n\n**When not to.** Don\'t use it for columns that must line up across rows (use a grid) or for a vertical run (use `Stack`). Don\'t set `wrap={false}` on a row that can outgrow a phone\'s width.\n\n**Accessibility.** An Inline adds no role and no focus stop; the tab order is the children\'s source order, whatever line they wrap onto. Give a row of related controls `role="group"` and a name, or render a list as `as="ul"` with `li` children.';

const spaceNames = Object.keys(scales.space) as Space[];

/** The computed length of a space token. */
const spaceInPixels = (element: Element, space: Space) => remInPixels(element, scales.space[space]);

const meta = {
  title: "Components/Layout/Inline",
  id: "layout-inline",
  component: Inline,
  args: {
    space: "small",
    children: [
      <Button key="save" size="small">
        Save
      </Button>,
      <Button key="cancel" size="small" variant="outline">
        Cancel
      </Button>,
    ],
  },
  argTypes: { space: { control: "select", options: spaceNames } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { role: "group", "aria-label": "Form actions" },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole("group", { name: "Form actions" });
    const computed = getComputedStyle(row);
    await expect(computed.flexDirection).toBe("row");
    await expect(computed.flexWrap).toBe("wrap");
    await expect(computed.columnGap).toBe(spaceInPixels(row, "small"));
    await expect(computed.rowGap).toBe(spaceInPixels(row, "small"));
    // Source order is tab order.
    const [save, cancel] = within(row).getAllByRole("button");
    await expect(save).toHaveAccessibleName("Save");
    await expect(cancel).toHaveAccessibleName("Cancel");
  },
};

/** Every step of the space scale. */
export const AllSpaces: Story = {
  render: () => (
    <Stack space="large">
      {spaceNames.map((space) => (
        <Inline key={space} space={space} alignY="center" role="group" aria-label={`Inline with ${space} space`}>
          <Badge tone="neutral" label={space} />
          <Badge tone="info" label="One" />
          <Badge tone="info" label="Two" />
          <Badge tone="info" label="Three" />
        </Inline>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const space of spaceNames) {
      const row = canvas.getByRole("group", { name: `Inline with ${space} space` });
      await expect(getComputedStyle(row).columnGap).toBe(spaceInPixels(row, space));
    }
  },
};

const aligns = { start: "flex-start", center: "center", end: "flex-end", spaceBetween: "space-between" } as const;

/** `align` places the row's children along it; `spaceBetween` pushes them to the edges. */
export const Alignments: Story = {
  render: () => (
    <Stack space="large">
      {(Object.keys(aligns) as (keyof typeof aligns)[]).map((align) => (
        <Inline key={align} space="small" align={align} role="group" aria-label={`Aligned ${align}`}>
          <Badge tone="info" label={`align="${align}"`} />
          <Badge tone="info" label="Second" />
        </Inline>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const [align, value] of Object.entries(aligns)) {
      const row = canvas.getByRole("group", { name: `Aligned ${align}` });
      await expect(getComputedStyle(row).justifyContent).toBe(value);
    }
  },
};

const alignYs = {
  stretch: "stretch",
  start: "flex-start",
  center: "center",
  end: "flex-end",
  baseline: "baseline",
} as const;

/** `alignY` lines up children of different heights. */
export const VerticalAlignments: Story = {
  render: () => (
    <Stack space="large">
      {(Object.keys(alignYs) as (keyof typeof alignYs)[]).map((alignY) => (
        <Inline key={alignY} space="small" alignY={alignY} role="group" aria-label={`Aligned ${alignY} vertically`}>
          <Button>{`alignY="${alignY}"`}</Button>
          <Badge tone="info" label="Short" />
        </Inline>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const [alignY, value] of Object.entries(alignYs)) {
      const row = canvas.getByRole("group", { name: `Aligned ${alignY} vertically` });
      await expect(getComputedStyle(row).alignItems).toBe(value);
    }
  },
};

const tags = ["network", "production", "pci-dss", "internet-facing", "jakarta", "quarterly", "owner: security"];

/** In a narrow parent the row wraps; with `wrap={false}` it stays on one line. */
export const Wrapping: Story = {
  render: () => (
    <Stack space="xlarge">
      <div className={frameWidth["18rem"]}>
        <Inline as="ul" space="xsmall" aria-label="Wrapping tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="neutral" label={tag} />
            </li>
          ))}
        </Inline>
      </div>
      <div className={frameWidth["18rem"]}>
        <Inline space="xsmall" wrap={false} role="group" aria-label="One-line actions">
          <Button size="small">Save</Button>
          <Button size="small" variant="outline">
            Cancel
          </Button>
        </Inline>
      </div>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("list", { name: "Wrapping tags" });
    const items = within(list).getAllByRole("listitem");
    await expect(items).toHaveLength(tags.length);
    const tops = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)));
    // Seven tags do not fit 18rem: they take more than one line, spaced by the same token down.
    await expect(tops.size).toBeGreaterThan(1);
    await expect(getComputedStyle(list).rowGap).toBe(spaceInPixels(list, "xsmall"));
    await expect(getComputedStyle(canvas.getByRole("group", { name: "One-line actions" })).flexWrap).toBe("nowrap");
  },
};
