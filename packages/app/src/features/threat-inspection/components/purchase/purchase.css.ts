import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const flow = style({ display: "flex", flexDirection: "column", gap: vars.space.large, minWidth: 0 });

export const step = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.large,
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
  minWidth: 0,
});

export const stepHeader = style({ display: "flex", flexDirection: "column", gap: vars.space.xsmall });

export const muted = style({ margin: 0, color: vars.color.text.secondary });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.medium, maxWidth: "32rem" });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space.small,
  paddingTop: vars.space.medium,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.small,
});

export const grow = style({ flexGrow: 1, minWidth: "14rem" });

export const stats = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.large,
  margin: 0,
});

export const stat = style({ display: "flex", flexDirection: "column", gap: vars.space.xxsmall });

export const statLabel = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const statValue = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: "tabular-nums",
});

export const hostCell = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xsmall, minWidth: 0 });

export const hostName = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const callout = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.caution.border}`,
  background: vars.color.tone.caution.background,
  color: vars.color.tone.caution.text,
  selectors: {
    '&[data-tone="critical"]': {
      borderColor: vars.color.tone.critical.border,
      background: vars.color.tone.critical.background,
      color: vars.color.tone.critical.text,
    },
    '&[data-tone="positive"]': {
      borderColor: vars.color.tone.positive.border,
      background: vars.color.tone.positive.background,
      color: vars.color.tone.positive.text,
    },
  },
});

export const calloutTitle = style({ margin: 0, fontWeight: vars.font.weight.semibold });

export const totals = style({
  display: "grid",
  gridTemplateColumns: "auto auto",
  justifyContent: "end",
  columnGap: vars.space.xlarge,
  rowGap: vars.space.xsmall,
  margin: 0,
  fontVariantNumeric: "tabular-nums",
});

export const totalsValue = style({ margin: 0, textAlign: "end" });

export const grandTotal = style({ fontWeight: vars.font.weight.bold, fontSize: vars.font.size.large });
