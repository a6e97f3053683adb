import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const row = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  width: "100%",
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.sunken,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const label = style({
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.secondary,
  whiteSpace: "nowrap",
});

export const secret = style({
  flex: 1,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  overflowWrap: "anywhere",
  userSelect: "all",
});
