import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const sectionHeading = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const muted = style({ margin: 0, color: vars.color.text.secondary });
