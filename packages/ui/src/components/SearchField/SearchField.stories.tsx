import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { SearchField } from "./SearchField.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Filtering a list by text. Its value goes in the URL so a search can be shared and survives Back.\n\n**When not to.** Don't use it as a general text input or as a navigation search box without results on the page.\n\n**Accessibility.** A `searchbox` with a label (visible or `aria-label`); Escape or the named clear button empties it. Results are announced by the list, not by the field.";

const meta = {
  title: "Components/Forms/SearchField",
  id: "forms-searchfield",
  component: SearchField,
  args: { label: "Search findings", placeholder: "Name, CVE or host", onSubmit: fn(), onClear: fn(), onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <SearchField {...args} label="With value" defaultValue="nginx" description="Press Enter to search." />
      <SearchField {...args} label="Required" isRequired />
      <SearchField
        {...args}
        label="Invalid"
        defaultValue="(("
        isInvalid
        errorMessage="Unbalanced parentheses in the query."
      />
      <SearchField {...args} label="Disabled" defaultValue="nginx" isDisabled />
      <SearchField {...args} label={undefined} aria-label="Search without a visible label" />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Search across every finding, asset and scan configuration in this company",
    defaultValue: "CVE-2024-12345 remote code execution in the outdated reverse proxy",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <SearchField {...args} />
    </div>
  ),
};

export const SubmitAndClear: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("searchbox", { name: "Search findings" });
    await expect(canvas.queryByRole("button", { name: "Clear search" })).not.toBeInTheDocument();
    await userEvent.type(input, "nginx{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith("nginx");

    await userEvent.click(canvas.getByRole("button", { name: "Clear search" }));
    await expect(input).toHaveValue("");
    await expect(args.onClear).toHaveBeenCalledTimes(1);

    await userEvent.type(input, "xss{Escape}");
    await expect(input).toHaveValue("");
  },
};

/** A pasted wall of text stops at the cap (256 characters): the list's URL carries no more. */
export const CapsLength: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  parameters: { visual: false }, // Behaviour only: the field looks as in Default with a long value.
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("searchbox", { name: "Search findings" });
    await userEvent.click(input);
    await userEvent.paste("x".repeat(100_000));
    await expect(input).toHaveValue("x".repeat(256));
    await expect(args.onChange).toHaveBeenLastCalledWith("x".repeat(256));
  },
};
