import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tab, TabList, TabPanel, Tabs } from "./Tabs.tsx";

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
