import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  width: "16rem",
  height: "100%",
  minHeight: 0,
  borderInlineEnd: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  transition: `width ${vars.motion.duration.standard} ${vars.motion.easing.standard}`,
  selectors: {
    "&[data-collapsed]": { width: "4.25rem" },
    // In a drawer the sheet, not the rail, draws the edge and sets the width.
    "&[data-in-drawer]": { width: "100%", borderInlineEnd: "none" },
  },
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.small,
  minHeight: vars.size.controlLarge,
  padding: vars.space.medium,
  selectors: {
    [`${root}[data-collapsed] &`]: { justifyContent: "center" },
  },
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  minWidth: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
});

export const toggle = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: vars.size.controlMedium,
    height: vars.size.controlMedium,
    padding: 0,
    border: "none",
    borderRadius: vars.radius.medium,
    backgroundColor: "transparent",
    color: vars.color.text.secondary,
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover, color: vars.color.text.primary },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
    },
  },
]);

export const sections = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.large,
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
});

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
});

export const sectionHeading = style({
  paddingInline: vars.space.small,
  paddingBlockEnd: vars.space.xsmall,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
});

/** Collapsed, section headings give way to a thin divider; the list keeps its name for screen readers. */
export const sectionDivider = style({
  height: vars.borderWidth.standard,
  marginBlock: vars.space.xsmall,
  marginInline: vars.space.small,
  backgroundColor: vars.color.border.subtle,
});

export const list = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const link = style([
  focusRing,
  {
    display: "flex",
    alignItems: "center",
    gap: vars.space.medium,
    minHeight: vars.size.controlMedium,
    paddingInline: vars.space.small,
    borderRadius: vars.radius.medium,
    color: vars.color.text.secondary,
    fontWeight: vars.font.weight.medium,
    textDecoration: "none",
    cursor: "pointer",
    overflow: "hidden",
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover, color: vars.color.text.primary },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      '&[aria-current="page"]': {
        backgroundColor: vars.color.surface.selected,
        color: vars.color.text.primary,
        fontWeight: vars.font.weight.semibold,
      },
      [`${root}[data-collapsed] &`]: { justifyContent: "center", paddingInline: 0 },
    },
  },
]);

export const linkIcon = style({
  flexShrink: 0,
  width: vars.size.icon,
  height: vars.size.icon,
});

export const linkLabel = style({
  minWidth: 0,
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
});

export const footer = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  padding: vars.space.large,
  borderBlockStart: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xsmall,
});

export const footerProduct = style({
  color: vars.color.text.primary,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

globalStyle(`${footer} > *`, { overflowWrap: "anywhere" });
