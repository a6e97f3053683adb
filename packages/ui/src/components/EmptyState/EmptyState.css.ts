import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.small,
  paddingBlock: vars.space.xxlarge,
  paddingInline: vars.space.large,
  textAlign: "center",
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.size.controlLarge,
  height: vars.size.controlLarge,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface.sunken,
  color: vars.color.text.secondary,
  marginBlockEnd: vars.space.xsmall,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
});

export const description = style({
  margin: 0,
  maxWidth: "40rem",
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.standard,
});

export const action = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.small,
  marginBlockStart: vars.space.small,
});
