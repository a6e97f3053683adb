import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const dateInput = style({
  display: "flex",
  alignItems: "center",
  flex: 1,
  minWidth: 0,
  paddingInline: vars.space.medium,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
  overflow: "hidden",
});

export const segment = style({
  paddingInline: vars.space.xxsmall,
  borderRadius: vars.radius.small,
  outline: "none",
  color: vars.color.text.primary,
  caretColor: "transparent",
  selectors: {
    '&[data-type="literal"]': { paddingInline: 0, color: vars.color.text.secondary },
    "&[data-placeholder]": { color: vars.color.text.secondary },
    "&[data-focused]": {
      backgroundColor: vars.color.primary.solid,
      color: vars.color.primary.solidText,
    },
    "&[data-disabled]": { color: vars.color.text.disabled },
  },
});

export const dialog = style({ padding: vars.space.medium, outline: "none" });

export const calendar = style({ display: "flex", flexDirection: "column", gap: vars.space.small });

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.small,
  minHeight: vars.size.controlMedium,
});

export const heading = style({
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});

export const grid = style({ borderCollapse: "collapse", borderSpacing: 0 });

export const weekday = style({
  paddingBlock: vars.space.xsmall,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
});

export const cell = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.size.controlMedium,
  height: vars.size.controlMedium,
  borderRadius: vars.radius.medium,
  fontVariantNumeric: "tabular-nums",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-outside-month]": { display: "none" },
    "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
    "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
    "&[data-today]": { fontWeight: vars.font.weight.bold, textDecoration: "underline" },
    "&[data-selected]": { backgroundColor: vars.color.primary.solid, color: vars.color.primary.solidText },
    "&[data-focus-visible]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.standard,
    },
    "&[data-disabled], &[data-unavailable]": {
      cursor: "not-allowed",
      color: vars.color.text.disabled,
      textDecoration: "line-through",
    },
  },
});
