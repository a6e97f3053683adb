import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { recipeControls } from "../../docs/recipeControls.ts";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { formatDateTime } from "../../format/date.ts";
import { formatBalance } from "../../format/number.ts";
import { RoleBadge } from "../RoleBadge/RoleBadge.tsx";
import { Stack } from "../Stack/Stack.tsx";
import * as styles from "./DescriptionList.css.ts";
import { DescriptionList } from "./DescriptionList.tsx";

// A variable, not a literal: Biome reads a literal `role` prop as an ARIA role.
const clientAdmin = "CLIENT_ADMIN" as const;

const company = [
  { term: "Name", description: "PT Sentinel Nusantara" },
  { term: "E-mail", description: "security@sentinel.example" },
  { term: "Members", description: formatBalance(1250) },
  { term: "Client admin", description: <RoleBadge role={clientAdmin} /> },
  { term: "Created", description: formatDateTime("2026-11-21T23:41:00Z", { timeZone: "UTC" }) },
  { term: "Description", description: "" },
];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Read-only key/value details: a company's fields, a finding's metadata, a payment summary.\n\n**When not to.** Don't use it for editable values (use a form) or for lists of many records (use a table).\n\n**Accessibility.** A real `dl` with `dt`/`dd` pairs, read as term and definition. Values from the API render as text, never HTML.";

const meta = {
  title: "Components/Layout/DescriptionList",
  id: "layout-descriptionlist",
  component: DescriptionList,
  argTypes: recipeControls(styles.list, "columns"),
  args: { items: company, "aria-label": "Company details" },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof DescriptionList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = canvas.getAllByRole("term");
    const values = canvas.getAllByRole("definition");
    await expect(terms).toHaveLength(company.length);
    await expect(terms[0]).toHaveTextContent("Name");
    await expect(values[0]).toHaveTextContent("PT Sentinel Nusantara");
    // An empty value is shown as a dash, not as a blank.
    await expect(values[5]).toHaveTextContent("—");
  },
};

export const AllVariants: Story = {
  render: (args) => (
    <Stack space="xxlarge" className={frameWidth["48rem"]}>
      <DescriptionList {...args} aria-label="One column" columns={1} />
      <DescriptionList {...args} aria-label="Two columns" columns={2} />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    items: [
      {
        term: "Target",
        description:
          "https://a-very-long-subdomain.internal-staging.example-company-with-a-long-name.co.id/api/v1/findings",
      },
      { term: "A long label for a field that wraps onto several lines", description: "Short value" },
      {
        term: "Payload",
        description: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      },
      { term: "Notes", description: "First line of a note.\nSecond line keeps its break." },
    ],
  },
  render: (args) => (
    <Stack space="xxlarge">
      <div className={frameWidth["36rem"]}>
        <DescriptionList {...args} aria-label="Wide" />
      </div>
      <div className={frameWidth["16rem"]}>
        <DescriptionList {...args} aria-label="Narrow" columns={2} />
      </div>
    </Stack>
  ),
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole("term")).toHaveLength(0);
  },
};
