import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const overviewGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
});

export const mono = style({ fontFamily: vars.font.family.mono, overflowWrap: "anywhere" });

export const muted = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const progressCell = style({ display: "grid", gap: vars.space.xxsmall, minWidth: "12rem" });
