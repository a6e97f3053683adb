import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.medium, minWidth: 0 });

export const sectionHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.medium,
});

export const sectionHeading = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const muted = style({ margin: 0, color: vars.color.text.secondary });
