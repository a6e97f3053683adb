import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** The trail from a section to the current page, at the top of nested screens. A crumb may be a dropdown of sibling pages.\n\n**When not to.** Don\'t use it on top-level pages (the sidebar shows where you are), or as a progress indicator for a multi-step flow.\n\n**Accessibility.** A `navigation` landmark named "Breadcrumbs"; the last item carries `aria-current="page"`. Crumbs are links, so they open in a new tab and navigate through the app\'s router.';

const meta = {
  title: "Components/Navigation/Breadcrumbs",
  id: "navigation-breadcrumbs",
  component: Breadcrumbs,
  args: {
    items: [
      { label: "Network", href: "/network-va" },
      {
        label: "Acme Corp",
        children: [
          { label: "Assets", href: "/asset-inventory/3/company/7/network" },
          { label: "Application VA", href: "/application-va/4/company/7" },
        ],
      },
      { label: "Weekly perimeter scan", href: "/network-va/12" },
      { label: "Scan endpoint 192.0.2.10" },
    ],
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Breadcrumbs" });
    // react-aria builds the collection first and renders its items on a later commit.
    await expect(await within(nav).findByRole("link", { name: "Network" })).toHaveAttribute("href", "/network-va");
    await expect(within(nav).getByText("Scan endpoint 192.0.2.10")).toHaveAttribute("aria-current", "page");
  },
};

export const DropdownListsChildrenAsLinks: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Acme Corp: choose a page" }));
    const menu = await body.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent)).toEqual(["Assets", "Application VA"]);
    await expect(items[0]).toHaveAttribute("href", "/asset-inventory/3/company/7/network");
  },
};

export const TextOnly: Story = {
  args: { items: [{ label: "Dashboard" }] },
};

export const LongText: Story = {
  render: (args) => (
    <div className={frameWidth["20rem"]}>
      <Breadcrumbs {...args} />
    </div>
  ),
  args: {
    items: [
      { label: "Source Code", href: "/source-code-va" },
      { label: "a-very-long-repository-name-that-keeps-going-and-going-for-monorepos", href: "/source-code-va/9" },
      { label: "SQL injection in the legacy reporting endpoint of the billing service" },
    ],
  },
};
