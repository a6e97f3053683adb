import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xxsmall,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  minWidth: 0,
});

export const crumb = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xxsmall, minWidth: 0 });

export const separator = style({ display: "inline-flex", color: vars.color.text.secondary });

export const link = style([
  focusRing,
  {
    color: vars.color.text.secondary,
    textDecoration: "none",
    borderRadius: vars.radius.small,
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    maxWidth: "min(20rem, 100%)",
    selectors: {
      "&[data-hovered]": { color: vars.color.text.primary, textDecoration: "underline" },
      "&[data-current]": { color: vars.color.text.primary, fontWeight: vars.font.weight.medium, cursor: "default" },
    },
  },
]);

export const dropdownTrigger = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space.xxsmall,
    padding: `0 ${vars.space.xxsmall}`,
    border: "none",
    borderRadius: vars.radius.small,
    background: "transparent",
    color: vars.color.text.secondary,
    font: "inherit",
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { color: vars.color.text.primary, backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
    },
  },
]);

export const text = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: "min(20rem, 100%)",
});
