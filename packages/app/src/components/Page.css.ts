import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const page = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xlarge,
  minWidth: 0,
});

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.large,
});

export const titles = style({ display: "flex", flexDirection: "column", gap: vars.space.xsmall, minWidth: 0 });

export const description = style({ color: vars.color.text.secondary });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.small });
