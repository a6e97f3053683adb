import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const host = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xsmall, minWidth: 0 });

export const name = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const muted = style({ color: vars.color.text.secondary });

export const list = style({ overflowWrap: "anywhere" });
