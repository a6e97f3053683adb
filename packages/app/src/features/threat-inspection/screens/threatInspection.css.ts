import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const muted = style({ margin: 0, color: vars.color.text.secondary });
