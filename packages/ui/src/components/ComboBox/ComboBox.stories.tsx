import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { ComboBox } from "./ComboBox.tsx";

const companies = [
  { id: 1, label: "Acme Security" },
  { id: 2, label: "Borneo Logistics" },
  { id: 3, label: "Nusantara Bank", description: "Enterprise plan" },
  { id: 4, label: "Nusa Retail", isDisabled: true, description: "Suspended: unpaid invoice" },
  { id: 5, label: "Sumatra Energy" },
];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Choosing one option from a long list by typing to filter it: a company, a product, a country.\n\n**When not to.** Don't use it for a handful of options (use `Select` or `RadioGroup`) or for free text with suggestions the user may ignore (use `TextField`).\n\n**Accessibility.** react-aria's combobox pattern: typing filters, arrows move through options, Enter picks, Escape closes. The label and errors are wired to the input.";

const meta = {
  title: "Components/Forms/ComboBox",
  id: "forms-combobox",
  component: ComboBox,
  args: { label: "Company", items: companies, placeholder: "Type to search", onSelectionChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <ComboBox
        {...args}
        label="With description"
        description="Only companies you manage are listed."
        defaultSelectedKey={1}
      />
      <ComboBox {...args} label="Required" isRequired />
      <ComboBox {...args} label="Invalid" isInvalid errorMessage="Pick a company from the list." />
      <ComboBox {...args} label="Disabled" isDisabled defaultSelectedKey={2} />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Company whose findings should be copied into the consolidated quarterly report",
    items: [{ id: "x", label: "PT Perusahaan Dengan Nama Yang Sangat Panjang Sekali Tbk (Jakarta Selatan)" }],
    defaultSelectedKey: "x",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <ComboBox {...args} />
    </div>
  ),
};

export const KeyboardSelection: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const input = canvas.getByRole("combobox", { name: "Company" });
    await userEvent.type(input, "nus");

    const listbox = await body.findByRole("listbox");
    const options = within(listbox).getAllByRole("option");
    await expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining("Nusantara Bank"),
      expect.stringContaining("Nusa Retail"),
    ]);

    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id));
    await userEvent.keyboard("{Enter}");

    await expect(args.onSelectionChange).toHaveBeenCalledWith(3);
    await waitFor(() => expect(body.queryByRole("listbox")).not.toBeInTheDocument());
    await expect(input).toHaveValue("Nusantara Bank");
  },
};

export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(within(canvasElement).getByRole("combobox", { name: "Company" }), "zzz");
    const listbox = await body.findByRole("listbox");
    // The popover is in the document a frame before it is shown: it enters at opacity 0
    // (`data-entering`) until react-aria has seen its transition, which the test frame runs at 0 s.
    await waitFor(() => expect(within(listbox).getByText("No matches")).toBeVisible());
  },
};
