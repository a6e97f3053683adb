import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameColumns } from "../../docs/storyFrames.css.ts";
import { severities } from "../../tokens/domain.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { SeverityBadge } from "./SeverityBadge.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A finding's severity as the API sends it (`HIGH`, `MEDIUM`, `LOW`, `INFO`, `LOG`).\n\n**When not to.** Don't pass it other values, and don't restyle it per screen; the severity-to-tone table is shared.\n\n**Accessibility.** The label is always written out (\"High\"), so colour is never the only cue.";

const meta = {
  title: "Components/Badges/SeverityBadge",
  id: "badges-severitybadge",
  component: SeverityBadge,
  args: { severity: "HIGH" },
  argTypes: { severity: { control: "select", options: severities } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof SeverityBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every severity in every weight and size. */
export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["6 content"], sprinkles({ gap: "medium" })].join(" ")}>
      {severities.flatMap((severity) => [
        <SeverityBadge key={`${severity}-subtle`} {...args} severity={severity} />,
        <SeverityBadge key={`${severity}-outlined`} {...args} severity={severity} weight="outlined" />,
        <SeverityBadge key={`${severity}-solid`} {...args} severity={severity} weight="solid" />,
        <SeverityBadge key={`${severity}-subtle-medium`} {...args} severity={severity} size="medium" />,
        <SeverityBadge
          key={`${severity}-outlined-medium`}
          {...args}
          severity={severity}
          size="medium"
          weight="outlined"
        />,
        <SeverityBadge key={`${severity}-solid-medium`} {...args} severity={severity} size="medium" weight="solid" />,
      ])}
    </div>
  ),
};

export const Labels: Story = {
  render: () => (
    <Inline as="ul" space="small" aria-label="Severities">
      {severities.map((severity) => (
        <li key={severity}>
          <SeverityBadge severity={severity} />
        </li>
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual(["High", "Medium", "Low", "Info", "Log"]);
    await expect(
      within(items[0] as HTMLElement)
        .getByText("High")
        .closest("[data-tone]"),
    ).toHaveAttribute("data-tone", "critical");
  },
};
