import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// Sticky so the selected count and the actions stay in view while the grid scrolls under them.
export const bar = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.base,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  backgroundColor: vars.color.surface.raised,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  borderRadius: vars.radius.medium,
});

export const count = style({
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.small,
  // Digits keep their width, so the bar does not jitter as the count changes.
  fontVariantNumeric: "tabular-nums",
  marginInlineEnd: vars.space.small,
});

export const spacer = style({ flex: 1 });

export const summary = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.raised,
});

export const summaryText = style({ margin: 0, fontSize: vars.font.size.small });

export const conflicts = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
});

export const conflict = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.small,
  overflowWrap: "anywhere",
});

export const conflictId = style({ fontWeight: vars.font.weight.semibold, fontVariantNumeric: "tabular-nums" });

/** Why an action is unavailable, beside it. */
export const note = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

/** What a bulk change overwrites, stated in its dialog before it is sent. */
export const warning = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.caution.border}`,
  background: vars.color.tone.caution.background,
  color: vars.color.tone.caution.text,
  fontSize: vars.font.size.small,
});

export const noteBlock = style([note, { margin: 0 }]);
