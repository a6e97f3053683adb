import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

/** Addresses and host names: kept whole, as the kit's table cells keep every token (they scroll instead). */
export const mono = style({ fontFamily: vars.font.family.mono });

export const muted = style({ color: vars.color.text.secondary });

export const inlineList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xxsmall,
});

export const targetCell = style({ display: "grid", gap: vars.space.xxsmall, minWidth: 0 });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  color: vars.color.tone.critical.text,
  background: vars.color.tone.critical.background,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  selectors: { "&:empty": { display: "none" } },
});
