import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const card = style({ width: "100%", maxWidth: "32rem" });

export const body = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.large,
});

export const title = style({
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text.primary,
});

export const text = style({ color: vars.color.text.secondary });
