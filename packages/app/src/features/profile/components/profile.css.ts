import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const column = style({ display: "flex", flexDirection: "column", gap: vars.space.xlarge, minWidth: 0 });

export const companies = style({ margin: 0, paddingLeft: vars.space.xlarge, overflowWrap: "anywhere" });

export const muted = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });
