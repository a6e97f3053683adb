import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameWidth, wrapAnywhere } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { UntrustedText } from "./UntrustedText.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Any text that came from outside the product: host names, repository names, finding titles and descriptions from scanned targets.\n\n**When not to.** Never render such text as HTML or through `dangerouslySetInnerHTML`. Don't wrap the product's own copy in it.\n\n**Accessibility.** Right-to-left text is isolated and bidi control characters are shown as their code points, so a spoofed name cannot read as something else.";

const meta = {
  title: "Components/Data/UntrustedText",
  id: "data-untrustedtext",
  component: UntrustedText,
  args: { children: "quarterly-report.pdf" },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof UntrustedText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A RIGHT-TO-LEFT OVERRIDE would show "invoiceexe.pdf"; the override is shown instead, and the real name reads. */
export const SpoofedFileName: Story = {
  args: { children: "invoice\u202Efdp.exe" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const marker = canvas.getByTitle("Right-to-left override");
    expect(marker).toHaveTextContent("U+202E");
    expect(canvasElement).toHaveTextContent("invoiceU+202Efdp.exe");
    expect(canvasElement.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  },
};

/** Every explicit embedding, override and isolate, and ordinary right-to-left text (left as it is). */
export const AllControls: Story = {
  render: () => (
    <Stack as="ul" space="small">
      <li>
        <UntrustedText>{"a\u202Ab\u202C c\u202Bd\u202C e\u202Df\u202C g\u202Eh\u202C"}</UntrustedText>
      </li>
      <li>
        <UntrustedText>{"i\u2066j\u2069 k\u2067l\u2069 m\u2068n\u2069"}</UntrustedText>
      </li>
      <li>
        Host <UntrustedText>{"تقرير الفحص الأمني — דוח סריקה \u202Egnp.exe\u202C"}</UntrustedText> answered.
      </li>
    </Stack>
  ),
};

/** A long name in a narrow column still wraps; a marker never splits. */
export const Stress: Story = {
  render: () => (
    <p className={[frameWidth["12rem"], wrapAnywhere].join(" ")}>
      <UntrustedText>{`${"A1b2C3d4E5".repeat(6)}\u202Etxt.exe\u202C.northwind.example`}</UntrustedText>
    </p>
  ),
};
