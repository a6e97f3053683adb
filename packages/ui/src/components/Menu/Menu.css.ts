import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";

export const menu = style({
  outline: "none",
  padding: vars.space.xxsmall,
  display: "flex",
  flexDirection: "column",
  minWidth: vars.size.popoverMinWidth,
});

export const item = recipe({
  base: {
    display: "flex",
    alignItems: "center",
    gap: vars.space.small,
    padding: `${vars.space.xsmall} ${vars.space.small}`,
    borderRadius: vars.radius.small,
    fontSize: vars.font.size.small,
    lineHeight: vars.font.lineHeight.standard,
    color: vars.color.text.primary,
    textDecoration: "none",
    cursor: "pointer",
    outline: "none",
    selectors: {
      "&[data-focused]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      "&[data-focus-visible]": {
        outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
        outlineOffset: "-2px",
      },
      "&[data-disabled]": { color: vars.color.text.disabled, cursor: "not-allowed" },
    },
  },
  variants: {
    tone: {
      neutral: {},
      critical: { color: vars.color.tone.critical.text },
    },
  },
  defaultVariants: { tone: "neutral" },
});

export const separator = style({
  height: vars.borderWidth.standard,
  margin: `${vars.space.xxsmall} 0`,
  backgroundColor: vars.color.border.subtle,
});

export const icon = style({ display: "inline-flex", flexShrink: 0 });
