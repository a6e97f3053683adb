import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.large,
  minWidth: 0,
  padding: vars.space.xlarge,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  borderColor: vars.color.border.subtle,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.small,
});

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.small,
});

export const title = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: "anywhere",
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  marginInlineStart: "auto",
});

export const body = style({ minWidth: 0, overflowWrap: "anywhere" });
