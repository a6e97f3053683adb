import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  minWidth: 0,
  padding: vars.space.large,
  backgroundColor: vars.color.surface.raised,
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  borderColor: vars.color.border.subtle,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.small,
});

export const label = style({
  margin: 0,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const value = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  minHeight: "1.25rem",
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});

export const growth = recipe({
  base: { fontWeight: vars.font.weight.medium, fontVariantNumeric: "tabular-nums" },
  variants: {
    direction: {
      up: { color: vars.color.tone.positive.text },
      down: { color: vars.color.tone.critical.text },
      flat: { color: vars.color.text.secondary },
    },
  },
});

export const error = style({ color: vars.color.tone.critical.text });

export const retry = style({
  padding: 0,
  border: 0,
  background: "none",
  color: vars.color.text.link,
  textDecoration: "underline",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { color: vars.color.text.linkHover },
    "&[data-focus-visible]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.thick,
      borderRadius: vars.radius.small,
    },
  },
});
