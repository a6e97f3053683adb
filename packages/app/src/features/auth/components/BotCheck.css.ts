import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const slot = style({
  border: `${vars.borderWidth.standard} dashed ${vars.color.border.default}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  backgroundColor: vars.color.surface.sunken,
});

export const title = style({
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});

export const body = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
