import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const sections = style({ display: "flex", flexDirection: "column", gap: vars.space.xxlarge });

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.medium, minWidth: 0 });

export const sectionHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.small,
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});

export const cardGrid = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
});

export const chartGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 72rem)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const wide = style({
  "@media": { "screen and (min-width: 72rem)": { gridColumn: "1 / -1" } },
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });

export const listItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  paddingBlock: vars.space.small,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  selectors: { "&:first-child": { borderTop: "none", paddingTop: 0 } },
  minWidth: 0,
});

export const itemHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const itemTitle = style({
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
});

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

export const excerpt = style({
  margin: 0,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

export const scanGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fill, minmax(18rem, 1fr))",
});

export const scanCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
  minWidth: 0,
  height: "100%",
});

export const serviceValue = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});
