import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const article = style({ maxWidth: "45rem", lineHeight: vars.font.lineHeight.relaxed });

export const list = style({ margin: 0, paddingLeft: vars.space.xlarge });
