import type { Meta, StoryObj } from "@storybook/react-vite";
import { useRef } from "react";
import { expect, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { remInPixels } from "../../docs/storyMeasure.ts";
import { scales } from "../../tokens/scales.ts";
import { Button } from "../Button/Button.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { Heading, type HeadingLevel } from "./Heading.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Every heading of a screen: its title (`level={1}`), its sections (`2`), the groups inside a section (`3`). Pair a section's heading with `Stack as=\"section\" aria-labelledby` so the section is a named region.\n\n**When not to.** Don't pick a level for its size: levels follow the outline, without gaps (an `h2` then an `h3`, never `h2` then `h4`). When the look must differ from the outline, keep `level` for the look and set `as` for the element. Don't use a heading for a label inside a form or a table; use the field's label or the column header.\n\n**Accessibility.** Screen-reader users move through a screen by its headings, so every section has one. A page's `h1` takes focus after a route change: give it `tabIndex={-1}`, and it draws no focus ring (text cannot be operated).";

const levels: HeadingLevel[] = [1, 2, 3, 4];
const expectedSize: Record<HeadingLevel, string> = {
  1: scales.font.size.xxlarge,
  2: scales.font.size.large,
  3: scales.font.size.standard,
  4: scales.font.size.small,
};

const meta = {
  title: "Components/Typography/Heading",
  id: "typography-heading",
  component: Heading,
  args: { level: 2, children: "Latest scans" },
  argTypes: { level: { control: "inline-radio", options: levels } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole("heading", { level: 2, name: "Latest scans" });
    const computed = getComputedStyle(heading);
    await expect(computed.fontSize).toBe(remInPixels(heading, expectedSize[2]));
    await expect(computed.fontWeight).toBe(scales.font.weight.semibold);
    await expect(computed.marginTop).toBe("0px");
  },
};

/** The four levels, each as its own element. */
export const Levels: Story = {
  render: () => (
    <Stack space="medium">
      {levels.map((level) => (
        <Heading key={level} level={level}>{`Level ${level}: Findings by severity`}</Heading>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const level of levels) {
      const heading = canvas.getByRole("heading", { level, name: `Level ${level}: Findings by severity` });
      await expect(getComputedStyle(heading).fontSize).toBe(remInPixels(heading, expectedSize[level]));
    }
  },
};

/** `as` keeps the outline when the look differs: here an `h3` drawn at level 2. */
export const ElementApartFromLook: Story = {
  args: { level: 2, as: "h3", children: "Card title under an h2" },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole("heading", { level: 3, name: "Card title under an h2" });
    await expect(getComputedStyle(heading).fontSize).toBe(remInPixels(heading, expectedSize[2]));
  },
};

/**
 * Text from outside with no break opportunity (no space, no hyphen: a commit hash) wraps inside its
 * column instead of widening it.
 */
export const LongUnbrokenText: Story = {
  args: {
    level: 2,
    children: "Commit 9f2c4e71b8a03d56e1f7c29b4a80d3e6f51c72a9",
  },
  render: (args) => (
    <div className={frameWidth["16rem"]}>
      <Heading {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole("heading", { level: 2 });
    await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth);
  },
};

function FocusTarget() {
  const ref = useRef<HTMLHeadingElement>(null);
  return (
    <Stack space="medium" align="start">
      <Button onPress={() => ref.current?.focus()}>Go to results</Button>
      <Heading level={1} tabIndex={-1} ref={ref}>
        Results
      </Heading>
    </Stack>
  );
}

/** Focus moved to a heading by script (as after a route change) draws no ring, and Tab skips it. */
export const FocusedByScript: Story = {
  render: () => <FocusTarget />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Go to results" }));
    const heading = canvas.getByRole("heading", { level: 1, name: "Results" });
    await expect(heading).toHaveFocus();
    await expect(getComputedStyle(heading).outlineStyle).toBe("none");
  },
};
