import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const frame = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xlarge,
  padding: `${vars.space.xxlarge} ${vars.space.large}`,
  backgroundColor: vars.color.surface.canvas,
});

export const brand = style({ display: "flex", alignItems: "center", gap: vars.space.small });

export const mark = style({
  width: vars.size.controlSmall,
  height: vars.size.controlSmall,
  color: vars.color.text.primary,
});

export const brandName = style({
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const main = style({
  width: "100%",
  flex: 1,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  outline: "none",
});

export const footer = style({ fontSize: vars.font.size.xsmall, color: vars.color.text.secondary });
