import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const code = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xsmall,
  overflowWrap: "anywhere",
});

export const results = style({ display: "flex", flexDirection: "column", gap: vars.space.xsmall, margin: 0 });

export const resultRow = style({
  display: "flex",
  flexWrap: "wrap",
  columnGap: vars.space.small,
  alignItems: "baseline",
  overflowWrap: "anywhere",
});

export const badgeRow = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.small,
});

export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.small });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.xsmall });

export const plainInput = style({
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.field}`,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
});

export const frameBox = style({
  display: "flex",
  maxHeight: "20rem",
  overflow: "auto",
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.medium,
});
