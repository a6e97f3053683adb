import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const mono = style({ fontFamily: vars.font.family.mono, overflowWrap: "anywhere" });

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
