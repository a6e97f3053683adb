import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const cardGrid = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
});

export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space.small, alignItems: "flex-end" });

export const amount = style({
  fontVariantNumeric: "tabular-nums",
  fontWeight: vars.font.weight.medium,
  selectors: {
    '&[data-tone="positive"]': { color: vars.color.tone.positive.text },
    '&[data-tone="critical"]': { color: vars.color.tone.critical.text },
  },
});

export const numeric = style({ fontVariantNumeric: "tabular-nums" });

export const invoice = style({ fontFamily: vars.font.family.mono, overflowWrap: "anywhere" });

export const statusCell = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space.xxsmall });

export const itemRow = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.small,
  paddingBlock: vars.space.xsmall,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

export const amountGrid = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fill, minmax(12rem, 1fr))",
});

export const summary = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surface.sunken,
  color: vars.color.text.primary,
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

export const fieldset = style({
  border: "none",
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
});

export const legend = style({
  padding: 0,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});

/** Why a member has no "Request top-up" button, where the button would be. */
export const refusal = style({
  margin: 0,
  maxWidth: "28rem",
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});
