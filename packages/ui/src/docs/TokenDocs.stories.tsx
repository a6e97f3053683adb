import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import {
  BorderWidthScale,
  ColorTokens,
  MotionScale,
  RadiusScale,
  ShadowScale,
  SpaceScale,
  TypeScale,
} from "./TokenDocs.tsx";

// The token pages are MDX; these stories run the same doc blocks as tests (plays, axe in both themes).
// `!dev` keeps them out of the sidebar: designers read the MDX pages.
const meta = {
  title: "Tokens/Doc blocks",
  tags: ["!dev", "!autodocs"],
  parameters: { layout: "padded" },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Replaces the clipboard for one play, so a copy is observable and never touches the real one. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  return () => {
    if (original) Object.defineProperty(navigator, "clipboard", original);
    else Reflect.deleteProperty(navigator, "clipboard");
  };
}

export const Colours: Story = {
  render: () => <ColorTokens />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textTable = await canvas.findByRole("table", { name: /color\.text/ });
    const row = within(textTable).getByRole("row", { name: /color\.text\.primary/ });
    // Light #18181b on white is 17.71:1, dark #fafafa on #111113 18.07:1: both AAA, both columns filled.
    await waitFor(() => expect(within(row).getAllByText(/^\d+\.\d\d:1 · AAA$/)).toHaveLength(2));
    expect(within(row).getByText("#18181b")).toBeInTheDocument();
    expect(within(row).getByText("#fafafa")).toBeInTheDocument();
    expect(within(row).getByRole("cell", { name: "on color.surface.canvas" })).toBeInTheDocument();

    // A surface is measured by the text drawn on it.
    const surfaces = canvas.getByRole("table", { name: /color\.surface/ });
    expect(within(surfaces).getByRole("row", { name: /color\.surface\.raised/ })).toHaveTextContent(
      "color.text.primary on it",
    );
    // Disabled text is shown with its ratio but exempt, not passed.
    expect(within(textTable).getByRole("row", { name: /color\.text\.disabled/ })).toHaveTextContent("disabled, exempt");
  },
};

export const CopyAnnounces: Story = {
  render: () => <ColorTokens />,
  // The "Copied" mark beside the name shows for two seconds, so a screenshot would show it or not
  // depending on how long the play and the checks took; the Colours story shoots the table itself.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const written: string[] = [];
    const restore = stubClipboard(async (text) => {
      written.push(text);
    });
    try {
      await userEvent.click(await canvas.findByRole("button", { name: "Copy vars.color.tone.critical.text" }));
      await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent("Copied vars.color.tone.critical.text"));
      expect(written).toEqual(["vars.color.tone.critical.text"]);
    } finally {
      restore();
    }
  },
};

export const CopyRefused: Story = {
  render: () => <ColorTokens />,
  // The "Copied" mark beside the name shows for two seconds, so a screenshot would show it or not
  // depending on how long the play and the checks took; the Colours story shoots the table itself.
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const restore = stubClipboard(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    try {
      canvas.getByRole("button", { name: "Copy vars.chart.series1" }).focus();
      await userEvent.keyboard("{Enter}");
      await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent("Could not copy vars.chart.series1"));
    } finally {
      restore();
    }
  },
};

export const Typography: Story = {
  render: () => <TypeScale />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = canvas.getByRole("table", { name: /font\.size/ });
    expect(within(sizes).getByRole("columnheader", { name: /Line height/ })).toBeInTheDocument();
    // 0.875rem × 1.5 = 21px.
    expect(within(sizes).getByRole("row", { name: /font\.size\.standard/ })).toHaveTextContent("21px");
    const lineHeights = canvas.getByRole("table", { name: "font.lineHeight" });
    expect(within(lineHeights).getAllByRole("row")).toHaveLength(4);
  },
};

export const SpacingRadiiBorders: Story = {
  render: () => (
    <>
      <SpaceScale />
      <RadiusScale />
      <BorderWidthScale />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const space = canvas.getByRole("table", { name: "space" });
    expect(
      within(space)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Token", "Value", "Drawn"]);
    expect(within(space).getByRole("row", { name: /space\.large/ })).toHaveTextContent("1rem (16px)");
    expect(canvas.getByRole("table", { name: "radius" })).toHaveTextContent("radius.full");
    expect(canvas.getByRole("table", { name: "borderWidth" })).toHaveTextContent("borderWidth.thick");
  },
};

export const ShadowsAndMotion: Story = {
  render: () => (
    <>
      <ShadowScale />
      <MotionScale />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const shadows = canvas.getByRole("table", { name: "shadow" });
    const large = within(shadows).getByRole("row", { name: /shadow\.large/ });
    // Light and dark shadows differ, and each column shows its own theme's value. The built
    // Storybook minifies colours (rgb(0 0 0 / 0.1) ships as #0000001a), so compare, don't spell out.
    await waitFor(() => expect(within(large).getAllByText(/\dpx/)).toHaveLength(2));
    const [light, dark] = within(large)
      .getAllByText(/\dpx/)
      .map((value) => value.textContent);
    expect(light).not.toBe(dark);
    const motion = canvas.getByRole("table", { name: /motion/ });
    expect(within(motion).getByRole("row", { name: /motion\.duration\.fast/ })).toHaveTextContent("120ms");
  },
};
