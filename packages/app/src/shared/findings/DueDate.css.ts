import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: vars.space.xsmall,
});
