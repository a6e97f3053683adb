import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
});

export const item = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: `${vars.size.iconSmall} minmax(0, 1fr)`,
  columnGap: vars.space.medium,
  paddingBlockEnd: vars.space.large,
  selectors: {
    "&:last-child": { paddingBlockEnd: 0 },
  },
});

// The connecting line runs from under one marker to the next; the last entry has none.
export const rail = style({
  position: "relative",
  display: "flex",
  justifyContent: "center",
  selectors: {
    [`${item}:not(:last-child) &::after`]: {
      content: "",
      position: "absolute",
      insetBlockStart: vars.space.large,
      insetBlockEnd: `calc(-1 * ${vars.space.large})`,
      width: vars.borderWidth.thick,
      backgroundColor: vars.color.border.default,
    },
  },
});

export const marker = style({
  marginBlockStart: vars.space.xsmall,
  width: vars.space.medium,
  height: vars.space.medium,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface.raised,
  borderWidth: vars.borderWidth.thick,
  borderStyle: "solid",
  borderColor: vars.color.border.strong,
});

export const content = style({
  display: "grid",
  gap: vars.space.xsmall,
  minWidth: 0,
  overflowWrap: "anywhere",
});

export const title = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const description = style({
  margin: 0,
  color: vars.color.text.primary,
  whiteSpace: "pre-line",
});

export const meta = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
