import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tab, TabList, TabPanel, Tabs } from "./Tabs.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Switching between views of the same object: a scan's findings, endpoints and history. With `href`s, each tab is a route.\n\n**When not to.** Don't use tabs for steps in a sequence or for navigation between unrelated pages (use the sidebar).\n\n**Accessibility.** A `tablist`: arrow keys move between tabs, Tab moves into the panel. Route tabs are links, so each view has a URL.";

const meta = {
  title: "Components/Navigation/Tabs",
  id: "navigation-tabs",
  component: Tabs,
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Scan results">
        <Tab id="hosts">Hosts</Tab>
        <Tab id="domains">Domains</Tab>
        <Tab id="history" isDisabled>
          History
        </Tab>
      </TabList>
      <TabPanel id="hosts">12 hosts discovered.</TabPanel>
      <TabPanel id="domains">30 domains and subdomains.</TabPanel>
      <TabPanel id="history">No history yet.</TabPanel>
    </Tabs>
  ),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const KeyboardNavigation: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The tabs render a commit after the list (react-aria's collection); tab in once they exist.
    await canvas.findByRole("tab", { name: "Hosts" });
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: "Hosts" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Domains" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("30 domains");
    await expect(canvas.getByRole("tab", { name: "History" })).toHaveAttribute("aria-disabled", "true");
  },
};
