import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const toc = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.medium,
});

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.large,
  scrollMarginTop: vars.space.xlarge,
});

export const groupTitle = style({ fontSize: vars.font.size.xlarge, fontWeight: vars.font.weight.semibold });

export const grid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 22rem), 1fr))",
  alignItems: "start",
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  minWidth: 0,
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
});

export const tileTitle = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});

export const sample = style({ minWidth: 0 });
