import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { CodeSnippet } from "./CodeSnippet.tsx";

const meta = {
  title: "Patterns/Findings/CodeSnippet",
  id: "shared-findings-codesnippet",
  component: CodeSnippet,
  args: {
    caption: "app/orders/repository.py",
    snippets: [
      "40 | def find_order(order_id):",
      "41 |     cursor = connection.cursor()",
      '42 |     cursor.execute(f"SELECT * FROM orders WHERE id = {order_id}")',
      "43 |     return cursor.fetchone()",
    ],
    highlightLine: 42,
  },
} satisfies Meta<typeof CodeSnippet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The affected line is marked for assistive technology (`aria-current`) and described in words. */
export const Highlighted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    const current = items.filter((item) => item.getAttribute("aria-current") === "true");
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(/Line 42/);
    expect(current[0]).toHaveTextContent("(affected line)");
    expect(items[0]).not.toHaveAttribute("aria-current");
  },
};

/** The scanner's line is not among the snippet's lines: nothing is highlighted, and the page says so. */
export const LineOutsideSnippet: Story = {
  args: { highlightLine: 57 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getAllByRole("listitem").some((item) => item.hasAttribute("aria-current"))).toBe(false);
    expect(canvas.getByText("Affected line 57 is outside this snippet.")).toBeInTheDocument();
  },
};

/** Markup and a 300-character token from a scanned repository stay text and scroll inside the region. */
export const HostileAndLong: Story = {
  args: {
    caption: "templates/profile.html",
    highlightLine: 12,
    snippets: [
      "11 | <section>",
      "12 |   <h1>{{ display_name|safe }}</h1> <script>window.__xss=1</script>",
      `13 | export const ID = "${"A1b2C3d4E5".repeat(30)}";`,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByText(/<script>window.__xss=1<\/script>/)).toBeInTheDocument();
    expect(canvasElement.querySelector("script")).toBeNull();
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
    expect(canvas.getByRole("region", { name: "Code snippet" })).toHaveAttribute("tabindex", "0");
  },
};
