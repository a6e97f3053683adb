import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const due = style({
  display: "inline-flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxsmall,
});

export const stacked = style({ display: "flex", flexDirection: "column", gap: vars.space.xxsmall, minWidth: 0 });

export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const subject = style({ overflowWrap: "anywhere" });
