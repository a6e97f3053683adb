import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const stats = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xlarge, margin: 0 });

export const statLabel = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const statValue = style({
  margin: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: "tabular-nums",
});

export const muted = style({ margin: 0, color: vars.color.text.secondary });

export const inline = style({ color: vars.color.text.primary, overflowWrap: "anywhere" });
