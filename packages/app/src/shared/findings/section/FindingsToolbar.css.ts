import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.small,
});

/** The search takes the row's spare width but never squeezes below a usable size. */
export const search = style({ flex: "1 1 16rem", minWidth: "12rem", maxWidth: "28rem" });
