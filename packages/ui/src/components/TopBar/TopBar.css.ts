import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.large,
  minHeight: vars.size.controlLarge,
  paddingBlock: vars.space.medium,
  paddingInline: vars.space.xlarge,
  borderBlockEnd: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
});

export const start = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
});

export const end = style({
  display: "flex",
  alignItems: "center",
  flexShrink: 0,
  gap: vars.space.medium,
});

export const balance = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface.sunken,
  fontSize: vars.font.size.small,
  whiteSpace: "nowrap",
});

export const balanceIcon = style({
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  color: vars.color.text.secondary,
});

export const balanceLabel = style({ color: vars.color.text.secondary });

export const balanceValue = style({
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: "tabular-nums",
});

export const balanceSkeleton = style({
  display: "inline-flex",
  width: "4rem",
});
