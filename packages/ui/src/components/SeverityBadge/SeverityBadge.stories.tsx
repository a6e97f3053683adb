import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { Severity } from "../../tokens/domain.ts";
import { SeverityBadge } from "./SeverityBadge.tsx";

const severities = ["HIGH", "MEDIUM", "LOW", "INFO", "LOG"] as const satisfies readonly Severity[];

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
    <div style={{ display: "grid", gridTemplateColumns: "repeat(6, max-content)", gap: "0.75rem" }}>
      {severities.flatMap((severity) => [
        <SeverityBadge key={`${severity}-subtle`} {...args} severity={severity} />,
        <SeverityBadge key={`${severity}-outlined`} {...args} severity={severity} weight="outlined" />,
        <SeverityBadge key={`${severity}-solid`} {...args} severity={severity} weight="solid" />,
        <SeverityBadge key={`${severity}-subtle-md`} {...args} severity={severity} size="md" />,
        <SeverityBadge key={`${severity}-outlined-md`} {...args} severity={severity} size="md" weight="outlined" />,
        <SeverityBadge key={`${severity}-solid-md`} {...args} severity={severity} size="md" weight="solid" />,
      ])}
    </div>
  ),
};

export const Labels: Story = {
  render: () => (
    <ul aria-label="Severities" style={{ display: "flex", gap: "0.5rem", listStyle: "none", padding: 0 }}>
      {severities.map((severity) => (
        <li key={severity}>
          <SeverityBadge severity={severity} />
        </li>
      ))}
    </ul>
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
