import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const root = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.medium,
});

export const summary = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const button = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space.xsmall,
    minWidth: vars.size.controlSmall,
    height: vars.size.controlSmall,
    paddingInline: vars.space.small,
    border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    fontVariantNumeric: "tabular-nums",
    cursor: "pointer",
    transition: `background-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      "&[data-disabled]": { color: vars.color.text.disabled, cursor: "default", backgroundColor: "transparent" },
      '&[aria-current="page"]': {
        backgroundColor: vars.color.primary.solid,
        borderColor: vars.color.primary.solid,
        color: vars.color.primary.solidText,
        cursor: "default",
      },
    },
  },
]);

export const ellipsis = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: vars.size.controlSmall,
  color: vars.color.text.secondary,
});

export const icon = style({
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  flexShrink: 0,
});
