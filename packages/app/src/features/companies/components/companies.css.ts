import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const stacked = style({ display: "flex", flexDirection: "column", gap: vars.space.xxsmall, minWidth: 0 });

export const secondary = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  overflowWrap: "anywhere",
});

export const text = style({ overflowWrap: "anywhere" });

export const numeric = style({ fontVariantNumeric: "tabular-nums" });

export const nameButton = style({ textAlign: "start" });

export const linkGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))",
});

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

export const formRow = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  color: vars.color.tone.critical.text,
  background: vars.color.tone.critical.background,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  selectors: { "&:empty": { display: "none" } },
});
