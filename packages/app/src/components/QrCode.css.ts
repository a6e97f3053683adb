import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const qr = style({
  display: "block",
  width: "11rem",
  height: "11rem",
  borderRadius: vars.radius.small,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

// Scanners need dark modules on a light ground, so the code ignores the theme on purpose.
export const light = style({ fill: "white" });
export const dark = style({ fill: "black" });
