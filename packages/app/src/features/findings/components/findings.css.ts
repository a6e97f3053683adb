import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

/** The severity counters' row. */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.small,
});

export const check = style({
  display: "inline-flex",
  width: "1rem",
  flexShrink: 0,
  color: vars.color.text.primary,
});

export const counters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const countersHeading = style({
  margin: 0,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.secondary,
});

export const viewList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const viewRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.small,
  minWidth: 0,
});
