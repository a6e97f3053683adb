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
